/**
 * Wire schemas of webhook subscriptions (issue 19): what a portal sends to register and change one, what it
 * reads back, and the body of a delivery. Registered as OpenAPI components by their `meta` id.
 */
import { z } from "zod";

/** The resources a subscription may cover. */
export const WEBHOOK_RESOURCES = [
  "users",
  "departments",
  "user-groups",
  "glossary-terms",
  "content-term-links",
] as const;

const resource = z.enum(WEBHOOK_RESOURCES);

/** A registration. */
export const SubscriptionCreate = z.strictObject({
  url: z.string().min(1).max(2048).describe("Where deliveries are POSTed; checked against the URL policy"),
  resources: z.array(resource).min(1).max(WEBHOOK_RESOURCES.length)
    .refine((r) => new Set(r).size === r.length, "must not repeat a resource"),
  companyId: z.uuid().optional().describe("Only changes of this company (records without a company always pass)"),
}).meta({ id: "SubscriptionCreate" });
/** A registration, as validated. */
export type SubscriptionCreate = z.output<typeof SubscriptionCreate>;

/** A change to a subscription: pause or resume it, or rotate its secret. */
export const SubscriptionUpdate = z.strictObject({
  state: z.enum(["active", "paused"]).optional().describe("active resumes (also a failing one); paused pauses"),
  rotateSecret: z.literal(true).optional().describe("A new secret; the old one stays valid for a day"),
}).refine((u) => u.state !== undefined || u.rotateSecret !== undefined, "must change state or rotate the secret")
  .meta({ id: "SubscriptionUpdate" });
/** A change to a subscription, as validated. */
export type SubscriptionUpdate = z.output<typeof SubscriptionUpdate>;

/** One delivery attempt. */
export const WebhookAttempt = z.object({
  messageId: z.string(),
  resource,
  fromDataVersion: z.number().int(),
  dataVersion: z.number().int(),
  idCount: z.number().int(),
  status: z.number().int().nullable().describe("The receiver's HTTP status; null when none came"),
  error: z.string().nullable(),
  durationMs: z.number().int(),
  at: z.string(),
}).meta({ id: "WebhookAttempt" });
/** One delivery attempt. */
export type WebhookAttempt = z.output<typeof WebhookAttempt>;

/** A subscription as its portal reads it (its secret only when created or rotated). */
export const Subscription = z.object({
  id: z.uuid(),
  portalId: z.string(),
  url: z.string(),
  resources: z.array(resource),
  companyId: z.string().nullable(),
  state: z.enum(["active", "paused", "failing"]),
  consecutiveFailures: z.number().int(),
  failingSince: z.string().nullable(),
  nextAttemptAt: z.string(),
  lastSuccessAt: z.string().nullable(),
  lastError: z.string().nullable(),
  previousSecretExpiresAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  recentDeliveries: z.array(WebhookAttempt),
  secret: z.string().optional().describe("whsec_...: shown once, when created or rotated"),
}).meta({ id: "Subscription" });
/** A subscription as its portal reads it. */
export type Subscription = z.output<typeof Subscription>;

/**
 * The body of a delivery: which records of a resource changed in the versions after `fromDataVersion` up to and
 * including `dataVersion`, never the records themselves (the portal reads them through the change feed).
 */
export const WebhookEvent = z.object({
  type: z.literal("directory.changed"),
  resource,
  fromDataVersion: z.number().int().describe("Exclusive: changes with a version above this"),
  dataVersion: z.number().int().describe("Inclusive: through this version"),
  ids: z.array(z.string()).describe("Changed records (content keys for content-term-links), deduplicated"),
}).meta({ id: "WebhookEvent" });
/** The body of a delivery. */
export type WebhookEvent = z.output<typeof WebhookEvent>;
