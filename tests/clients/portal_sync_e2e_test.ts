/**
 * The reference portal (examples/portal-sync) against a live service process with its workers: the portal registers
 * its webhook subscription, and while a writer creates, moves, deactivates and deletes users and changes groups over
 * HTTP, the directory's signed deliveries wake it to read the named feeds through the change feed into PostgreSQL
 * tables of its own. Its periodic poll is set to an hour, so only deliveries can drive it: its copy comes to equal
 * the ledger exactly (the same ids and versions as the service's tables, the same records as a fresh full walk, the
 * same memberships) with no periodic round run. Then the portal as its own program reuses that subscription.
 */
import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { isDeepStrictEqual } from "node:util";
import postgres from "postgres";
import { clearPrefix, REDIS_URL, testEnv } from "../_helpers/app.ts";
import { ADMIN_URL, freshDatabase, type TestDatabase } from "../_helpers/db.ts";
import { ADMIN_KEY, PORTAL_A_KEY } from "../_helpers/tokens.ts";
import { collectLines, freePort } from "../_helpers/processes.ts";
import { until } from "../_helpers/poll.ts";
import { endpointOf, type ServiceProcess, startServiceProcess } from "../_helpers/service_process.ts";
import { createPortalClient, type Feed, feedReader, type PortalClient, readAll, unwrap } from "@/clients/portal/mod.ts";
import { migrateMirror } from "@/examples/portal-sync/store.ts";
import { syncRound } from "@/examples/portal-sync/sync.ts";
import { pollingTrigger, webhookHandler } from "@/examples/portal-sync/trigger.ts";
import { ensureSubscription } from "@/examples/portal-sync/subscription.ts";
import { type RoundResult, runMirror } from "@/examples/portal-sync/mirror.ts";
import { writeLedger } from "./_ledger_writer.ts";

const prefix = `t:${crypto.randomUUID().slice(0, 8)}:`;
// Named like the test databases, so scripts/test.sh drops one an interrupted run left.
const mirrorName = `backbone_t_${Deno.pid}_mirror_${crypto.randomUUID().replaceAll("-", "").slice(0, 8)}`;
let db: TestDatabase;
let service: ServiceProcess;
let ledger: postgres.Sql;
let mirror: postgres.Sql;
let client: PortalClient;
let mirrorUrl: string;
let webhookUrl: string;
let webhookPort: number;
const HOUR = 3_600_000;

