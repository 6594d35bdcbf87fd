/** Starts every task's consumer and the scheduler for the services this process runs. */
import { startConsumer } from "./worker.ts";
import { startScheduler } from "./scheduler.ts";
import { streamNames } from "./streams.ts";
import type { JobDeps, Task } from "./task.ts";
import { syncFreshness } from "./tasks/sync_freshness.ts";
import { purgeTombstonesTask } from "./tasks/purge_tombstones.ts";
import { termLinking } from "./tasks/term_linking.ts";
import { startRelay } from "./relay.ts";

export type { JobDeps, Task } from "./task.ts";
export { PermanentJobError } from "./worker.ts";
export { addEntry, streamDepth, streamNames } from "./streams.ts";

/** Every task the project has. */
export const TASKS: readonly Task[] = [syncFreshness, purgeTombstonesTask, termLinking];

/** The stream names of a task. */
export function taskStream(deps: JobDeps, task: Task) {
  return streamNames(deps.config.REDIS_KEY_PREFIX, `${task.service}:${task.name}`);
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
  const consumers = active.map((task) =>
    startConsumer(deps.redis, consumerName, {
      names: taskStream(deps, task),
      handle: (entry, attempt) => task.handle(deps, entry, attempt),
      maxRetries: () => task.maxRetries?.(deps) ?? 5,
      backoffMs: () => task.backoffMs?.(deps) ?? 1000,
      concurrency: () => task.concurrency?.(deps) ?? 1,
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
  const boxes = [...deps.config.SERVICES].filter((s): s is "directory" => s === "directory");
  const relay = await startRelay(
    deps.sql,
    deps.redis,
    boxes,
    deps.config.REDIS_KEY_PREFIX,
    deps.log.child({ part: "relay" }),
  );
  return {
    async stop() {
      stopScheduler();
      await relay.stop();
      await Promise.all(consumers.map((c) => c.stop()));
    },
  };
}
