/** Statements on the outbox tables; the table name comes from this allow-list, never from input. */
import { type Db, parseBlocks, type Statement } from "@/sql/mod.ts";

/** The outboxes, one per service schema. */
export const OUTBOXES = { directory: "directory.outbox", rag: "rag.outbox" } as const;
/** An outbox's name. */
export type Outbox = keyof typeof OUTBOXES;

const NAMES = ["take_unsent", "unsend_unfinished", "mark_done", "purge_done", "backlog"] as const;
const SOURCE = parseBlocks(Deno.readTextFileSync(new URL("./outbox.sql", import.meta.url)));

function statementsFor(table: string): Record<typeof NAMES[number], Statement> {
  const out = {} as Record<typeof NAMES[number], Statement>;
  for (const name of NAMES) {
    const text = SOURCE.get(name)!.replaceAll("outbox_table", table);
    out[name] = (db, params = []) => db.unsafe(text, params as never[], { prepare: true }) as never;
  }
  return out;
}

const statements = Object.fromEntries(Object.entries(OUTBOXES).map(([k, t]) => [k, statementsFor(t)])) as Record<
  Outbox,
  ReturnType<typeof statementsFor>
>;

/** A job taken from the outbox. */
export interface OutboxRow {
  id: number;
  stream: string;
  payload: Record<string, unknown>;
}

/** Takes up to `limit` unsent jobs, marking them sent. */
export function takeUnsent(db: Db, box: Outbox, limit: number): Promise<OutboxRow[]> {
  return statements[box].take_unsent<OutboxRow>(db, [limit]);
}

/** Puts jobs sent before `before` and not done back for sending; returns how many. */
export async function unsendUnfinished(db: Db, box: Outbox, before: Date): Promise<number> {
  const [row] = await statements[box].unsend_unfinished<{ requeued: number }>(db, [before]);
  return row.requeued;
}

/** Marks a job done, in the transaction of its effect. */
export async function markDone(db: Db, box: Outbox, id: number): Promise<void> {
  await statements[box].mark_done(db, [id]);
}

/** Forgets old finished jobs. */
export async function purgeDone(db: Db, box: Outbox): Promise<void> {
  await statements[box].purge_done(db);
}

/** Jobs waiting for the relay and for workers. */
export async function backlog(db: Db, box: Outbox): Promise<{ unsent: number; unfinished: number }> {
  const [row] = await statements[box].backlog<{ unsent: number; unfinished: number }>(db);
  return row;
}
