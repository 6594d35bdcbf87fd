/**
 * The glossary's wire schemas: term proposals and edits, terms, content-term links, content bodies and
 * relations (re-exported by schemas.ts, so every directory schema is reached one way).
 */
import { z } from "zod";

const CONTENT_KEY = /^[^:\s]+:[^:\s]+:\S+$/;
/** A content key, `<portalId>:<entityType>:<entityId>`. */
export const ContentKey = z.string().max(500).regex(CONTENT_KEY, "must be <portalId>:<entityType>:<entityId>");
const surfaces = z.array(z.string().trim().min(1).max(200)).max(50);

/** Where a proposed term was seen. */
export const Evidence = z.strictObject({
  kind: z.literal("content"),
  contentKey: ContentKey,
  excerpt: z.string().max(1000).optional(),
}).meta({ id: "TermEvidence" });
/** Where a proposed term was seen. */
export type Evidence = z.output<typeof Evidence>;

/** A proposal of one term. */
export const TermProposal = z.strictObject({
  notation: z.string().trim().min(1).max(200),
  definition: z.string().max(10_000).optional(),
  aliases: surfaces.optional(),
  abbreviations: surfaces.optional(),
  scope: z.string().trim().min(1).max(100).optional(),
  evidence: z.array(Evidence).max(100).optional(),
}).meta({ id: "TermProposal" });
/** A proposal of one term, as validated. */
export type TermProposal = z.output<typeof TermProposal>;

/** What a batch of proposals did. */
export const ProposalResult = z.object({
  proposed: z.array(z.object({ id: z.uuid(), notation: z.string() })),
  skipped: z.array(z.object({ notation: z.string(), reason: z.literal("exists"), termId: z.uuid() })),
});
/** What a batch of proposals did. */
export type ProposalResult = z.output<typeof ProposalResult>;

/** A batch of proposals (at most 1,000). */
export const TermProposals = z.strictObject({ terms: z.array(TermProposal).min(1).max(1000) }).meta({
  id: "TermProposals",
});

/** A portal's term update; `status` is accepted only to be refused with status_not_writable. */
export const PortalTermPatch = z.strictObject({
  definition: z.string().max(10_000).optional(),
  aliases: surfaces.optional(),
  abbreviations: surfaces.optional(),
  scope: z.string().trim().min(1).max(100).nullable().optional(),
  status: z.unknown().optional().describe("Not writable: sending it is 400 status_not_writable"),
}).meta({ id: "PortalTermPatch" });

/** An administrator's term update (status changes go through approve, reject and deprecate). */
export const AdminTermPatch = z.strictObject({
  notation: z.string().trim().min(1).max(200).optional(),
  definition: z.string().max(10_000).optional(),
  aliases: surfaces.optional(),
  abbreviations: surfaces.optional(),
  scope: z.string().trim().min(1).max(100).nullable().optional(),
  isActive: z.boolean().optional(),
  status: z.unknown().optional().describe("Not writable: use approve, reject or deprecate"),
}).meta({ id: "AdminTermPatch" });
/** An administrator's term update, as validated. */
export type AdminTermPatch = z.output<typeof AdminTermPatch>;

/** A term's status. */
export const TERM_STATUSES = ["proposed", "approved", "rejected", "deprecated"] as const;
/** A term's status. */
export type TermStatus = typeof TERM_STATUSES[number];

/** A term record. */
export const Term = z.object({
  id: z.uuid(),
  notation: z.string(),
  aliases: z.array(z.string()),
  abbreviations: z.array(z.string()),
  definition: z.string(),
  scope: z.string().nullable(),
  status: z.enum(TERM_STATUSES),
  isActive: z.boolean(),
  evidence: z.array(Evidence),
  proposedBy: z.string().nullable(),
  decidedBy: z.string().nullable(),
  decidedAt: z.string().nullable(),
  version: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
}).meta({ id: "Term" });
/** A term record. */
export type Term = z.output<typeof Term>;

/** Where a term revision stands: pending until an administrator decides; superseded by its portal's next edit. */
export const REVISION_STATUSES = ["pending", "approved", "rejected", "superseded"] as const;

/** The fields a revision changes, only those present. */
export const TermChanges = z.object({
  definition: z.string().optional(),
  aliases: z.array(z.string()).optional(),
  abbreviations: z.array(z.string()).optional(),
  scope: z.string().nullable().optional(),
}).meta({ id: "TermChanges" });

/**
 * A portal's edit of an approved term, waiting for (or past) an administrator's review: `changes` holds what it
 * would write, `current` the term's values of those fields now (the diff's two sides).
 */
export const TermRevision = z.object({
  id: z.uuid(),
  termId: z.uuid(),
  notation: z.string(),
  termStatus: z.enum(TERM_STATUSES),
  status: z.enum(REVISION_STATUSES),
  proposedBy: z.string(),
  changes: TermChanges,
  current: TermChanges,
  baseVersion: z.number().int(),
  termVersion: z.number().int(),
  decidedBy: z.string().nullable(),
  decidedAt: z.string().nullable(),
  createdAt: z.string(),
}).meta({ id: "TermRevision" });
/** A term revision. */
export type TermRevision = z.output<typeof TermRevision>;

