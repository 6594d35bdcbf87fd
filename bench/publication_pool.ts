/**
 * `GET /users` p95 while every publication slot is held by a trickled snapshot body and every search slot by a
 * search blocked behind a lock (issue 16, item 3), beside the same p95 without the attack, in the same run against
 * the same service process (`main.ts` as a child, shared pool of 6). The attack is the test's
 * (tests/security/publication_pool_test.ts), from the same helper.
 */
import { PORTAL_A_KEY, PORTAL_B_KEY } from "@/tests/_helpers/tokens.ts";
import { until } from "@/tests/_helpers/poll.ts";
import {
  blockSearches,
  entriesText,
  opening,
  openSpools,
  POOLS,
  startTarget,
  type Target,
  timeUsers,
  trickledPublication,
  waitingOnLocks,
} from "@/tests/_helpers/pool_attack.ts";
import { type Figure, median } from "./_report.ts";

const REQUESTS = Number(Deno.env.get("BENCH_POOL_REQUESTS") ?? 400);
const ROUNDS = 3;
type Timing = Awaited<ReturnType<typeof timeUsers>>;

/** One round of the attack: every slot held, then `GET /users` timed, then everything let go. */
async function attacked(t: Target) {
  const first = entriesText(t.userIds.slice(0, 1001));
  const publications = await Promise.all(
    [["portal-a", PORTAL_A_KEY], ["portal-b", PORTAL_B_KEY]].map(([portal, key]) =>
      trickledPublication(t.url, key, opening(portal, "bench") + first)
    ),
  );
  for (const p of publications) p.dribble();
  const blocked = await blockSearches(t, 3 * POOLS.searches);
  try {
    await until("every slot is held", async () =>
      await openSpools(t.proc.pid) === POOLS.publications &&
      await waitingOnLocks(t, "backbone-search") === POOLS.searches, 30_000);
    return await timeUsers(t.url, REQUESTS);
  } finally {
    for (const p of publications) p.disconnect();
    await blocked.release();
    await Promise.all(blocked.searches);
    await until("the slots are free again", async () => await openSpools(t.proc.pid) === 0, 30_000);
  }
}

/**
 * The figures: p95 during the attack beside p95 without it, each the median of three rounds that alternate, so
 * a moment of noise on this two-core machine moves neither side alone.
 */
export async function run(): Promise<Figure[]> {
  const t = await startTarget(1_100);
  try {
    await timeUsers(t.url, 100); // warm-up: connections opened, statements prepared
    const quiet: Timing[] = [], attack: Timing[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      quiet.push(await timeUsers(t.url, REQUESTS));
      attack.push(await attacked(t));
    }
    const failures = [...quiet, ...attack].reduce((n, r) => n + r.failures, 0);
    if (failures > 0) throw new Error(`GET /users failed ${failures} times`);
    const p95 = (rs: Timing[]) => median(rs.map((r) => r.p95));
    const p50 = (rs: Timing[]) => median(rs.map((r) => r.p50)).toFixed(2);
    return [{
      bench: "pool",
      metric: `GET /users p95, every publication and search slot held (${REQUESTS} requests, ${ROUNDS} rounds)`,
      value: p95(attack),
      unit: "ms",
      baseline: { metric: "same requests without the attack", value: p95(quiet) },
      ratio: p95(attack) / p95(quiet),
      bar: { what: "ratio", op: "<=", target: 2, from: "issue 16" },
      note: `${POOLS.publications} trickled publications, ${3 * POOLS.searches} searches blocked behind a lock on ` +
        `the chunks table; p50 ${p50(attack)} ms during the attack, ${p50(quiet)} ms without; before the slots, ` +
        "trickled publications held the shared pool and GET /users waited up to the 30 s statement timeout",
    }];
  } finally {
    await t.stop();
  }
}
