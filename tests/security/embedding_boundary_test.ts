/**
 * The embedding component as a neighbour on the network would attack it: by default it listens on loopback only,
 * so this machine's other addresses refuse the connection (with EMBEDDING_HOST=0.0.0.0 the same probe reaches it,
 * which shows the probe works); with EMBEDDING_API_KEY (or _FILE) it embeds only for a caller presenting that
 * bearer token, and the retrieval service sends it without ever showing it in its settings.
 */
import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { writeTestModel } from "@/scripts/make_test_model.ts";
import { type EmbeddingProcess, runEmbeddingMain, startEmbeddingProcess } from "../embedding/_process.ts";
import { body } from "../_helpers/app.ts";
import { type RagTestApp, startRagApp } from "../_helpers/rag.ts";

const KEY = "embedding-bearer-key-0123456789";
let root: string;
let model: string;

before(async () => {
  root = await Deno.makeTempDir({ prefix: "embedding_boundary_" });
  model = `${root}/model`;
  await writeTestModel(model);
});
after(async () => {
  await Deno.remove(root, { recursive: true });
});

/** This machine's IPv4 addresses other than loopback: where a neighbour would connect. */
const outward = () =>
  Deno.networkInterfaces().filter((i) => i.family === "IPv4" && !i.address.startsWith("127.")).map((i) => i.address);

/** Whether GET /healthz answers at `address` on the component's port. */
async function reachable(child: EmbeddingProcess, address: string): Promise<boolean> {
  const port = new URL(child.url).port;
  try {
    const res = await fetch(`http://${address}:${port}/healthz`, { signal: AbortSignal.timeout(3_000) });
    await res.body?.cancel();
    return res.ok;
  } catch {
    return false;
  }
}

/** POSTs one input with `authorization` (none when undefined); the status and problem code. */
async function embed(child: EmbeddingProcess, authorization?: string) {
  const res = await fetch(`${child.url}/v1/embeddings`, {
    method: "POST",
    headers: { "content-type": "application/json", ...(authorization ? { authorization } : {}) },
    body: JSON.stringify({ input: "경계 시험" }),
  });
  const b = await res.json() as { code?: string };
  return { status: res.status, code: b.code };
}

describe("the embedding component's address", () => {
  it("listens on loopback by default: this machine's other addresses refuse the connection", async () => {
    const child = await startEmbeddingProcess(model);
    try {
      assert.equal(child.hostname, "127.0.0.1");
      assert.equal(await reachable(child, "127.0.0.1"), true);
      for (const address of outward()) assert.equal(await reachable(child, address), false, address);
    } finally {
      await child.stop();
    }
  });

  it("listens where EMBEDDING_HOST says: 0.0.0.0 is reachable on the other addresses (the probe works)", async () => {
    const child = await startEmbeddingProcess(model, { EMBEDDING_HOST: "0.0.0.0" });
    try {
      for (const address of outward()) assert.equal(await reachable(child, address), true, address);
    } finally {
      await child.stop();
    }
  });
});

describe("the embedding component's bearer token", () => {
  let child: EmbeddingProcess;
  before(async () => {
    await Deno.writeTextFile(`${root}/key`, `${KEY}\n`);
    child = await startEmbeddingProcess(model, { EMBEDDING_API_KEY_FILE: `${root}/key` });
  });
  after(async () => {
    await child?.stop();
  });

  it("refuses a missing or wrong bearer token with 401 unauthorized, and embeds for the right one", async () => {
    assert.deepEqual(await embed(child), { status: 401, code: "unauthorized" });
    assert.deepEqual(await embed(child, `Bearer ${KEY}-wrong`), { status: 401, code: "unauthorized" });
    assert.deepEqual(await embed(child, `Basic ${btoa(`x:${KEY}`)}`), { status: 401, code: "unauthorized" });
    assert.equal((await embed(child, `Bearer ${KEY}`)).status, 200);
    assert.equal(await reachable(child, "127.0.0.1"), true, "health stays open for probes");
  });

  it("refuses a short key and EMBEDDING_API_KEY beside its _FILE at start, echoing neither", async () => {
    const short = await runEmbeddingMain(model, { EMBEDDING_API_KEY: "short-key" });
    assert.equal(short.code, 2);
    assert.match(short.stderr, /EMBEDDING_API_KEY/);
    assert.ok(!short.stderr.includes("short-key"));
    const both = await runEmbeddingMain(model, { EMBEDDING_API_KEY: KEY, EMBEDDING_API_KEY_FILE: `${root}/key` });
    assert.equal(both.code, 2);
    assert.ok(!both.stderr.includes(KEY));
  });
});

describe("the retrieval service and the embedding key", () => {
  let rag: RagTestApp;
  before(async () => {
    rag = await startRagApp({ EMBEDDING_API_KEY: KEY });
  });
  after(async () => {
    await rag?.stop();
  });

  it("sends EMBEDDING_API_KEY as its bearer token and never shows it in the settings", async () => {
    const doc = await rag.document("/embed.html", "<p>임베딩 키 전달 시험</p>");
    const res = await rag.call("/documents", { method: "POST", json: doc, token: await rag.token({ admin: true }) });
    assert.equal(res.status, 200, await res.text());
    assert.ok(rag.embedding.authorizations.length > 0);
    assert.ok(rag.embedding.authorizations.every((a) => a === `Bearer ${KEY}`));
    const settings = await rag.call("/admin/settings", { token: await rag.token({ admin: true }) });
    assert.ok(!JSON.stringify(await body(settings)).includes(KEY));
  });
});
