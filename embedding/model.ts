/**
 * Loads an ONNX sentence-embedding model and its tokenizer from a local directory
 * with transformers.js (onnxruntime-node underneath) and embeds texts in batches.
 * Loading never reaches a network: remote models and every cache are switched off
 * before the first load, and the model is named by its absolute path.
 *
 * transformers.js is imported only when a model loads. Its native addon must stay
 * in one isolate per process: Deno 2.9 fails ("Unable to find register Node-API
 * module", or a panic about a Handle in a foreign Isolate) when a second worker of
 * the same process loads onnxruntime-node, as `deno test --parallel` does with two
 * test modules. Importing this file for its constants or errors is therefore safe.
 */
import type { Tensor } from "@huggingface/transformers";
import { pool, POOLING_FILE, type PoolingMode, poolingMode } from "./pooling.ts";

/** The width every vector must have (CONTRACT 2.5). */
export const DIMENSIONS = 1024;
/** Texts per model call: large enough to amortise a call, small enough to bound padding and memory. */
const BATCH_SIZE = 32;

/** A loaded model, ready to embed. */
export interface EmbeddingModel {
  /** The model directory's name, reported as `model` in responses. */
  name: string;
  pooling: PoolingMode;
  /** Longer inputs are truncated to this many tokens, as sentence-transformers does. */
  maxTokens: number;
  /** Unit vectors in input order, and the number of tokens the model read. */
  embed(texts: string[]): Promise<{ vectors: Float32Array[]; tokens: number }>;
  dispose(): Promise<void>;
}

/** A start-up failure whose message tells the operator what to fix. */
export class EmbeddingStartError extends Error {
  override name = "EmbeddingStartError";
}

const REQUIRED_FILES = ["config.json", "tokenizer.json", "tokenizer_config.json"];
const PROBE_TEXT = "임베딩 차원 확인 dimension probe";

async function readJson(path: string): Promise<Record<string, unknown> | undefined> {
  try {
    return JSON.parse(await Deno.readTextFile(path));
  } catch (err) {
    if (err instanceof Deno.errors.NotFound) return undefined;
    throw new EmbeddingStartError(`${path} is not readable JSON: ${(err as Error).message}`);
  }
}

/** Resolves the directory and checks that it holds a tokenizer, a config and an ONNX model. */
function modelDirectory(path: string | undefined): string {
  const hint = "point it at a directory holding config.json, tokenizer.json, tokenizer_config.json and " +
    "onnx/model.onnx (`deno task make-test-model` writes a small test model to .data/models/test-embedding)";
  if (!path?.trim()) throw new EmbeddingStartError(`EMBEDDING_MODEL_PATH is empty or unset: ${hint}`);
  if (kind(path) !== "directory") {
    throw new EmbeddingStartError(`EMBEDDING_MODEL_PATH ${path} does not exist or is not a directory: ${hint}`);
  }
  const dir = Deno.realPathSync(path);
  const hasOnnx = kind(`${dir}/onnx`) === "directory" &&
    [...Deno.readDirSync(`${dir}/onnx`)].some((e) => e.isFile && e.name.endsWith(".onnx"));
  const missing = [
    ...REQUIRED_FILES.filter((f) => kind(`${dir}/${f}`) !== "file"),
    ...(hasOnnx ? [] : ["onnx/model.onnx"]),
  ];
  if (missing.length) {
    throw new EmbeddingStartError(`EMBEDDING_MODEL_PATH ${path} lacks ${missing.join(", ")}: ${hint}`);
  }
  return dir;
}

function kind(path: string): "file" | "directory" | undefined {
  try {
    const info = Deno.statSync(path);
    return info.isFile ? "file" : info.isDirectory ? "directory" : undefined;
  } catch {
    return undefined;
  }
}

/** The token vectors of a model's output, whichever name the export gave them. */
function tokenVectors(output: Record<string, Tensor>): Tensor {
  const t = output.last_hidden_state ?? output.token_embeddings;
  if (!t || t.dims.length !== 3) {
    throw new EmbeddingStartError(
      `the model has no [batch, sequence, width] output named last_hidden_state or token_embeddings ` +
        `(outputs: ${Object.keys(output).join(", ")})`,
    );
  }
  return t;
}

