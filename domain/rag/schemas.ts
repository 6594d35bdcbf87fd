/**
 * The retrieval service's wire records (plain zod, registered as OpenAPI components by their `meta` id): what
 * its API and the gateway adapters accept and return. Routes validate and document with these; every type of a
 * record is inferred from its schema here, so the domain, the routes and the tests read one declaration.
 */
import { z } from "zod";

export * from "./settings_schemas.ts";

/** Security levels, lowest first. */
export const SECURITY_LEVELS = ["PUBLIC", "INTERNAL", "CONFIDENTIAL", "RESTRICTED"] as const;

/** The three rankings. */
export const LEGS = ["vector", "text", "bigram"] as const;
/** One ranking. */
export type Leg = typeof LEGS[number];

/** The seed's document ingestion request. */
export const IngestionRequest = z.strictObject({
  portalId: z.string().trim().min(1).max(100).regex(/^[^:\s]+$/, "must not contain ':' or spaces"),
  sourceDocumentId: z.uuid(),
  sourceVersion: z.string().trim().min(1).max(200),
  tenantId: z.uuid(),
  organizationIds: z.array(z.uuid()).min(1).max(100),
  securityLevel: z.enum(SECURITY_LEVELS),
  classification: z.string().max(200).optional(),
  title: z.string().trim().min(1).max(1000),
  contentLocator: z.string().min(1).max(4000),
  checksum: z.string().regex(/^[0-9a-f]{64}$/, "must be the lowercase hex SHA-256 of the body"),
  contentType: z.string().min(1).max(200),
  registrant: z.strictObject({ id: z.string().min(1).max(200), departmentCode: z.string().max(100) }),
  sizeBytes: z.number().int().min(0),
}).meta({ id: "IngestionRequest" });
/** An ingestion request. */
export type IngestionRequest = z.output<typeof IngestionRequest>;

/** What accepting a document answers: indexed (waited for), or where its job stands. */
export const IngestionResult = z.union([
  z.object({ indexed: z.literal(true), documentId: z.uuid(), chunkCount: z.number().int(), sourceVersion: z.string() }),
  z.object({
    indexed: z.literal(false),
    documentId: z.uuid(),
    status: z.enum(["queued", "indexing", "pending_approval"]),
  }),
]).meta({ id: "IngestionResult" });
/** What accepting a document answers. */
export type IngestionResult = z.output<typeof IngestionResult>;

/** A document's state as its reader sees it. */
export const DocumentState = z.object({
  documentId: z.uuid(),
  status: z.enum(["queued", "indexing", "indexed", "failed", "pending_approval"]),
  chunkCount: z.number().int(),
  sourceVersion: z.string(),
  indexedVersion: z.string().nullable(),
  published: z.boolean(),
  error: z.string().optional(),
  errorCode: z.string().optional(),
}).meta({ id: "DocumentState" });
/** A document's state. */
export type DocumentState = z.output<typeof DocumentState>;

