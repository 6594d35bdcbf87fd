/**
 * `deno task make-test-model [dir] [--dimensions 1024] [--hidden 256] [--seed 1]`:
 * writes a small, deterministic BERT-shaped ONNX sentence-embedding model and its
 * WordPiece tokenizer (default dir `.data/models/test-embedding`), so the embedding
 * component can run its production code path without downloading a real model.
 *
 * It is a plumbing model, not a quality model. Text becomes syllables (NFKC,
 * lowercase, one token per Hangul syllable, letter or digit; `##` marks a token that
 * continues a word). Each syllable has a seeded random ±1 vector of width `hidden`,
 * which a seeded random ±1 projection maps to `dimensions`. Within a word, each
 * adjacent pair of syllables adds the elementwise product of the first one's
 * projected vector and a permutation of the second one's, so syllable bigrams count
 * too. Particles and endings get a low weight, the only linguistic knowledge in it.
 * Mean pooling then gives a weighted bag of syllables and syllable bigrams.
 */
import { DataType, type Message, model, node, tensor, valueInfo } from "./_onnx.ts";

/** Options of the generator; the defaults make the model the service expects. */
export interface TestModelOptions {
  /** Width of `last_hidden_state`; anything but 1024 makes a model the component must refuse. */
  dimensions?: number;
  /** Width of the token vectors before the projection. */
  hidden?: number;
  seed?: number;
}

/** The default output directory, relative to the repository root (gitignored). */
export const DEFAULT_TEST_MODEL_DIR = ".data/models/test-embedding";

const SPECIALS = ["[PAD]", "[UNK]", "[CLS]", "[SEP]", "[MASK]"];
/** [CLS] keeps a faint vector so a text without known tokens still has a direction. */
const SPECIAL_WEIGHTS = [0, 0.3, 0.05, 0, 0];
const PUNCTUATION_WEIGHT = 0.1;
/** Syllables that are mostly particles, endings or auxiliaries. */
const FUNCTION_SYLLABLES = new Set("은는을를의에와과도로으서께고며다니습요했합됩였었았겠까죠것및등");
/** Syllables frequent both as grammar and inside content words. */
const COMMON_SYLLABLES = new Set("이가하한해되된할있없수지기게시어아여");
const MAX_TOKENS = 512;

function range(from: number, to: number): string[] {
  return Array.from({ length: to - from + 1 }, (_, i) => String.fromCodePoint(from + i));
}

/** Characters with a token of their own; those that can continue a word also get a `##` token. */
function characters(): { all: string[]; wordChars: string[] } {
  const ascii = range(0x21, 0x7e).filter((c) => c === c.toLowerCase());
  const wordChars = [
    ...ascii.filter((c) => /[a-z0-9]/.test(c)),
    ...range(0x1100, 0x11ff), // Hangul jamo
    ...range(0x3131, 0x318e), // Hangul compatibility jamo
    ...range(0xac00, 0xd7a3), // precomposed Hangul syllables
  ];
  return { all: [...ascii.filter((c) => !/[a-z0-9]/.test(c)), ...wordChars], wordChars };
}

function weightOf(c: string): number {
  if (FUNCTION_SYLLABLES.has(c)) return 0.3;
  if (COMMON_SYLLABLES.has(c)) return 0.6;
  return /[\p{P}\p{S}]/u.test(c) ? PUNCTUATION_WEIGHT : 1;
}

/** The vocabulary in id order: specials, every character, then `##` continuations. */
export function testVocabulary(): string[] {
  const { all, wordChars } = characters();
  return [...SPECIALS, ...all, ...wordChars.map((c) => `##${c}`)];
}

/** mulberry32: a small seeded PRNG, so every run writes the same bytes. */
function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function signs(n: number, random: () => number): Int8Array {
  return Int8Array.from({ length: n }, () => random() < 0.5 ? -1 : 1);
}

function permutation(n: number, random: () => number): BigInt64Array {
  const p = Array.from({ length: n }, (_, i) => i);
  for (let i = n - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [p[i], p[j]] = [p[j], p[i]];
  }
  return BigInt64Array.from(p, BigInt);
}

/** Per-token tables: base row (a `##` token shares its character's row), weight and bigram weight. */
function tokenTables(vocab: string[]) {
  const index = new Map(vocab.map((t, i) => [t, i]));
  const baseOf = Int32Array.from(vocab, (t, i) => t.startsWith("##") ? index.get(t.slice(2))! : i);
  const bases = vocab.findIndex((t) => t.startsWith("##"));
  const weight = Float32Array.from(
    vocab.slice(0, bases),
    (t, i) => i < SPECIALS.length ? SPECIAL_WEIGHTS[i] : weightOf(t),
  );
  const pairWeight = Float32Array.from(vocab, (t, i) => t.startsWith("##") ? weight[baseOf[i]] : 0);
  return { baseOf, weight, pairWeight, bases };
}

