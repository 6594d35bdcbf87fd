/** Task `org-sync`: keep tb_organization equal to the directory's departments. */
import { syncOrganizations } from "@/domain/rag/organizations.ts";
import type { Task } from "../task.ts";

/** Every 15 seconds, so a department deactivated in the directory stops admitting within a minute. */
export const orgSync: Task = {
  name: "org-sync",
  service: "rag",
  everyMs: () => 15_000,
  maxRetries: () => 1,
  async handle(deps) {
    await syncOrganizations(deps.rag!);
  },
};
