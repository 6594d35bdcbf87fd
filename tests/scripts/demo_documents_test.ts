/**
 * The demo's documents (what `up.sh` ingests through `deno task demo-documents`) go through the real ingestion path
 * of a retrieval service as its tenant administrator, served from the script's own loopback server; afterwards an
 * ordinary member of the company (not the administrator, not of the registrant's department) finds them by search.
 */
import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { body } from "../_helpers/app.ts";
import { type RagTestApp, startRagApp } from "../_helpers/rag.ts";
import { DEMO_DOCUMENTS, ingestDemoDocuments } from "@/scripts/demo/documents.ts";
import type { schemas } from "@/domain/rag/mod.ts";

let rag: RagTestApp;
before(async () => {
  rag = await startRagApp({ RAG_CONTENT_ALLOW_LOOPBACK: "true" });
});
after(async () => {
  await rag.stop();
});

describe("demo documents", () => {
  it("are indexed as the tenant administrator and found by any member of the company", async () => {
    const admin = await rag.token({ admin: true });
    const call = (path: string, init: RequestInit = {}) => {
      const headers = new Headers(init.headers);
      headers.set("authorization", `Bearer ${admin}`);
      return rag.app.request(path, { ...init, headers });
    };
    const outcomes = await ingestDemoDocuments(call, {
      portalId: "demo-portal",
      publicOrganizationId: rag.app.config.RAG_PUBLIC_ORGANIZATION_ID,
    });
    assert.deepEqual(
      outcomes.map((o) => [o.id, o.status]),
      DEMO_DOCUMENTS.map((d) => [d.id, 200]),
      JSON.stringify(outcomes),
    );
    const member = await rag.token({ organizationId: rag.dept.b });
    const res = await rag.call("/search", {
      method: "POST",
      json: { question: "연차 휴가는 어떻게 신청하나요?" },
      token: member,
    });
    assert.equal(res.status, 200);
    const found = await body<schemas.SearchResponse>(res);
    assert.equal(found.contexts[0]?.title, "연차 휴가 규정");
  });
});
