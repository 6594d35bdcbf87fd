/**
 * What repeats every few seconds logs at debug, so the info log holds what people and portals did: health and
 * readiness probes, metric scrapes, and the retrieval service's periodic syncs from the directory. The sync header
 * lowers only a successful call that proved a portal credential: a stranger cannot hide a call with it.
 */
import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { startTestApp, type TestApp } from "../_helpers/app.ts";
import { jobsRag, retrievalEnv } from "../_helpers/rag.ts";
import { type FakeEmbedding, startFakeEmbedding } from "../_helpers/fake_embedding.ts";
import { syncOrganizations, syncUserStatus } from "@/domain/rag/mod.ts";

let app: TestApp;
let embedding: FakeEmbedding;
const lines: Array<{ level: string; msg: string; path?: string; status?: number }> = [];

before(async () => {
  embedding = startFakeEmbedding();
  app = await startTestApp({ ...retrievalEnv(embedding.url), LOG_LEVEL: "debug" }, {
    write: (line) => lines.push(JSON.parse(line)),
  });
});
after(async () => {
  await app.stop();
  await embedding.stop();
});

/** The request lines logged for `path` since `from`. */
const requestLines = (from: number, path: string) =>
  lines.slice(from).filter((l) => l.msg === "request" && l.path === path);

describe("request log levels", () => {
  it("logs probes and scrapes at debug", async () => {
    const from = lines.length;
    for (const path of ["/healthz", "/readyz", "/metrics"]) await (await app.request(path)).text();
    for (const path of ["/healthz", "/readyz", "/metrics"]) {
      assert.deepEqual(requestLines(from, path).map((l) => l.level), ["debug"], path);
    }
  });

  it("logs the retrieval service's organization and user syncs at debug", async () => {
    const from = lines.length;
    await syncOrganizations(jobsRag(app));
    await syncUserStatus(jobsRag(app));
    const synced = lines.slice(from).filter((l) => l.msg === "request" && l.path?.startsWith("/api/directory/v1/"));
    assert.ok(synced.length >= 2, JSON.stringify(lines.slice(from)));
    for (const l of synced) assert.equal(l.level, "debug", JSON.stringify(l));
  });

  it("logs a call carrying the sync header at info when it proved no credential", async () => {
    const from = lines.length;
    const res = await app.request("/api/directory/v1/departments", { headers: { "x-backbone-periodic": "sync" } });
    assert.equal(res.status, 401);
    assert.deepEqual(requestLines(from, "/api/directory/v1/departments").map((l) => l.level), ["info"]);
  });

  it("logs an ordinary call at info", async () => {
    const from = lines.length;
    await app.request("/api/directory/v1/users", { headers: { "x-directory-admin-key": "wrong" } });
    assert.deepEqual(requestLines(from, "/api/directory/v1/users").map((l) => l.level), ["info"]);
  });
});
