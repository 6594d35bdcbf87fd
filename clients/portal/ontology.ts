/**
 * The ontology pack with its strong ETag: a portal keeps the last pack and its tag and asks with `If-None-Match`;
 * 304 means the kept pack is still current. When the pack cannot be fetched the portal answers without grounding
 * (seed 1.9), so `refresh` reports a failure instead of hiding it behind the stale pack.
 */
import { type PortalClient, PortalError } from "./client.ts";
import type { OntologyPack } from "./types.ts";

/** A pack and the tag it came with. */
export interface CachedPack {
  pack: OntologyPack;
  etag: string;
}

/** What a refresh found. */
export interface PackRefresh extends CachedPack {
  /** False when the service answered 304 and the kept pack was reused. */
  changed: boolean;
}

/** Fetches the pack for `scopes`, reusing `kept` when the service says it is still current. */
export async function fetchOntologyPack(
  client: PortalClient,
  kept: CachedPack | undefined,
  o: { scopes?: string[] } = {},
): Promise<PackRefresh> {
  const { data, error, response } = await client.api.GET("/api/directory/v1/ontology/pack", {
    params: { query: { scope: o.scopes } },
    headers: kept ? { "if-none-match": kept.etag } : {},
  });
  if (response.status === 304 && kept) return { ...kept, changed: false };
  const etag = response.headers.get("etag");
  if (!response.ok || !data || !etag) throw new PortalError(response.status, error);
  return { pack: data.data, etag, changed: true };
}

/** Holds the current pack for one scope set, refreshing through the ETag. */
export class OntologyPackCache {
  #kept: CachedPack | undefined;
  readonly #client: PortalClient;
  readonly #scopes: string[] | undefined;

  // Plain fields rather than parameter properties, so Node can run this file by stripping types alone.
  constructor(client: PortalClient, scopes?: string[]) {
    this.#client = client;
    this.#scopes = scopes;
  }

  /** The pack as the service now has it (a 304 costs no transfer); throws when the service cannot answer. */
  async refresh(): Promise<PackRefresh> {
    const fresh = await fetchOntologyPack(this.#client, this.#kept, { scopes: this.#scopes });
    this.#kept = { pack: fresh.pack, etag: fresh.etag };
    return fresh;
  }
}
