/**
 * The retrieval domain's only door: routes, jobs, scripts, the composition root and benchmarks import
 * this file, never a module behind it (tests/unit may test a module directly). The list is chosen by hand:
 * what is not here is the domain's own business.
 */

// Who asks, and what a decision needs.
export {
  clearanceOf,
  createTokenVerifier,
  levelRank,
  type Principal,
  type TokenSettings,
  type TokenVerifier,
} from "./principal.ts";
export { dbPrincipal, type RagContext } from "./context.ts";
export { describePrincipal } from "./me.ts";

// The wire records: every schema as `schemas.X` (its type as `schemas.X` too), and by name what callers name often.
export * as schemas from "./schemas.ts";
export {
  type Answer,
  type Leg,
  LEGS,
  type QueueDepth,
  SECURITY_LEVELS,
  type Settings,
  type SettingsScope,
  TENANT_CATEGORIES,
} from "./schemas.ts";

// Searching and answering.
export { searchContexts, type SearchOutcome } from "./search.ts";
export { candidateTerms, foldSearchStatistics, lexicalQuery, scansVisible } from "./search_terms.ts";
export {
  type AnswerEvent,
  answerEvents,
  completeAnswer,
  noEvidence,
  prepareAnswer,
  type PreparedAnswer,
} from "./answer.ts";
export { buildMessages } from "./prompt.ts";

// Accepting and running ingestion.
export { acceptDocument, INGESTION_STREAM } from "./ingest.ts";
export { abandonIngestionJob, runIngestionJob } from "./ingest_job.ts";
export type { HostTimeouts, JobLimits } from "./ingest_budget.ts";

// The document lifecycle.
export {
  applyRetention,
  applySourceDelete,
  approveFetch,
  documentState,
  publishDocument,
  purgeBySource,
  purgeCandidates,
  purgeDocument,
  purgeSelected,
  reindexDocuments,
  reindexProgress,
} from "./documents.ts";
export { documentBySource, type DocumentQuery, listCallerDocuments } from "./document_listing.ts";

// Organization and user sync, the directory's freshness, and the check of a token's subject.
export { createDirectoryState, directoryReadiness, syncOrganizations, type SyncResult } from "./organizations.ts";
export { type DependencyState, embeddingReadiness, endpointWarnings } from "./endpoint_health.ts";
export { createUserGate, syncUserStatus, type UserGate, type UserSyncResult } from "./user_status.ts";

// Settings: the installation's and each tenant's overrides.
export { createSettingsStore, defaultSettings } from "./settings_store.ts";
export { settingsChanges, settingsOf, settingsScope, updateSettings } from "./settings.ts";
export {
  applyVectorFloor,
  calibrateVectorFloor,
  chooseFloor,
  type FloorCalibration,
  type LabelledSet,
} from "./vector_floor.ts";
export { trustedEndpointHosts } from "./fetch/endpoint_policy.ts";

// Administration: the overview, the screen's lists and the refusal log.
export { overview } from "./overview.ts";
export { auditReplay, countAudit, DOCUMENT_FILTERS, documentDetail, listAudit, listDocuments } from "./admin_screen.ts";
export { countDocuments, DOCUMENT_ORDERS } from "./document_lists.ts";
export { recordRagRefusal } from "./audit.ts";

// The outbound adapters and the ontology cache the composition root wires in.
export { createContentFetcher } from "./fetch/content.ts";
export { createExtractor, extractionProcessArgs, type Extractor } from "./isolate/pool.ts";
export { ownAddressCheck } from "./fetch/own_addresses.ts";
export { type CheckedTarget, checkOutboundUrl, postToTarget } from "./fetch/outbound_post.ts";
export type { UrlPolicy } from "./fetch/url_policy.ts";
export { createDirectoryClient } from "./clients/directory.ts";
export { embedTexts, vectorText } from "./clients/embedding.ts";
export { generate, modelTarget } from "./clients/model.ts";
export { createOntologyCache } from "./ontology.ts";

// Korean analysis and extraction as ingestion applies them, for benchmarks that load corpora the same way.
export { analyze, bigrams, expandQuery, queryLexemes, toTsqueryText, toTsvectorText } from "./text/korean.ts";
export { finalIndex } from "./text/korean_endings.ts";
export { chunkDocument } from "./text/chunk.ts";
export { ExtractionError, extractText } from "./extract/mod.ts";
