/**
 * The Redis Streams vocabulary jobs share: stream names, consumer groups, entry
 * fields, and the dead-letter stream beside each work stream.
 */
import type { Redis } from "ioredis";

/** A stream entry: its id and its fields as a flat object. */
export interface Entry {
  id: string;
  fields: Record<string, string>;
}

/** Names of a work stream, its consumer group and its dead-letter stream, under a key prefix. */
export interface StreamNames {
  /** The stream's name without the key prefix (`rag:ingestion`): what metrics label it with. */
  name: string;
  stream: string;
  group: string;
  dead: string;
}

/** Builds the names of stream `name` (for example `directory:sync-freshness`). */
export function streamNames(prefix: string, name: string): StreamNames {
  return { name, stream: `${prefix}${name}`, group: `${name}:workers`, dead: `${prefix}${name}:dead` };
}

/** Flattens a Redis field list into an object. */
export function toFields(list: string[] | null): Record<string, string> {
  const out: Record<string, string> = {};
  if (!list) return out;
  for (let i = 0; i + 1 < list.length; i += 2) out[list[i]] = list[i + 1];
  return out;
}

/** Creates the consumer group (and stream) when missing; an existing group is fine. */
export async function ensureGroup(redis: Redis, names: StreamNames): Promise<void> {
  try {
    await redis.xgroup("CREATE", names.stream, names.group, "0", "MKSTREAM");
  } catch (err) {
    if (!String((err as Error).message).startsWith("BUSYGROUP")) throw err;
  }
}

/** Appends an entry, trimming the stream to about `maxLen` entries. */
export async function addEntry(redis: Redis, stream: string, fields: Record<string, string>, maxLen = 100_000) {
  return await redis.xadd(stream, "MAXLEN", "~", String(maxLen), "*", ...Object.entries(fields).flat()) as string;
}

/** Entries waiting in a stream's group (pending plus not yet delivered) and dead letters, for screens and metrics. */
export async function streamDepth(
  redis: Redis,
  names: StreamNames,
): Promise<{ pending: number; lag: number; dead: number }> {
  const [groups, dead] = await Promise.all([
    redis.xinfo("GROUPS", names.stream).catch(() => []) as Promise<unknown[]>,
    redis.xlen(names.dead),
  ]);
  for (const g of groups as unknown[][]) {
    const info = toFields(g.map(String));
    if (info.name === names.group) {
      return { pending: Number(info.pending ?? 0), lag: Number(info.lag ?? 0) || 0, dead };
    }
  }
  return { pending: 0, lag: 0, dead };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The job an outbox entry carries (a UUID `jobId` in its payload) and its outbox row, or null when it carries none. */
export function outboxJob(entry: Entry): { jobId: string; outboxId: number | null } | null {
  let payload: { jobId?: unknown };
  try {
    payload = JSON.parse(entry.fields.payload ?? "{}");
  } catch {
    return null;
  }
  if (typeof payload?.jobId !== "string" || !UUID.test(payload.jobId)) return null;
  return { jobId: payload.jobId, outboxId: entry.fields.outboxId ? Number(entry.fields.outboxId) : null };
}
