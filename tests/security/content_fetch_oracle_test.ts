/**
 * Ingestion is no oracle of the network behind the service (issue 15, item 2), tried by an ordinary user against
 * the real service (`main.ts` as a child process):
 *
 * - the checksum oracle: a 422 `checksum_mismatch` (and the document's stored error) never holds the SHA-256 of
 *   what was fetched, so the attacker cannot resubmit with it and read the body through search;
 * - the port scanner: a refused port, an unknown name and a 404 answer the same code, message and retries;
 * - `sizeBytes` must be the body's size (422 `size_mismatch`);
 * - the service's own non-loopback interface address is refused like loopback;
 * - a production start without a content allow-list is refused.
 */
import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import postgres from "postgres";
import { body, type Problem, testEnv } from "../_helpers/app.ts";
import type { schemas } from "@/domain/rag/mod.ts";
import { sha256 } from "../_helpers/content_host.ts";
import { freePort } from "../_helpers/processes.ts";
import { runMainToExit } from "../_helpers/main_process.ts";
import { type RagProcess, startRagProcess } from "../_helpers/rag_process.ts";

/** Every lowercase hex SHA-256 in a text. */
const hashesIn = (text: string) => new Set(text.match(/\b[0-9a-f]{64}\b/g) ?? []);

/** A problem as callers compare it: without what differs per request. */
const comparable = (p: Problem) => ({ ...p, requestId: undefined, documentId: undefined });

describe("an ordinary user cannot use ingestion to read or probe what the service reaches", () => {
  let rag: RagProcess;
  let superuser: postgres.Sql;
  before(async () => {
    rag = await startRagProcess({}, ["no-such-host.invalid"]);
    superuser = postgres(rag.db.superUrl, { max: 1, onnotice: () => {} });
    const operator = await rag.token({ admin: true, operator: true, sub: "admin-1", clearance: 3 });
    const res = await rag.call("/api/v1/admin/settings", {
      method: "PUT",
      token: operator,
      json: { ingestion: { maxRetries: 2, backoffMs: 10, workerCount: 4 } },
    });
    assert.equal(res.status, 200, await res.text());
  });
  after(async () => {
    await superuser?.end();
    await rag?.stop();
  });

  /** Posts an ingestion request with the default user token and the default wait. */
  const post = async (doc: Record<string, unknown>) => {
    const res = await rag.call("/api/v1/documents", { method: "POST", json: doc });
    return { status: res.status, text: await res.text() };
  };
  const state = async (documentId: string) => await rag.call(`/api/v1/documents/${documentId}`).then((r) => r.text());

  it("learns no SHA-256 from a checksum mismatch, so resubmitting cannot index a body it never knew", async () => {
    const secret = "<h1>급여 테이블</h1><p>비밀표식 임원 연봉 조정안은 외부에 공개하지 않습니다.</p>";
    const served = await rag.host.putHashed("/internal/salaries.html", { body: secret });
    const guess = await sha256("a guess");
    const doc = await rag.document("/unused.html", "<p>x</p>", { contentLocator: served.url, checksum: guess });
    const first = await post(doc);
    assert.equal(first.status, 422, first.text);
    const refused = JSON.parse(first.text) as Problem<{ documentId: string }>;
    assert.equal(refused.code, "checksum_mismatch");
    const stored = await state(refused.documentId);
    const leaked = [...hashesIn(first.text + stored)].filter((h) => h !== guess);
    // The attack as it worked: resubmit with what the service said, then read the body through search.
    for (const checksum of leaked) await post({ ...doc, checksum, sizeBytes: served.size });
    const found = await rag.call("/api/v1/search", { method: "POST", json: { question: "비밀표식 임원 연봉" } });
    const contexts = (await body<schemas.SearchResponse>(found)).contexts;
    assert.deepEqual(leaked, [], "no reply or stored error names the body's SHA-256");
    assert.ok(contexts.every((c) => !c.content.includes("비밀표식")), "the body never reached the index");
    assert.ok(!rag.service.lines.join("\n").includes(served.sha256), "nor the service's log above debug");
  });

  it("cannot tell a refused port, an unknown name and a 404 apart: one code, one message, the same retries", async () => {
    const targets = {
      refused: `http://127.0.0.1:${freePort()}/doc.html`,
      unknown: "http://no-such-host.invalid/doc.html",
      missing: `${rag.host.base}/missing/doc.html`,
    };
    const replies = await Promise.all(
      Object.entries(targets).map(async ([what, url]) => {
        const doc = await rag.document(`/scan/${what}.html`, "<p>x</p>", { contentLocator: url });
        const { status, text } = await post(doc);
        const problem = JSON.parse(text) as Problem<{ documentId: string }>;
        const stored = JSON.parse(await state(problem.documentId)) as schemas.DocumentState;
        const [job] = await superuser`select attempts, error, error_code from rag.ingestion_jobs
                                    where document_id = ${problem.documentId}`;
        return { what, status, problem: comparable(problem), stored: [stored.errorCode, stored.error], job };
      }),
    );
    const [first, ...rest] = replies;
    assert.deepEqual([first.status, first.problem.code], [422, "content_unreachable"], JSON.stringify(first));
    for (const r of rest) {
      assert.deepEqual([r.status, r.problem], [first.status, first.problem], `${r.what} vs ${first.what}`);
      assert.deepEqual(r.stored, first.stored, `${r.what} vs ${first.what}: the stored error`);
      assert.deepEqual(r.job, first.job, `${r.what} vs ${first.what}: the job's attempts and error`);
    }
  });

  it("is refused a sizeBytes that is not the body's size (422 size_mismatch), and nothing is indexed", async () => {
    const doc = await rag.document("/sized.html", "<p>크기가 맞지 않는 문서입니다.</p>");
    const { status, text } = await post({ ...doc, sizeBytes: Number(doc.sizeBytes) + 1 });
    const problem = JSON.parse(text) as Problem<{ documentId: string }>;
    assert.deepEqual([status, problem.code], [422, "size_mismatch"], text);
    const stored = JSON.parse(await state(problem.documentId)) as schemas.DocumentState;
    assert.deepEqual([stored.status, stored.indexedVersion, stored.errorCode], ["failed", null, "size_mismatch"]);
  });
});

