import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { body, type Problem } from "../_helpers/app.ts";
import { until } from "../_helpers/poll.ts";
import { type RagTestApp, startRagApp } from "../_helpers/rag.ts";
import { addEntry } from "@/jobs/streams.ts";
import { applyRetention, type schemas } from "@/domain/rag/mod.ts";

/** What ingesting with the default wait answers: the document is indexed. */
type Indexed = Extract<schemas.IngestionResult, { indexed: true }>;

let rag: RagTestApp;
let admin: string;
before(async () => {
  rag = await startRagApp();
  admin = await rag.token({ admin: true, sub: "admin-1" });
});
after(async () => {
  await rag.stop();
});

const html = (title: string) =>
  `<h1>${title}</h1><p>${"문서 수명 주기를 확인하는 본문입니다. 승인과 삭제 규칙을 검증합니다. ".repeat(30)}</p>`;

/** Ingests a document at `path`; the body is read as `T`, an indexed document by default. */
async function ingest<T = Indexed>(path: string, extra: Record<string, unknown> = {}, query = "") {
  const doc = await rag.document(path, html(path), extra);
  const res = await rag.call(`/documents${query}`, { method: "POST", json: doc });
  return { doc, res, b: await body<T>(res) };
}

const registry = (sourceDocumentId: unknown) =>
  rag.system((tx) =>
    tx`select id, status, published, deleted_at from rag.tb_ai_document_registry
       where source_document_id = ${sourceDocumentId as string}`
  );
const chunkRows = (documentId: string) =>
  rag.system((tx) => tx`select visible from rag.tb_doc_chunk_vector where document_id = ${documentId}`);

async function settings(patch: Record<string, unknown>, scope: "tenant" | "installation" = "tenant") {
  const res = scope === "tenant"
    ? await rag.call("/admin/settings", { method: "PUT", json: patch, token: admin })
    : await rag.call("/admin/settings?scope=installation", {
      method: "PUT",
      json: patch,
      token: await rag.token({ admin: true, operator: true, clearance: 3, sub: "lifecycle-operator" }),
    });
  assert.equal(res.status, 200, JSON.stringify(await res.clone().json()));
}

const sourceDeleted = (fields: Record<string, string>) =>
  addEntry(rag.app.runtime.redis, `${rag.app.config.REDIS_KEY_PREFIX}rag:source-deleted`, fields);

describe("purge", () => {
  it("purges the registry row and every chunk for an administrator of the tenant", async () => {
    const { doc, b } = await ingest("/purge.html");
    assert.ok((await chunkRows(b.documentId)).length > 0);
    const path = `/documents/${doc.portalId}/${doc.sourceDocumentId}`;
    const res = await rag.call(path, { method: "DELETE", token: admin });
    assert.deepEqual([res.status, await body<schemas.Purged>(res)], [200, { purged: true }]);
    assert.equal((await registry(doc.sourceDocumentId)).length, 0);
    assert.equal((await chunkRows(b.documentId)).length, 0);
    const again = await rag.call(path, { method: "DELETE", token: admin });
    assert.deepEqual([again.status, (await body<Problem>(again)).code], [404, "not_found"]);
  });

  it("refuses a non-administrator (403) and another tenant's administrator (404), changing nothing", async () => {
    const { doc, b } = await ingest("/kept-purge.html");
    const path = `/documents/${doc.portalId}/${doc.sourceDocumentId}`;
    const user = await rag.call(path, { method: "DELETE" });
    assert.deepEqual([user.status, (await body<Problem>(user)).code], [403, "forbidden"]);
    const stranger = await rag.token({ admin: true, tenantId: rag.otherTenant, organizationId: rag.dept.other });
    const other = await rag.call(path, { method: "DELETE", token: stranger });
    assert.deepEqual([other.status, (await body<Problem>(other)).code], [404, "not_found"]);
    assert.equal((await chunkRows(b.documentId)).length, b.chunkCount);
  });

  it("acts in the administrator's own tenant: the same source document of another tenant stays", async () => {
    const { doc, b } = await ingest("/purge-mine.html");
    const theirs = await rag.ingestInOtherTenant(doc, "/purge-theirs.html", html("theirs"));
    const res = await rag.call(`/documents/${doc.portalId}/${doc.sourceDocumentId}`, {
      method: "DELETE",
      token: theirs.token,
    });
    assert.deepEqual([res.status, await body<schemas.Purged>(res)], [200, { purged: true }]);
    assert.deepEqual((await registry(doc.sourceDocumentId)).map((r) => r.id), [b.documentId]);
    assert.equal((await chunkRows(b.documentId)).length, b.chunkCount);
  });

  it("answers 400 for a malformed source document id", async () => {
    const res = await rag.call("/documents/portal-a/not-a-uuid", { method: "DELETE", token: admin });
    assert.deepEqual([res.status, (await body<Problem>(res)).code], [400, "invalid_request"]);
  });
});