/**
 * The graph. The token table ([bases, hidden] ±1) times the projection ([hidden,
 * dimensions] ±1) depends only on initializers, so ONNX Runtime folds it into a
 * [bases, dimensions] table at load: each token is then one row lookup, which equals
 * projecting the looked-up vector, without a matrix product per token.
 */
function graphNodes(): Message[] {
  const { FLOAT } = DataType;
  return [
    node("Cast", ["unigram"], ["unigram_f"], { to: FLOAT }),
    node("Cast", ["projection_i8"], ["projection"], { to: FLOAT }),
    node("MatMul", ["unigram_f", "projection"], ["token_table"]),
    node("Gather", ["token_table", "permutation"], ["permuted_table"], { axis: 1 }),
    node("Gather", ["base_of", "input_ids"], ["base"]),
    node("Gather", ["token_table", "base"], ["uni"]),
    node("Gather", ["weight", "base"], ["w"]),
    node("Unsqueeze", ["w", "last_axis"], ["w3"]),
    node("Mul", ["uni", "w3"], ["uni_w"]),
    // The token after each position, [PAD] after the last, to form bigrams.
    node("Slice", ["input_ids", "one", "int64_max", "one"], ["rest_ids"]),
    node("Slice", ["input_ids", "zero", "one", "one"], ["first_ids"]),
    node("Mul", ["first_ids", "zero"], ["pad_column"]),
    node("Concat", ["rest_ids", "pad_column"], ["next_ids"], { axis: 1 }),
    node("Gather", ["base_of", "next_ids"], ["next_base"]),
    node("Gather", ["permuted_table", "next_base"], ["next_perm"]),
    // Zero unless the next token continues the word.
    node("Gather", ["pair_weight", "next_ids"], ["next_w"]),
    node("Mul", ["w", "next_w"], ["pair_w"]),
    node("Unsqueeze", ["pair_w", "last_axis"], ["pair_w3"]),
    node("Mul", ["uni", "pair_w3"], ["uni_pw"]),
    node("Mul", ["uni_pw", "next_perm"], ["pair_weighted"]),
    node("Add", ["uni_w", "pair_weighted"], ["last_hidden_state"]),
  ];
}

/** The ONNX model file's bytes for a vocabulary. */
function testModelBytes(vocab: string[], dimensions: number, hidden: number, seed: number): Uint8Array {
  const random = prng(seed);
  const { baseOf, weight, pairWeight, bases } = tokenTables(vocab);
  const { FLOAT, INT8, INT32, INT64 } = DataType;
  const initializers = [
    tensor("base_of", INT32, [vocab.length], baseOf),
    tensor("unigram", INT8, [bases, hidden], signs(bases * hidden, random)),
    tensor("weight", FLOAT, [bases], weight),
    tensor("pair_weight", FLOAT, [vocab.length], pairWeight),
    tensor("permutation", INT64, [dimensions], permutation(dimensions, random)),
    tensor("projection_i8", INT8, [hidden, dimensions], signs(hidden * dimensions, random)),
    tensor("last_axis", INT64, [1], BigInt64Array.of(2n)),
    tensor("zero", INT64, [1], BigInt64Array.of(0n)),
    tensor("one", INT64, [1], BigInt64Array.of(1n)),
    tensor("int64_max", INT64, [1], BigInt64Array.of(2n ** 63n - 1n)),
  ];
  return model({
    name: "test_embedding",
    producer: "backbone scripts/make_test_model.ts",
    opset: 17,
    nodes: graphNodes(),
    initializers,
    // Unused by the graph (pooling reads the mask), but declared as BERT exports do, so callers feed it alike.
    inputs: [
      valueInfo("input_ids", INT64, ["batch", "sequence"]),
      valueInfo("attention_mask", INT64, ["batch", "sequence"]),
    ],
    outputs: [valueInfo("last_hidden_state", FLOAT, ["batch", "sequence", dimensions])],
  });
}

