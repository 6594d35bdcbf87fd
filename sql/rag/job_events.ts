/**
 * Waiting for ingestion jobs: the worker's settle statement notifies `rag_ingestion`
 * with the job id on commit; a request that waits is woken by it, and also looks for
 * itself every second in case a notification was missed.
 */
import * as jobs from "./ingestion_jobs.ts";
import { type SystemPool, withSystem } from "./session.ts";

const SETTLED = new Set(["done", "failed", "superseded", "waiting_approval"]);

/** Starts listening on the system pool; `wait` resolves when the job settles or the time is up. */
export async function createJobWaiter(system: SystemPool) {
  const waiters = new Map<string, Set<() => void>>();
  const listener = await system.listen("rag_ingestion", (jobId) => waiters.get(jobId)?.forEach((wake) => wake()));
  const settled = async (jobId: string) => {
    const outcome = await withSystem(system, (tx) => jobs.jobOutcome(tx, jobId));
    return !outcome || SETTLED.has(outcome.status);
  };
  return {
    async wait(jobId: string, timeoutMs: number): Promise<void> {
      const deadline = Date.now() + timeoutMs;
      while (Date.now() < deadline && !await settled(jobId)) {
        await new Promise<void>((resolve) => {
          const wake = () => {
            clearTimeout(timer);
            waiters.get(jobId)?.delete(wake);
            resolve();
          };
          const timer = setTimeout(wake, Math.min(1000, Math.max(0, deadline - Date.now())));
          if (!waiters.has(jobId)) waiters.set(jobId, new Set());
          waiters.get(jobId)!.add(wake);
        });
        if (waiters.get(jobId)?.size === 0) waiters.delete(jobId);
      }
    },
    async stop() {
      await listener.unlisten();
    },
  };
}
