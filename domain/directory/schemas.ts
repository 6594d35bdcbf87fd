/**
 * The directory's wire schemas (plain zod, registered as OpenAPI components by
 * their `meta` id): what the admin API, the import file and the portal API
 * accept and return. Routes and scripts validate with these; the domain trusts
 * what they produce.
 */
import { z } from "zod";
import { PORTAL_ID } from "@/lib/portal_ids.ts";
import { UserPortalAssignments } from "./snapshot_schemas.ts";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Whether text has the shape of a UUID (any version), so it may be compared with a uuid column. */
export const isUuid = (text: string): boolean => UUID.test(text);

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
/** A user to create, as validated. */
export type UserCreate = z.output<typeof UserCreate>;

/** An import row: the user fields without the name rule, since a row updating a user may omit names. */
export const UserImportRow = z.strictObject(userFields).meta({ id: "UserImportRow" });

/** A partial user update carrying the version it was based on. */
export const UserPatch = z.strictObject({
  ...Object.fromEntries(Object.entries(userFields).map(([k, v]) => [k, v.optional()])) as {
    [K in keyof typeof userFields]: z.ZodOptional<(typeof userFields)[K]>;
  },
  version: z.number().int().min(0),
}).meta({ id: "UserPatch" });
/** A partial user update, as validated. */
export type UserPatch = z.output<typeof UserPatch>;

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
/** The DirectoryUser record. */
export type DirectoryUser = z.output<typeof DirectoryUser>;

/** A user's groups, roles and permissions in every portal, beside the user's directory state. */
export const UserSnapshotView = z.object({ user: DirectoryUser, portals: z.array(UserPortalAssignments) });
/** A user's assignments in every portal. */
export type UserSnapshotView = z.output<typeof UserSnapshotView>;

/** A deleted record, or one that left the filtered set, in a change feed. */
export const Tombstone = z.object({ id: z.uuid(), deleted: z.literal(true), version: z.number().int() })
  .meta({ id: "Tombstone" });
/** A tombstone. */
export type Tombstone = z.output<typeof Tombstone>;

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
/** A department to create, as validated. */
export type DepartmentCreate = z.output<typeof DepartmentCreate>;

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
/** A partial department update, as validated. */
export type DepartmentPatch = z.output<typeof DepartmentPatch>;

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
/** A department record. */
export type Department = z.output<typeof Department>;

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
/** A company record. */
export type Company = z.output<typeof Company>;

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
/** A portal's sync report, as validated. */
export type SyncReport = z.output<typeof SyncReport>;

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
/** A sync status record. */
export type SyncStatus = z.output<typeof SyncStatus>;

/** A portal's row in the admin sync view: every resource's status and its credential failures. */
export const PortalSync = z.object({
  portalId: z.string(),
  resources: z.array(SyncStatus),
  credentialFailures: z.object({ count: z.number().int(), lastAt: z.string(), lastReason: z.string() }).nullable(),
  /** Ids of the portal's webhook subscriptions that were given up on (state failing) until it resumes them. */
  failingSubscriptions: z.array(z.string()),
  needsCheck: z.boolean(),
}).meta({ id: "PortalSync" });
/** A portal's row in the admin sync view. */
export type PortalSync = z.output<typeof PortalSync>;

/** A portal's push of a whole common user group. */
export const GroupPush = z.strictObject({
  code: z.string().trim().min(1).max(100),
  name: name,
  description: z.string().max(2000).optional(),
  companyId: z.uuid().nullable().optional(),
  memberIds: z.array(z.uuid()).max(100_000).optional(),
  baseVersion: z.number().int().min(0).optional(),
}).meta({ id: "UserGroupPush" });
/** A portal's push of a group, as validated. */
export type GroupPush = z.output<typeof GroupPush>;

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
/** A common user group record. */
export type UserGroup = z.output<typeof UserGroup>;

/** A request for a user token. */
export const UserTokenRequest = z.strictObject({
  userId: z.uuid(),
  ttlSeconds: z.number().int().min(60).max(3600).optional(),
  ragAdmin: z.boolean().optional(),
  operator: z.boolean().optional().meta({
    description: "Adds `installation_operator: true`; only for users listed in INSTALLATION_OPERATORS (else 403)",
  }),
  portalId: z.string().regex(PORTAL_ID, "must be 1-100 characters without ':' or spaces").optional()
    .meta({
      description: "The portal the token speaks for (claim portal_id): it may register and replace that portal's " +
        "documents in the retrieval service",
    }),
}).meta({ id: "UserTokenRequest" });
/** A request for a user token, as validated. */
export type UserTokenRequest = z.output<typeof UserTokenRequest>;

export * from "./admin_schemas.ts";
export * from "./glossary_schemas.ts";
export * from "./snapshot_schemas.ts";
