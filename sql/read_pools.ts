/**
 * The primary and its streaming replicas (DATABASE_READ_URL). Reads that may lag a little go to a
 * replica, taken in turn; writes, and reads that must see them, stay on the primary. A replica that
 * cannot be reached, or that cancels a read for a conflict with the WAL it replays, costs the caller
 * nothing: the read runs again on the primary. Whether a replica is recent enough for a caller is the
 * caller's decision (`fresh`), since only it knows what it has already shown.
 */
import { isConnectionError, type Sql } from "./mod.ts";

/** SQLSTATE of a standby cancelling a query whose rows the replayed WAL removes (recovery conflict). */
const RECOVERY_CONFLICT = "40001";

export class ReadPools {
  #turn = 0;

  constructor(readonly primary: Sql, readonly replicas: readonly Sql[] = []) {}

  /**
   * Runs `read` on the next replica and keeps its answer when `fresh` accepts it; otherwise, and when
   * no replica is configured or the replica fails to answer, runs it on the primary.
   */
  async read<T>(read: (sql: Sql) => Promise<T>, fresh: (answer: T) => boolean = () => true): Promise<T> {
    const replica = this.#next();
    if (replica) {
      try {
        const answer = await read(replica);
        if (fresh(answer)) return answer;
      } catch (err) {
        const code = (err as { code?: unknown })?.code;
        if (!isConnectionError(err) && code !== RECOVERY_CONFLICT) throw err;
      }
    }
    return await read(this.primary);
  }

  #next(): Sql | undefined {
    if (this.replicas.length === 0) return undefined;
    this.#turn = (this.#turn + 1) % this.replicas.length;
    return this.replicas[this.#turn];
  }

  /** Closes the replicas' pools (the primary belongs to whoever opened it). */
  async end(): Promise<void> {
    await Promise.all(this.replicas.map((r) => r.end({ timeout: 5 })));
  }
}
