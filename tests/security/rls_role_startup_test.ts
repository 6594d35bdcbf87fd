/**
 * The service refuses to start on a database role that could step around row-level security
 * (CONTRACT 2.1: the application's role owns no table and has neither superuser nor BYPASSRLS).
 * `main.ts` exits non-zero with the safety check's message as a superuser, a BYPASSRLS role, the
 * table owner, and a role that inherits the owner's rights; the provisioned application role
 * passes. A role one `SET ROLE` away from any of those is as able to bypass RLS, so the check
 * refuses it too: a NOINHERIT member of the owner, a member of a superuser or BYPASSRLS role,
 * and a CREATEROLE role (which on PostgreSQL 15 can grant itself the owner's membership). The
 * request role must not be the system (a member of the installation's system group, or one SET ROLE
 * away from it), and the system role must be one. A refused start leaves no connection behind.
 */
import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import postgres from "postgres";
import { ADMIN_URL, freshDatabase, type TestDatabase } from "../_helpers/db.ts";
import { REDIS_URL } from "../_helpers/app.ts";
import { runMainToExit } from "../_helpers/main_process.ts";
import { assertRoleCannotBypassRls } from "@/sql/safety.ts";
import { loadConfig } from "@/lib/config.ts";
import { createLogger } from "@/lib/log.ts";
import { startRuntime } from "@/app/runtime.ts";

let db: TestDatabase;
let su: postgres.Sql;
const created: string[] = [];
const suffix = crypto.randomUUID().replaceAll("-", "").slice(0, 10);
const PASSWORD = "role-probe-password";

/**
 * Creates a login role for this test module (dropped after it) and returns its URL for the test database, which it
 * may connect to whatever its groups (a NOINHERIT role does not use its groups' CONNECT).
 */
async function role(name: string, options: string, memberOf: string[] = []): Promise<string> {
  const full = `sec_${name}_${suffix}`;
  await su.unsafe(`create role ${full} login password '${PASSWORD}' ${options}`);
  await su.unsafe(`grant connect on database ${db.name} to ${full}`);
  created.push(full);
  for (const group of memberOf) await su.unsafe(`grant ${group} to ${full}`);
  const u = new URL(db.appUrl);
  u.username = full;
  u.password = PASSWORD;
  return u.toString();
}

const owner = () => new URL(db.ownerUrl).username;
const runtime = () => db.groups.runtime;

before(async () => {
  db = await freshDatabase();
  su = postgres(db.superUrl, { max: 1, onnotice: () => {} });
});
after(async () => {
  await su?.end();
  await db?.drop();
  const admin = postgres(ADMIN_URL, { max: 1, onnotice: () => {} });
  try {
    for (const name of created) await admin.unsafe(`drop role if exists ${name}`);
  } finally {
    await admin.end();
  }
});

/** Starts main.ts with `url` as its request role (and `systemUrl` as its system role); returns its exit code and output. */
async function start(url: string, systemUrl = db.systemUrl) {
  return await runMainToExit({
    DATABASE_URL: url,
    DATABASE_SYSTEM_URL: systemUrl,
    REDIS_URL,
    RUN_WORKERS: "false",
    PORT: "0",
    LOG_LEVEL: "info",
    RAG_CONTENT_ALLOW_ANY_HOST: "true",
  });
}

/** The safety check's verdict on `url`: null when it passes, else its message. */
async function verdict(url: string): Promise<string | null> {
  const sql = postgres(url, { max: 1, onnotice: () => {}, transform: { column: { from: postgres.toCamel } } });
  try {
    await assertRoleCannotBypassRls(sql);
    return null;
  } catch (err) {
    return (err as Error).message;
  } finally {
    await sql.end();
  }
}

