/**
 * Authorization snapshots as wire records: the publication a portal sends, its receipt, and the permission
 * dashboard's views (re-exported by schemas.ts, so every directory schema is reached one way).
 */
import { z } from "zod";

/** The most entries one publication may carry (CONTRACT 1.3 rule 3). */
export const MAX_SNAPSHOT_ENTRIES = 200_000;
/** The most assignments one entry may carry. */
export const MAX_ASSIGNMENTS = 10_000;

/** One assignment of the seed's AuthorizationAssignment. */
export const AuthorizationAssignment = z.strictObject({
  kind: z.enum(["GROUP", "ROLE", "PERMISSION"]),
  key: z.string().min(1).max(300),
  label: z.string().min(1).max(500),
  scope: z.string().max(500).nullable().optional(),
}).meta({ id: "AuthorizationAssignment" });
/** An assignment as a portal sends it (scope may be absent). */
export type AuthorizationAssignment = z.output<typeof AuthorizationAssignment>;

/** One entry: a central user ID and that user's assignments in the portal. */
export const AuthorizationEntry = z.strictObject({
  userId: z.uuid(),
  assignments: z.array(AuthorizationAssignment).max(MAX_ASSIGNMENTS),
}).meta({ id: "AuthorizationEntry" });

/** The whole body, for the OpenAPI document (the route validates it entry by entry). */
export const AuthorizationSnapshot = z.strictObject({
  portalId: z.string().min(1).max(100),
  sourceVersion: z.string().min(1).max(200),
  entries: z.array(AuthorizationEntry).max(MAX_SNAPSHOT_ENTRIES),
}).meta({ id: "AuthorizationSnapshot" });

/** What a successful publication answers. */
export const SnapshotReceipt = z.object({
  snapshotId: z.uuid(),
  portalId: z.string(),
  sourceVersion: z.string(),
  userCount: z.number().int(),
  assignmentCount: z.number().int(),
  collectedAt: z.string(),
}).meta({ id: "AuthorizationSnapshotReceipt" });
/** What a successful publication answers. */
export type SnapshotReceipt = z.output<typeof SnapshotReceipt>;

/** One portal's row on the dashboard. */
export const PortalSnapshot = z.object({
  portalId: z.string(),
  snapshot: z.object({
    id: z.uuid(),
    sourceVersion: z.string(),
    collectedAt: z.string(),
    userCount: z.number().int(),
    assignmentCount: z.number().int(),
  }).nullable(),
  publication: z.object({
    state: z.string(),
    lastSuccessAt: z.string().nullable(),
    lastFailureAt: z.string().nullable(),
    error: z.string().nullable(),
  }),
  lastSyncAt: z.string().nullable(),
  snapshotOlderThanSync: z.boolean(),
  driftUsers: z.number().int(),
  changedUsers: z.number().int(),
}).meta({ id: "PortalSnapshot" });
/** One portal's row on the dashboard. */
export type PortalSnapshot = z.output<typeof PortalSnapshot>;

/** One user of a portal's latest snapshot, with the user's current state and a drift flag. */
export const PortalSnapshotEntry = z.object({
  userId: z.uuid(),
  loginId: z.string(),
  koreanName: z.string(),
  englishName: z.string(),
  employmentStatus: z.string(),
  isActive: z.boolean(),
  deleted: z.boolean(),
  companyId: z.uuid(),
  assignments: z.array(AuthorizationAssignment),
  drift: z.boolean(),
}).meta({ id: "SnapshotEntry" });
/** One user of a portal's latest snapshot. */
export type PortalSnapshotEntry = z.output<typeof PortalSnapshotEntry>;

/** What a portal's latest snapshot added and removed for one user against its previous one. */
export const SnapshotChange = z.object({
  userId: z.uuid(),
  loginId: z.string().nullable(),
  koreanName: z.string().nullable(),
  englishName: z.string().nullable(),
  added: z.array(AuthorizationAssignment),
  removed: z.array(AuthorizationAssignment),
}).meta({ id: "SnapshotChange" });
/** What a snapshot changed for one user. */
export type SnapshotChange = z.output<typeof SnapshotChange>;

/** A user's assignments in one portal, split by kind. */
export const UserPortalAssignments = z.object({
  portalId: z.string(),
  snapshotId: z.uuid(),
  sourceVersion: z.string(),
  collectedAt: z.string(),
  companyId: z.uuid(),
  groups: z.array(AuthorizationAssignment),
  roles: z.array(AuthorizationAssignment),
  permissions: z.array(AuthorizationAssignment),
  drift: z.boolean(),
});
