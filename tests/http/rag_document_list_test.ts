/**
 * `GET /api/v1/documents` and `GET /api/v1/documents/by-source` (issue 18 part 4): a tenant administrator lists its
 * tenant's documents, a portal's token its portal's within its organizations, anyone else none; filters, cursor
 * pages bound to their query, bad input as problem details, and nothing of another tenant or portal.
 */
import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { body, type Problem } from "../_helpers/app.ts";
import { type RagTestApp, startRagApp } from "../_helpers/rag.ts";
import type { schemas } from "@/domain/rag/mod.ts";

let rag: RagTestApp;
let admin: string;
/** Registered documents by label, in the order registered. */
const docs = new Map<string, { documentId: string; portalId: string; sourceDocumentId: string }>();
let other: { documentId: string; token: string };

async function register(label: string, extra: Record<string, unknown>) {
  const request = await rag.document(`/${label}.html`, `<p>${label} 문서의 본문입니다.</p>`, extra);
  const res = await rag.call("/documents", { method: "POST", json: request, token: admin });
  assert.equal(res.status, 200, await res.clone().text());
  const { documentId } = await body<{ documentId: string }>(res);
  docs.set(label, {
    documentId,
    portalId: request.portalId as string,
    sourceDocumentId: request.sourceDocumentId as string,
  });
}

async function list(query: string, token = admin) {
  const res = await rag.call(`/documents${query}`, { token });
  return { status: res.status, page: await body<schemas.DocumentPage & Problem>(res) };
}

const ids = (page: schemas.DocumentPage) => page.items.map((d) => d.documentId);
const idsOf = (...labels: string[]) => labels.map((l) => docs.get(l)!.documentId);

before(async () => {
  rag = await startRagApp();
  admin = await rag.token({ admin: true, sub: "admin-1" });
  await register("a1", { portalId: "portal-a" });
  await register("a2", { portalId: "portal-a" });
  await register("a3", { portalId: "portal-a", organizationIds: [rag.dept.b] });
  await register("b1", { portalId: "portal-b" });
  await register("b2", { portalId: "portal-b" });
  // Changes one second apart, in registration order, so the order and `updatedSince` are plain to read.
  await rag.system((tx) =>
    tx`update rag.tb_ai_document_registry
       set updated_at = '2026-01-01T00:00:00Z'::timestamptz + (array_position(${
      idsOf("a1", "a2", "a3", "b1", "b2")
    }::uuid[], id) * interval '1 second')
       where tenant_id = ${rag.tenant}::uuid`
  );
  await rag.system((tx) => tx`update rag.tb_ai_document_registry set status = 'failed' where id = ${idsOf("a2")[0]}`);
  const a1 = docs.get("a1")!;
  other = await rag.ingestInOtherTenant(a1, "/other.html", "<p>다른 회사의 문서입니다.</p>");
});

after(async () => {
  await rag?.stop();
});

describe("document list: happy", () => {
  it("lists a tenant administrator's documents, oldest change first, without another tenant's", async () => {
    const { status, page } = await list("");
    assert.equal(status, 200);
    assert.deepEqual(ids(page), idsOf("a1", "a2", "a3", "b1", "b2"));
    assert.equal(page.nextCursor, null);
    assert.equal(page.items[0].portalId, "portal-a");
    assert.equal(page.items[0].updatedAt, "2026-01-01T00:00:01.000Z");
  });

  it("walks cursor pages, each document once", async () => {
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const { status, page } = await list(`?limit=2${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`);
      assert.equal(status, 200);
      seen.push(...ids(page));
      cursor = page.nextCursor;
      pages++;
    } while (cursor);
    assert.deepEqual(seen, idsOf("a1", "a2", "a3", "b1", "b2"));
    assert.equal(pages, 3);
  });

  it("filters by portal, status and time of change, together too", async () => {
    assert.deepEqual(ids((await list("?portalId=portal-b")).page), idsOf("b1", "b2"));
    assert.deepEqual(ids((await list("?status=failed")).page), idsOf("a2"));
    assert.deepEqual(ids((await list("?updatedSince=2026-01-01T00:00:03Z")).page), idsOf("a3", "b1", "b2"));
    assert.deepEqual(
      ids((await list("?portalId=portal-a&status=indexed&updatedSince=2026-01-01T09:00:02%2B09:00")).page),
      idsOf("a3"),
    );
  });

  it("gives a portal's token its own portal's documents within its organizations", async () => {
    const portal = await rag.token({ portalId: "portal-a", sub: "portal-a-sync" });
    assert.deepEqual(ids((await list("", portal)).page), idsOf("a1", "a2"));
    assert.deepEqual(ids((await list("?portalId=portal-a", portal)).page), idsOf("a1", "a2"));
  });

  it("looks a document up by portal and source document id, in the caller's tenant only", async () => {
    const a1 = docs.get("a1")!;
    const query = `?portalId=${a1.portalId}&sourceDocumentId=${a1.sourceDocumentId}`;
    const mine = await body<schemas.DocumentSummary>(await rag.call(`/documents/by-source${query}`, { token: admin }));
    assert.equal(mine.documentId, a1.documentId);
    assert.equal(mine.status, "indexed");
    const theirs = await body<schemas.DocumentSummary>(
      await rag.call(`/documents/by-source${query}`, { token: other.token }),
    );
    assert.equal(theirs.documentId, other.documentId);
  });
});

