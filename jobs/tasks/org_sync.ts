/** Task `org-sync`: keep tb_organization equal to the directory's departments, and follow its users' status. */
import { syncOrganizations, syncUserStatus } from "@/domain/rag/mod.ts";
import type { Task } from "../task.ts";

/**
 * Every 15 seconds, so a department deactivated in the directory stops admitting within a minute, and so does a
 * user deactivated or deleted there.
 */
export const orgSync: Task = {
  name: "org-sync",
  service: "rag",
  everyMs: () => 15_000,
  maxRetries: () => 1,
  async handle(deps) {
    // Neither waits on the other: a failing departments read must not keep departed users' tokens alive.
    const [departments, users] = await Promise.allSettled([syncOrganizations(deps.rag!), syncUserStatus(deps.rag!)]);
    for (const r of [departments, users]) if (r.status === "rejected") throw r.reason;
  },
};
