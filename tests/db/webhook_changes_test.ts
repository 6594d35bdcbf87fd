/**
 * Change capture for webhooks (migration 0110), acting as the application role: nothing is recorded while no
 * subscription covers a resource; a covered write records each row's new version and wakes each active
 * subscription once per transaction through the outbox; a write that takes no new version records nothing; and the
 * purge forgets exactly the changes every subscription of the resource is past.
 */
import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import postgres from "postgres";
import { freshDatabase, type TestDatabase } from "../_helpers/db.ts";
import { advanceCursor, insertSubscription, purgeDeliveredChanges } from "@/sql/directory/webhooks.ts";

let db: TestDatabase;
let sql: postgres.Sql;
const DEFAULT_COMPANY = "00000000-0000-4000-8000-000000000001";

before(async () => {
  db = await freshDatabase();
  sql = postgres(db.appUrl, { max: 2, onnotice: () => {} });
});
after(async () => {
  await sql?.end();
  await db?.drop();
});

/** Inserts users in one transaction, each taking the directory ledger's next version as the service does. */
async function addUsers(logins: string[]): Promise<void> {
  await sql.begin(async (tx) => {
    const [{ version }] = await tx`select directory.next_version('directory') as version`;
    for (const login of logins) {
      await tx`insert into directory.users (company_id, login_id, korean_name, version)
               values (${DEFAULT_COMPANY}, ${login}, ${login}, ${version})`;
    }
  });
}

const changes = async () =>
  await sql`select resource, data_version::int as v, record_id, company_id from directory.webhook_changes
            order by data_version, record_id`;
const wakeUps = async () =>
  (await sql`select count(*)::int as n from directory.outbox where stream = 'directory:webhook-delivery'`)[0].n;

describe("webhook change capture", () => {
  it("records nothing while no subscription covers the resource", async () => {
    await addUsers(["nobody.listens"]);
    assert.equal((await changes()).length, 0);
    assert.equal(await wakeUps(), 0);
  });

  it("records every covered row's version and wakes an active subscription once per transaction", async () => {
    const s = await insertSubscription(sql, {
      portalId: "p",
      url: "http://10.0.0.1/",
      resources: ["users"],
      companyId: null,
      secret: "whsec_x",
    });
    await addUsers(["a.one", "a.two", "a.three"]);
    const rows = await changes();
    assert.equal(rows.length, 3);
    assert.equal(new Set(rows.map((r) => r.v)).size, 1);
    assert.ok(rows.every((r) => r.resource === "users" && r.company_id === DEFAULT_COMPANY));
    assert.equal(await wakeUps(), 1);
    const [{ payload }] = await sql`select payload from directory.outbox where stream = 'directory:webhook-delivery'`;
    assert.equal(payload.subscriptionId, s.id);

    // An update that keeps the version (no change a portal could read) records nothing.
    await sql`update directory.users set updated_at = now() where login_id = 'a.one'`;
    assert.equal((await changes()).length, 3);
  });

  it("wakes no paused subscription, but still records its changes", async () => {
    await sql`update directory.webhook_subscriptions set state = 'paused'`;
    const before = await wakeUps();
    await addUsers(["b.paused"]);
    assert.equal(await wakeUps(), before);
    assert.equal((await changes()).length, 4);
  });

  it("purges only changes every subscription of the resource is past", async () => {
    const rows = await changes();
    const [{ id }] = await sql`select id from directory.webhook_subscriptions`;
    await advanceCursor(sql, { id, resource: "users", through: rows[0].v });
    await purgeDeliveredChanges(sql, 86_400);
    assert.deepEqual((await changes()).map((r) => r.v), [rows[3].v]);
  });
});
