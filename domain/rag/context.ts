/** What retrieval decisions need, built once by the composition root. */
import type { Sql } from "@/sql/mod.ts";
import type { DbPrincipal } from "@/sql/rag/session.ts";
import type { ContentFetcher } from "./content_fetch.ts";
import type { DirectoryClient } from "./directory_client.ts";
import type { ModelConfig } from "./llm.ts";
import type { OntologyCache } from "./ontology.ts";
import type { Principal } from "./principal.ts";
import type { SettingsStore } from "./settings.ts";
import type { UrlPolicy } from "./url_policy.ts";

/** Retrieval dependencies. */
export interface RagContext {
  sql: Sql;
  publicOrgId: string;
  settings: SettingsStore;
  directory: DirectoryClient;
  /** How answers reach a model (the gateway, or the local runtime in the settings). */
  model: ModelConfig;
  /** The approved ontology pack (query expansion, interpretation notes). */
  ontology: OntologyCache;
  fetchContent: ContentFetcher;
  urlPolicy: UrlPolicy;
  maxDocumentBytes: number;
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
  };
}

/** The principal of the service's own cross-tenant jobs. */
export function systemPrincipal(ctx: Pick<RagContext, "publicOrgId">): DbPrincipal {
  return {
    tenantId: null,
    organizationId: null,
    clearance: null,
    isAdmin: false,
    publicOrgId: ctx.publicOrgId,
    system: true,
  };
}

/** A tenant's administrator, which the ingestion worker acts as for the document it stores. */
export function tenantAdmin(ctx: RagContext, tenantId: string): DbPrincipal {
  return { tenantId, organizationId: null, clearance: 3, isAdmin: true, publicOrgId: ctx.publicOrgId };
}
