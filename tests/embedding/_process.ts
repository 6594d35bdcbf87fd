/**
 * The embedding component as a child process (`embedding/main.ts`), which is how
 * tests run it: its native addon may live in only one isolate per process, and
 * `deno test --parallel` runs test modules as workers of one process (see
 * embedding/model.ts). By default the child may not open any outbound connection,
 * so every test that uses it also shows that loading and serving need no network.
 */
const MAIN = new URL("../../embedding/main.ts", import.meta.url).pathname;

/** Enough for the component to read its model and listen; no outbound network. */
export const OFFLINE = ["--allow-read", "--allow-env", "--allow-ffi", "--allow-sys", "--allow-net=0.0.0.0"];

/** A running child and how it ended once stopped. */
export interface EmbeddingProcess {
  url: string;
  stop(): Promise<{ code: number; stderr: string }>;
}

/** Runs `embedding/main.ts` to completion, as a start that must fail. */
export async function runEmbeddingMain(modelPath: string): Promise<{ code: number; stderr: string }> {
  const { code, stderr } = await command(modelPath, OFFLINE).output();
  return { code, stderr: new TextDecoder().decode(stderr) };
}

function command(modelPath: string, permissions: string[]): Deno.Command {
  return new Deno.Command(Deno.execPath(), {
    args: ["run", ...permissions, MAIN],
    env: { EMBEDDING_MODEL_PATH: modelPath, EMBEDDING_PORT: "0", LOG_LEVEL: "info" },
    stdout: "piped",
    stderr: "piped",
  });
}

/** Starts the component on a free port and waits for its "listening" log line. */
export async function startEmbeddingProcess(modelPath: string): Promise<EmbeddingProcess> {
  const child = command(modelPath, OFFLINE).spawn();
  const stderr = new Response(child.stderr).text();
  const lines = logLines(child.stdout);
  let port: number | undefined;
  while (port === undefined) {
    const { value, done } = await lines.next();
    if (done) throw new Error(`the embedding process ended before listening: ${await stderr}`);
    const line = JSON.parse(value);
    if (line.msg === "listening") port = line.port;
  }
  // Keeps reading the request log so that a full pipe never blocks the child.
  const drained = (async () => {
    while (!(await lines.next()).done);
  })();
  return {
    url: `http://127.0.0.1:${port}`,
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
