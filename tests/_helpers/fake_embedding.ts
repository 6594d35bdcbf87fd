/**
 * A fake embedding server: a real OpenAI-compatible HTTP endpoint on loopback whose
 * vectors are hashed character bigrams (1024 dimensions, unit length), so similar
 * texts get similar vectors. It records requests and can fail or stall on demand.
 */

/** A running fake embedding server. */
export interface FakeEmbedding {
  url: string;
  requests: number;
  texts: number;
  /** The Authorization header of every request so far (null where none was sent). */
  authorizations: (string | null)[];
  /** Answer the next `n` requests with 503. */
  failNext(n: number): void;
  /** Hold each request until `release` is called (or never). */
  hold(): { release(): void; arrived: Promise<void> };
  stop(): Promise<void>;
}

/** The deterministic vector of `text`. */
export function fakeVector(text: string): number[] {
  const v = new Float64Array(1024);
  const t = text.normalize("NFKC").toLowerCase().replace(/\s+/g, " ");
  for (let i = 0; i < t.length; i++) {
    const gram = t.slice(i, i + 2);
    let h = 2166136261;
    for (let j = 0; j < gram.length; j++) h = Math.imul(h ^ gram.charCodeAt(j), 16777619);
    v[(h >>> 0) % 1024] += (h & 0x10000) ? 1 : -1;
  }
  const norm = Math.hypot(...v) || 1;
  return Array.from(v, (x) => x / norm);
}

/** Starts a fake embedding server on a free loopback port. */
export function startFakeEmbedding(): FakeEmbedding {
  let failing = 0;
  let gate: { promise: Promise<void>; arrived: () => void } | null = null;
  const state = { requests: 0, texts: 0, authorizations: [] as (string | null)[] };
  const server = Deno.serve({ port: 0, hostname: "127.0.0.1", onListen: () => {} }, async (req) => {
    // As an OpenAI-compatible server answers a readiness probe's GET: the method is not allowed, but it answers.
    if (req.method !== "POST") return new Response(null, { status: 405 });
    const body = await req.json() as { input: string | string[]; model?: string };
    const inputs = Array.isArray(body.input) ? body.input : [body.input];
    state.requests++;
    state.authorizations.push(req.headers.get("authorization"));
    if (gate) {
      gate.arrived();
      await gate.promise;
    }
    if (failing > 0) {
      failing--;
      return new Response("overloaded", { status: 503 });
    }
    state.texts += inputs.length;
    return Response.json({
      object: "list",
      data: inputs.map((text, index) => ({ object: "embedding", index, embedding: fakeVector(text) })),
      model: body.model ?? "fake",
      usage: { prompt_tokens: 0, total_tokens: 0 },
    });
  });
  return {
    url: `http://127.0.0.1:${server.addr.port}/v1/embeddings`,
    get requests() {
      return state.requests;
    },
    get texts() {
      return state.texts;
    },
    get authorizations() {
      return state.authorizations;
    },
    failNext(n) {
      failing = n;
    },
    hold() {
      let release!: () => void;
      let arrived!: () => void;
      const promise = new Promise<void>((r) => release = r);
      const arrivedPromise = new Promise<void>((r) => arrived = r);
      gate = { promise, arrived };
      return {
        release: () => {
          gate = null;
          release();
        },
        arrived: arrivedPromise,
      };
    },
    stop: () => server.shutdown(),
  };
}
