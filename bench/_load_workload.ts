/**
 * The mixed portal workload: what one request of each kind is, and how often each kind comes. Reads
 * dominate, as in a portal estate: directory page walks and group pulls by every portal, searches and
 * asks by their users; writes are group and membership pushes, content-term link pushes and snapshot
 * publications.
 */
import { type Client, type OwnedGroup, pick, request, type World, wrong } from "./_load_clients.ts";

const DIR = "/api/directory/v1";
const PAGE = 200;
const LINK_BATCH = 50;
const CONTENT_KEYS = 2000;
const ROLES = ["reader", "editor", "approver", "owner", "auditor"];

/** Entries per snapshot publication (LOAD_SNAPSHOT_USERS, default 1,000). */
export const SNAPSHOT_USERS = Number(Deno.env.get("LOAD_SNAPSHOT_USERS") ?? 1000);

/** One kind of request: its report name, its share of the mix, and one request of it. */
interface Operation {
  endpoint: string;
  weight: number;
  run(w: World, c: Client): Promise<void>;
}

const portal = (c: Client) => ({ authorization: `Bearer ${c.key}` });
const user = (c: Client) => ({ authorization: `Bearer ${c.token}`, "content-type": "application/json" });
const jsonPortal = (c: Client) => ({ ...portal(c), "content-type": "application/json" });

/** The next page of the client's walk over every user; a finished walk must have seen each user once. */
async function walkUsers(w: World, c: Client) {
  const endpoint = OPERATIONS[0].endpoint;
  const cursor = c.walk.cursor ? `&cursor=${encodeURIComponent(c.walk.cursor)}` : "";
  const page = await request<{ data: { items: unknown[]; nextCursor: string | null } }>(
    w,
    endpoint,
    `${DIR}/users?limit=${PAGE}${cursor}`,
    { headers: portal(c) },
  );
  if (!page) return void (c.walk = { cursor: null, seen: 0 });
  c.walk.seen += page.data.items.length;
  c.walk.cursor = page.data.nextCursor;
  if (c.walk.cursor) return;
  if (c.walk.seen !== w.userIds.length) wrong(w, endpoint, `a page walk saw ${c.walk.seen} of ${w.userIds.length}`);
  c.walk.seen = 0;
}

/** The next page of group changes since the client's last complete pull. */
async function pullGroups(w: World, c: Client) {
  const cursor = c.pull.cursor ? `&cursor=${encodeURIComponent(c.pull.cursor)}` : "";
  const page = await request<{ data: { nextCursor: string | null }; meta: { dataVersion: number } }>(
    w,
    OPERATIONS[1].endpoint,
    `${DIR}/user-groups?since=${c.pull.since}&limit=100${cursor}`,
    { headers: portal(c) },
  );
  if (!page) return void (c.pull.cursor = null);
  c.pull.cursor = page.data.nextCursor;
  if (!c.pull.cursor) c.pull.since = page.meta.dataVersion;
}

function randomUsers(w: World, c: Client, n: number): string[] {
  const out = new Set<string>();
  while (out.size < Math.min(n, w.userIds.length)) out.add(pick(c, w.userIds));
  return [...out];
}

/** Applies a push's answer to the client's record of the group, or gives the group up when it failed. */
function settle(g: OwnedGroup, stored: { data: { version: number; memberIds: string[] } } | null) {
  if (!stored) return void (g.doubtful = true);
  g.version = stored.data.version;
  g.members = stored.data.memberIds;
}

/** Replaces one of the client's groups whole (new name and members) on its last version. */
async function putGroup(w: World, c: Client, g: OwnedGroup) {
  g.pushes++;
  const push = {
    code: g.code,
    name: `부하 그룹 ${g.code} ${g.pushes}`,
    companyId: w.tenant,
    memberIds: randomUsers(w, c, 5 + Math.floor(c.random() * 16)),
    baseVersion: g.version,
  };
  settle(
    g,
    await request(w, OPERATIONS[2].endpoint, `${DIR}/user-groups/${g.id}`, {
      method: "PUT",
      headers: jsonPortal(c),
      body: JSON.stringify(push),
    }),
  );
}

/** Adds (`present`) or removes one member of a group; an empty group is given new members instead. */
function membership(present: boolean) {
  return async (w: World, c: Client) => {
    const live = c.groups.filter((g) => !g.doubtful);
    if (live.length === 0) return await pullGroups(w, c);
    const g = pick(c, live);
    if (!present && g.members.length === 0) return await putGroup(w, c, g);
    let member = pick(c, present ? w.userIds : g.members);
    while (present && g.members.includes(member)) member = pick(c, w.userIds);
    const endpoint = OPERATIONS[present ? 3 : 4].endpoint;
    settle(
      g,
      await request(w, endpoint, `${DIR}/user-groups/${g.id}/members/${member}?baseVersion=${g.version}`, {
        method: present ? "PUT" : "DELETE",
        headers: portal(c),
      }),
    );
  };
}

