/** Bounded polling for fault tests: wait for a condition instead of sleeping a fixed time. */
import assert from "node:assert/strict";

/** Resolves once `check` holds; fails the test naming `what` after `ms`. */
export async function until(what: string, check: () => boolean | Promise<boolean>, ms = 30_000, everyMs = 100) {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, everyMs));
  }
  assert.fail(`timed out after ${ms} ms waiting until ${what}`);
}

/** How long `fn` took, in milliseconds, with its result. */
export async function timed<T>(fn: () => Promise<T>): Promise<{ ms: number; value: T }> {
  const started = performance.now();
  const value = await fn();
  return { ms: Math.round(performance.now() - started), value };
}
