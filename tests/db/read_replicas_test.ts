/**
 * Reads that scale out on PostgreSQL's own replication (DATABASE_READ_URL), against a real primary
 * and a physical standby on loopback (Debian's binaries, pg_basebackup, standby.signal). Pausing the
 * standby's replay makes it lag on purpose, which is what shows where a read ran: an answer that
 * lacks a write the primary holds came from the standby. Portals' list reads and searches go there;
 * row-level security holds there; and a portal that has been given a newer dataVersion, by a reply
 * or by its own updatedSince, is served by the primary while the standby is behind.
 */
import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { body, type Item, type List } from "../_helpers/app.ts";
import {
  type PrivatePostgres,
  type Standby,
  startPrivatePostgres,
  startStandby,
} from "../_helpers/private_postgres.ts";
import { type RagTestApp, startRagApp } from "../_helpers/rag.ts";
import { PORTAL_B_KEY } from "../_helpers/tokens.ts";
import type { schemas as directory } from "@/domain/directory/mod.ts";
import type { schemas } from "@/domain/rag/mod.ts";

let primary: PrivatePostgres;
let standby: Standby;
let rag: RagTestApp;

const users = async (query: string, key?: string) =>
  await body<List<directory.DirectoryUser>>(await rag.app.portal(`/users?limit=500${query}`, { key }));
const groups = async (key?: string) =>
  await body<List<directory.UserGroup>>(await rag.app.portal("/user-groups?limit=500", { key }));

async function ingest(path: string, text: string, organization: string) {
  const doc = await rag.document(path, `<p>${text}</p>`, { organizationIds: [organization] });
  const res = await rag.call("/documents", { method: "POST", json: doc, token: await rag.token({ admin: true }) });
  assert.equal((await body<schemas.IngestionResult>(res)).indexed, true);
  return doc.sourceDocumentId as string;
}

async function search(question: string, organizationId: string) {
  const token = await rag.token({ organizationId });
  const res = await rag.call("/search", { method: "POST", json: { question, limit: 10 }, token });
  assert.equal(res.status, 200);
  return (await body<schemas.SearchResponse>(res)).contexts.map((c) => c.sourceDocumentId);
}

describe("reads on a streaming standby", () => {
  before(async () => {
    primary = await startPrivatePostgres();
    standby = await startStandby(primary);
    rag = await startRagApp({ DATABASE_READ_URL: standby.appUrl }, { db: primary.db });
  });
  after(async () => {
    await rag?.stop();
    await standby?.destroy();
    await primary?.destroy();
  });

  it("serves portals' list reads from the standby, and never an older dataVersion than a portal was given", async () => {
    await standby.catchUp();
    const before = await users("");
    await standby.pauseReplay();
    const created = await rag.app.admin("/users", {
      method: "POST",
      json: { loginId: "replica.late", koreanName: "늦게" },
    });
    const late = (await body<Item<directory.DirectoryUser>>(created)).data;
    assert.ok(late.version > before.meta.dataVersion);

    const lagging = await users("", PORTAL_B_KEY);
    assert.equal(
      lagging.meta.dataVersion,
      before.meta.dataVersion,
      "portal B's read ran on the standby, which is behind",
    );
    assert.ok(!lagging.data.items.some((u) => u.id === late.id));

    // Portal A knows version `late.version` exists (its updatedSince says so): the standby cannot answer for it.
    const since = await users(`&updatedSince=${late.version}`);
    assert.ok(since.meta.dataVersion >= late.version, "a portal asking past what the standby has reads the primary");
    const again = await users("");
    assert.ok(
      again.meta.dataVersion >= late.version,
      "having been given that version, portal A never gets an older one",
    );
    assert.ok(again.data.items.some((u) => u.id === late.id));
    await standby.catchUp();
  });

  it("shows a portal its own group push at once, however far the standby lags", async () => {
    await standby.pauseReplay();
    const pushed = await rag.app.portal(`/user-groups/${crypto.randomUUID()}`, {
      method: "PUT",
      json: { code: "REPLICA-GRP", name: "복제 그룹" },
    });
    assert.equal(pushed.status, 200);
    const group = (await body<Item<directory.UserGroup>>(pushed)).data;
    assert.ok((await groups()).data.items.some((g) => g.id === group.id), "portal A pushed it: the primary answers A");
    assert.ok(!(await groups(PORTAL_B_KEY)).data.items.some((g) => g.id === group.id), "portal B reads the standby");
    await standby.catchUp();
  });

  it("searches on the standby under row-level security, and audits them on the primary", async () => {
    const mine = await ingest("/replica/a.html", "복제 서버 검색 연차 규정 문서", rag.dept.a);
    const theirs = await ingest("/replica/b.html", "복제 서버 검색 연차 규정 다른 부서", rag.dept.b);
    await standby.catchUp();
    await standby.pauseReplay();
    const fresh = await ingest("/replica/a2.html", "복제 서버 검색 연차 규정 새 문서", rag.dept.a);

    const seenByA = await search("복제 서버 연차 규정", rag.dept.a);
    assert.ok(seenByA.includes(mine));
    assert.ok(!seenByA.includes(theirs), "department B's document stays hidden on the standby");
    assert.ok(!seenByA.includes(fresh), "the standby had not replayed the newest document: the search ran there");
    const seenByB = await search("복제 서버 연차 규정", rag.dept.b);
    assert.ok(seenByB.includes(theirs) && !seenByB.includes(mine));

    const audited = await rag.system((tx) =>
      tx`select count(*)::int as n from rag.tb_rag_audit_logs where action = 'search' and at > now() - interval '1 minute'`
    );
    assert.ok(audited[0].n >= 2, "each search wrote its audit row on the primary while the standby lagged");
    await standby.catchUp();
    assert.ok((await search("복제 서버 연차 규정", rag.dept.a)).includes(fresh), "caught up, the standby has it");
  });
});
