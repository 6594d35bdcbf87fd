/**
 * Publishing an authorization snapshot as a stream: the body is written entry by entry (gzip-compressed) while the
 * service reads it, so a portal with 200,000 users never builds the whole JSON text in memory. A 429 or 503 is
 * retried by reading the entries again from their source, which is why the entries come as a function.
 */
import { type PortalClient, PortalError } from "./client.ts";
import { type BackoffOptions, retryDelayMs } from "./rate_limit.ts";
import type { AuthorizationEntry, AuthorizationSnapshotReceipt } from "./types.ts";

/** What to publish. */
export interface SnapshotSource {
  portalId: string;
  sourceVersion: string;
  /** Gives the entries from the start each time it is called (a retry calls it again). */
  entries: () => AsyncIterable<AuthorizationEntry> | Iterable<AuthorizationEntry>;
}

/** The request body as a stream of JSON text. */
export function snapshotBody(source: SnapshotSource): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  const head = JSON.stringify({ portalId: source.portalId, sourceVersion: source.sourceVersion }).slice(0, -1);
  async function* text(): AsyncGenerator<string> {
    yield `${head},"entries":[`;
    let first = true;
    for await (const entry of source.entries()) {
      yield (first ? "" : ",") + JSON.stringify(entry);
      first = false;
    }
    yield "]}";
  }
  const parts = text();
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      const next = await parts.next();
      if (next.done) controller.close();
      else controller.enqueue(encoder.encode(next.value));
    },
    async cancel() {
      await parts.return(undefined);
    },
  });
}

/** Publishes the snapshot, replacing the portal's previous one; throws PortalError when the service refuses it. */
export async function publishSnapshot(
  client: PortalClient,
  source: SnapshotSource,
  o: BackoffOptions & { gzip?: boolean } = {},
): Promise<AuthorizationSnapshotReceipt> {
  const gzip = o.gzip ?? true;
  const attempts = Math.max(1, o.maxAttempts ?? 5);
  const sleep = o.sleep ?? ((ms: number) => new Promise<void>((r) => setTimeout(r, ms)));
  for (let attempt = 1;; attempt++) {
    const plain = snapshotBody(source);
    const body = gzip
      ? plain.pipeThrough(new CompressionStream("gzip") as TransformStream<Uint8Array, Uint8Array>)
      : plain;
    const headers: Record<string, string> = { "content-type": "application/json" };
    if (gzip) headers["content-encoding"] = "gzip";
    const res = await client.fetch("/api/directory/v1/authorization-snapshot", {
      method: "POST",
      headers,
      body,
      // Required by fetch for a streamed request body.
      duplex: "half",
    } as RequestInit);
    const answer = await res.json().catch(() => undefined);
    if (res.ok) return (answer as { data: AuthorizationSnapshotReceipt }).data;
    if (![429, 503].includes(res.status) || attempt >= attempts) throw new PortalError(res.status, answer);
    await sleep(retryDelayMs(res, attempt, o));
  }
}
