/**
 * A connection the server closes must fail the next query cleanly, never crash the
 * process: postgres.js 3.4.9 throws from a timer when a deferred write meets a closed
 * socket (vendor/postgres/PATCHES.md). A reserved connection is pinned, so the next
 * query goes to the closed one for sure.
 */
import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import postgres from "postgres";
import { freshDatabase, type TestDatabase } from "../_helpers/db.ts";

let db: TestDatabase;
before(async () => {
  db = await freshDatabase();
});
after(async () => {
  await db.drop();
});

describe("a connection closed by the server", () => {
  it("fails every later query on it with a catchable CONNECTION_CLOSED instead of crashing the process", async () => {
    const sql = postgres(db.ownerUrl, { max: 2, onnotice: () => {} });
    const killer = postgres(db.superUrl, { max: 1, onnotice: () => {} });
    try {
      const reserved = await sql.reserve();
      const [{ pid }] = await reserved<{ pid: number }[]>`select pg_backend_pid() as pid`;
      await killer`select pg_terminate_backend(${pid})`;
      await new Promise((r) => setTimeout(r, 200));
      // Unpatched, the second query never settles (the throw from the timer takes its rejection away).
      const settled = (q: Promise<unknown>) =>
        Promise.race([q, new Promise((_, reject) => setTimeout(() => reject(new Error("never settled")), 5000))]);
      for (let i = 0; i < 2; i++) {
        await assert.rejects(() => settled(reserved`select 1`), { code: "CONNECTION_CLOSED" });
      }
      const [{ ok }] = await killer<{ ok: number }[]>`select 1 as ok`;
      assert.equal(ok, 1, "the process and the server are fine");
    } finally {
      await sql.end({ timeout: 1 });
      await killer.end({ timeout: 1 });
    }
  });
});
