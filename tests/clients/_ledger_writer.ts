/**
 * A writer that changes the directory through its HTTP API while a portal mirrors it: creates departments and
 * users, moves users between departments, deactivates and deletes them, and creates, changes and deletes groups.
 * Choices come from a seeded generator, so a failure replays the same way.
 */
import { ADMIN_KEY, PORTAL_A_KEY } from "../_helpers/tokens.ts";
import type { DirectoryUser, UserGroup } from "@/clients/portal/mod.ts";

const DIR = "/api/directory/v1";

/** A small deterministic generator (mulberry32). */
function random(seed: number): () => number {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A write the service refused. */
class WriteRefused extends Error {
  constructor(readonly status: number, message: string, readonly problem: { data?: unknown }) {
    super(message);
  }
}

/** What the writer did, to show the test covered each kind of change. */
export type WriterCounts = Record<"created" | "moved" | "deactivated" | "deleted" | "groupWrites", number>;

/** Runs `steps` rounds of changes against the service at `base`. */
export async function writeLedger(base: string, steps: number, seed = 19): Promise<WriterCounts> {
  const pick = random(seed);
  const one = <T>(xs: T[]) => xs[Math.floor(pick() * xs.length)];
  const call = async <T>(path: string, method: string, json?: unknown, portal = false): Promise<T> => {
    const headers: Record<string, string> = portal
      ? { authorization: `Bearer ${PORTAL_A_KEY}` }
      : { "x-directory-admin-key": ADMIN_KEY };
    if (json !== undefined) headers["content-type"] = "application/json";
    const res = await fetch(`${base}${DIR}${portal ? "" : "/admin"}${path}`, {
      method,
      headers,
      body: json === undefined ? undefined : JSON.stringify(json),
    });
    const text = await res.text();
    if (!res.ok) throw new WriteRefused(res.status, `${method} ${path}: ${res.status} ${text}`, JSON.parse(text));
    return JSON.parse(text).data as T;
  };
  const counts: WriterCounts = { created: 0, moved: 0, deactivated: 0, deleted: 0, groupWrites: 0 };
  const departments: string[] = [];
  const users = new Map<string, DirectoryUser>();
  const groups = new Map<string, UserGroup>();
  const newDepartment = async (i: number) =>
    departments.push((await call<{ id: string }>("/departments", "POST", { code: `D${i}`, name: `부서${i}` })).id);
  for (let i = 0; i < 3; i++) await newDepartment(i);

  for (let step = 0; step < steps; step++) {
    const u = await call<DirectoryUser>("/users", "POST", {
      loginId: `writer.${step}`,
      koreanName: `작성${step}`,
      departmentId: one(departments),
    });
    users.set(u.id, u);
    counts.created++;
    if (step % 7 === 6) await newDepartment(departments.length);
    const live = [...users.values()];
    const r = pick();
    const target = one(live);
    if (r < 0.35) {
      const to = one(departments.filter((d) => d !== target.departmentId));
      users.set(target.id, await call(`/users/${target.id}`, "PATCH", { version: target.version, departmentId: to }));
      counts.moved++;
    } else if (r < 0.55 && target.isActive) {
      users.set(target.id, await call(`/users/${target.id}/deactivate`, "POST"));
      counts.deactivated++;
    } else if (r < 0.75) {
      await call(`/users/${target.id}`, "DELETE");
      users.delete(target.id);
      counts.deleted++;
    }
    await changeGroups(step, { call, one, pick, users, groups });
    counts.groupWrites++;
  }
  return counts;
}

interface GroupContext {
  call: <T>(path: string, method: string, json?: unknown, portal?: boolean) => Promise<T>;
  one: <T>(xs: T[]) => T;
  pick: () => number;
  users: Map<string, DirectoryUser>;
  groups: Map<string, UserGroup>;
}

async function changeGroups(step: number, c: GroupContext): Promise<void> {
  const memberIds = [...c.users.keys()].filter(() => c.pick() < 0.3);
  const existing = [...c.groups.values()];
  const r = c.pick();
  if (existing.length === 0 || r < 0.4) {
    const id = crypto.randomUUID();
    c.groups.set(
      id,
      await c.call(`/user-groups/${id}`, "PUT", { code: `G${step}`, name: `그룹${step}`, memberIds }, true),
    );
  } else if (r < 0.8) {
    const g = c.one(existing);
    const body = (baseVersion: number) => ({ code: g.code, name: `그룹${step}`, memberIds, baseVersion });
    const push = (base: number) => c.call<UserGroup>(`/user-groups/${g.id}`, "PUT", body(base), true);
    c.groups.set(g.id, await ledgerWins(g, push));
  } else {
    const g = c.one(existing);
    await ledgerWins(g, (base) => c.call(`/user-groups/${g.id}?baseVersion=${base}`, "DELETE", undefined, true));
    c.groups.delete(g.id);
  }
}

/**
 * Runs a push based on `g`'s version; when the ledger moved on meanwhile (deleting a user drops them from their
 * groups), takes the ledger's record from the 409 and pushes once more on top of it, as a portal should.
 */
async function ledgerWins<T>(g: UserGroup, push: (baseVersion: number) => Promise<T>): Promise<T> {
  try {
    return await push(g.version);
  } catch (err) {
    if (!(err instanceof WriteRefused && err.status === 409)) throw err;
    return await push((err.problem.data as UserGroup).version);
  }
}
