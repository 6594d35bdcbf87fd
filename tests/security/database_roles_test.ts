/**
 * The database keeps its own boundaries, attacked with SQL on the request role's own connection (what a SQL
 * injection, or anyone holding DATABASE_URL, has): setting the old system flag `my.app_system`, alone or beside a
 * tenant's principal, reads nothing of another tenant; the request role cannot SET ROLE to the system role or its
 * group. And a second installation provisioned in the same PostgreSQL cluster (its own database, roles and groups)
 * cannot connect to the first's database, nor read its tables or cursor secret even where a careless grant lets it
 * connect; nor the other way round.
 */
import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import postgres from "postgres";
import { body } from "../_helpers/app.ts";
import { ADMIN_URL } from "../_helpers/db.ts";
import { type RagTestApp, startRagApp } from "../_helpers/rag.ts";
import { type InstallationGroups, provision } from "@/sql/provision.ts";
import { migrate } from "@/sql/migrate.ts";
import type { schemas } from "@/domain/rag/mod.ts";

let rag: RagTestApp;
let request: postgres.Sql;
/** Tenant A's document id and tenant B's. */
const docs: Record<"a" | "b", string> = { a: "", b: "" };

const ROLE_DENIED = "42501";

before(async () => {
  rag = await startRagApp();
  request = postgres(rag.app.db.appUrl, { max: 1, onnotice: () => {} });
  const otherAdmin = await rag.token({
    tenantId: rag.otherTenant,
    organizationId: rag.dept.other,
    admin: true,
    clearance: 3,
    sub: "other-admin",
  });
  for (
    const [key, tenantId, org, token] of [
      ["a", rag.tenant, rag.dept.a, await rag.token()],
      ["b", rag.otherTenant, rag.dept.other, otherAdmin],
    ] as const
  ) {
    const doc = await rag.document(`/${key}.html`, `<h1>문서 ${key}</h1><p>보안 점검 절차 ${key}</p>`, {
      tenantId,
      organizationIds: [org],
    });
    const res = await body<schemas.IngestionResult>(await rag.call("/documents", { method: "POST", json: doc, token }));
    assert.equal(res.indexed, true, JSON.stringify(res));
    docs[key] = res.documentId;
  }
});
after(async () => {
  await request?.end();
  await rag?.stop();
});

/** What `settings` let the request role read of tenant B: chunks, documents, jobs and audit rows. */
async function tenantBSeen(settings: Record<string, string>) {
  return await request.begin(async (tx) => {
    for (const [name, value] of Object.entries(settings)) await tx`select set_config(${name}, ${value}, true)`;
    const [r] = await tx`
      select (select count(*) from rag.tb_doc_chunk_vector where tenant_id = ${rag.otherTenant})::int as chunks,
             (select count(*) from rag.tb_ai_document_registry where tenant_id = ${rag.otherTenant})::int as documents,
             (select count(*) from rag.ingestion_jobs where tenant_id = ${rag.otherTenant})::int as jobs,
             (select count(*) from rag.tb_rag_audit_logs where tenant_id = ${rag.otherTenant})::int as audit,
             (select count(*) from rag.service_keys)::int as keys`;
    return r;
  });
}

describe("the request role cannot become the system", () => {
  it("the documents are there: the system role sees both tenants' chunks", async () => {
    const [r] = await rag.system((tx) =>
      tx`select count(distinct tenant_id)::int as tenants from rag.tb_doc_chunk_vector
         where document_id = any(${[docs.a, docs.b]}::uuid[])`
    );
    assert.equal(r.tenants, 2);
  });

  it("my.app_system set to true reads no row of tenant B, alone or beside tenant A's administrator", async () => {
    const none = { chunks: 0, documents: 0, jobs: 0, audit: 0, keys: 0 };
    assert.deepEqual({ ...await tenantBSeen({ "my.app_system": "true" }) }, none);
    const tenantA = {
      "my.app_tenant_id": rag.tenant,
      "my.app_user_org_id": rag.dept.a,
      "my.app_user_clearance_level": "3",
      "my.app_is_admin": "true",
      "my.app_public_org_id": "00000000-0000-4000-8000-0000000000ff",
    };
    assert.deepEqual({ ...await tenantBSeen({ ...tenantA, "my.app_system": "true" }) }, none);
    const [own] = await request.begin(async (tx) => {
      for (const [name, value] of Object.entries(tenantA)) await tx`select set_config(${name}, ${value}, true)`;
      return await tx`select count(*)::int as n from rag.tb_doc_chunk_vector where document_id = ${docs.a}`;
    });
    assert.ok(own.n > 0, "tenant A's administrator still reads its own chunks");
  });

  it("nor can it write as the system: marking another tenant's document deleted touches nothing", async () => {
    const changed = await request.begin(async (tx) => {
      await tx`select set_config('my.app_system', 'true', true)`;
      return (await tx`update rag.tb_ai_document_registry set deleted_at = now() where id = ${docs.b}`).count;
    });
    assert.equal(changed, 0);
  });

  it("SET ROLE to the system role or the system group is refused", async () => {
    for (const target of [new URL(rag.app.db.systemUrl).username, rag.app.db.groups.system]) {
      await assert.rejects(
        request.begin(async (tx) => {
          await tx.unsafe(`set local role ${target}`);
        }),
        (err: unknown) => (err as { code?: string }).code === ROLE_DENIED,
        target,
      );
    }
    const [m] = await request`select pg_has_role(current_user, ${rag.app.db.groups.system}, 'MEMBER') as member`;
    assert.equal(m.member, false);
  });
});

