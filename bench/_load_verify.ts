/**
 * Lost writes: after the run, every write the service acknowledged is looked for in the database, as the
 * table owner. Each group must hold the version and members of its last acknowledged push, each
 * acknowledged link must be live, each portal's latest snapshot must be its last acknowledged publication
 * with all its entries, and there must be an audit row for every search and ask answered with 200.
 */
import postgres from "postgres";
import type { Client } from "./_load_clients.ts";

/** Counts of acknowledged retrieval calls, by audit action. */
export interface Answered {
  search: number;
  ask: number;
}

/** What was checked (how many writes) and what was missing. */
export interface Verdict {
  checked: number;
  /** Writes missing, and what they were. */
  missing: number;
  lost: string[];
  /** Groups and portals whose last write failed, so either state is right; not checked. */
  unchecked: number;
}

async function groups(owner: postgres.Sql, clients: Client[], v: Verdict) {
  const owned = clients.flatMap((c) => c.groups.filter((g) => !g.doubtful));
  v.unchecked += clients.flatMap((c) => c.groups.filter((g) => g.doubtful)).length;
  const rows = await owner`
    select g.id::text, g.version::int, g.deleted_at is not null as deleted,
           coalesce(array_agg(m.user_id::text order by m.user_id) filter (where m.user_id is not null), '{}') as members
    from directory.user_groups g left join directory.user_group_members m on m.group_id = g.id
    where g.id = any(${owned.map((g) => g.id)}::uuid[])
    group by g.id`;
  const stored = new Map(rows.map((r) => [r.id as string, r]));
  for (const g of owned) {
    v.checked++;
    const r = stored.get(g.id);
    const members = [...g.members].sort().join(",");
    if (r && !r.deleted && r.version === g.version && (r.members as string[]).join(",") === members) continue;
    v.missing++;
    v.lost.push(
      !r || r.deleted
        ? `group ${g.code}: missing`
        : `group ${g.code}: version ${r.version} with ${r.members.length} members, acknowledged ` +
          `version ${g.version} with ${g.members.length}`,
    );
  }
}

async function links(owner: postgres.Sql, clients: Client[], v: Verdict) {
  const rows = await owner`select content_key || ' ' || term_id as pair from directory.content_term_links
    where portal_id = any(${clients.map((c) => c.portalId)}) and deleted_at is null`;
  const live = new Set(rows.map((r) => r.pair as string));
  for (const c of clients) {
    for (const pair of c.links) {
      v.checked++;
      if (!live.has(pair)) v.missing++, v.lost.push(`link ${pair}: not live`);
    }
  }
}

async function snapshots(owner: postgres.Sql, clients: Client[], v: Verdict) {
  const rows = await owner`
    select s.portal_id, s.id::text, s.source_version, s.user_count,
           (select count(*)::int from directory.authorization_entries e where e.snapshot_id = s.id) as entries
    from directory.authorization_snapshots s
    where s.is_latest and s.portal_id = any(${clients.map((c) => c.portalId)})`;
  const latest = new Map(rows.map((r) => [r.portal_id as string, r]));
  for (const c of clients) {
    const last = c.snapshot.last;
    if (c.snapshot.doubtful) v.unchecked++;
    if (!last || c.snapshot.doubtful) continue;
    v.checked++;
    const r = latest.get(c.portalId);
    if (r && r.id === last.snapshotId && r.entries === last.userCount && r.user_count === last.userCount) continue;
    v.missing++;
    v.lost.push(
      `snapshot of ${c.portalId}: latest is ${r ? `${r.source_version} with ${r.entries} entries` : "none"}, ` +
        `acknowledged ${last.sourceVersion} with ${last.userCount}`,
    );
  }
}

async function audits(system: postgres.Sql, answered: Answered, v: Verdict) {
  const rows = await system`
    select action, count(*)::int as n from rag.tb_rag_audit_logs where action in ('search', 'ask') group by action`;
  for (const action of ["search", "ask"] as const) {
    const found = rows.find((r) => r.action === action)?.n ?? 0;
    v.checked += answered[action];
    if (found >= answered[action]) continue;
    v.missing += answered[action] - found;
    v.lost.push(`${action} audit rows: ${found} for ${answered[action]} answered`);
  }
}

/** Looks for every acknowledged write. */
export async function verify(
  urls: { owner: string; system: string },
  clients: Client[],
  answered: Answered,
): Promise<Verdict> {
  const owner = postgres(urls.owner, { max: 1, onnotice: () => {} });
  const system = postgres(urls.system, { max: 1, onnotice: () => {} });
  const v: Verdict = { checked: 0, missing: 0, lost: [], unchecked: 0 };
  try {
    await groups(owner, clients, v);
    await links(owner, clients, v);
    await snapshots(owner, clients, v);
    await audits(system, answered, v);
    return v;
  } finally {
    await Promise.all([owner.end(), system.end()]);
  }
}
