/**
 * Sentence pooling of a model's token vectors: the mode comes from the model
 * directory (sentence-transformers' `1_Pooling/config.json`), and every sentence
 * vector is L2-normalised so that cosine similarity is a dot product downstream.
 */

/** How token vectors become one sentence vector. */
export type PoolingMode = "mean" | "cls";

/** The sentence-transformers pooling file, relative to the model directory. */
export const POOLING_FILE = "1_Pooling/config.json";

/**
 * Reads the pooling mode from the parsed pooling file. Without one (`undefined`) it
 * is mean pooling, as sentence-transformers assumes for a plain transformer model.
 * Returns an error message for modes this component does not implement.
 */
export function poolingMode(config: Record<string, unknown> | undefined): PoolingMode | string {
  if (config === undefined) return "mean";
  const on = Object.entries(config).filter(([k, v]) => k.startsWith("pooling_mode_") && v === true).map(([k]) => k);
  if (on.length === 1 && on[0] === "pooling_mode_cls_token") return "cls";
  if (on.length === 1 && on[0] === "pooling_mode_mean_tokens") return "mean";
  return `${POOLING_FILE} enables ${on.join(", ") || "no pooling mode"}; only exactly one of ` +
    `pooling_mode_mean_tokens or pooling_mode_cls_token is supported`;
}

/** Token vectors of a padded batch: `data` is [batch, sequence, width], `mask` is [batch, sequence]. */
export interface TokenBatch {
  data: Float32Array;
  mask: BigInt64Array;
  batch: number;
  sequence: number;
  width: number;
}

/** One L2-normalised vector per sentence of the batch; a zero vector stays zero rather than becoming NaN. */
export function pool(tokens: TokenBatch, mode: PoolingMode): Float32Array[] {
  const { data, mask, batch, sequence, width } = tokens;
  const tokensRead = mode === "cls" ? 1 : sequence;
  const out: Float32Array[] = [];
  for (let b = 0; b < batch; b++) {
    // Hundreds of float32 additions per component would lose precision; float64 does not.
    const v = new Float64Array(width);
    for (let s = 0; s < tokensRead; s++) {
      if (mask[b * sequence + s] === 0n) continue;
      const at = (b * sequence + s) * width;
      for (let i = 0; i < width; i++) v[i] += data[at + i];
    }
    out.push(normalize(v));
  }
  return out;
}

/** `v` at unit length; mean pooling's division by the token count cancels out here. */
function normalize(v: Float64Array): Float32Array {
  let sum = 0;
  for (const x of v) sum += x * x;
  const norm = Math.sqrt(sum) || 1;
  return Float32Array.from(v, (x) => x / norm);
}