describe("document list: errors", () => {
  it("refuses a cursor sent with other filters, and one it did not issue", async () => {
    const first = await list("?limit=1&portalId=portal-a");
    const moved = await list(`?limit=1&portalId=portal-b&cursor=${encodeURIComponent(first.page.nextCursor!)}`);
    assert.equal(moved.status, 400);
    assert.equal(moved.page.code, "cursor_query_mismatch");
    const forged = await list(`?limit=1&cursor=${encodeURIComponent(first.page.nextCursor!.replace(/.$/, "A"))}x`);
    assert.equal(forged.status, 400);
    assert.equal(forged.page.code, "invalid_cursor");
  });

  for (
    const query of [
      "?status=deleted",
      "?updatedSince=yesterday",
      "?limit=0",
      "?limit=1001",
      `?portalId=${"p".repeat(101)}`,
    ]
  ) {
    it(`answers ${query.slice(0, 30)} with 400 invalid_request`, async () => {
      const { status, page } = await list(query);
      assert.equal(status, 400);
      assert.equal(page.code, "invalid_request");
    });
  }

  for (
    const query of ["?portalId=portal-a", "?sourceDocumentId=" + crypto.randomUUID(), "?portalId=a&sourceDocumentId=1"]
  ) {
    it(`answers a lookup with ${query.slice(0, 24)} with 400 invalid_request`, async () => {
      const res = await rag.call(`/documents/by-source${query}`, { token: admin });
      assert.equal(res.status, 400);
      assert.equal((await body<Problem>(res)).code, "invalid_request");
    });
  }

  it("answers a lookup of an unknown document with 404", async () => {
    const res = await rag.call(`/documents/by-source?portalId=portal-a&sourceDocumentId=${crypto.randomUUID()}`, {
      token: admin,
    });
    assert.equal(res.status, 404);
    assert.equal((await body<Problem>(res)).code, "not_found");
  });
});

describe("document list: security", () => {
  it("refuses a call without a credential", async () => {
    const res = await rag.call("/documents", { token: "not-a-token" });
    assert.equal(res.status, 401);
  });

  it("refuses a user who is neither an administrator nor a portal, and a portal naming another", async () => {
    const plain = await list("", await rag.token());
    assert.equal(plain.status, 403);
    assert.equal(plain.page.code, "forbidden");
    const portal = await list("?portalId=portal-b", await rag.token({ portalId: "portal-a" }));
    assert.equal(portal.status, 403);
    assert.equal(portal.page.code, "portal_mismatch");
  });

  it("shows another tenant's administrator only its own document, and not another portal's", async () => {
    assert.deepEqual(ids((await list("", other.token)).page), [other.documentId]);
    assert.deepEqual(ids((await list("?portalId=portal-b", other.token)).page), []);
  });

  it("hides a document in another organization from a portal's lookup as if it did not exist", async () => {
    const a3 = docs.get("a3")!;
    const portal = await rag.token({ portalId: "portal-a" });
    const res = await rag.call(`/documents/by-source?portalId=portal-a&sourceDocumentId=${a3.sourceDocumentId}`, {
      token: portal,
    });
    assert.equal(res.status, 404);
  });
});