/** HF tokenizers' tokenizer.json for a WordPiece vocabulary: NFKC, lowercase, BERT splitting, [CLS] … [SEP]. */
function tokenizerJson(vocab: string[]): unknown {
  const special = (content: string, id: number) => ({
    id,
    content,
    single_word: false,
    lstrip: false,
    rstrip: false,
    normalized: false,
    special: true,
  });
  const cls = { "[CLS]": { id: "[CLS]", ids: [2], tokens: ["[CLS]"] } };
  const sep = { "[SEP]": { id: "[SEP]", ids: [3], tokens: ["[SEP]"] } };
  return {
    version: "1.0",
    truncation: null,
    padding: null,
    added_tokens: SPECIALS.map(special),
    normalizer: {
      type: "Sequence",
      normalizers: [
        { type: "NFKC" },
        { type: "BertNormalizer", clean_text: true, handle_chinese_chars: true, strip_accents: false, lowercase: true },
      ],
    },
    pre_tokenizer: { type: "BertPreTokenizer" },
    post_processor: {
      type: "TemplateProcessing",
      single: [{ SpecialToken: { id: "[CLS]", type_id: 0 } }, { Sequence: { id: "A", type_id: 0 } }, {
        SpecialToken: { id: "[SEP]", type_id: 0 },
      }],
      pair: [
        { SpecialToken: { id: "[CLS]", type_id: 0 } },
        { Sequence: { id: "A", type_id: 0 } },
        { SpecialToken: { id: "[SEP]", type_id: 0 } },
        { Sequence: { id: "B", type_id: 1 } },
        { SpecialToken: { id: "[SEP]", type_id: 1 } },
      ],
      special_tokens: { ...cls, ...sep },
    },
    decoder: { type: "WordPiece", prefix: "##", cleanup: true },
    model: {
      type: "WordPiece",
      unk_token: "[UNK]",
      continuing_subword_prefix: "##",
      max_input_chars_per_word: 100,
      vocab: Object.fromEntries(vocab.map((t, i) => [t, i])),
    },
  };
}

/** Every file of the model directory, path relative to it, to its content. */
export function testModelFiles(options: TestModelOptions = {}): Record<string, string | Uint8Array> {
  const { dimensions = 1024, hidden = 256, seed = 1 } = options;
  const vocab = testVocabulary();
  const json = (value: unknown) => JSON.stringify(value, null, 2) + "\n";
  return {
    "onnx/model.onnx": testModelBytes(vocab, dimensions, hidden, seed),
    "tokenizer.json": JSON.stringify(tokenizerJson(vocab)),
    "tokenizer_config.json": json({
      tokenizer_class: "BertTokenizer",
      model_max_length: MAX_TOKENS,
      do_lower_case: true,
      clean_up_tokenization_spaces: true,
      pad_token: "[PAD]",
      unk_token: "[UNK]",
      cls_token: "[CLS]",
      sep_token: "[SEP]",
      mask_token: "[MASK]",
    }),
    "config.json": json({
      model_type: "bert",
      architectures: ["BertModel"],
      hidden_size: dimensions,
      vocab_size: vocab.length,
      max_position_embeddings: MAX_TOKENS,
      pad_token_id: 0,
      "transformers.js_config": { dtype: "fp32" },
    }),
    "1_Pooling/config.json": json({
      word_embedding_dimension: dimensions,
      pooling_mode_cls_token: false,
      pooling_mode_mean_tokens: true,
      pooling_mode_max_tokens: false,
      pooling_mode_mean_sqrt_len_tokens: false,
    }),
    "README.md": `# test-embedding\n\nGenerated by \`deno task make-test-model\` (seed ${seed}, hidden ${hidden}, ` +
      `${dimensions} dimensions): a deterministic toy model of weighted syllables and syllable bigrams ` +
      `for tests and benchmarks of the embedding component. It has learned nothing; never use it for real retrieval.\n`,
  };
}

/** Writes the model directory and returns the total size in bytes. */
export async function writeTestModel(dir: string, options: TestModelOptions = {}): Promise<number> {
  let bytes = 0;
  for (const [name, content] of Object.entries(testModelFiles(options))) {
    const path = `${dir}/${name}`;
    await Deno.mkdir(path.slice(0, path.lastIndexOf("/")), { recursive: true });
    const data = typeof content === "string" ? new TextEncoder().encode(content) : content;
    await Deno.writeFile(path, data);
    bytes += data.length;
  }
  return bytes;
}

/** `make-test-model`: writes the plumbing model into `dir`; the exit status. */
export async function makeTestModelCommand(
  dir: string,
  o: { dimensions?: number; hidden?: number; seed?: number },
): Promise<number> {
  const t0 = performance.now();
  const bytes = await writeTestModel(dir, o);
  const seconds = ((performance.now() - t0) / 1000).toFixed(2);
  console.log(`wrote ${dir} (${(bytes / 2 ** 20).toFixed(1)} MiB) in ${seconds} s`);
  return 0;
}
