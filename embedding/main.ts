/**
 * `deno task embedding`: the embedding component's entry point. Reads
 * EMBEDDING_MODEL_PATH, EMBEDDING_HOST (default 127.0.0.1: loopback only),
 * EMBEDDING_PORT (default 8081), EMBEDDING_API_KEY (or EMBEDDING_API_KEY_FILE: a
 * bearer token callers must present) and LOG_LEVEL, loads the model and serves it
 * until SIGINT or SIGTERM. An unusable model or setting exits non-zero with a
 * message saying what to fix, never echoing a value.
 */
import { z } from "zod";
import { createLogger, errorFields } from "@/lib/log.ts";
import { EmbeddingStartError, startEmbeddingServer } from "./mod.ts";

const Env = z.object({
  EMBEDDING_MODEL_PATH: z.string().optional(),
  EMBEDDING_HOST: z.string().trim().min(1).default("127.0.0.1"),
  EMBEDDING_PORT: z.coerce.number().int().min(0).max(65535).default(8081),
  EMBEDDING_API_KEY: z.string().min(16, "API keys must be at least 16 characters").optional(),
  LOG_LEVEL: z.enum(["debug", "info", "warn", "error"]).default("info"),
});

/** Reads EMBEDDING_API_KEY_FILE into EMBEDDING_API_KEY (one trailing newline trimmed); both set is refused. */
function withKeyFile(env: Record<string, string>): Record<string, string> {
  const file = env.EMBEDDING_API_KEY_FILE;
  if (!file) return env;
  if (env.EMBEDDING_API_KEY) throw new Error("set EMBEDDING_API_KEY or EMBEDDING_API_KEY_FILE, not both");
  try {
    return { ...env, EMBEDDING_API_KEY: Deno.readTextFileSync(file).replace(/\r?\n$/, "") };
  } catch {
    throw new Error("EMBEDDING_API_KEY_FILE: cannot read the file it names");
  }
}

/** Reads the settings, naming each bad variable without echoing its value. */
function settings(env: Record<string, string>) {
  let parsed;
  try {
    parsed = Env.safeParse(Object.fromEntries(Object.entries(withKeyFile(env)).filter(([, v]) => v !== "")));
  } catch (err) {
    console.error(`embedding: bad settings: ${(err as Error).message}`);
    Deno.exit(2);
  }
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
    server = await startEmbeddingServer({
      modelPath: env.EMBEDDING_MODEL_PATH,
      hostname: env.EMBEDDING_HOST,
      port: env.EMBEDDING_PORT,
      apiKey: env.EMBEDDING_API_KEY,
      log,
    });
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
