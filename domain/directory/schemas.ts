/**
 * The directory's wire schemas (plain zod, registered as OpenAPI components by
 * their `meta` id): what the admin API, the import file and the portal API
 * accept and return. Routes and scripts validate with these; the domain trusts
 * what they produce.
 */
import { z } from "zod";

const CODE = /^[A-Za-z0-9][A-Za-z0-9_.-]{0,63}$/;
const code = z.string().regex(CODE, "must be 1-64 letters, digits, '_', '.' or '-', starting with a letter or digit");
const text = (max: number) => z.string().trim().max(max);
const name = z.string().trim().min(1).max(200);

/** Clearance levels by rank: 0 PUBLIC, 1 INTERNAL, 2 CONFIDENTIAL, 3 RESTRICTED. */
export const CLEARANCE_LEVELS = ["PUBLIC", "INTERNAL", "CONFIDENTIAL", "RESTRICTED"] as const;

/** A clearance as a rank 0-3 or a level name. */
export const Clearance = z.union([
  z.number().int().min(0).max(3),
  z.enum(CLEARANCE_LEVELS).transform((l) => CLEARANCE_LEVELS.indexOf(l)),
]);

const employmentStatus = z.enum(["ACTIVE", "LEAVE", "RETIRED"]);
const locale = z.string().regex(
  /^[a-z]{2,3}(-[A-Za-z0-9]{2,8})*$/,
  "must be a BCP 47 language tag such as ko or en-US",
);

const userFields = {
  loginId: z.string().trim().min(1).max(200),
  companyId: z.uuid().optional(),
  koreanName: text(200).optional(),
  englishName: text(200).optional(),
  email: z.union([z.literal(""), z.email().max(320)]).optional(),
  jobTitle: text(200).optional(),
  position: text(200).optional(),
  employeeNo: z.string().trim().min(1).max(64).nullable().optional(),
  isDepartmentHead: z.boolean().optional(),
  departmentId: z.uuid().nullable().optional(),
  deptCode: code.nullable().optional(),
  employmentStatus: employmentStatus.optional(),
  isActive: z.boolean().optional(),
  clearanceLevel: Clearance.optional(),
};

const hasName = (u: { koreanName?: string; englishName?: string }) => Boolean(u.koreanName || u.englishName);

/** A user to create (admin API, import rows). `headRole` was removed in 1.0.49 and is refused. */
export const UserCreate = z.strictObject(userFields)
  .refine(hasName, { message: "koreanName or englishName is required", path: ["koreanName"] })
  .meta({ id: "UserCreate" });

/** An import row: the user fields without the name rule, since a row updating a user may omit names. */
export const UserImportRow = z.strictObject(userFields).meta({ id: "UserImportRow" });

/** A partial user update carrying the version it was based on. */
export const UserPatch = z.strictObject({
  ...Object.fromEntries(Object.entries(userFields).map(([k, v]) => [k, v.optional()])) as {
    [K in keyof typeof userFields]: z.ZodOptional<(typeof userFields)[K]>;
  },
  version: z.number().int().min(0),
}).meta({ id: "UserPatch" });

/** The DirectoryUser record (seed fields plus companyId, companyDefaultLocale, clearanceLevel). */
export const DirectoryUser = z.object({
  id: z.uuid(),
  loginId: z.string(),
  name: z.string(),
  koreanName: z.string(),
  englishName: z.string(),
  email: z.string(),
  jobTitle: z.string(),
  position: z.string(),
  employeeNo: z.string().nullable(),
  isDepartmentHead: z.boolean(),
  departmentId: z.uuid().nullable(),
  departmentName: z.string().nullable(),
  deptCode: z.string().nullable(),
  employmentStatus,
  isEmployed: z.boolean(),
  isActive: z.boolean(),
  clearanceLevel: z.number().int(),
  version: z.number().int(),
  updatedAt: z.string(),
  companyId: z.uuid(),
  companyDefaultLocale: z.string(),
}).meta({ id: "DirectoryUser" });

/** A deleted record, or one that left the filtered set, in a change feed. */
export const Tombstone = z.object({ id: z.uuid(), deleted: z.literal(true), version: z.number().int() })
  .meta({ id: "Tombstone" });

/** A department to create. */
export const DepartmentCreate = z.strictObject({
  companyId: z.uuid().optional(),
  code,
  name,
  nameEn: text(200).optional(),
  parentId: z.uuid().nullable().optional(),
  sortOrder: z.number().int().min(0).max(999999).optional(),
  isActive: z.boolean().optional(),
}).meta({ id: "DepartmentCreate" });

/** A partial department update; `parentId` moves it (null: to the root). */
export const DepartmentPatch = z.strictObject({
  code: code.optional(),
  name: name.optional(),
  nameEn: text(200).optional(),
  parentId: z.uuid().nullable().optional(),
  sortOrder: z.number().int().min(0).max(999999).optional(),
  isActive: z.boolean().optional(),
  version: z.number().int().min(0),
}).meta({ id: "DepartmentPatch" });

/** A department record. */
export const Department = z.object({
  id: z.uuid(),
  code: z.string(),
  name: z.string(),
  nameEn: z.string(),
  parentId: z.uuid().nullable(),
  companyId: z.uuid(),
  companyDefaultLocale: z.string(),
  isActive: z.boolean(),
  depth: z.number().int(),
  path: z.array(z.uuid()).describe("Ancestor ids from the root to this department, inclusive"),
  sortOrder: z.number().int(),
  version: z.number().int(),
  updatedAt: z.string(),
}).meta({ id: "Department" });

