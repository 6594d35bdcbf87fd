/**
 * The model servers the service calls under load (the fake embedding server and the fake chat model of
 * tests/_helpers), on a Web Worker thread: answering the service must not wait behind the load generator's
 * fifty clients on one event loop, or their queueing would show up as the service's latency.
 */
import { startFakeEmbedding } from "@/tests/_helpers/fake_embedding.ts";
import { startFakeLlm } from "@/tests/_helpers/fake_llm.ts";

/** Running fakes. */
export interface Fakes {
  embeddingUrl: string;
  llmUrl: string;
  stop(): Promise<void>;
}

/** Starts both fakes on their own thread; the model answers every question with `reply`. */
export async function startFakes(reply: string): Promise<Fakes> {
  const worker = new Worker(import.meta.url, { type: "module" });
  const { embeddingUrl, llmUrl } = await send(worker, { kind: "start", reply });
  return {
    embeddingUrl,
    llmUrl,
    async stop() {
      await send(worker, { kind: "stop" });
      worker.terminate();
    },
  };
}

/** Sends one message to the thread and resolves with its answer (one at a time). */
function send(worker: Worker, message: unknown): Promise<{ embeddingUrl: string; llmUrl: string }> {
  return new Promise((resolve) => {
    worker.onmessage = ({ data }) => resolve(data);
    worker.postMessage(message);
  });
}

function serveFakes() {
  const scope = self as unknown as Worker;
  let stop = () => Promise.resolve();
  scope.onmessage = async ({ data: m }: MessageEvent) => {
    if (m.kind === "start") {
      const embedding = startFakeEmbedding();
      const llm = startFakeLlm(m.reply);
      stop = async () => {
        await embedding.stop();
        await llm.stop();
      };
      scope.postMessage({ embeddingUrl: embedding.url, llmUrl: llm.url });
    } else {
      await stop();
      scope.postMessage({});
    }
  };
}

const workerScope = (globalThis as { WorkerGlobalScope?: typeof EventTarget }).WorkerGlobalScope;
if (workerScope && self instanceof workerScope) serveFakes();
