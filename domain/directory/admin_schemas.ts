/**
 * What the admin API alone returns: issued user tokens, the audit log and import results
 * (re-exported by schemas.ts, so every directory schema is reached one way).
 */
import { z } from "zod";

/** An issued token and what it says (never logged or stored). */
export const IssuedUserToken = z.object({
  token: z.string(),
  tokenType: z.literal("Bearer"),
  expiresAt: z.string(),
  claims: z.record(z.string(), z.unknown()),
}).meta({ id: "IssuedUserToken" });
/** An issued token. */
export type IssuedUserToken = z.output<typeof IssuedUserToken>;

/** An entry of the audit log. */
export const AuditEntry = z.object({
  id: z.number().int(),
  at: z.string(),
  actorKind: z.string(),
  actorId: z.string().nullable(),
  actorLabel: z.string().nullable(),
  action: z.string(),
  outcome: z.string(),
  targetType: z.string().nullable(),
  targetId: z.string().nullable(),
  requestId: z.string().nullable(),
  details: z.record(z.string(), z.unknown()),
}).meta({ id: "AuditEntry" });
/** An entry of the audit log. */
export type AuditEntry = z.output<typeof AuditEntry>;

/** What an import did: counts, and each row's outcome. */
export const UserImportResult = z.object({
  created: z.number().int(),
  updated: z.number().int(),
  unchanged: z.number().int(),
  failed: z.number().int(),
  results: z.array(z.object({
    line: z.number().int(),
    loginId: z.string().nullable(),
    status: z.enum(["created", "updated", "unchanged", "failed"]),
    id: z.uuid().optional(),
    code: z.string().optional(),
    message: z.string().optional(),
    field: z.string().optional(),
  })),
}).meta({ id: "UserImportResult" });
/** What an import did. */
export type UserImportResult = z.output<typeof UserImportResult>;
