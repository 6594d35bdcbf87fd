/**
 * The portal client: typed operations generated from the service's OpenAPI document, and helpers for what every
 * portal must get right (cursor walks, `updatedSince` with 410 resync, the pack's ETag, streamed snapshots,
 * webhook signatures, 429 backoff). Runs under Deno and under Node (22.6+ type stripping, or the bundle).
 */
export { createPortalClient, type PortalClient, type PortalClientOptions, PortalError, unwrap } from "./client.ts";
export { backoffFetch, type BackoffOptions, retryDelayMs } from "./rate_limit.ts";
export { type PageReader, readAll, walkPages } from "./pages.ts";
export { type Feed, feedReader, type FeedRecords, type MirrorSink, syncFeed, type SyncOutcome } from "./change_feed.ts";
export { type CachedPack, fetchOntologyPack, OntologyPackCache, type PackRefresh } from "./ontology.ts";
export { publishSnapshot, snapshotBody, type SnapshotSource } from "./snapshot.ts";
export { type VerifyOptions, verifyWebhook, WebhookVerificationError } from "./webhooks.ts";
export type * from "./types.ts";
export type { components, paths } from "./schema.gen.ts";
