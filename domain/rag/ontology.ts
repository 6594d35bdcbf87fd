/**
 * The approved ontology pack, read through the directory's `GET /ontology/pack` and
 * cached by its ETag: searches expand questions with its aliases and abbreviations,
 * and answers (CONTRACT 2.3) quote its concepts as interpretation notes. When the
 * directory cannot be reached the last pack read stays in use, and a search never
 * waits long for a refresh.
 */
import type { Logger } from "@/lib/log.ts";
import { errorFields } from "@/lib/log.ts";
import type { Concept, DirectoryClient } from "./clients/directory.ts";
import { buildMatcher, type TermMatcher } from "@/domain/glossary/mod.ts";
import { buildSynonyms, type Synonyms } from "./text/korean.ts";

/** The pack as searches and answers use it. */
export interface Ontology {
  concepts: readonly Concept[];
  synonyms: Synonyms;
  /** Finds the concepts' notations, aliases and abbreviations in a text (built once per pack). */
  matcher: TermMatcher;
  /** The pack's ETag, or null before the first successful read. */
  etag: string | null;
}

function ontologyOf(concepts: Concept[], etag: string | null): Ontology {
  const surfaces = concepts.flatMap((c) =>
    [c.notation, ...c.aliases, ...c.abbreviations].map((surface) => ({ termId: c.id, surface }))
  );
  return { concepts, synonyms: buildSynonyms(concepts), matcher: buildMatcher(surfaces), etag };
}

const EMPTY = ontologyOf([], null);

/** Options of the cache. */
export interface OntologyCacheOptions {
  /** How long a pack is used before the directory is asked again (a 304 is cheap). */
  refreshMs?: number;
  /** How long a caller waits for a refresh before going on with the pack it has. */
  waitMs?: number;
  log?: Logger;
}

/** A cache of the pack; `current()` refreshes it when due. */
export function createOntologyCache(directory: Pick<DirectoryClient, "ontologyPack">, o: OntologyCacheOptions = {}) {
  const refreshMs = o.refreshMs ?? 30_000;
  const waitMs = o.waitMs ?? 1000;
  let state = EMPTY;
  let checkedAt = 0;
  let refreshing: Promise<void> | null = null;

  async function refresh() {
    try {
      const fresh = await directory.ontologyPack(state.etag);
      if (fresh) {
        state = ontologyOf(fresh.concepts, fresh.etag || null);
      }
    } catch (err) {
      o.log?.warn("ontology pack unavailable; using the last one read", errorFields(err));
    } finally {
      checkedAt = Date.now();
    }
  }

  return {
    async current(): Promise<Ontology> {
      if (Date.now() - checkedAt >= refreshMs) {
        refreshing ??= refresh().finally(() => refreshing = null);
        let timer: ReturnType<typeof setTimeout> | undefined;
        await Promise.race([refreshing, new Promise((r) => timer = setTimeout(r, waitMs))]);
        clearTimeout(timer);
      }
      return state;
    },
    /** Forgets when the pack was read, so the next call asks the directory. */
    invalidate() {
      checkedAt = 0;
    },
  };
}

/** A cache of the ontology pack. */
export type OntologyCache = ReturnType<typeof createOntologyCache>;
