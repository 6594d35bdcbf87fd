/** A benchmark's own fresh database and running instance, so figures never touch real data. */
import { loadConfig } from "@/lib/config.ts";
import { createLogger } from "@/lib/log.ts";
import { type Runtime, startRuntime } from "@/app/runtime.ts";
import { freshDatabase, type TestDatabase } from "@/tests/_helpers/db.ts";
import { clearPrefix, testEnv } from "@/tests/_helpers/app.ts";

/** A running instance with an HTTP listener on a free port. */
export interface BenchInstance {
  runtime: Runtime;
  db: TestDatabase;
  url: string;
  stop(): Promise<void>;
}

/** Starts an instance over a fresh database (or `database`, kept on stop with `keep`), serving HTTP on loopback. */
export async function benchInstance(
  overrides: Record<string, string> = {},
  options: { workers?: boolean; database?: TestDatabase; keep?: boolean } = {},
): Promise<BenchInstance> {
  const db = options.database ?? await freshDatabase();
  const prefix = `bench:${crypto.randomUUID().slice(0, 8)}:`;
  const config = loadConfig({
    ...testEnv(db, prefix),
    LOG_LEVEL: "error",
    RATE_LIMIT_PER_MINUTE: "100000000",
    DATABASE_POOL_MAX: "8",
    // A benchmark holds one user token for a run of hours.
    RAG_MAX_TOKEN_TTL_SECONDS: "86400",
    // A benchmark's one user queues thousands of documents on purpose.
    RAG_MAX_QUEUED_JOBS_PER_USER: "100000",
    ...overrides,
  }, () => "");
  const runtime = await startRuntime(config, createLogger("error"), {
    workers: options.workers ?? false,
    consumerName: "bench",
  });
  const server = Deno.serve({ port: 0, hostname: "127.0.0.1", onListen: () => {} }, runtime.app.fetch);
  return {
    runtime,
    db,
    url: `http://127.0.0.1:${server.addr.port}`,
    async stop() {
      await server.shutdown();
      await runtime.stop();
      await clearPrefix(prefix);
      if (!options.keep) await db.drop();
    },
  };
}
