/** The embedding component (CONTRACT 2.5): what its entry point, tests and benchmarks use. */
export { DIMENSIONS, type EmbeddingModel, EmbeddingStartError, loadEmbeddingModel } from "./model.ts";
export {
  type EmbeddingServer,
  type EmbeddingServerOptions,
  type EmbeddingsResponse,
  MAX_BODY_BYTES,
  MAX_INPUT_CHARS,
  MAX_INPUTS,
  startEmbeddingServer,
} from "./server.ts";