async function pushGroup(w: World, c: Client) {
  const live = c.groups.filter((g) => !g.doubtful);
  if (live.length === 0) return await pullGroups(w, c);
  await putGroup(w, c, pick(c, live));
}

/** Links approved terms to the portal's content; every link must come back upserted or unchanged. */
async function pushLinks(w: World, c: Client) {
  const pairs = new Set<string>();
  while (pairs.size < LINK_BATCH) {
    pairs.add(`${c.portalId}:page:${Math.floor(c.random() * CONTENT_KEYS)} ${pick(c, w.termIds)}`);
  }
  const links = [...pairs].map((p) => {
    const [contentKey, termId] = p.split(" ");
    return { contentKey, termId, detectedBy: "dictionary" };
  });
  const endpoint = OPERATIONS[5].endpoint;
  const res = await request<{ data: { upserted: number; unchanged: number; skipped: unknown[] } }>(
    w,
    endpoint,
    `${DIR}/content-term-links`,
    { method: "POST", headers: jsonPortal(c), body: JSON.stringify({ links }) },
  );
  if (!res) return;
  const { upserted, unchanged, skipped } = res.data;
  if (upserted + unchanged !== links.length || skipped.length) {
    wrong(w, endpoint, `links: ${upserted} upserted, ${unchanged} unchanged, skipped ${JSON.stringify(skipped)}`);
  }
  for (const p of pairs) c.links.add(p);
}

/** Publishes the portal's next authorization snapshot: SNAPSHOT_USERS users with one to three roles each. */
async function publishSnapshot(w: World, c: Client) {
  const sourceVersion = `${c.portalId}-v${++c.snapshot.published}`;
  const entries = randomUsers(w, c, SNAPSHOT_USERS).map((userId) => ({
    userId,
    assignments: ROLES.slice(0, 1 + Math.floor(c.random() * 3)).map((r) => ({
      kind: "ROLE",
      key: `${c.portalId}.${r}`,
      label: r,
    })),
  }));
  const res = await request<{ data: { snapshotId: string; userCount: number } }>(
    w,
    OPERATIONS[6].endpoint,
    `${DIR}/authorization-snapshot`,
    { method: "POST", headers: jsonPortal(c), body: JSON.stringify({ portalId: c.portalId, sourceVersion, entries }) },
  );
  c.snapshot.doubtful = !res;
  if (res) c.snapshot.last = { snapshotId: res.data.snapshotId, sourceVersion, userCount: entries.length };
}

function asking(path: string, index: number, body: (question: string) => unknown) {
  return async (w: World, c: Client) => {
    await request(w, OPERATIONS[index].endpoint, path, {
      method: "POST",
      headers: user(c),
      body: JSON.stringify(body(pick(c, w.questions))),
    });
  };
}

/** Every kind of request with its weight (out of 100). */
export const OPERATIONS: readonly Operation[] = [
  { endpoint: `GET /users (page walk, limit ${PAGE})`, weight: 28, run: walkUsers },
  { endpoint: "GET /user-groups?since", weight: 15, run: pullGroups },
  { endpoint: "PUT /user-groups/{id}", weight: 3, run: pushGroup },
  { endpoint: "PUT /user-groups/{id}/members/{userId}", weight: 4, run: membership(true) },
  { endpoint: "DELETE /user-groups/{id}/members/{userId}", weight: 3, run: membership(false) },
  { endpoint: `POST /content-term-links (${LINK_BATCH} links)`, weight: 8, run: pushLinks },
  { endpoint: `POST /authorization-snapshot (${SNAPSHOT_USERS} users)`, weight: 3, run: publishSnapshot },
  { endpoint: "POST /api/v1/search", weight: 26, run: asking("/api/v1/search", 7, (question) => ({ question })) },
  { endpoint: "POST /api/v1/ask", weight: 10, run: asking("/api/v1/ask", 8, (question) => ({ question })) },
];

const TOTAL_WEIGHT = OPERATIONS.reduce((n, o) => n + o.weight, 0);

/** Runs the client, one request at a time, until the measured window ends. */
export async function drive(w: World, c: Client): Promise<void> {
  while (performance.now() < w.measureTo) {
    let x = c.random() * TOTAL_WEIGHT;
    const op = OPERATIONS.find((o) => (x -= o.weight) < 0) ?? OPERATIONS[OPERATIONS.length - 1];
    await op.run(w, c);
  }
}