/** Embeds texts in batches of similar length, so that little of each batch is padding. */
async function embedAll(
  texts: string[],
  run: (batch: string[]) => Promise<{ vectors: Float32Array[]; tokens: number }>,
): Promise<{ vectors: Float32Array[]; tokens: number }> {
  const order = texts.map((_, i) => i).sort((a, b) => texts[a].length - texts[b].length);
  const vectors = new Array<Float32Array>(texts.length);
  let tokens = 0;
  for (let at = 0; at < order.length; at += BATCH_SIZE) {
    const slice = order.slice(at, at + BATCH_SIZE);
    const out = await run(slice.map((i) => texts[i]));
    slice.forEach((i, k) => vectors[i] = out.vectors[k]);
    tokens += out.tokens;
  }
  return { vectors, tokens };
}

/** Loads tokenizer and model with transformers.js, only from `dir`: no hub, no cache that could shadow its files. */
async function loadPretrained(dir: string) {
  const { AutoModel, AutoTokenizer, env } = await import("@huggingface/transformers");
  env.allowRemoteModels = false;
  env.allowLocalModels = true;
  env.useFSCache = false;
  env.useBrowserCache = false;
  env.useCustomCache = false;
  try {
    const tokenizer = await AutoTokenizer.from_pretrained(dir, { local_files_only: true });
    const model = await AutoModel.from_pretrained(dir, { local_files_only: true, device: "cpu" });
    return { tokenizer, model };
  } catch (err) {
    throw new EmbeddingStartError(`could not load the model in ${dir}: ${(err as Error).message}`);
  }
}

/** Fails unless the model turns a probe text into a finite vector of DIMENSIONS numbers. */
async function checkProbe(dir: string, run: (batch: string[]) => Promise<{ vectors: Float32Array[] }>) {
  let probe: Float32Array;
  try {
    probe = (await run([PROBE_TEXT])).vectors[0];
  } catch (err) {
    if (err instanceof EmbeddingStartError) throw err;
    throw new EmbeddingStartError(`the model in ${dir} failed on a probe text: ${(err as Error).message}`);
  }
  if (probe.length !== DIMENSIONS) {
    throw new EmbeddingStartError(
      `the model in ${dir} produces ${probe.length}-dimensional vectors; the service needs ${DIMENSIONS}`,
    );
  }
  if (!probe.every(Number.isFinite)) throw new EmbeddingStartError(`the model in ${dir} produces non-finite numbers`);
}

/**
 * Loads the model in `path` and checks, by embedding a probe text, that it yields
 * finite 1024-dimensional vectors. Throws EmbeddingStartError saying what to fix otherwise.
 */
export async function loadEmbeddingModel(path: string | undefined): Promise<EmbeddingModel> {
  const dir = modelDirectory(path);
  const pooling = poolingMode(await readJson(`${dir}/${POOLING_FILE}`));
  if (pooling !== "mean" && pooling !== "cls") throw new EmbeddingStartError(pooling);
  const config = await readJson(`${dir}/config.json`);
  const { tokenizer, model } = await loadPretrained(dir);
  const maxTokens = Math.min(
    tokenizer.model_max_length ?? Infinity,
    Number(config?.max_position_embeddings ?? Infinity),
  );
  const run = async (batch: string[]) => {
    const inputs = tokenizer(batch, { padding: true, truncation: true, max_length: maxTokens });
    const hidden = tokenVectors(await model(inputs));
    const [size, sequence, width] = hidden.dims;
    const mask = inputs.attention_mask.data as BigInt64Array;
    const vectors = pool({ data: hidden.data as Float32Array, mask, batch: size, sequence, width }, pooling);
    return { vectors, tokens: mask.reduce((n, m) => n + Number(m), 0) };
  };
  try {
    await checkProbe(dir, run);
  } catch (err) {
    await model.dispose();
    throw err;
  }
  return {
    name: dir.slice(dir.lastIndexOf("/") + 1),
    pooling,
    maxTokens,
    embed: (texts) => embedAll(texts, run),
    dispose: async () => {
      await model.dispose();
    },
  };
}
