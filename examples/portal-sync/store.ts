/**
 * The reference portal's PostgreSQL copy (schema.sql): one MirrorSink per feed, and the dataVersion each feed was
 * read up to. Every call is one transaction; an upsert skips a row the copy already holds at a newer version.
 */
import type postgres from "postgres";
import type { Department, DirectoryUser, Feed, FeedRecords, MirrorSink, UserGroup } from "@/clients/portal/mod.ts";

const SCHEMA = new URL("./schema.sql", import.meta.url);

/** Creates the schema and tables when absent. */
export async function migrateMirror(sql: postgres.Sql): Promise<void> {
  await sql.unsafe(await Deno.readTextFile(SCHEMA));
}

/** The dataVersion `feed` was last read up to, or undefined before its first sync. */
export async function keptVersion(sql: postgres.Sql, feed: Feed): Promise<number | undefined> {
  const [row] = await sql<{ data_version: string }[]>`
    select data_version from portal_mirror.sync_state where feed = ${feed}`;
  return row ? Number(row.data_version) : undefined;
}

/** Records that `feed` has been read up to `version`. */
export async function keepVersion(sql: postgres.Sql, feed: Feed, version: number): Promise<void> {
  await sql`
    insert into portal_mirror.sync_state (feed, data_version) values (${feed}, ${version})
    on conflict (feed) do update set data_version = excluded.data_version, synced_at = now()`;
}

/** A value passed as one jsonb parameter (a batch goes in as one parameter, not one per row). */
function json(sql: postgres.TransactionSql, value: unknown) {
  return sql.json(value as postgres.JSONValue);
}

const TABLES = { users: "users", departments: "departments", "user-groups": "user_groups" } as const;

async function remove(sql: postgres.TransactionSql, feed: Feed, ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  await sql`delete from ${sql("portal_mirror." + TABLES[feed])} where id in (
    select jsonb_array_elements_text(${json(sql, ids)})::uuid)`;
}

async function retain(sql: postgres.TransactionSql, feed: Feed, ids: Set<string>): Promise<void> {
  await sql`delete from ${sql("portal_mirror." + TABLES[feed])} where id not in (
    select jsonb_array_elements_text(${json(sql, [...ids])})::uuid)`;
}

async function upsertUsers(tx: postgres.TransactionSql, users: DirectoryUser[]): Promise<void> {
  await tx`
    insert into portal_mirror.users
      (id, login_id, display_name, department_id, company_id, employment_status, is_active, version, record)
    select (r->>'id')::uuid, r->>'loginId', r->>'name', (r->>'departmentId')::uuid, (r->>'companyId')::uuid,
           r->>'employmentStatus', (r->>'isActive')::boolean, (r->>'version')::bigint, r
      from jsonb_array_elements(${json(tx, users)}) r
    on conflict (id) do update set
      login_id = excluded.login_id, display_name = excluded.display_name, department_id = excluded.department_id,
      company_id = excluded.company_id, employment_status = excluded.employment_status,
      is_active = excluded.is_active, version = excluded.version, record = excluded.record
    where portal_mirror.users.version <= excluded.version`;
}

async function upsertDepartments(tx: postgres.TransactionSql, departments: Department[]): Promise<void> {
  await tx`
    insert into portal_mirror.departments (id, code, name, parent_id, company_id, is_active, version, record)
    select (r->>'id')::uuid, r->>'code', r->>'name', (r->>'parentId')::uuid, (r->>'companyId')::uuid,
           (r->>'isActive')::boolean, (r->>'version')::bigint, r
      from jsonb_array_elements(${json(tx, departments)}) r
    on conflict (id) do update set
      code = excluded.code, name = excluded.name, parent_id = excluded.parent_id, company_id = excluded.company_id,
      is_active = excluded.is_active, version = excluded.version, record = excluded.record
    where portal_mirror.departments.version <= excluded.version`;
}

async function upsertGroups(tx: postgres.TransactionSql, groups: UserGroup[]): Promise<void> {
  for (const g of groups) {
    const applied = await tx`
      insert into portal_mirror.user_groups (id, code, name, company_id, version, record)
      values (${g.id}, ${g.code}, ${g.name}, ${g.companyId}, ${g.version}, ${json(tx, g)})
      on conflict (id) do update set
        code = excluded.code, name = excluded.name, company_id = excluded.company_id, version = excluded.version,
        record = excluded.record
      where portal_mirror.user_groups.version <= excluded.version
      returning id`;
    if (applied.length === 0) continue;
    await tx`delete from portal_mirror.group_members where group_id = ${g.id}`;
    await tx`
      insert into portal_mirror.group_members (group_id, user_id)
      select ${g.id}, m::uuid from jsonb_array_elements_text(${json(tx, g.memberIds)}) m`;
  }
}

const UPSERTS = { users: upsertUsers, departments: upsertDepartments, "user-groups": upsertGroups } as const;

/** The sink that keeps `feed` in the copy. */
export function mirrorSink<F extends Feed>(sql: postgres.Sql, feed: F): MirrorSink<FeedRecords[F]> {
  const upsert = UPSERTS[feed] as (tx: postgres.TransactionSql, rows: FeedRecords[F][]) => Promise<void>;
  return {
    async apply({ upserts, deletes }) {
      await sql.begin(async (tx) => {
        if (upserts.length > 0) await upsert(tx, upserts);
        await remove(tx, feed, deletes);
      });
    },
    async retainOnly(ids) {
      await sql.begin((tx) => retain(tx, feed, ids));
    },
  };
}