before(async () => {
  db = await freshDatabase();
  const port = freePort();
  webhookPort = freePort();
  webhookUrl = `http://127.0.0.1:${webhookPort}/webhooks`;
  service = await startServiceProcess({
    env: {
      ...testEnv(db, prefix),
      SERVICES: "directory",
      RATE_LIMIT_PER_MINUTE: "100000",
      RUN_WORKERS: "true",
      WEBHOOK_ALLOW_LOOPBACK: "true",
      // Between the two tests nothing listens for a moment: the retries must not wait long.
      WEBHOOK_RETRY_MAX_SECONDS: "1",
    },
    port,
    allowNet: [
      endpointOf(db.appUrl, 5432),
      endpointOf(REDIS_URL, 6379),
      `0.0.0.0:${port}`,
      `127.0.0.1:${webhookPort}`,
    ],
    auditPath: `${await Deno.makeTempDir({ prefix: "portal_sync_" })}/audit.jsonl`,
  });
  const admin = postgres(ADMIN_URL, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database ${mirrorName}`);
  await admin.end();
  const url = new URL(ADMIN_URL);
  url.pathname = `/${mirrorName}`;
  mirrorUrl = url.href;
  mirror = postgres(mirrorUrl, { max: 3, onnotice: () => {} });
  ledger = postgres(db.superUrl, { max: 1, onnotice: () => {} });
  await migrateMirror(mirror);
  client = createPortalClient({ baseUrl: service.url, credential: PORTAL_A_KEY });
});

after(async () => {
  await Promise.all([mirror?.end(), ledger?.end()]);
  await service?.stop();
  const admin = postgres(ADMIN_URL, { max: 1, onnotice: () => {} });
  await admin.unsafe(`drop database if exists ${mirrorName} with (force)`);
  await admin.end();
  await db?.drop();
  await clearPrefix(prefix);
});

const TABLES: Record<Feed, [string, string]> = {
  users: ["directory.users", "portal_mirror.users"],
  departments: ["directory.departments", "portal_mirror.departments"],
  "user-groups": ["directory.user_groups", "portal_mirror.user_groups"],
};

/** id to version, from the service's tables (live rows) and from the copy. */
async function versions(feed: Feed): Promise<[Map<string, number>, Map<string, number>]> {
  const [source, copy] = TABLES[feed];
  const live = await ledger.unsafe<{ id: string; version: string }[]>(
    `select id, version from ${source} where deleted_at is null`,
  );
  const kept = await mirror.unsafe<{ id: string; version: string }[]>(`select id, version from ${copy}`);
  const asMap = (rows: { id: string; version: string }[]) => new Map(rows.map((r) => [r.id, Number(r.version)]));
  return [asMap(live), asMap(kept)];
}

/** id to record, from a fresh full walk of the feed and from the copy. */
async function records(feed: Feed): Promise<[Map<string, unknown>, Map<string, unknown>]> {
  const { items } = await readAll(feedReader(client, feed));
  const live = items.filter((i) => !("deleted" in i && i.deleted));
  const kept = await mirror.unsafe<{ id: string; record: unknown }[]>(`select id, record from ${TABLES[feed][1]}`);
  return [new Map(live.map((i) => [i.id, i])), new Map(kept.map((r) => [r.id, r.record]))];
}

/** Whether the copy holds exactly the ledger's ids and versions for every feed. */
async function caughtUp(): Promise<boolean> {
  for (const feed of ["users", "departments", "user-groups"] as Feed[]) {
    const [live, kept] = await versions(feed);
    if (!isDeepStrictEqual(kept, live)) return false;
  }
  return true;
}

describe("the reference portal mirrors a live directory, driven by webhooks", () => {
  it("ends exactly equal to the ledger after users are created, moved, deactivated and deleted", async () => {
    const subscription = await ensureSubscription(client, mirror, webhookUrl);
    const trigger = pollingTrigger(HOUR);
    const receiver = Deno.serve(
      { hostname: "127.0.0.1", port: webhookPort, onListen: () => {} },
      webhookHandler(subscription.secret, trigger),
    );
    const stop = new AbortController();
    const rounds: RoundResult[] = [];
    const loop = runMirror(client, mirror, {
      portalId: "portal-a",
      trigger,
      signal: stop.signal,
      onRound: (r) => rounds.push(r),
    });
    let counts;
    try {
      counts = await writeLedger(service.url, 60);
      await until("the deliveries brought the copy up to the ledger", caughtUp, 60_000, 250);
    } finally {
      stop.abort();
      await loop;
      await receiver.shutdown();
    }
    assert.ok(counts.moved > 0 && counts.deactivated > 0 && counts.deleted > 0, JSON.stringify(counts));
    const failed = rounds.filter((r) => !r.ok);
    assert.deepEqual(failed.map((r) => String(!r.ok && r.error)), [], "no round failed");
    assert.deepEqual(rounds.filter((r) => r.cause === "poll"), [], "no periodic round ran");
    const woken = rounds.filter((r) => r.cause === "webhook");
    for (const feed of ["users", "departments", "user-groups"] as Feed[]) {
      const named = woken.filter((r) => r.feeds.includes(feed));
      assert.ok(named.length > 0, `a delivery woke a round of ${feed}: ${JSON.stringify(rounds.map((r) => r.feeds))}`);
      assert.ok(named.every((r) => r.ok && r.outcomes[feed]?.mode === "incremental"), `${feed} read incrementally`);
    }

    const last = await syncRound(client, mirror, { portalId: "portal-a" });
    assert.equal(last.users?.mode, "incremental");
    for (const feed of ["users", "departments", "user-groups"] as Feed[]) {
      const [live, kept] = await versions(feed);
      assert.deepEqual(kept, live, `${feed}: ids and versions`);
      const [served, copied] = await records(feed);
      assert.deepEqual(copied, served, `${feed}: records`);
    }
    const members = await mirror<{ group_id: string; user_id: string }[]>`
      select group_id, user_id from portal_mirror.group_members order by group_id, user_id`;
    const ledgerMembers = await ledger<{ group_id: string; user_id: string }[]>`
      select m.group_id, m.user_id from directory.user_group_members m
        join directory.user_groups g on g.id = m.group_id and g.deleted_at is null
       order by m.group_id, m.user_id`;
    assert.deepEqual(members.map((m) => ({ ...m })), ledgerMembers.map((m) => ({ ...m })), "group memberships");
  });

  it("runs as its own program: reuses its subscription, resumes, syncs on a delivery, stops on SIGTERM", async () => {
    const [before] = await mirror<{ id: string; secret: string }[]>`
      select id::text, secret from portal_mirror.webhook_subscription`;
    const child = new Deno.Command(Deno.execPath(), {
      args: ["run", "-A", "examples/portal-sync/main.ts"],
      cwd: new URL("../../", import.meta.url).pathname,
      clearEnv: true,
      env: {
        PATH: Deno.env.get("PATH") ?? "/usr/bin:/bin",
        HOME: Deno.env.get("HOME") ?? "/tmp",
        DIRECTORY_URL: service.url,
        PORTAL_ID: "portal-a",
        PORTAL_CREDENTIAL: PORTAL_A_KEY,
        MIRROR_DATABASE_URL: mirrorUrl,
        WEBHOOK_URL: webhookUrl,
        WEBHOOK_PORT: String(webhookPort),
        POLL_SECONDS: "3600",
      },
      stdout: "piped",
      stderr: "piped",
    }).spawn();
    const lines: string[] = [];
    const drained = collectLines(child, lines);
    try {
      await until("a first round", () => lines.some((l) => l.startsWith("{")), 30_000);
      const first = JSON.parse(lines.find((l) => l.startsWith("{"))!);
      assert.equal(first.ok, true, lines.join("\n"));
      assert.equal(first.cause, "start");
      assert.equal(first.outcomes.users.mode, "incremental", "it resumed from the version the copy kept");
      const listed = await client.api.GET("/api/directory/v1/subscriptions");
      const mine = listed.data!.data.items.map((s) => ({ id: s.id, url: s.url, state: s.state }));
      assert.deepEqual(mine, [{ id: before.id, url: webhookUrl, state: "active" }], "the subscription was reused");
      const [after] = await mirror<{ id: string; secret: string }[]>`
        select id::text, secret from portal_mirror.webhook_subscription`;
      assert.deepEqual({ ...after }, { ...before }, "with the secret the portal kept");
      const res = await fetch(`${service.url}/api/directory/v1/admin/users`, {
        method: "POST",
        headers: { "x-directory-admin-key": ADMIN_KEY, "content-type": "application/json" },
        body: JSON.stringify({ loginId: "program.new", koreanName: "프로그램" }),
      });
      const { data } = await res.json();
      await until(
        "the program mirrored the new user",
        async () => (await mirror`select 1 from portal_mirror.users where id = ${data.id}`).length === 1,
        30_000,
      );
    } finally {
      child.kill("SIGTERM");
    }
    assert.equal((await child.status).code, 0, lines.join("\n"));
    const rounds = lines.filter((l) => l.startsWith("{")).map((l) => JSON.parse(l));
    assert.ok(rounds.some((r) => r.cause === "webhook" && r.feeds.includes("users")), lines.join("\n"));
    assert.ok(!rounds.some((r) => r.cause === "poll"), "no periodic round ran");
    await drained;
  });

  it("registers idempotently: reuses, rotates a lost secret, resumes a paused one, replaces a narrower one", async () => {
    const url = `http://127.0.0.1:${webhookPort}/other`;
    const path = "/api/directory/v1/subscriptions";
    const listed = async () =>
      unwrap(await client.api.GET(path)).data.items.filter((s) => s.url === url)
        .map((s) => ({ id: s.id, state: s.state, resources: s.resources.toSorted() }));
    const byId = (id: string) => ({ params: { path: { id } } });
    const all = ["departments", "user-groups", "users"];

    const first = await ensureSubscription(client, mirror, url);
    assert.deepEqual(await ensureSubscription(client, mirror, url), first, "reused with the kept secret");
    await mirror`delete from portal_mirror.webhook_subscription where url = ${url}`;
    unwrap(await client.api.PATCH(`${path}/{id}`, { ...byId(first.id), body: { state: "paused" } }));
    const rotated = await ensureSubscription(client, mirror, url);
    assert.equal(rotated.id, first.id);
    assert.notEqual(rotated.secret, first.secret, "a lost secret is rotated");
    assert.deepEqual(await listed(), [{ id: first.id, state: "active", resources: all }], "resumed, not duplicated");

    assert.equal((await client.api.DELETE(`${path}/{id}`, byId(first.id))).response.status, 204);
    const narrow = unwrap(await client.api.POST(path, { body: { url, resources: ["users"] } })).data;
    const replaced = await ensureSubscription(client, mirror, url);
    assert.notEqual(replaced.id, narrow.id);
    assert.deepEqual(await listed(), [{ id: replaced.id, state: "active", resources: all }], "the narrow one is gone");
    assert.equal((await client.api.DELETE(`${path}/{id}`, byId(replaced.id))).response.status, 204);
  });
});