describe("the service refuses to fetch from its own addresses", () => {
  const own = Deno.networkInterfaces().find((i) => i.family === "IPv4" && !i.address.startsWith("127."))?.address;
  let rag: RagProcess;
  let server: Deno.HttpServer<Deno.NetAddr>;
  let hits = 0;
  const page = "<p>서비스 자신의 주소에서 온 본문</p>";
  before(async () => {
    assert.ok(own, "this host has a non-loopback IPv4 interface address to try");
    server = Deno.serve({ hostname: "0.0.0.0", port: 0, onListen: () => {} }, () => (hits++, new Response(page)));
    // Loopback is not allowed here (the default); the child may connect to the address, so only the policy refuses.
    rag = await startRagProcess({ RAG_CONTENT_ALLOW_LOOPBACK: "" }, [own!]);
  });
  after(async () => {
    await rag?.stop();
    await server?.shutdown();
  });

  it("answers 422 content_host_not_allowed for a non-loopback interface address, as for loopback", async () => {
    for (const address of [own!, "127.0.0.1"]) {
      const doc = await rag.document(`/own-${address}.html`, page, {
        contentLocator: `http://${address}:${server.addr.port}/doc.html`,
        checksum: await sha256(page),
        sizeBytes: new TextEncoder().encode(page).length,
      });
      const res = await rag.call("/api/v1/documents", { method: "POST", json: doc });
      const problem = await body<Problem>(res);
      assert.deepEqual([res.status, problem.code], [422, "content_host_not_allowed"], `${address}: ${problem.detail}`);
    }
    assert.equal(hits, 0, "no connection reached the service's own address");
  });

  it("does not start in production without a content allow-list", async () => {
    const env: Record<string, string> = { ...testEnv(rag.db, "t:prod:"), PORT: String(freePort()) };
    delete env.RAG_CONTENT_ALLOW_ANY_HOST;
    const { code, lines } = await runMainToExit(env, 20_000);
    assert.equal(code, 2, lines.join("\n"));
    assert.match(lines.join("\n"), /RAG_SERVICE_CONTENT_ALLOWED_HOSTS: is required in production/);
  });
});
