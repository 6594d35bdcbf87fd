/**
 * What `/readyz` checks: the database and Redis (required: without them nothing works), and for the retrieval
 * service the directory's freshness and the embedding endpoint (reported, not required: search answers from the
 * lexical legs without embeddings, and the directory's routes work while the retrieval routes refuse).
 */
import type { Redis } from "ioredis";
import { redisReachable } from "@/lib/redis.ts";
import type { Sql } from "@/sql/mod.ts";
import { type DependencyState, directoryReadiness, embeddingReadiness, type RagContext } from "@/domain/rag/mod.ts";
import type { ReadinessCheck, ReadinessProbe } from "@/routes/system.ts";

const DATABASE_TIMEOUT_MS = 1500;

async function databaseReachable(sql: Sql): Promise<boolean> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  try {
    await Promise.race([
      sql`select 1`,
      new Promise((_, reject) => timer = setTimeout(() => reject(new Error("timeout")), DATABASE_TIMEOUT_MS)),
    ]);
    return true;
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}

const required = (ok: boolean, up: string, down: string): ReadinessCheck =>
  ok ? { state: "ok", detail: up, required: true } : { state: "down", detail: down, required: true };

/**
 * A reported check. A probe that throws (the database it reads is down) is `down`; the error's text stays out of
 * an answer that needs no credential.
 */
async function reported(probe: () => Promise<DependencyState>): Promise<ReadinessCheck> {
  try {
    return { ...await probe(), required: false };
  } catch {
    return { state: "down", detail: "cannot be checked while the database does not answer", required: false };
  }
}

/** The probe of one process: its database pool, its Redis, and the retrieval context when it serves retrieval. */
export function readinessProbe(sql: Sql, redis: Redis, rag?: RagContext): ReadinessProbe {
  const embedding = rag ? embeddingReadiness(rag) : null;
  return async () => {
    const [database, redisUp, directory, embeddingState] = await Promise.all([
      databaseReachable(sql),
      redisReachable(redis),
      rag ? reported(() => directoryReadiness(rag)) : null,
      embedding ? reported(embedding) : null,
    ]);
    return {
      database: required(database, "answers", `no answer within ${DATABASE_TIMEOUT_MS} ms`),
      redis: required(redisUp, "answers", "does not answer"),
      ...(directory ? { directory } : {}),
      ...(embeddingState ? { embedding: embeddingState } : {}),
    };
  };
}
