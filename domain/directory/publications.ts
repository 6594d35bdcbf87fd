/**
 * Where authorization-snapshot publications run, apart from every other request. A body may take minutes to
 * arrive (a slow portal, or a hostile one trickling it), and publications that waited for their bodies on the
 * shared pool once held every connection, so `GET /users` waited 28 s behind them. Now:
 *
 * - Publications have a pool of their own, one connection per slot (SNAPSHOT_PUBLICATION_SLOTS per process);
 *   with every slot taken another publication waits for one at most SLOT_WAIT_MS, holding no connection, and is
 *   then refused (503 publications_busy): ordinary publications that arrive together (a 1,000-user one takes about
 *   0.1 s) pass in turn, while slots held by trickled bodies cost others two seconds, not a connection.
 * - A publication keeps its connection for its whole course, so the portal's publication lock (a session
 *   advisory lock, seen by every process) is tried once: a second publication of the same portal is 409
 *   publication_in_progress at once, not a connection waiting on the first one.
 * - The body is validated into a spool on disk while it arrives; the transaction opens only once the body is
 *   whole, and then only copies from the spool.
 */
import type { Reserved, Sql } from "@/sql/mod.ts";
import { openSpool, type Spool } from "@/lib/spool.ts";
import { tryLockPublication, unlockPublication } from "@/sql/directory/snapshots.ts";
import { AppError } from "@/domain/errors.ts";

/** The publications' slots: their pool (as many connections as slots) and where bodies are spooled. */
export interface Publications {
  readonly sql: Sql;
  readonly slots: number;
  readonly spoolDir?: string;
  /** Publications in progress in this process. */
  inProgress: number;
  /** Publications waiting for a slot, first come first served: each is handed a slot as one is given back. */
  waiting: Array<() => void>;
}

/** The longest a publication waits for a slot before 503 publications_busy. */
export const SLOT_WAIT_MS = 2_000;

/** A publication's own connection (outside any transaction until it opens one) and the spool for its body. */
export interface PublicationSession {
  db: Reserved;
  spool: Spool;
}

/** Slots on `sql`, a pool opened with `slots` connections at most. */
export function createPublications(sql: Sql, o: { slots: number; spoolDir?: string }): Publications {
  return { sql, slots: o.slots, spoolDir: o.spoolDir, inProgress: 0, waiting: [] };
}

/**
 * Runs `fn` holding one of the slots and the portal's publication lock, or refuses (no slot within
 * SLOT_WAIT_MS; the portal's lock held elsewhere at once); the lock, the connection, the spool and the slot are
 * given back whatever happens.
 */
export async function inPublication<T>(
  p: Publications,
  portalId: string,
  fn: (session: PublicationSession) => Promise<T>,
): Promise<T> {
  await takeSlot(p);
  try {
    const db = await p.sql.reserve();
    try {
      if (!await tryLockPublication(db, portalId)) {
        throw new AppError("publication_in_progress", `A publication of portal ${portalId} is already in progress`);
      }
      try {
        const spool = await openSpool(p.spoolDir, "snapshot-spool-");
        try {
          return await fn({ db, spool });
        } finally {
          spool.close();
        }
      } finally {
        // On a broken connection the lock went with its session.
        await unlockPublication(db, portalId).catch(() => {});
      }
    } finally {
      db.release();
    }
  } finally {
    giveSlot(p);
  }
}

async function takeSlot(p: Publications): Promise<void> {
  if (p.inProgress < p.slots) {
    p.inProgress++;
    return;
  }
  await new Promise<void>((resolve, reject) => {
    const handOver = () => {
      clearTimeout(timer);
      resolve();
    };
    const timer = setTimeout(() => {
      p.waiting.splice(p.waiting.indexOf(handOver), 1);
      reject(
        new AppError("publications_busy", "Every publication slot is taken; try again shortly", {
          headers: { "Retry-After": "10" },
        }),
      );
    }, SLOT_WAIT_MS);
    p.waiting.push(handOver);
  });
}

/** Hands the slot to the first waiting publication, or frees it. */
function giveSlot(p: Publications): void {
  const next = p.waiting.shift();
  if (next) next();
  else p.inProgress--;
}
