/** Redis connections: reconnecting quickly, never crashing on an outage, and logging state changes once. */
import { Redis } from "ioredis";
import type { Logger } from "./log.ts";

/** Opens a connection whose commands wait for a reconnect instead of failing during a Redis outage. */
export function connectRedis(url: string, log: Logger, name: string): Redis {
  const redis = new Redis(url, {
    lazyConnect: false,
    maxRetriesPerRequest: null,
    retryStrategy: (attempt) => Math.min(attempt * 200, 2000),
    connectionName: name,
  });
  watch(redis, log, name);
  return redis;
}

/** A connection for blocking reads, which must not share the command connection. */
export function duplicateRedis(redis: Redis, log: Logger, name: string): Redis {
  const dup = redis.duplicate({ connectionName: name });
  watch(dup, log, name);
  return dup;
}

function watch(redis: Redis, log: Logger, name: string) {
  let down = false;
  redis.on("error", (err: Error) => {
    if (!down) log.warn("redis unavailable", { connection: name, error: err.message });
    down = true;
  });
  redis.on("ready", () => {
    if (down) log.info("redis available again", { connection: name });
    down = false;
  });
}

/**
 * Runs `command` only while Redis is connected and waits at most `ms` for its answer: undefined when
 * Redis is away, slow or failing. For work that has a local fallback and must never wait for a
 * reconnect (the connection's commands otherwise queue until Redis is back).
 */
export async function answerWithin<T>(redis: Redis, ms: number, command: () => Promise<T>): Promise<T | undefined> {
  if (redis.status !== "ready") return undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  try {
    return await Promise.race([
      command(),
      new Promise<undefined>((resolve) => timer = setTimeout(() => resolve(undefined), ms)),
    ]);
  } catch {
    return undefined;
  } finally {
    clearTimeout(timer);
  }
}

/** Resolves `true` when Redis answers PING within `ms` (a connection still opening gets that long too). */
export async function redisReachable(redis: Redis, ms = 1000): Promise<boolean> {
  if (redis.status === "end" || redis.status === "close") return false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  try {
    return await Promise.race([
      redis.ping().then((r) => r === "PONG"),
      new Promise<boolean>((resolve) => timer = setTimeout(() => resolve(false), ms)),
    ]);
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}
