/**
 * `deno task embedding`: the embedding component's entry point. Reads
 * EMBEDDING_MODEL_PATH, EMBEDDING_PORT (default 8081) and LOG_LEVEL, loads the
 * model and serves it on 0.0.0.0 until SIGINT or SIGTERM. An unusable model or
 * setting exits non-zero with a message saying what to fix.
 */
import { z } from "zod";
import { createLogger, errorFields } from "@/lib/log.ts";
import { EmbeddingStartError, startEmbeddingServer } from "./mod.ts";

const Env = z.object({
  EMBEDDING_MODEL_PATH: z.string().optional(),
  EMBEDDING_PORT: z.coerce.number().int().min(0).max(65535).default(8081),
  LOG_LEVEL: z.enum(["debug", "info", "warn", "error"]).default("info"),
});

/** Reads the settings, naming each bad variable without echoing its value. */
function settings(env: Record<string, string>) {
  const parsed = Env.safeParse(Object.fromEntries(Object.entries(env).filter(([, v]) => v !== "")));
  if (parsed.success) return parsed.data;
  const names = parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`);
  console.error(`embedding: bad settings: ${names.join("; ")}`);
  Deno.exit(2);
}

if (import.meta.main) {
  const env = settings(Deno.env.toObject());
  const log = createLogger(env.LOG_LEVEL, { service: "embedding" });
  let server;
  try {
    server = await startEmbeddingServer({ modelPath: env.EMBEDDING_MODEL_PATH, port: env.EMBEDDING_PORT, log });
  } catch (err) {
    if (!(err instanceof EmbeddingStartError)) log.error("start failed", errorFields(err));
    console.error(`embedding: ${(err as Error).message}`);
    Deno.exit(1);
  }
  const shutdown = async () => {
    log.info("stopping");
    await server.stop();
    Deno.exit(0);
  };
  Deno.addSignalListener("SIGINT", shutdown);
  Deno.addSignalListener("SIGTERM", shutdown);
}
