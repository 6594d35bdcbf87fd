/**
 * Korean hybrid search (CONTRACT 2.1, 2.2): the question is analysed here (PostgreSQL
 * has no Korean parser), expanded with the approved glossary's aliases and
 * abbreviations, embedded, and ranked by one fused statement under the caller's
 * row-level security, on a streaming replica when one is configured. The audit row is
 * written on the primary before anything is answered (in the search's own transaction
 * when the search read the primary), with enough to replay why each chunk was visible.
 */
import { AppError } from "@/domain/errors.ts";
import { errorFields, type Logger } from "@/lib/log.ts";
import { timed } from "@/lib/metrics.ts";
import { insertRagAudit, organizationKnown } from "@/sql/rag/audit.ts";
import { type HybridRow, hybridSearch, tuneVectorScan } from "@/sql/rag/search.ts";
import { type PrincipalTx, type RequestPool, withPrincipal } from "@/sql/rag/session.ts";
import { dbPrincipal, type RagContext } from "./context.ts";
import { embedTexts, vectorText } from "./clients/embedding.ts";
import { analyze, bigrams, expandQuery, queryLexemes } from "./text/korean.ts";
import { lexicalQuery } from "./search_terms.ts";
import { assertDirectoryFresh } from "./organizations.ts";
import { searchLegs, searchStages } from "./metrics.ts";
import { questionHashOf } from "./keyed_hash.ts";
import type { Principal } from "./principal.ts";
import { type Leg, LEGS, type SearchContext, type SearchRequest, SECURITY_LEVELS, type Settings } from "./schemas.ts";

/** The analysed question: each leg's query, null when the leg is off or has nothing to look for. */
interface PreparedQuery {
  vector: string | null;
  /** The distinct word lexemes and bigrams to search for (empty: that leg does not run). */
  wordLexemes: string[];
  bigrams: string[];
  lexemes: string[];
  expandedWith: string[];
  vectorUnavailable: boolean;
}

/**
 * Analyses and embeds the question. An embedding endpoint that fails leaves the
 * lexical legs to answer alone (the audit row says so) rather than failing the search.
 */
async function prepare(
  ctx: RagContext,
  question: string,
  s: Settings,
  legs: ReadonlySet<Leg>,
  log?: Logger,
): Promise<PreparedQuery> {
  const lexemes = analyze(question);
  const { synonyms } = await ctx.ontology.current();
  const expanded = expandQuery(lexemes, synonyms);
  const wordLexemes = legs.has("text") ? queryLexemes(expanded) : [];
  const grams = legs.has("bigram") ? queryLexemes(bigrams(question)) : [];
  let vector: string | null = null;
  let vectorUnavailable = false;
  const endpoint = s.embedding.endpoint;
  if (legs.has("vector") && endpoint) {
    try {
      const [v] = await timed(searchStages, { stage: "embed" }, () =>
        embedTexts([question], {
          endpoint,
          model: s.embedding.model,
          batchSize: 1,
          attempts: 2,
          backoffMs: 100,
          // Two attempts share the 10 s a search may wait for the question's vector: a stalled server
          // must not cost every search 20 s before it answers from the lexical legs.
          timeoutMs: 5_000,
          apiKey: ctx.embeddingApiKey,
        }));
      vector = vectorText(v);
    } catch (err) {
      vectorUnavailable = true;
      log?.warn("question not embedded; searching with the lexical legs", errorFields(err));
    }
  } else if (legs.has("vector")) {
    vectorUnavailable = true;
  }
  return {
    vector,
    wordLexemes,
    bigrams: grams,
    lexemes,
    expandedWith: expanded.slice(lexemes.length),
    vectorUnavailable,
  };
}

/** The floor calibrated for the configured embedding model; another model's floor is on another scale. */
export function vectorFloorOf(s: Settings): number | null {
  const f = s.retrieval.vectorFloor;
  return f !== null && f.model === s.embedding.model ? f.floor : null;
}

/** Why a chunk was visible to the principal, in the audit's words. */
function admittedBy(p: Principal, row: HybridRow, publicOrgId: string): string {
  if (p.organizationId && row.organizationIds.includes(p.organizationId)) return "organization";
  if (row.organizationIds.includes(publicOrgId)) return "public_bucket";
  return "administrator";
}

function toContext(r: HybridRow): SearchContext {
  return {
    chunkId: String(r.chunkId),
    documentId: r.documentId,
    sourceDocumentId: r.sourceDocumentId,
    portalId: r.portalId,
    title: r.title,
    chunkIndex: r.chunkIndex,
    content: r.content,
    headingPath: r.headingPath,
    securityLevel: SECURITY_LEVELS[r.securityLevel],
    sourceVersion: r.sourceVersion,
    vector_score: r.vectorScore,
    text_score: r.textScore,
    bigram_score: r.bigramScore,
    hybrid_score: r.hybridScore,
    vector_rank: r.vectorRank,
    text_rank: r.textRank,
    bigram_rank: r.bigramRank,
  };
}

/** What a search returns to its caller (ask builds on it). */
export interface SearchOutcome {
  contexts: SearchContext[];
  /** The legs that ran; `vector` is missing when the question could not be embedded. */
  legs: Leg[];
}