describe("source deletes from the rag:source-deleted stream", () => {
  it("purges the document; an entry naming another version purges nothing", async () => {
    const { doc, b } = await ingest("/stream-delete.html");
    await sourceDeleted({
      portalId: String(doc.portalId),
      sourceDocumentId: String(doc.sourceDocumentId),
      sourceVersion: "v9",
    });
    const other = await ingest("/stream-marker.html");
    await sourceDeleted({ portalId: String(other.doc.portalId), sourceDocumentId: String(other.doc.sourceDocumentId) });
    // Entries are handled in order, so once the second is applied the first has been too.
    await until("the marker is purged", async () => (await registry(other.doc.sourceDocumentId)).length === 0);
    assert.equal((await chunkRows(b.documentId)).length, b.chunkCount, "v9 is not the stored version");
    await sourceDeleted({
      portalId: String(doc.portalId),
      sourceDocumentId: String(doc.sourceDocumentId),
      sourceVersion: "v1",
    });
    await until("the document is purged", async () => (await registry(doc.sourceDocumentId)).length === 0);
    assert.equal((await chunkRows(b.documentId)).length, 0);
  });

  it("purges only the named tenant's document with tenantId, and the portal's document in every tenant without", async () => {
    const { doc, b } = await ingest("/stream-tenants.html");
    const theirs = await rag.ingestInOtherTenant(doc, "/stream-tenants-theirs.html", html("theirs"));
    const ref = { portalId: String(doc.portalId), sourceDocumentId: String(doc.sourceDocumentId) };
    await sourceDeleted({ ...ref, tenantId: rag.otherTenant });
    await until(
      "the other tenant's document is purged",
      async () => (await registry(ref.sourceDocumentId)).length === 1,
    );
    assert.deepEqual((await registry(ref.sourceDocumentId)).map((r) => r.id), [b.documentId]);
    await rag.ingestInOtherTenant(doc, "/stream-tenants-again.html", html("again"));
    await sourceDeleted(ref);
    await until("both are purged", async () => (await registry(ref.sourceDocumentId)).length === 0);
    assert.notEqual(theirs.documentId, b.documentId);
  });

  it("hides the document instead when sourceDeleteCascade is off", async () => {
    await settings({ lifecycle: { sourceDeleteCascade: false } });
    try {
      const { doc, b } = await ingest("/tombstone.html");
      await sourceDeleted({ portalId: String(doc.portalId), sourceDocumentId: String(doc.sourceDocumentId) });
      await until("the document is hidden", async () => (await registry(doc.sourceDocumentId))[0]?.deleted_at !== null);
      const rows = await chunkRows(b.documentId);
      assert.ok(rows.length > 0 && rows.every((r) => !r.visible), "chunks stay, hidden");
      const state = await rag.call(`/documents/${b.documentId}`);
      assert.equal(state.status, 404);
    } finally {
      await settings({ lifecycle: { sourceDeleteCascade: true } });
    }
  });

  it("dead-letters a malformed entry without touching anything", async () => {
    const prefix = rag.app.config.REDIS_KEY_PREFIX;
    const { doc } = await ingest("/stream-kept.html");
    await sourceDeleted({ portalId: "portal-a", sourceDocumentId: "nope" });
    await sourceDeleted({ tenantId: "nope", portalId: "portal-a", sourceDocumentId: String(doc.sourceDocumentId) });
    await until(
      "both entries are dead-lettered",
      async () => (await rag.app.runtime.redis.xlen(`${prefix}rag:source-deleted:dead`)) === 2,
    );
    assert.equal((await registry(doc.sourceDocumentId)).length, 1, "the document named with a bad tenant stays");
  });
});

describe("publication approval", () => {
  it("indexes but keeps the document out of search until an administrator publishes it", async () => {
    await settings({ lifecycle: { publicationApprovalRequired: true } });
    try {
      const { b } = await ingest("/unpublished.html");
      assert.equal(b.indexed, true);
      assert.ok((await chunkRows(b.documentId)).every((r) => !r.visible));
      assert.equal((await body<schemas.DocumentState>(await rag.call(`/documents/${b.documentId}`))).published, false);
      const refused = await rag.call(`/admin/documents/${b.documentId}/publish`, { method: "POST" });
      assert.equal(refused.status, 403);
      const res = await rag.call(`/admin/documents/${b.documentId}/publish`, { method: "POST", token: admin });
      assert.equal(res.status, 200);
      assert.equal((await body<schemas.DocumentState>(res)).published, true);
      assert.ok((await chunkRows(b.documentId)).every((r) => r.visible));
    } finally {
      await settings({ lifecycle: { publicationApprovalRequired: false } });
    }
  });
});

