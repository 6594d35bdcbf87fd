/** What retrieval decisions need, built once by the composition root. */
import type { DbPrincipal, RequestPool, SystemPool } from "@/sql/rag/session.ts";
import type { ReadPools } from "@/sql/read_pools.ts";
import type { ContentFetcher } from "./fetch/content.ts";
import type { DirectoryClient } from "./clients/directory.ts";
import type { ModelConfig } from "./clients/model.ts";
import type { OntologyCache } from "./ontology.ts";
import type { Principal } from "./principal.ts";
import type { SettingsStore } from "./settings_store.ts";
import type { UrlPolicy } from "./fetch/url_policy.ts";
import type { EndpointPolicy } from "./fetch/endpoint_policy.ts";
import type { Extractor } from "./isolate/pool.ts";

/** Retrieval dependencies. */
export interface RagContext {
  /** The request role's pool: every statement a caller's request makes, under its principal. */
  sql: RequestPool;
  /**
   * Where searches read: a streaming replica when DATABASE_READ_URL names one, else the searches' own pool
   * (request role, RAG_SEARCH_SLOTS connections), so searches never take the shared pool's connections. A search
   * may lag the primary by the replica's delay; its audit row is written on the primary.
   */
  reads: ReadPools;
  /** The system role's pool: the service's own work across tenants (jobs, sync, its bookkeeping). */
  system: SystemPool;
  publicOrgId: string;
  settings: SettingsStore;
  directory: DirectoryClient;
  /** How answers reach a model (the gateway, or the local runtime in the settings). */
  model: ModelConfig;
  /** The approved ontology pack (query expansion, interpretation notes). */
  ontology: OntologyCache;
  fetchContent: ContentFetcher;
  /** Extracts and chunks fetched bodies in processes of their own, within the document limits. */
  extractor: Extractor;
  /** The bearer token the embedding endpoint requires (EMBEDDING_API_KEY): configuration only, never a setting. */
  embeddingApiKey?: string;
  urlPolicy: UrlPolicy;
  /** What the settings' embedding and model endpoints must pass. */
  endpointPolicy: EndpointPolicy;
  /** Whether any user of a tenant may register documents of this portal (`RAG_OPEN_PORTALS`). */
  isOpenPortal: (portalId: string) => boolean;
  maxDocumentBytes: number;
  /** Unfinished ingestion jobs one user may have queued (`RAG_MAX_QUEUED_JOBS_PER_USER`). */
  maxQueuedJobsPerUser: number;
  maxStalenessSeconds: number;
  auditRequired: boolean;
  /** The organization sync's state (cached briefly). */
  directoryState: {
    read(): Promise<{ lastSuccessAt: Date | null; directoryVersion: number | null }>;
    invalidate(): void;
  };
  /** Waits for an ingestion job to settle (woken by its worker), up to a time limit. */
  waitForJob: (jobId: string, timeoutMs: number) => Promise<void>;
}

/** The database principal of a user. */
export function dbPrincipal(ctx: RagContext, p: Principal): DbPrincipal {
  return {
    tenantId: p.tenantId,
    organizationId: p.organizationId,
    clearance: p.clearance,
    isAdmin: p.isAdmin,
    publicOrgId: ctx.publicOrgId,
    isOperator: p.isOperator,
    subject: p.sub,
    portalId: p.portalId,
  };
}