/** A company to create. */
export const CompanyCreate = z.strictObject({
  code,
  name,
  nameEn: text(200).optional(),
  defaultLocale: locale.optional(),
  isActive: z.boolean().optional(),
}).meta({ id: "CompanyCreate" });

/** A partial company update. */
export const CompanyPatch = z.strictObject({
  code: code.optional(),
  name: name.optional(),
  nameEn: text(200).optional(),
  defaultLocale: locale.optional(),
  isActive: z.boolean().optional(),
  version: z.number().int().min(0),
}).meta({ id: "CompanyPatch" });

/** A company record. */
export const Company = z.object({
  id: z.uuid(),
  code: z.string(),
  name: z.string(),
  nameEn: z.string(),
  defaultLocale: z.string(),
  isActive: z.boolean(),
  version: z.number().int(),
  updatedAt: z.string(),
}).meta({ id: "Company" });

const syncResource = z.enum(["users", "departments", "user-groups", "authorization-snapshot"]);

/** A portal's sync report. */
export const SyncReport = z.strictObject({
  portalId: z.string().min(1).max(100),
  resource: syncResource,
  outcome: z.enum(["success", "failure"]),
  dataVersion: z.number().int().min(0).optional(),
  error: z.string().max(4000).optional(),
  occurredAt: z.iso.datetime({ offset: true }).optional(),
}).meta({ id: "SyncReport" });

/** A sync status record. */
export const SyncStatus = z.object({
  portalId: z.string(),
  resource: syncResource,
  state: z.enum(["NEVER_SYNCED", "HEALTHY", "STALE", "FAILED"]),
  lastSuccessAt: z.string().nullable(),
  lastFailureAt: z.string().nullable(),
  error: z.string().nullable(),
  dataVersion: z.number().int().nullable(),
  updatedAt: z.string().nullable(),
}).meta({ id: "SyncStatus" });

/** A portal's push of a whole common user group. */
export const GroupPush = z.strictObject({
  code: z.string().trim().min(1).max(100),
  name: name,
  description: z.string().max(2000).optional(),
  companyId: z.uuid().nullable().optional(),
  memberIds: z.array(z.uuid()).max(100_000).optional(),
  baseVersion: z.number().int().min(0).optional(),
}).meta({ id: "UserGroupPush" });

/** A common user group record; tombstones have `deleted: true` and no members. */
export const UserGroup = z.object({
  id: z.uuid(),
  code: z.string(),
  name: z.string(),
  description: z.string(),
  companyId: z.uuid().nullable(),
  memberIds: z.array(z.uuid()),
  deleted: z.boolean(),
  version: z.number().int(),
  updatedAt: z.string(),
}).meta({ id: "UserGroup" });

/** A request for a user token. */
export const UserTokenRequest = z.strictObject({
  userId: z.uuid(),
  ttlSeconds: z.number().int().min(60).max(3600).optional(),
  ragAdmin: z.boolean().optional(),
}).meta({ id: "UserTokenRequest" });

const CONTENT_KEY = /^[^:\s]+:[^:\s]+:\S+$/;
const contentKey = z.string().max(500).regex(CONTENT_KEY, "must be <portalId>:<entityType>:<entityId>");
const surfaces = z.array(z.string().trim().min(1).max(200)).max(50);

/** Where a proposed term was seen. */
export const Evidence = z.strictObject({
  kind: z.literal("content"),
  contentKey,
  excerpt: z.string().max(1000).optional(),
}).meta({ id: "TermEvidence" });

/** A proposal of one term. */
export const TermProposal = z.strictObject({
  notation: z.string().trim().min(1).max(200),
  definition: z.string().max(10_000).optional(),
  aliases: surfaces.optional(),
  abbreviations: surfaces.optional(),
  scope: z.string().trim().min(1).max(100).optional(),
  evidence: z.array(Evidence).max(100).optional(),
}).meta({ id: "TermProposal" });

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

/** A term record. */
export const Term = z.object({
  id: z.uuid(),
  notation: z.string(),
  aliases: z.array(z.string()),
  abbreviations: z.array(z.string()),
  definition: z.string(),
  scope: z.string().nullable(),
  status: z.enum(["proposed", "approved", "rejected", "deprecated"]),
  isActive: z.boolean(),
  evidence: z.array(Evidence),
  proposedBy: z.string().nullable(),
  decidedBy: z.string().nullable(),
  decidedAt: z.string().nullable(),
  version: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
}).meta({ id: "Term" });

/** A link to push. */
export const LinkPushItem = z.strictObject({
  contentKey,
  termId: z.uuid(),
  detectedBy: z.enum(["dictionary", "llm", "manual"]),
  confidence: z.number().min(0).max(1).optional(),
}).meta({ id: "ContentTermLinkPush" });

/** A batch of links (at most 5,000). */
export const LinkPush = z.strictObject({ links: z.array(LinkPushItem).max(5000) }).meta({ id: "ContentTermLinkBatch" });

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

/** A content body for the term-linking worker. */
export const ContentBody = z.strictObject({
  contentKey,
  title: z.string().max(1000).optional(),
  body: z.string().min(1),
  contentType: z.enum(["text/html", "text/markdown", "text/plain"]),
  candidateTerms: z.array(z.string().trim().min(1).max(200)).max(500).optional(),
}).meta({ id: "ContentBody" });

/** A relation to create; the target is a term id or a reference node <portalId>:<entityType>:<entityId>. */
export const RelationCreate = z.strictObject({
  sourceId: z.uuid(),
  type: z.enum(["broader", "narrower", "related", "synonym", "part_of", "references"]),
  targetId: z.union([z.uuid(), contentKey]),
}).meta({ id: "RelationCreate" });
