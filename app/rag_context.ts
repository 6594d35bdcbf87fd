/** The retrieval context built from the configuration: one builder for the service and the operator scripts. */
import { type Config, maxExtractedBytes } from "@/lib/config.ts";
import type { RequestPool, SystemPool } from "@/sql/rag/session.ts";
import { ReadPools } from "@/sql/read_pools.ts";
import {
  createContentFetcher,
  createDirectoryClient,
  createDirectoryState,
  createExtractor,
  createOntologyCache,
  createSettingsStore,
  defaultSettings,
  ownAddressCheck,
  type RagContext,
  trustedEndpointHosts,
} from "@/domain/rag/mod.ts";
import type { Logger } from "@/lib/log.ts";

/** What differs between the service and a script: how the directory is reached and how a job is awaited. */
export interface RagContextOptions {
  /** The fetch for directory calls: the process's own app when it serves the directory too. */
  directoryFetch?: (req: Request) => Response | Promise<Response>;
  waitForJob: RagContext["waitForJob"];
  log?: Logger;
}

/**
 * Builds the retrieval context on the request pool `sql`, the system pool `system`, and where searches read: the
 * streaming `replicas` in turn, else the searches' own pool `search` (RAG_SEARCH_SLOTS connections of the request role).
 */
export function createRagContext(
  config: Config,
  pools: { sql: RequestPool; system: SystemPool; search: RequestPool; replicas?: RequestPool[] },
  o: RagContextOptions,
): RagContext {
  const { sql, system, search } = pools;
  const directory = createDirectoryClient({
    baseUrl: config.DIRECTORY_URL ?? `http://127.0.0.1:${config.PORT}`,
    apiKey: config.RAG_DIRECTORY_API_KEY,
    portalId: config.RAG_PORTAL_ID,
    fetch: o.directoryFetch,
  });
  const urlPolicy = {
    allowedHosts: config.RAG_SERVICE_CONTENT_ALLOWED_HOSTS,
    allowLoopback: config.RAG_CONTENT_ALLOW_LOOPBACK,
    isOwnAddress: ownAddressCheck(),
  };
  const defaults = defaultSettings({
    embeddingUrl: config.PRIVATE_EMBEDDING_URL ?? `http://127.0.0.1:${config.EMBEDDING_PORT}/v1/embeddings`,
    llmUrl: config.PRIVATE_LLM_URL,
  });
  const openPortals = new Set(config.RAG_OPEN_PORTALS);
  return {
    sql,
    reads: new ReadPools(search, pools.replicas),
    system,
    publicOrgId: config.RAG_PUBLIC_ORGANIZATION_ID,
    settings: createSettingsStore(sql, defaults, { publicOrgId: config.RAG_PUBLIC_ORGANIZATION_ID }),
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
      policy: urlPolicy,
      maxBytes: config.RAG_MAX_DOCUMENT_BYTES,
      timeoutMs: config.RAG_CONTENT_FETCH_TIMEOUT_SECONDS * 1000,
      minBytesPerSecond: config.RAG_CONTENT_MIN_BYTES_PER_SECOND,
      log: o.log?.child({ part: "content-fetch" }),
    }),
    // Started lazily: a process that never ingests (the API beside a worker process, a script) starts none.
    extractor: createExtractor({
      memoryMiB: config.RAG_EXTRACT_MEMORY_MIB,
      timeoutMs: config.RAG_EXTRACT_TIMEOUT_SECONDS * 1000,
      warmProcesses: config.RAG_EXTRACT_PROCESSES,
      limits: { maxExtractedBytes: maxExtractedBytes(config) },
      maxChunks: config.RAG_MAX_CHUNKS_PER_DOCUMENT,
    }),
    embeddingApiKey: config.EMBEDDING_API_KEY,
    urlPolicy,
    // The environment's own endpoints (loopback or not) stay allowed as settings endpoints.
    endpointPolicy: {
      content: urlPolicy,
      trustedHosts: trustedEndpointHosts([defaults.embedding.endpoint, defaults.llm.endpoint]),
    },
    isOpenPortal: (portalId) => openPortals.has("*") || openPortals.has(portalId),
    maxDocumentBytes: config.RAG_MAX_DOCUMENT_BYTES,
    maxQueuedJobsPerUser: config.RAG_MAX_QUEUED_JOBS_PER_USER,
    maxStalenessSeconds: config.RAG_ORG_SYNC_MAX_STALENESS_SECONDS,
    auditRequired: config.RAG_SERVICE_AUDIT_REQUIRED,
    directoryState: createDirectoryState(sql),
    waitForJob: o.waitForJob,
  };
}
