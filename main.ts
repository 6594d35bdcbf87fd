/**
 * The service's entry point: read the configuration, start the runtime (migrations,
 * pool, Redis, workers) and serve HTTP until SIGINT or SIGTERM, then stop gracefully.
 * With `--workers-only` it runs the job consumers without HTTP (`deno task worker`),
 * to scale workers out apart from the API.
 */
import { ConfigError, loadConfig } from "@/lib/config.ts";
import { createLogger, errorFields } from "@/lib/log.ts";
import { startRuntime } from "@/app/runtime.ts";

if (import.meta.main) {
  const workersOnly = Deno.args.includes("--workers-only");
  let config;
  try {
    config = loadConfig(Deno.env.toObject());
  } catch (err) {
    if (!(err instanceof ConfigError)) throw err;
    console.error(err.message);
    Deno.exit(2);
  }
  const log = createLogger(config.LOG_LEVEL, { service: "backbone", role: workersOnly ? "worker" : "api" });
  let runtime;
  try {
    runtime = await startRuntime(config, log, workersOnly ? { workers: true } : {});
  } catch (err) {
    log.error("start failed", errorFields(err));
    Deno.exit(1);
  }
  const server = workersOnly ? null : Deno.serve({
    port: config.PORT,
    hostname: "0.0.0.0",
    onListen: ({ port }) => log.info("listening", { port, services: [...config.SERVICES] }),
  }, runtime.app.fetch);
  if (workersOnly) log.info("workers running", { services: [...config.SERVICES] });

  const shutdown = async () => {
    log.info("stopping");
    const timer = setTimeout(() => Deno.exit(1), 15_000);
    await server?.shutdown();
    await runtime.stop();
    clearTimeout(timer);
    Deno.exit(0);
  };
  Deno.addSignalListener("SIGINT", shutdown);
  Deno.addSignalListener("SIGTERM", shutdown);
}
