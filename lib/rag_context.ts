/** The retrieval context built from the configuration: one builder for the service and the operator scripts. */
import type { Config } from "./config.ts";
import type { Sql } from "@/sql/mod.ts";
import type { RagContext } from "@/domain/rag/context.ts";
import { createContentFetcher } from "@/domain/rag/content_fetch.ts";
import { createDirectoryClient } from "@/domain/rag/directory_client.ts";
import { createOntologyCache } from "@/domain/rag/ontology.ts";
import type { Logger } from "./log.ts";
import { createDirectoryState } from "@/domain/rag/organizations.ts";
import { createSettingsStore, defaultSettings } from "@/domain/rag/settings.ts";
import { parseAllowedHosts } from "@/domain/rag/url_policy.ts";

/** What differs between the service and a script: how the directory is reached and how a job is awaited. */
export interface RagContextOptions {
  /** The fetch for directory calls: the process's own app when it serves the directory too. */
  directoryFetch?: (req: Request) => Response | Promise<Response>;
  waitForJob: RagContext["waitForJob"];
  log?: Logger;
}

/** Builds the retrieval context on `sql`. */
export function createRagContext(config: Config, sql: Sql, o: RagContextOptions): RagContext {
  const directory = createDirectoryClient({
    baseUrl: config.DIRECTORY_URL ?? `http://127.0.0.1:${config.PORT}`,
    apiKey: config.RAG_DIRECTORY_API_KEY,
    portalId: config.RAG_PORTAL_ID,
    fetch: o.directoryFetch,
  });
  return {
    sql,
    publicOrgId: config.RAG_PUBLIC_ORGANIZATION_ID,
    settings: createSettingsStore(
      sql,
      defaultSettings({ embeddingUrl: config.PRIVATE_EMBEDDING_URL, llmUrl: config.PRIVATE_LLM_URL }),
    ),
    directory,
    ontology: createOntologyCache(directory, { log: o.log }),
    model: {
      gateway: config.MODEL_GATEWAY_URL && config.MODEL_GATEWAY_SERVICE_TOKEN
        ? { url: config.MODEL_GATEWAY_URL, token: config.MODEL_GATEWAY_SERVICE_TOKEN }
        : null,
      portalId: config.RAG_PORTAL_ID,
      timeoutMs: config.PRIVATE_LLM_TIMEOUT_SECONDS * 1000,
    },
    fetchContent: createContentFetcher({
      allowedHosts: config.RAG_SERVICE_CONTENT_ALLOWED_HOSTS,
      maxBytes: config.RAG_MAX_DOCUMENT_BYTES,
      timeoutMs: config.RAG_CONTENT_FETCH_TIMEOUT_SECONDS * 1000,
      allowLoopback: config.RAG_CONTENT_ALLOW_LOOPBACK,
    }),
    urlPolicy: {
      allowedHosts: parseAllowedHosts(config.RAG_SERVICE_CONTENT_ALLOWED_HOSTS),
      allowLoopback: config.RAG_CONTENT_ALLOW_LOOPBACK,
    },
    maxDocumentBytes: config.RAG_MAX_DOCUMENT_BYTES,
    maxStalenessSeconds: config.RAG_ORG_SYNC_MAX_STALENESS_SECONDS,
    auditRequired: config.RAG_SERVICE_AUDIT_REQUIRED,
    directoryState: createDirectoryState(sql),
    waitForJob: o.waitForJob,
  };
}
