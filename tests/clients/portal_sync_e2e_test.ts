/**
 * The reference portal (examples/portal-sync) against a live service process: while a writer creates, moves,
 * deactivates and deletes users and changes groups over HTTP, the portal mirrors users, departments and groups
 * into PostgreSQL tables of its own by polling the change feed with the client. When the writer stops, one more
 * round brings the copy exactly equal to the ledger: the same ids and versions as the service's tables, and the
 * same records as a fresh full walk.
 */
import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import postgres from "postgres";
import { clearPrefix, REDIS_URL, testEnv } from "../_helpers/app.ts";
import { ADMIN_URL, freshDatabase, type TestDatabase } from "../_helpers/db.ts";
import { ADMIN_KEY, PORTAL_A_KEY } from "../_helpers/tokens.ts";
import { collectLines, freePort } from "../_helpers/processes.ts";
import { until } from "../_helpers/poll.ts";
import { endpointOf, type ServiceProcess, startServiceProcess } from "../_helpers/service_process.ts";
import { createPortalClient, type Feed, feedReader, type PortalClient, readAll } from "@/clients/portal/mod.ts";
import { migrateMirror } from "@/examples/portal-sync/store.ts";
import { syncRound } from "@/examples/portal-sync/sync.ts";
import { pollingTrigger } from "@/examples/portal-sync/trigger.ts";
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

before(async () => {
  db = await freshDatabase();
  const port = freePort();
  service = await startServiceProcess({
    env: { ...testEnv(db, prefix), SERVICES: "directory", RATE_LIMIT_PER_MINUTE: "100000" },
    port,
    allowNet: [endpointOf(db.appUrl, 5432), endpointOf(REDIS_URL, 6379), `0.0.0.0:${port}`],
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

describe("the reference portal mirrors a live directory", () => {
  it("ends exactly equal to the ledger after users are created, moved, deactivated and deleted", async () => {
    const stop = new AbortController();
    const rounds: RoundResult[] = [];
    const loop = runMirror(client, mirror, {
      portalId: "portal-a",
      trigger: pollingTrigger(100),
      signal: stop.signal,
      onRound: (r) => rounds.push(r),
    });
    let counts;
    try {
      counts = await writeLedger(service.url, 60);
    } finally {
      stop.abort();
      await loop;
    }
    assert.ok(counts.moved > 0 && counts.deactivated > 0 && counts.deleted > 0, JSON.stringify(counts));
    const failed = rounds.filter((r) => !r.ok);
    assert.deepEqual(failed.map((r) => String(!r.ok && r.error)), [], "no round failed");
    const incremental = rounds.filter((r) => r.ok && r.outcomes.users.mode === "incremental");
    assert.ok(incremental.length >= 1, `the mirror followed the writes: ${rounds.length} rounds`);

    const last = await syncRound(client, mirror, { portalId: "portal-a" });
    assert.equal(last.users.mode, "incremental");
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

  it("runs as its own program, resumes from the kept versions and stops cleanly on SIGTERM", async () => {
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
        POLL_SECONDS: "0.2",
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
      assert.equal(first.outcomes.users.mode, "incremental", "it resumed from the version the copy kept");
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
    await drained;
  });
});