/** A relation as created. */
export const Relation = z.object({ id: z.uuid(), sourceId: z.uuid(), type: z.string(), targetId: z.string() });
/** A relation as created. */
export type Relation = z.output<typeof Relation>;

/** A deleted relation. */
export const RelationDeleted = z.object({ id: z.uuid(), deleted: z.literal(true) });
/** A deleted relation. */
export type RelationDeleted = z.output<typeof RelationDeleted>;

/** A term with its relations, for the admin's term page. */
export const TermWithRelations = Term.extend({
  relations: z.array(Relation.extend({ sourceNotation: z.string(), targetNotation: z.string().nullable() })),
}).meta({ id: "TermWithRelations" });
/** A term with its relations. */
export type TermWithRelations = z.output<typeof TermWithRelations>;

/** A term of the matching dictionary. */
export const MatchingTerm = Term.pick({
  id: true,
  notation: true,
  aliases: true,
  abbreviations: true,
  definition: true,
  version: true,
}).meta({ id: "MatchingTerm" });
/** A term of the matching dictionary. */
export type MatchingTerm = z.output<typeof MatchingTerm>;

/** The approved ontology pack for some scopes. */
export const OntologyPack = z.object({
  version: z.number().int(),
  generatedAt: z.string(),
  concepts: z.array(
    Term.pick({ id: true, notation: true, aliases: true, abbreviations: true, definition: true, scope: true }),
  ),
  relations: z.array(Relation.omit({ id: true })),
}).meta({ id: "OntologyPack" });
/** The approved ontology pack. */
export type OntologyPack = z.output<typeof OntologyPack>;

/** A link to push. */
export const LinkPushItem = z.strictObject({
  contentKey: ContentKey,
  termId: z.uuid(),
  detectedBy: z.enum(["dictionary", "llm", "manual"]),
  // Stored as a real: a value nearer zero than that type holds was a 500 (out of range), not a choice of score.
  confidence: z.number().min(0).max(1).refine((c) => c === 0 || c >= 1e-6, {
    error: "must be 0 or between 0.000001 and 1",
  }).optional(),
}).meta({ id: "ContentTermLinkPush" });

/** A batch of links (at most 5,000). */
export const LinkPush = z.strictObject({ links: z.array(LinkPushItem).max(5000) }).meta({ id: "ContentTermLinkBatch" });

/** What a push did. */
export const LinkPushResult = z.object({
  upserted: z.number().int(),
  unchanged: z.number().int(),
  skipped: z.array(z.object({
    contentKey: z.string(),
    termId: z.uuid(),
    reason: z.enum(["not_approved", "inactive", "unknown_term", "protected"]),
  })),
});
/** What a push did. */
export type LinkPushResult = z.output<typeof LinkPushResult>;

/** What tombstoning links did. */
export const LinksTombstoned = z.object({ tombstoned: z.number().int() });
/** What tombstoning links did. */
export type LinksTombstoned = z.output<typeof LinksTombstoned>;

/** A stored link. */
export const Link = z.object({
  contentKey: z.string(),
  termId: z.uuid(),
  portalId: z.string(),
  detectedBy: z.enum(["dictionary", "llm", "manual"]),
  confidence: z.number().nullable(),
  deleted: z.boolean(),
  deletedAt: z.string().nullable(),
  version: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
  term: z.object({ notation: z.string(), definition: z.string() }).optional(),
}).meta({ id: "ContentTermLink" });
/** A stored link. */
export type Link = z.output<typeof Link>;

/** An administrator's link of a content to a term (always `manual`, which no dictionary push overrides). */
export const ManualLink = z.strictObject({
  contentKey: ContentKey,
  termId: z.uuid(),
  confidence: LinkPushItem.shape.confidence,
}).meta({ id: "ManualContentTermLink" });
/** A manual link, as validated. */
export type ManualLink = z.output<typeof ManualLink>;

/** A content body for the term-linking worker. */
export const ContentBody = z.strictObject({
  contentKey: ContentKey,
  title: z.string().max(1000).optional(),
  body: z.string().min(1),
  contentType: z.enum(["text/html", "text/markdown", "text/plain"]),
  candidateTerms: z.array(z.string().trim().min(1).max(200)).max(500).optional(),
}).meta({ id: "ContentBody" });
/** A content body, as validated. */
export type ContentBody = z.output<typeof ContentBody>;

/** A queued content body's job. */
export const ContentBodyQueued = z.object({ jobId: z.uuid() });
/** A queued content body's job. */
export type ContentBodyQueued = z.output<typeof ContentBodyQueued>;

/** The state of a queued content body. */
export const ContentBodyStatus = z.object({
  id: z.uuid(),
  portalId: z.string(),
  contentKey: z.string(),
  status: z.enum(["queued", "done", "failed"]),
  result: z.record(z.string(), z.unknown()).nullable(),
  error: z.string().nullable(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
});
/** The state of a queued content body. */
export type ContentBodyStatus = z.output<typeof ContentBodyStatus>;

/** A relation to create; the target is a term id or a reference node <portalId>:<entityType>:<entityId>. */
export const RelationCreate = z.strictObject({
  sourceId: z.uuid(),
  type: z.enum(["broader", "narrower", "related", "synonym", "part_of", "references"]),
  targetId: z.union([z.uuid(), ContentKey]),
}).meta({ id: "RelationCreate" });