describe("file-store approval", () => {
  it("holds a new document as pending_approval without fetching its body, until an administrator approves", async () => {
    await settings({ lifecycle: { fileStoreApprovalRequired: true } });
    try {
      const { doc, res, b } = await ingest<Extract<schemas.IngestionResult, { indexed: false }>>("/held.html");
      assert.equal(res.status, 202);
      assert.deepEqual([b.indexed, b.status], [false, "pending_approval"]);
      await new Promise((r) => setTimeout(r, 300));
      assert.equal(rag.host.hits.get("/held.html") ?? 0, 0, "the body was not fetched");
      const state = await body<schemas.DocumentState>(await rag.call(`/documents/${b.documentId}`));
      assert.equal(state.status, "pending_approval");
      const approved = await rag.call(`/admin/documents/${b.documentId}/approve-fetch`, {
        method: "POST",
        token: admin,
      });
      assert.equal(approved.status, 200);
      await until(
        "the document is indexed",
        async () =>
          (await body<schemas.DocumentState>(await rag.call(`/documents/${b.documentId}`))).status === "indexed",
      );
      assert.equal(rag.host.hits.get("/held.html"), 1);
      // An approved document's later versions need no second approval.
      const v2 = await rag.host.putHashed("/held.html", { body: html("두 번째 판") });
      const next = await rag.call("/documents", {
        method: "POST",
        json: { ...doc, sourceVersion: "v2", checksum: v2.sha256, sizeBytes: v2.size },
      });
      assert.equal((await body<schemas.IngestionResult>(next)).indexed, true);
    } finally {
      await settings({ lifecycle: { fileStoreApprovalRequired: false } });
    }
  });
});

describe("retention", () => {
  it("purges documents not re-ingested within retentionDays and keeps the rest", async () => {
    const old = await ingest("/old.html");
    const fresh = await ingest("/fresh.html");
    // The same source document in the other tenant, not re-ingested there: only that tenant's copy expires.
    const theirs = await rag.ingestInOtherTenant(fresh.doc, "/fresh-theirs.html", html("theirs"));
    await rag.system((tx) =>
      tx`update rag.tb_ai_document_registry set last_ingested_at = now() - interval '3 days'
         where id in ${tx([old.b.documentId, theirs.documentId])}`
    );
    assert.equal(await applyRetention(rag.app.runtime.jobs.rag!), 0, "retentionDays 0 keeps everything");
    // The installation's default, so both tenants' rules say 2 days.
    await settings({ lifecycle: { retentionDays: 2 } }, "installation");
    try {
      assert.equal(await applyRetention(rag.app.runtime.jobs.rag!), 2);
      assert.equal((await registry(old.doc.sourceDocumentId)).length, 0);
      assert.equal((await chunkRows(old.b.documentId)).length, 0);
      assert.deepEqual((await registry(fresh.doc.sourceDocumentId)).map((r) => r.id), [fresh.b.documentId]);
    } finally {
      await settings({ lifecycle: { retentionDays: 0 } }, "installation");
    }
  });
});

describe("directory state", () => {
  it("fails closed with 503 directory_state_stale when the organization sync is too old", async () => {
    const ctx = rag.app.runtime.jobs.rag!;
    await rag.system((tx) => tx`update rag.sync_state set last_success_at = now() - interval '2 hours'`);
    ctx.directoryState.invalidate();
    try {
      const { res, b } = await ingest<Problem>("/stale.html");
      assert.deepEqual([res.status, b.code], [503, "directory_state_stale"]);
      assert.equal(rag.host.hits.get("/stale.html") ?? 0, 0);
    } finally {
      await rag.sync();
    }
    const { res } = await ingest("/fresh-again.html");
    assert.equal(res.status, 200);
  });

  it("stops admitting a deactivated department's members within 60 seconds, through the scheduled sync", async () => {
    const dept = (await (await rag.app.admin("/departments", {
      method: "POST",
      json: { companyId: rag.tenant, code: "TEMP", name: "임시 부서" },
    })).json()).data.id as string;
    await rag.sync();
    const member = await rag.token({ organizationId: dept, sub: "temp-user" });
    const doc = await rag.document("/temp.html", html("임시"), {
      organizationIds: [dept],
      registrant: { id: "temp-user", departmentCode: "TEMP" },
    });
    const created = await body<schemas.IngestionResult>(
      await rag.call("/documents", { method: "POST", json: doc, token: member }),
    );
    assert.equal(created.indexed, true, JSON.stringify(created));
    assert.equal((await rag.call(`/documents/${created.documentId}`, { token: member })).status, 200);

    const deactivated = await rag.app.admin(`/departments/${dept}/deactivate`, { method: "POST" });
    assert.equal(deactivated.status, 200);
    const t0 = Date.now();
    await until(
      "the department no longer admits",
      async () => (await rag.call(`/documents/${created.documentId}`, { token: member })).status === 404,
      60_000,
    );
    assert.ok(Date.now() - t0 < 60_000);
    assert.equal(
      (await rag.call(`/documents/${created.documentId}`, { token: admin })).status,
      200,
      "admins still see it",
    );
  });
});