/**
 * Searches as `p`; `action` names the audit row (`search`, or `ask` when an answer is
 * built on the contexts). Fails closed on a stale directory and, with
 * RAG_SERVICE_AUDIT_REQUIRED, on a principal whose organization is not synced.
 */
export async function searchContexts(
  ctx: RagContext,
  p: Principal,
  req: SearchRequest,
  action: "search" | "ask",
  log?: Logger,
): Promise<SearchOutcome> {
  const started = performance.now();
  const directoryVersion = await assertDirectoryFresh(ctx);
  const { version: settingsVersion, tenantVersion, settings } = await ctx.settings.forTenant(p.tenantId);
  const legs = new Set<Leg>(req.legs?.length ? req.legs : LEGS);
  const query = await prepare(ctx, req.question, settings, legs, log);
  const ran = LEGS.filter((l) =>
    legs.has(l) &&
    (l === "vector" ? query.vector !== null : (l === "text" ? query.wordLexemes : query.bigrams).length > 0)
  );
  const questionHash = await questionHashOf(ctx, req.question);
  const r = settings.retrieval;

  const principal = dbPrincipal(ctx, p);
  const audit = (tx: PrincipalTx, rows: HybridRow[], known: boolean) =>
    insertRagAudit(tx, {
      action,
      sub: p.sub,
      tenantId: p.tenantId,
      organizationId: p.organizationId,
      clearance: p.clearance,
      isAdmin: p.isAdmin,
      questionHash,
      results: rows.map((row) => ({
        documentId: row.documentId,
        sourceDocumentId: row.sourceDocumentId,
        sourceVersion: row.sourceVersion,
        chunkId: String(row.chunkId),
        chunkIndex: row.chunkIndex,
        securityLevel: row.securityLevel,
        organizationIds: row.organizationIds,
        admittedBy: admittedBy(p, row, ctx.publicOrgId),
      })),
      settingsVersion,
      directoryVersion,
      latencyMs: Math.round(performance.now() - started),
      details: {
        legs: ran,
        // The tenant's overrides version: with settingsVersion, what the replay shows as applied.
        ...(tenantVersion > 0 ? { tenantSettingsVersion: tenantVersion } : {}),
        ...(query.vectorUnavailable ? { vectorUnavailable: true } : {}),
        lexemes: query.lexemes.length,
        // Counts only: the question itself is kept as a hash.
        ...(query.expandedWith.length ? { expansions: query.expandedWith.length } : {}),
        ...(known ? {} : { organizationNotSynced: true }),
      },
    });
  const read = (pool: RequestPool) =>
    withPrincipal(pool, principal, async (tx) => {
      // A token without a tenant sees nothing; the audit row (which needs a tenant) is left to the refusal log.
      const scope = p.tenantId === null ? null : {
        tenantId: p.tenantId,
        clearance: p.clearance,
        organizationIds: p.isAdmin ? null : [p.organizationId, ctx.publicOrgId].filter((o): o is string => o !== null),
      };
      // Sent together (pipelined on the transaction's connection): each round trip a search waits for is felt.
      const [known, , lexical] = await Promise.all([
        p.organizationId !== null && organizationKnown(tx, p.organizationId),
        scope && tuneVectorScan(tx, r.candidateLimit),
        scope && timed(searchStages, { stage: "statistics" }, () =>
          lexicalQuery(tx, scope, {
            wordLexemes: query.wordLexemes,
            bigrams: query.bigrams,
            candidates: r.candidateLimit,
          })),
      ]);
      if (ctx.auditRequired && !known) {
        throw new AppError(
          "rag_audit_unavailable",
          "The caller's organization is not in tb_organization, so this call cannot be audited",
        );
      }
      if (!scope || !lexical) return { known, rows: [], audited: true };
      const rows = await timed(searchStages, { stage: "ranking" }, () =>
        hybridSearch(tx, {
          ...scope,
          ...lexical,
          vector: query.vector,
          candidates: r.candidateLimit,
          rrfK: r.rrfK,
          weights: r.weights,
          limit: req.limit,
          vectorFloor: vectorFloorOf(settings),
        }));
      // On the primary the audit row commits with the search (one commit, which a search of 100,000 chunks
      // felt: bench/RESULTS.md); a replica takes no writes, so a search read there is audited below.
      if (pool !== ctx.reads.primary) return { known, rows, audited: false };
      await timed(searchStages, { stage: "audit" }, () => audit(tx, rows, known));
      return { known, rows, audited: true };
    });
  const { known, rows, audited } = await ctx.reads.read(read);
  if (p.tenantId === null) return { contexts: [], legs: ran };
  // Nothing is answered unless the audit row is written: on the primary, in a transaction of its own.
  if (!audited) {
    await timed(
      searchStages,
      { stage: "audit" },
      () => withPrincipal(ctx.sql, principal, (tx) => audit(tx, rows, known)),
    );
  }
  for (const leg of ran) searchLegs.inc({ leg });
  searchStages.observe({ stage: "total", outcome: "ok" }, (performance.now() - started) / 1000);
  return { contexts: rows.map(toContext), legs: ran };
}
