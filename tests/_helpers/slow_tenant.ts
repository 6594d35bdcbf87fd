/**
 * The slow-tenant attack on ingestion (issue 16, item 4), shared by its test and its benchmark: users of one tenant
 * queue documents whose host sends them slowly, then a user of another tenant registers a one-chunk document; what
 * is measured is how long that document takes to be indexed.
 */
import assert from "node:assert/strict";
import type { schemas } from "@/domain/rag/mod.ts";
import { body } from "./app.ts";
import { documentRequest } from "./content_host.ts";
import type { RagProcess } from "./rag_process.ts";
import { until } from "./poll.ts";

/** A body of `bytes` that the content host sends at `bytesPerSecond`: above the service's floor, and long. */
const SLOW = { bytes: 400_000, bytesPerSecond: 4096 };

/** The user (of the first tenant) who queues the slow documents. */
export const SLOW_USER = "slow-user";

/** Queues `count` slow documents of the process's first tenant by SLOW_USER (wait=false). */
export async function queueSlowDocuments(rag: RagProcess, count: number): Promise<string[]> {
  const filler = `<p>${"느린 문서의 본문입니다. ".repeat(SLOW.bytes / 32)}</p>`;
  const ids: string[] = [];
  for (let i = 0; i < count; i++) {
    const served = await rag.host.putHashed(`/slow/${i}.html`, { body: filler, bytesPerSecond: SLOW.bytesPerSecond });
    const doc = documentRequest(served, { tenantId: rag.tenant, organizationIds: [rag.dept.a], title: `slow ${i}` }, {
      registrant: { id: SLOW_USER, departmentCode: "A" },
    });
    const res = await rag.call("/api/v1/documents?wait=false", {
      method: "POST",
      json: doc,
      token: await rag.token({ sub: SLOW_USER }),
    });
    const accepted = await body<schemas.IngestionResult>(res);
    assert.equal(res.status, 202, JSON.stringify(accepted));
    ids.push(accepted.documentId);
  }
  return ids;
}

/** Registers a one-chunk document of the other tenant and returns the milliseconds until it is indexed. */
export async function otherTenantTimeToIndexed(rag: RagProcess, label: string, limitMs = 120_000): Promise<number> {
  const served = await rag.host.putHashed(`/quick/${label}.html`, { body: "<p>다른 회사의 짧은 문서입니다.</p>" });
  const doc = documentRequest(served, {
    tenantId: rag.otherTenant,
    organizationIds: [rag.dept.other],
    title: `quick ${label}`,
  });
  const token = await rag.token({ tenantId: rag.otherTenant, organizationId: rag.dept.other });
  const started = performance.now();
  const res = await rag.call("/api/v1/documents?wait=false", { method: "POST", json: doc, token });
  const accepted = await body<schemas.IngestionResult>(res);
  assert.equal(res.status, 202, JSON.stringify(accepted));
  const { documentId } = accepted;
  let state: schemas.DocumentState | undefined;
  await until(
    `the other tenant's document ${label} is indexed`,
    async () => {
      state = await body<schemas.DocumentState>(await rag.call(`/api/v1/documents/${documentId}`, { token }));
      assert.notEqual(state.status, "failed", JSON.stringify(state));
      return state.status === "indexed";
    },
    limitMs,
    50,
  );
  assert.equal(state?.chunkCount, 1);
  return Math.round(performance.now() - started);
}
