/**
 * The administration screen's document list pages by (created_at, id) with a cursor that keeps PostgreSQL's
 * microseconds: documents created within one millisecond are each listed once, none skipped.
 */
import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { body } from "../_helpers/app.ts";
import { jobsRag, type RagTestApp, startRagApp } from "../_helpers/rag.ts";
import { listDocuments, type Principal } from "@/domain/rag/mod.ts";

let rag: RagTestApp;
const ids: string[] = [];

before(async () => {
  rag = await startRagApp();
  for (const path of ["/one.html", "/two.html", "/three.html"]) {
    const res = await rag.call("/documents", { method: "POST", json: await rag.document(path, "<p>본문입니다.</p>") });
    ids.push((await body<{ documentId: string }>(res)).documentId);
  }
  // Within one millisecond, 100 microseconds apart: a cursor that kept milliseconds only would skip the older two.
  const moved = await rag.system((tx) =>
    tx`update rag.tb_ai_document_registry
       set created_at = '2024-05-01 10:00:00.1231+00'::timestamptz
         + (array_position(${ids}::uuid[], id) - 1) * interval '100 microseconds'
       where id = any(${ids}::uuid[])`
  );
  assert.equal(moved.count, 3);
});

after(async () => {
  await rag?.stop();
});

describe("retrieval screen: the document list's cursor", () => {
  it("walks documents created within one millisecond one page at a time, each once", async () => {
    const admin: Principal = {
      sub: "admin",
      tenantId: rag.tenant,
      organizationId: null,
      clearance: 3,
      isAdmin: true,
      isOperator: false,
      portalId: null,
    };
    const seen: string[] = [];
    let cursor: string | undefined;
    do {
      const page = await listDocuments(jobsRag(rag.app), admin, { cursor, limit: 1 });
      seen.push(...page.items.map((d) => d.id));
      cursor = page.nextCursor ?? undefined;
    } while (cursor);
    assert.deepEqual(seen, [...ids].reverse());
  });
});