/** A document as the callers' list and the lookup by source identity show it. */
export const DocumentSummary = z.object({
  documentId: z.uuid(),
  portalId: z.string(),
  sourceDocumentId: z.uuid(),
  title: z.string(),
  status: DocumentState.shape.status,
  sourceVersion: z.string(),
  indexedVersion: z.string().nullable(),
  published: z.boolean(),
  chunkCount: z.number().int(),
  errorCode: z.string().nullable(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
}).meta({ id: "DocumentSummary" });
/** A document as the callers' list shows it. */
export type DocumentSummary = z.output<typeof DocumentSummary>;

/** A page of the callers' document list. */
export const DocumentPage = z.object({ items: z.array(DocumentSummary), nextCursor: z.string().nullable() })
  .meta({ id: "DocumentPage" });
/** A page of the callers' document list. */
export type DocumentPage = z.output<typeof DocumentPage>;

/** What a purge answers. */
export const Purged = z.object({ purged: z.literal(true) });
/** What a purge answers. */
export type Purged = z.output<typeof Purged>;

/** The question of a search or an answer. */
export const Question = z.string().trim().min(1).max(4000);

/** The search request (the console's test bench validates its form with it too). */
export const SearchRequest = z.strictObject({
  question: Question,
  limit: z.number().int().min(1).max(50).default(10),
  legs: z.array(z.enum(LEGS)).min(1).max(3).refine((l) => new Set(l).size === l.length, "legs must not repeat")
    .optional()
    .meta({ description: "Only these rankings (all three by default), to see what each contributes" }),
}).meta({ id: "SearchRequest" });
/** A search request, as validated. */
export type SearchRequest = z.output<typeof SearchRequest>;

const score = z.number().nullable();
const rank = z.number().int().nullable();

/** One context, best first, with every leg's score and rank so a result can be explained. */
export const SearchContext = z.object({
  chunkId: z.string(),
  documentId: z.uuid(),
  sourceDocumentId: z.uuid(),
  portalId: z.string(),
  title: z.string(),
  chunkIndex: z.number().int(),
  content: z.string(),
  headingPath: z.array(z.string()),
  securityLevel: z.enum(SECURITY_LEVELS),
  sourceVersion: z.string(),
  vector_score: score,
  text_score: score,
  bigram_score: score,
  hybrid_score: z.number(),
  vector_rank: rank,
  text_rank: rank,
  bigram_rank: rank,
}).meta({ id: "SearchContext" });
/** One context of a search. */
export type SearchContext = z.output<typeof SearchContext>;

/** What a search answers: contexts, best first. */
export const SearchResponse = z.object({ contexts: z.array(SearchContext) });
/** What a search answers. */
export type SearchResponse = z.output<typeof SearchResponse>;

/** An answer request. */
export const AskRequest = z.strictObject({ question: Question }).meta({ id: "AskRequest" });

/** A citation: the context a marker names. */
export const Citation = z.object({
  marker: z.number().int(),
  documentId: z.uuid(),
  sourceDocumentId: z.uuid(),
  portalId: z.string(),
  title: z.string(),
  chunkIndex: z.number().int(),
  excerpt: z.string(),
}).meta({ id: "Citation" });
/** A citation. */
export type Citation = z.output<typeof Citation>;

const answerReason = z.enum(["no_evidence", "no_gateway_mapping"]);

/** An answer with its citations. */
export const Answer = z.object({
  answer: z.string(),
  citations: z.array(Citation),
  grounded: z.boolean(),
  mode: z.enum(["gateway", "local", "extractive"]),
  reason: answerReason.optional(),
}).meta({ id: "Answer" });
/** An answer with its citations. */
export type Answer = z.output<typeof Answer>;

/** The gateway's search request. */
export const ExploreSearchRequest = z.strictObject({
  query: Question,
  limit: z.number().int().min(1).max(50).default(10),
}).meta({ id: "ExploreSearchRequest" });

/** One document hit as the gateway reads it. */
export const ExploreSearchItem = z.object({
  id: z.string(),
  title: z.string(),
  snippet: z.string(),
  score: z.number(),
  source: z.object({ portalId: z.string(), sourceDocumentId: z.uuid(), chunkIndex: z.number().int() }),
}).meta({ id: "ExploreSearchItem" });

/** What the gateway's search answers. */
export const ExploreSearchResponse = z.object({
  capability: z.literal("search"),
  kind: z.literal("document"),
  items: z.array(ExploreSearchItem),
});
/** What the gateway's search answers. */
export type ExploreSearchResponse = z.output<typeof ExploreSearchResponse>;

/** The gateway's answer request. */
export const ExploreAskRequest = z.strictObject({ question: Question }).meta({ id: "ExploreAskRequest" });

/** What the gateway's answer carries: the answer without its mode. */
export const ExploreAnswer = z.object({
  capability: z.literal("answer"),
  answer: z.string(),
  citations: z.array(Citation),
  grounded: z.boolean(),
  reason: answerReason.optional(),
});
/** What the gateway's answer carries. */
export type ExploreAnswer = z.output<typeof ExploreAnswer>;

/** `GET /me`: what the service derived from the caller's user token, so nobody decodes a JWT by hand. */
export const Me = z.object({
  sub: z.string(),
  tenantId: z.uuid().nullable(),
  organizationId: z.uuid().nullable(),
  /** Whether the organization is in the service's copy of the directory (a token naming another sees only public). */
  organizationSynced: z.boolean(),
  /** The organizations whose documents this caller may read (an administrator reads the whole tenant). */
  readableOrganizations: z.union([z.array(z.uuid()), z.literal("tenant")]),
  clearance: z.enum(SECURITY_LEVELS),
  roles: z.array(z.enum(["tenant_admin", "installation_operator"])),
  portalId: z.string().nullable(),
}).meta({ id: "Me" });
export type Me = z.output<typeof Me>;
