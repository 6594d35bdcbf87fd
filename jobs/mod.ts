/** Starts every task's consumer and the scheduler for the services this process runs. */
import type { Redis } from "ioredis";
import { startConsumer } from "./worker.ts";
import { startScheduler } from "./scheduler.ts";
import type { JobDeps, Task } from "./task.ts";
import { syncFreshness } from "./tasks/sync_freshness.ts";
import { purgeTombstonesTask } from "./tasks/purge_tombstones.ts";
import { termLinking } from "./tasks/term_linking.ts";
import { ingestion } from "./tasks/ingestion.ts";
import { orgSync } from "./tasks/org_sync.ts";
import { sourceDeleted } from "./tasks/source_deleted.ts";
import { retention } from "./tasks/retention.ts";
import { searchStats } from "./tasks/search_stats.ts";
import { webhookDelivery } from "./tasks/webhook_delivery.ts";
import { webhookSweep } from "./tasks/webhook_sweep.ts";
import { withSystem } from "@/sql/rag/session.ts";
import { startRelay } from "./relay.ts";
import { streamDepth, streamNames } from "./streams.ts";

export type { JobDeps, Task } from "./task.ts";
export { PermanentJobError } from "./worker.ts";
export { addEntry, streamDepth, streamNames } from "./streams.ts";
export { watchStreams } from "./metrics.ts";

/** Every task the project has. */
export const TASKS: readonly Task[] = [
  syncFreshness,
  purgeTombstonesTask,
  termLinking,
  ingestion,
  orgSync,
  sourceDeleted,
  retention,
  searchStats,
  webhookDelivery,
  webhookSweep,
];

/** The stream names of a task. */
export function taskStream(deps: JobDeps, task: Task) {
  return streamNames(deps.config.REDIS_KEY_PREFIX, `${task.service}:${task.name}`);
}

/** The depth of every work stream of `service`, for overviews and screens. */
export async function queueDepths(redis: Redis, prefix: string, service: Task["service"]) {
  return await Promise.all(
    TASKS.filter((t) => t.service === service).map(async (t) => {
      const names = streamNames(prefix, `${t.service}:${t.name}`);
      return { stream: `${t.service}:${t.name}`, ...await streamDepth(redis, names) };
    }),
  );
}

/** The streams (without the key prefix) of the tasks of `services`. */
export function streamsOf(services: ReadonlySet<string>): string[] {
  return TASKS.filter((t) => services.has(t.service)).map((t) => `${t.service}:${t.name}`);
}

/** Running workers. */
export interface Workers {
  stop(): Promise<void>;
}

/**
 * Starts the outbox relay and the consumers for the tasks of the configured services;
 * `consumerName` must be unique per process.
 */
export async function startWorkers(
  deps: JobDeps,
  consumerName: string,
  tasks: readonly Task[] = TASKS,
): Promise<Workers> {
  const active = tasks.filter((t) => deps.config.SERVICES.has(t.service));
  // Concurrency, retries and backoff read the last settings seen; read them once before the first entry.
  await deps.rag?.settings.current();
  const consumers = active.map((task) =>
    startConsumer(deps.redis, consumerName, {
      names: taskStream(deps, task),
      handle: (entry, attempt) => task.handle(deps, entry, attempt),
      maxRetries: () => task.maxRetries?.(deps) ?? 5,
      backoffMs: () => task.backoffMs?.(deps) ?? 1000,
      concurrency: () => task.concurrency?.(deps) ?? 1,
      fairness: task.fairness?.(deps),
      onDeadLetter: task.deadLettered ? (entry, error) => task.deadLettered!(deps, entry, error) : undefined,
    }, deps.log.child({ task: task.name }))
  );
  const stopScheduler = startScheduler(
    deps.redis,
    deps.config.REDIS_KEY_PREFIX,
    active.filter((t) => t.everyMs).map((t) => ({
      name: t.name,
      stream: taskStream(deps, t).stream,
      everyMs: t.everyMs!(deps),
    })),
    deps.log,
  );
  // The retrieval outbox is under row-level security: its relay runs as the system role.
  const relay = await startRelay(
    deps.redis,
    [...deps.config.SERVICES],
    deps.config.REDIS_KEY_PREFIX,
    deps.log.child({ part: "relay" }),
    {
      listen: (channel, fn) => deps.sql.listen(channel, fn),
      inBox: { rag: (fn) => withSystem(deps.rag!.system, fn), directory: (fn) => fn(deps.sql) },
    },
  );
  return {
    async stop() {
      stopScheduler();
      await relay.stop();
      await Promise.all(consumers.map((c) => c.stop()));
    },
  };
}
