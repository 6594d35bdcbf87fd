/** Statements on the outbox tables; the table name comes from this allow-list, never from input. */
import { type Db, loadQueries, type RowOf, typed } from "@/sql/mod.ts";
import type { SystemTx } from "@/sql/rag/session.ts";

/** The outboxes, one per service schema. */
export const OUTBOXES = { directory: "directory.outbox", rag: "rag.outbox" } as const;
/** An outbox's name. */
export type Outbox = keyof typeof OUTBOXES;
/** What a box's statements run on: the retrieval outbox is under row-level security, read and settled by the system. */
export type BoxDb<B extends Outbox> = [B] extends ["directory"] ? Db : SystemTx;

/** The statements of outbox.sql on one outbox table. */
function statementsOn(table: string) {
  return loadQueries(new URL("./outbox.sql", import.meta.url), {
    take_unsent: {
      params: ["int4"],
      columns: { id: "int8", stream: "text", payload: typed<Record<string, unknown>>("jsonb") },
    },
    unsend_unfinished: { params: ["timestamptz"], columns: { requeued: "int4" } },
    mark_done: { params: ["int8"] },
    purge_done: {},
    backlog: { columns: { unsent: "int4", unfinished: "int4" } },
  }, { outbox_table: table });
}

const statements = { directory: statementsOn(OUTBOXES.directory), rag: statementsOn(OUTBOXES.rag) };

/** A job taken from the outbox. */
export type OutboxRow = RowOf<ReturnType<typeof statementsOn>["take_unsent"]>;

/** Takes up to `limit` unsent jobs, marking them sent. */
export function takeUnsent<B extends Outbox>(db: BoxDb<B>, a: { box: B; limit: number }): Promise<OutboxRow[]> {
  return statements[a.box].take_unsent(db, [a.limit]);
}

/** Puts jobs sent before `before` and not done back for sending; returns how many. */
export async function unsendUnfinished<B extends Outbox>(db: BoxDb<B>, a: { box: B; before: Date }): Promise<number> {
  const [row] = await statements[a.box].unsend_unfinished(db, [a.before]);
  return row.requeued;
}

/** Marks a job done, in the transaction of its effect. */
export async function markDone<B extends Outbox>(db: BoxDb<B>, a: { box: B; id: number }): Promise<void> {
  await statements[a.box].mark_done(db, [a.id]);
}

/** Forgets old finished jobs. */
export async function purgeDone<B extends Outbox>(db: BoxDb<B>, box: B): Promise<void> {
  await statements[box].purge_done(db);
}

/** Jobs waiting for the relay and for workers. */
export async function backlog<B extends Outbox>(db: BoxDb<B>, box: B) {
  const [row] = await statements[box].backlog(db);
  return row;
}