describe("two installations in one cluster", () => {
  const suffix = crypto.randomUUID().replaceAll("-", "").slice(0, 10);
  const name = `backbone_t_${Deno.pid}_i2_${suffix}`;
  const plan = {
    database: name,
    owner: { name: `sec_i2_owner_${suffix}`, password: "second-owner-password" },
    app: { name: `sec_i2_app_${suffix}`, password: "second-app-password" },
    system: { name: `sec_i2_system_${suffix}`, password: "second-system-password" },
  };
  let groups: InstallationGroups;
  const urlAs = (role: { name: string; password: string }, database: string) => {
    const u = new URL(ADMIN_URL);
    u.username = role.name;
    u.password = role.password;
    u.pathname = `/${database}`;
    return u.toString();
  };
  const first = () => rag.app.db;

  before(async () => {
    groups = await provision(ADMIN_URL, plan);
    await migrate(urlAs(plan.owner, name));
  });
  after(async () => {
    const admin = postgres(ADMIN_URL, { max: 1, onnotice: () => {} });
    try {
      await admin.unsafe(`drop database if exists ${name} with (force)`);
      for (const r of [plan.owner.name, plan.app.name, plan.system.name, groups.runtime, groups.system]) {
        await admin.unsafe(`drop role if exists ${r}`);
      }
    } finally {
      await admin.end();
    }
  });

  /** The error `url`'s role meets running `query`, or null when it succeeds. */
  async function refusal(url: string, query: string): Promise<string | null> {
    const sql = postgres(url, { max: 1, onnotice: () => {}, connect_timeout: 5 });
    try {
      await sql.unsafe(query);
      return null;
    } catch (err) {
      return (err as { code?: string }).code ?? String(err);
    } finally {
      await sql.end({ timeout: 1 });
    }
  }

  it("each installation has its own groups, and the second's roles are in none of the first's", async () => {
    assert.notDeepEqual(groups, first().groups);
    const admin = postgres(ADMIN_URL, { max: 1, onnotice: () => {} });
    try {
      for (const role of [plan.app.name, plan.system.name]) {
        for (const group of [first().groups.runtime, first().groups.system, "backbone_rw"]) {
          const [m] = await admin`select pg_has_role(${role}, ${group}, 'MEMBER') as member`;
          assert.equal(m.member, false, `${role} in ${group}`);
        }
      }
    } finally {
      await admin.end();
    }
  });

  it("the second installation's roles cannot connect to the first's database, nor the first's to the second's", async () => {
    for (const role of [plan.app, plan.system]) {
      assert.equal(await refusal(urlAs(role, first().name), "select 1"), ROLE_DENIED, role.name);
    }
    for (const url of [first().appUrl, first().systemUrl]) {
      const other = new URL(url);
      other.pathname = `/${name}`;
      assert.equal(await refusal(other.toString(), "select 1"), ROLE_DENIED, other.username);
    }
  });

  it("where a careless grant lets them connect, they still read no table and no cursor secret", async () => {
    const su = postgres(first().superUrl, { max: 1, onnotice: () => {} });
    try {
      await su.unsafe(`grant connect on database ${first().name} to public`);
      for (const role of [plan.app, plan.system]) {
        for (
          const query of [
            "select secret from directory.service_keys",
            "select count(*) from directory.users",
            "select secret from rag.service_keys",
            "select count(*) from rag.tb_doc_chunk_vector",
          ]
        ) {
          assert.equal(await refusal(urlAs(role, first().name), query), ROLE_DENIED, `${role.name}: ${query}`);
        }
      }
    } finally {
      await su.unsafe(`revoke connect on database ${first().name} from public`);
      await su.end();
    }
  });

  it("the second installation works with its own roles: its request role reads its own directory", async () => {
    assert.equal(await refusal(urlAs(plan.app, name), "select count(*) from directory.users"), null);
    assert.equal(await refusal(urlAs(plan.system, name), "select count(*) from rag.tb_organization"), null);
  });
});
