/**
 * A content host on loopback: serves document bodies by path, counts requests, redirects on demand, and plays a
 * slow host: one that never answers, or one that sends a body at a set rate.
 */

/** A body the host serves. */
export interface Served {
  body: Uint8Array | string;
  type?: string;
  /** Answer with this redirect instead of the body. */
  redirect?: string;
  /** Never answer (until the host stops). */
  hang?: boolean;
  /** Send the body at this rate, in tenths of a second. */
  bytesPerSecond?: number;
}

/** A served body as `POST /api/v1/documents` names it: where it is, its checksum and its size. */
export interface ServedBody {
  url: string;
  sha256: string;
  size: number;
}

/**
 * The ingestion request for an HTML body already served: an INTERNAL document of portal-a in `organizationIds`,
 * version v1, with a fresh source document ID; `extra` replaces any field.
 */
export function documentRequest(
  served: ServedBody,
  to: { tenantId: string; organizationIds: string[]; title: string },
  extra: Record<string, unknown> = {},
): Record<string, unknown> {
  return {
    portalId: "portal-a",
    sourceDocumentId: crypto.randomUUID(),
    sourceVersion: "v1",
    tenantId: to.tenantId,
    organizationIds: to.organizationIds,
    securityLevel: "INTERNAL",
    classification: "general",
    title: to.title,
    contentLocator: served.url,
    checksum: served.sha256,
    contentType: "text/html",
    registrant: { id: "user-1", departmentCode: "A" },
    sizeBytes: served.size,
    ...extra,
  };
}

/** A running content host. */
export interface ContentHost {
  base: string;
  hits: Map<string, number>;
  put(path: string, served: Served): { url: string; sha256: string; size: number };
  stop(): Promise<void>;
}

/** The lowercase hex SHA-256 of a body. */
export async function sha256(body: Uint8Array | string): Promise<string> {
  const bytes = typeof body === "string" ? new TextEncoder().encode(body) : body;
  const digest = await crypto.subtle.digest("SHA-256", bytes as Uint8Array<ArrayBuffer>);
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, "0")).join("");
}

/** Starts a content host on a free loopback port. */
export function startContentHost(): ContentHost & {
  putHashed(path: string, served: Served): Promise<ServedBody>;
} {
  const files = new Map<string, Served>();
  const hits = new Map<string, number>();
  // Stopping ends what hangs or trickles: a graceful shutdown waits for every response to finish.
  const stopping = new AbortController();
  const server = Deno.serve({ port: 0, hostname: "127.0.0.1", onListen: () => {} }, async (req) => {
    const path = new URL(req.url).pathname;
    hits.set(path, (hits.get(path) ?? 0) + 1);
    const f = files.get(path);
    if (!f) return new Response("not found", { status: 404 });
    if (f.redirect) return new Response(null, { status: 302, headers: { location: f.redirect } });
    if (f.hang) {
      await new Promise((resolve) => stopping.signal.addEventListener("abort", resolve, { once: true }));
      return new Response("stopped", { status: 503 });
    }
    const body = f.bytesPerSecond ? metered(asBytes(f.body), f.bytesPerSecond, stopping.signal) : f.body as BodyInit;
    return new Response(body, { headers: { "content-type": f.type ?? "text/html; charset=utf-8" } });
  });
  const base = `http://127.0.0.1:${server.addr.port}`;
  const put = (path: string, served: Served) => {
    files.set(path, served);
    const size = typeof served.body === "string" ? new TextEncoder().encode(served.body).length : served.body.length;
    return { url: `${base}${path}`, sha256: "", size };
  };
  return {
    base,
    hits,
    put,
    async putHashed(path, served) {
      const r = put(path, served);
      return { ...r, sha256: await sha256(served.body) };
    },
    stop: () => {
      stopping.abort();
      return server.shutdown();
    },
  };
}

function asBytes(body: Uint8Array | string): Uint8Array {
  return typeof body === "string" ? new TextEncoder().encode(body) : body;
}

/** `body` at `bytesPerSecond`, a tenth of a second's worth at a time, until it is sent or `stop` aborts. */
function metered(body: Uint8Array, bytesPerSecond: number, stop: AbortSignal): ReadableStream<Uint8Array> {
  const step = Math.max(1, Math.round(bytesPerSecond / 10));
  let offset = 0;
  let timer: ReturnType<typeof setInterval> | undefined;
  return new ReadableStream({
    start(controller) {
      const end = () => {
        clearInterval(timer);
        try {
          controller.close();
        } catch {
          // the reader went away first
        }
      };
      stop.addEventListener("abort", end, { once: true });
      timer = setInterval(() => {
        controller.enqueue(body.slice(offset, offset + step));
        offset += step;
        if (offset >= body.length) {
          stop.removeEventListener("abort", end);
          end();
        }
      }, 100);
    },
    cancel() {
      clearInterval(timer);
    },
  });
}
