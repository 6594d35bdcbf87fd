/**
 * The embedding component as a child process (`embedding/main.ts`), which is how
 * tests run it: its native addon may live in only one isolate per process, and
 * `deno test --parallel` runs test modules as workers of one process (see
 * embedding/model.ts). By default the child may not open any outbound connection,
 * so every test that uses it also shows that loading and serving need no network.
 */
const MAIN = new URL("../../embedding/main.ts", import.meta.url).pathname;

/** Enough for the component to read its model and listen (on loopback, or every address); no outbound network. */
export const OFFLINE = ["--allow-read", "--allow-env", "--allow-ffi", "--allow-sys", "--allow-net=127.0.0.1,0.0.0.0"];

/** A running child and how it ended once stopped. */
export interface EmbeddingProcess {
  url: string;
  /** The address it says it listens on. */
  hostname: string;
  stop(): Promise<{ code: number; stderr: string }>;
}

/** Runs `embedding/main.ts` to completion, as a start that must fail. */
export async function runEmbeddingMain(
  modelPath: string,
  env: Record<string, string> = {},
): Promise<{ code: number; stderr: string }> {
  const { code, stderr } = await command(modelPath, OFFLINE, env).output();
  return { code, stderr: new TextDecoder().decode(stderr) };
}

function command(modelPath: string, permissions: string[], env: Record<string, string>): Deno.Command {
  return new Deno.Command(Deno.execPath(), {
    args: ["run", ...permissions, MAIN],
    env: { EMBEDDING_MODEL_PATH: modelPath, EMBEDDING_PORT: "0", LOG_LEVEL: "info", ...env },
    stdout: "piped",
    stderr: "piped",
  });
}

/** Starts the component on a free port (`env` adds settings) and waits for its "listening" log line. */
export async function startEmbeddingProcess(
  modelPath: string,
  env: Record<string, string> = {},
): Promise<EmbeddingProcess> {
  const child = command(modelPath, OFFLINE, env).spawn();
  const stderr = new Response(child.stderr).text();
  const lines = logLines(child.stdout);
  let listening: { port: number; hostname: string } | undefined;
  while (listening === undefined) {
    const { value, done } = await lines.next();
    if (done) throw new Error(`the embedding process ended before listening: ${await stderr}`);
    const line = JSON.parse(value);
    if (line.msg === "listening") listening = line;
  }
  const { port, hostname } = listening;
  // Keeps reading the request log so that a full pipe never blocks the child.
  const drained = (async () => {
    while (!(await lines.next()).done);
  })();
  return {
    url: `http://127.0.0.1:${port}`,
    hostname,
    async stop() {
      child.kill("SIGTERM");
      const { code } = await child.status;
      await drained;
      return { code, stderr: await stderr };
    },
  };
}

async function* logLines(stdout: ReadableStream<Uint8Array>): AsyncGenerator<string> {
  let buffered = "";
  for await (const chunk of stdout.pipeThrough(new TextDecoderStream())) {
    const parts = (buffered + chunk).split("\n");
    buffered = parts.pop()!;
    yield* parts.filter((p) => p !== "");
  }
}
