/**
 * Long publications do not hold the shared pool (issue 16, item 3), tried as the attacker would against the real
 * service (`main.ts` as a child process, shared pool of 6): portals trickle snapshot bodies a space at a time and
 * searches block behind a lock on the chunks table, taking every publication slot and every search slot, while
 * `GET /users` is timed as any portal sees it. Before, twelve trickled publications held the shared pool's
 * connections in their transactions and `GET /users` took 28 s. A second publication of a portal is refused at
 * once, a spool on disk is given back however its publication ends, and bad bodies still write nothing.
 */
import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { DIR } from "../_helpers/app.ts";
import { PORTAL_A_KEY, PORTAL_B_KEY, portalJwt } from "../_helpers/tokens.ts";
import { until } from "../_helpers/poll.ts";
import { SLOT_WAIT_MS } from "@/domain/directory/mod.ts";
import {
  blockSearches,
  entriesText,
  opening,
  openSpools,
  POOLS,
  startTarget,
  type Target,
  timeUsers,
  type TrickledPublication,
  trickledPublication,
  waitingOnLocks,
} from "../_helpers/pool_attack.ts";

/** More entries than one batch (1,000), so that a publication streaming into its transaction would be in it. */
const USERS = 1_100;
let t: Target;
let a: TrickledPublication;
let b: TrickledPublication;

before(async () => {
  t = await startTarget(USERS);
});
after(async () => {
  for (const p of [a, b]) p?.disconnect();
  await t?.stop();
});

const spools = () => openSpools(t.proc.pid);

/** A whole publication sent at once; its status, problem code and how long the answer took. */
async function publish(token: string, portalId: string, ids: string[]) {
  const started = performance.now();
  const res = await fetch(`${t.url}${DIR}/authorization-snapshot`, {
    method: "POST",
    headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
    body: `${opening(portalId, "again")}${entriesText(ids)}]}`,
    signal: AbortSignal.timeout(10_000),
  });
  const body = await res.json();
  return {
    status: res.status,
    code: body.code,
    retryAfter: res.headers.get("retry-after"),
    ms: performance.now() - started,
  };
}

/** What a refused or abandoned publication must leave alone. */
async function state() {
  const [row] = await t.superuser`
    select (select count(*)::int from directory.authorization_snapshots) as snapshots,
           (select count(*)::int from directory.authorization_entries) as entries`;
  return row;
}

describe("publications and searches against the shared pool", () => {
  it("a second publication of a portal is 409 publication_in_progress at once; with every slot taken, 503", async () => {
    a = await trickledPublication(
      t.url,
      PORTAL_A_KEY,
      opening("portal-a", "v1") + entriesText(t.userIds.slice(0, 1001)),
    );
    a.dribble();
    await until("portal-a's publication holds a spool", async () => await spools() === 1, 10_000);

    const again = await publish(PORTAL_A_KEY, "portal-a", t.userIds.slice(0, 3));
    assert.equal(again.status, 409);
    assert.equal(again.code, "publication_in_progress");
    assert.ok(again.ms < 5_000, `answered in ${again.ms} ms, not at once`);

    b = await trickledPublication(
      t.url,
      PORTAL_B_KEY,
      opening("portal-b", "v1") + entriesText(t.userIds.slice(0, 1001)),
    );
    b.dribble();
    await until("both publication slots are taken", async () => await spools() === POOLS.publications, 10_000);
    const third = await publish(await portalJwt(), "jwt-portal", t.userIds.slice(0, 3));
    assert.equal(third.status, 503);
    assert.equal(third.code, "publications_busy");
    assert.ok(third.retryAfter, "a busy answer says when to come back");
    assert.ok(third.ms >= SLOT_WAIT_MS && third.ms < SLOT_WAIT_MS + 5_000, `answered in ${third.ms} ms`);
  });

  it("with every publication slot and every search slot held, GET /users p95 stays under 100 ms", async () => {
    const blocked = await blockSearches(t, 3 * POOLS.searches);
    try {
      await until(
        "every search slot waits on the lock",
        async () => await waitingOnLocks(t, "backbone-search") === POOLS.searches,
        20_000,
      );
      assert.equal(await spools(), POOLS.publications, "both trickled publications are still in progress");
      const users = await timeUsers(t.url, 300);
      assert.equal(users.failures, 0);
      assert.ok(users.p95 < 100, `GET /users p95 ${users.p95.toFixed(1)} ms (p50 ${users.p50.toFixed(1)} ms)`);
      assert.equal(await waitingOnLocks(t, "backbone-search"), POOLS.searches, "the searches held on throughout");
    } finally {
      await blocked.release();
    }
    assert.deepEqual(await Promise.all(blocked.searches), blocked.searches.map(() => 200), "the searches then answer");
  });

  it("a trickled publication lands whole, hands its slot to one waiting for it and gives its spool back; a disconnected one writes nothing", async () => {
    // Both slots are held: a publication of another portal waits for one (up to SLOT_WAIT_MS) instead of a 503.
    const waiting = publish(await portalJwt(), "jwt-portal", t.userIds.slice(0, 3));
    await new Promise((r) => setTimeout(r, 300));
    const done = await a.finish(`,${entriesText(t.userIds.slice(1001))}]}`);
    assert.equal(done.status, 200, done.text);
    const handed = await waiting;
    assert.equal(handed.status, 200, `the waiting publication: ${handed.status} ${handed.code}`);
    assert.ok(handed.ms >= 300, "it arrived while both slots were held");
    await until("the finished publication's spool is closed", async () => await spools() === 1, 10_000);
    const [landed] = await t.superuser`
      select user_count from directory.authorization_snapshots where portal_id = 'portal-a' and is_latest`;
    assert.equal(landed.user_count, USERS);

    const before = await state();
    b.disconnect();
    await until("the abandoned publication's spool is closed", async () => await spools() === 0, 10_000);
    assert.deepEqual(await state(), before, "nothing of the abandoned publication was written");
    assert.deepEqual([...Deno.readDirSync(t.spoolDir)], [], "no spool file is left in the directory");
  });

  it("bad trickled bodies keep their problem codes, write nothing and give their spool back", async () => {
    const before = await state();
    const bad = await trickledPublication(t.url, PORTAL_B_KEY, opening("portal-b", "bad") + entriesText(t.userIds));
    const refused = await bad.finish(`,{"userId":"not-a-uuid","assignments":[]}]}`);
    assert.equal(refused.status, 400, refused.text);
    assert.equal(refused.code, "invalid_request");

    const ghost = await trickledPublication(t.url, PORTAL_B_KEY, opening("portal-b", "ghost") + entriesText(t.userIds));
    const unknown = await ghost.finish(`,${entriesText([crypto.randomUUID()])}]}`);
    assert.equal(unknown.status, 422, unknown.text);
    assert.equal(unknown.code, "unknown_user_ids");

    assert.deepEqual(await state(), before);
    await until("no spool is left open", async () => await spools() === 0, 10_000);
  });
});