describe("the service refuses to start as a role that can bypass row-level security", () => {
  it("the provisioned application role passes the check", async () => {
    assert.equal(await verdict(db.appUrl), null);
  });

  it("main.ts exits 1 as a superuser, a BYPASSRLS role, the table owner, or a role inheriting the owner", async () => {
    const cases: Array<[string, string, RegExp]> = [
      ["superuser", await role("super", "superuser"), /is a superuser/],
      ["BYPASSRLS", await role("bypass", "nosuperuser bypassrls", [runtime()]), /has BYPASSRLS/],
      ["table owner", db.ownerUrl, /owns \d+ relations/],
      ["member inheriting the owner", await role("heir", "nosuperuser inherit", [owner()]), /owns \d+ relations/],
    ];
    for (const [label, url, message] of cases) {
      const { code, lines } = await start(url);
      const out = lines.join("\n");
      assert.equal(code, 1, `${label}: exit ${code}\n${out}`);
      assert.match(out, /start failed/, label);
      assert.match(out, message, label);
      assert.ok(
        !out.includes(PASSWORD) && !out.includes(new URL(db.ownerUrl).password),
        `${label}: a password is logged`,
      );
    }
  });

  it("refuses a NOINHERIT member of the owner: SET ROLE makes it the owner, who can drop the policies", async () => {
    const url = await role("noinherit", "nosuperuser noinherit", [owner(), runtime()]);
    const sql = postgres(url, { max: 1, onnotice: () => {} });
    try {
      await sql.begin(async (tx) => {
        await tx.unsafe(`set local role ${owner()}`);
        await tx`alter table rag.tb_doc_chunk_vector no force row level security`;
        await tx`alter table rag.tb_doc_chunk_vector disable row level security`;
        throw new Error("rolled back");
      }).catch((err) => assert.match(String(err), /rolled back/, "the bypass works"));
    } finally {
      await sql.end();
    }
    assert.match(String(await verdict(url)), /owns|member/);
  });

  it("refuses a member of a superuser or a BYPASSRLS role: SET ROLE makes it one", async () => {
    const boss = `sec_boss_${suffix}`;
    await su.unsafe(`create role ${boss} nologin superuser`);
    created.push(boss);
    const skipper = `sec_skipper_${suffix}`;
    await su.unsafe(`create role ${skipper} nologin bypassrls`);
    created.push(skipper);
    for (const group of [boss, skipper]) {
      const url = await role(`in_${group.split("_")[1]}`, "nosuperuser inherit", [group, runtime()]);
      assert.match(String(await verdict(url)), /superuser|BYPASSRLS|member/, `member of ${group}`);
    }
  });

  it("refuses a CREATEROLE role: on PostgreSQL 15 it can grant itself the owner's membership", async () => {
    const url = await role("creator", "nosuperuser createrole", [runtime()]);
    const me = new URL(url).username;
    const sql = postgres(url, { max: 1, onnotice: () => {} });
    try {
      await sql.unsafe(`grant ${owner()} to ${me}`);
      const [r] = await sql`select pg_has_role(current_user, ${owner()}, 'MEMBER') as member`;
      assert.equal(r.member, true, "the escalation works");
      await sql.unsafe(`revoke ${owner()} from ${me}`);
    } finally {
      await sql.end();
    }
    assert.match(String(await verdict(url)), /CREATEROLE/);
  });
});

describe("the request role is never the system, and the system role is", () => {
  it("main.ts exits 1 when the request role is in the system group, directly or through the system role", async () => {
    const system = new URL(db.systemUrl).username;
    const cases: Array<[string, string]> = [
      ["a member of the system group", await role("sysmember", "nosuperuser inherit", [runtime(), db.groups.system])],
      ["a member of the system role", await role("sysheir", "nosuperuser inherit", [runtime(), system])],
      ["the system role itself", db.systemUrl],
    ];
    for (const [label, url] of cases) {
      const { code, lines } = await start(url);
      const out = lines.join("\n");
      assert.equal(code, 1, `${label}: exit ${code}\n${out}`);
      assert.match(out, /DATABASE_URL's role is in the installation's system group/, label);
    }
  });

  it("main.ts exits 1 when DATABASE_SYSTEM_URL's role is not in the system group", async () => {
    for (const url of [db.appUrl, await role("notsys", "nosuperuser inherit", [runtime()])]) {
      const { code, lines } = await start(db.appUrl, url);
      assert.equal(code, 1, lines.join("\n"));
      assert.match(lines.join("\n"), /DATABASE_SYSTEM_URL's role is not in the installation's system group/);
    }
  });
});

describe("a refused start", () => {
  it("closes the pool it opened for the check", async () => {
    const config = loadConfig(
      {
        DATABASE_URL: db.superUrl,
        DATABASE_SYSTEM_URL: db.systemUrl,
        REDIS_URL,
        RUN_WORKERS: "false",
        RAG_CONTENT_ALLOW_ANY_HOST: "true",
      },
      () => "",
    );
    await assert.rejects(startRuntime(config, createLogger("error")), /is a superuser/);
    const open = async () =>
      (await su`select count(*)::int as n from pg_stat_activity
                where datname = ${db.name} and application_name = 'backbone-api'`)[0].n as number;
    const end = Date.now() + 3_000;
    while (await open() > 0 && Date.now() < end) await new Promise((r) => setTimeout(r, 100));
    assert.equal(await open(), 0, "the refused runtime's connections are still open");
  });
});
