/** Task `purge-tombstones`: tombstones older than TOMBSTONE_RETENTION_DAYS leave the ledger. */
import { purgeTombstones } from "@/domain/directory/mod.ts";
import type { Task } from "../task.ts";

/** Purges expired tombstones and raises the change-feed horizon; idempotent. */
export const purgeTombstonesTask: Task = {
  name: "purge-tombstones",
  service: "directory",
  everyMs: () => 3_600_000,
  async handle(deps) {
    const purged = await purgeTombstones(deps.directory!);
    if (purged > 0) deps.log.info("tombstones purged", { count: purged });
  },
};
