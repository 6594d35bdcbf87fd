/**
 * Where authorization-snapshot publications run, apart from every other request. A body may take minutes to
 * arrive (a slow portal, or a hostile one trickling it), and publications that waited for their bodies on the
 * shared pool once held every connection, so `GET /users` waited 28 s behind them. Now:
 *
 * - Publications have a pool of their own, one connection per slot (SNAPSHOT_PUBLICATION_SLOTS per process);
 *   with every slot taken another publication is refused at once (503 publications_busy), never queued.
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
}

/** A publication's own connection (outside any transaction until it opens one) and the spool for its body. */
export interface PublicationSession {
  db: Reserved;
  spool: Spool;
}

/** Slots on `sql`, a pool opened with `slots` connections at most. */
export function createPublications(sql: Sql, o: { slots: number; spoolDir?: string }): Publications {
  return { sql, slots: o.slots, spoolDir: o.spoolDir, inProgress: 0 };
}

/**
 * Runs `fn` holding one of the slots and the portal's publication lock, or refuses at once; the lock, the
 * connection, the spool and the slot are given back whatever happens.
 */
export async function inPublication<T>(
  p: Publications,
  portalId: string,
  fn: (session: PublicationSession) => Promise<T>,
): Promise<T> {
  if (p.inProgress >= p.slots) {
    throw new AppError("publications_busy", "Every publication slot is taken; try again shortly", {
      headers: { "Retry-After": "10" },
    });
  }
  p.inProgress++;
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
    p.inProgress--;
  }
}
