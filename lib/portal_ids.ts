/**
 * How a portal id is spelled wherever one names the owner of documents: in an ingestion request, a user token's
 * `portal_id` claim, `RAG_OPEN_PORTALS` and the directory's token request. The colon is excluded because content
 * keys and reference nodes use it as a separator.
 */

/** 1 to 100 characters, no ':' and no whitespace. */
export const PORTAL_ID = /^[^:\s]{1,100}$/;

/** True when `text` is a well-formed portal id. */
export function isPortalId(text: unknown): text is string {
  return typeof text === "string" && PORTAL_ID.test(text);
}
