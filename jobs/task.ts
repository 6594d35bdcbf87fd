/** What a task is: a named handler of one stream's entries, optionally fed by the scheduler. */
import type { Redis } from "ioredis";
import type { Config } from "@/lib/config.ts";
import type { Logger } from "@/lib/log.ts";
import type { DirectoryContext } from "@/domain/directory/mod.ts";
import type { RagContext } from "@/domain/rag/mod.ts";
import type { Sql } from "@/sql/mod.ts";
import type { Entry } from "./streams.ts";
import type { Fairness } from "./fair_share.ts";

/** What tasks may use. */
export interface JobDeps {
  config: Config;
  sql: Sql;
  redis: Redis;
  log: Logger;
  directory?: DirectoryContext;
  rag?: RagContext;
}

/** A task: the stream `<service>:<name>` and how to handle its entries. */
export interface Task {
  name: string;
  service: "directory" | "rag";
  /** When set, the scheduler adds an entry this often. */
  everyMs?: (deps: JobDeps) => number;
  handle(deps: JobDeps, entry: Entry, attempt: number): Promise<void>;
  /** Settles an entry's job when the stream gives up on it (dead letter), so it does not look pending forever. */
  deadLettered?(deps: JobDeps, entry: Entry, error: string): Promise<void>;
  maxRetries?: (deps: JobDeps) => number;
  backoffMs?: (deps: JobDeps) => number;
  concurrency?: (deps: JobDeps) => number;
  /** Shares the task's slots across its entries' keys (fair_share.ts). */
  fairness?: (deps: JobDeps) => Fairness;
}
