/**
 * `deno task demo-documents [--as loginId] [--service URL]`: ingests the demo's Korean documents
 * (scripts/demo/documents.ts) into the running service as a tenant administrator of the demo company, so that
 * the first search answers from something; `up.sh` runs it once the embedding endpoint is configured.
 */
import { issueTokenFor } from "./issue_token.ts";
import { scriptConfig } from "@/app/scripts.ts";
import { ingestDemoDocuments } from "./demo/documents.ts";

/** Ingests the demo documents; exit 1 when any was refused or failed. */
export async function demoDocumentsCommand(o: { as: string; service?: string }): Promise<number> {
  const config = scriptConfig();
  const service = o.service ?? `http://127.0.0.1:${config.PORT}`;
  const { token } = await issueTokenFor(o.as, { ttlSeconds: 900, ragAdmin: true });
  const outcomes = await ingestDemoDocuments((path, init = {}) => {
    const headers = new Headers(init.headers);
    headers.set("authorization", `Bearer ${token}`);
    return fetch(`${service}${path}`, { ...init, headers });
  }, { portalId: "demo-portal", publicOrganizationId: config.RAG_PUBLIC_ORGANIZATION_ID });
  for (const out of outcomes) {
    console.log(`${out.id}: ${out.status}${out.detail ? ` ${out.detail}` : ""}`);
  }
  return outcomes.every((out) => out.status < 300) ? 0 : 1;
}
