/**
 * Who owns a document (issue 15, item 2), tried by the attackers against the real service (`main.ts` as a child
 * process) and, with the application's check out of the way, against the registry's update policy itself:
 *
 * - no takeover: re-registering a document is for its registrant, an administrator of its tenant, or the portal
 *   that owns its `portalId` (a token whose `portal_id` claim names it); another user or another portal is refused,
 *   and the update policy refuses the same when the statement runs as the application role under their principal;
 * - no squatting: the key includes the tenant, so another tenant registers the same `sourceDocumentId` on its own;
 * - no existence oracle: a document that exists where the caller may not see it answers exactly as one that does
 *   not exist (status, purge, publish, approve-fetch, re-register).
 *
 * `portal-a` is open to every user of a tenant (`RAG_OPEN_PORTALS`); `portal-b` takes only its own tokens.
 */
import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import postgres from "postgres";
import type { Problem } from "../_helpers/app.ts";
import type { schemas } from "@/domain/rag/mod.ts";
import { PUBLIC_ORG } from "../_helpers/rag.ts";
import { type RagProcess, startRagProcess } from "../_helpers/rag_process.ts";

let rag: RagProcess;
let superuser: postgres.Sql;
before(async () => {
  rag = await startRagProcess({ RAG_OPEN_PORTALS: "portal-a" });
  superuser = postgres(rag.db.superUrl, { max: 1, onnotice: () => {} });
});
after(async () => {
  await superuser?.end();
  await rag?.stop();
});

/** The callers: users of department a (tenant 1), one of department b, tokens of each portal, administrators. */
const as = {
  registrant: () => rag.token({ sub: "user-1" }),
  colleague: () => rag.token({ sub: "user-2" }),
  otherDepartment: () => rag.token({ sub: "user-5", organizationId: rag.dept.b }),
  portalA: () => rag.token({ sub: "user-4", portalId: "portal-a" }),
  portalB: () => rag.token({ sub: "user-3", portalId: "portal-b" }),
  admin: () => rag.token({ sub: "admin-1", admin: true, clearance: 3 }),
  otherAdmin: () =>
    rag.token({ sub: "admin-2", admin: true, clearance: 3, tenantId: rag.otherTenant, organizationId: rag.dept.other }),
};

/** Registers `doc` with `token` (waiting for it to be indexed); answers the status and the parsed body. */
async function register<T = schemas.IngestionResult>(doc: Record<string, unknown>, token: string) {
  const res = await rag.call("/api/v1/documents", { method: "POST", json: doc, token });
  return { status: res.status, body: await res.json() as T };
}

/** A document of department a registered by `sub` with `token`; its request and its id. */
async function registered(path: string, sub: string, token: string, extra: Record<string, unknown> = {}) {
  const doc = await rag.document(path, `<h1>원본</h1><p>${path} 원본 본문입니다.</p>`, {
    title: "원본 제목",
    registrant: { id: sub, departmentCode: "A" },
    ...extra,
  });
  const { status, body } = await register(doc, token);
  assert.equal(status, 200, JSON.stringify(body));
  return { doc, id: body.documentId };
}

const row = async (id: string) =>
  (await superuser`select title, registrant_id, source_version, security_level, organization_ids::text[] as orgs
                   from rag.tb_ai_document_registry where id = ${id}`)[0];

/** A problem as two callers compare it: without what differs per request. */
const comparable = (status: number, text: string) => {
  const { requestId: _r, ...rest } = JSON.parse(text) as Problem;
  return { httpStatus: status, ...rest };
};

describe("no takeover: only the registrant, an administrator of the tenant or the document's portal replace it", () => {
  it("refuses another user and another portal, leaving the document as it was", async () => {
    const { doc, id } = await registered("/owned.html", "user-1", await as.registrant());
    const before = await row(id);
    const takeovers: Array<[string, string, Record<string, unknown>]> = [
      ["a colleague who can see it", await as.colleague(), { registrant: { id: "user-2", departmentCode: "A" } }],
      ["another portal's token", await as.portalB(), { registrant: { id: "user-3", departmentCode: "A" } }],
    ];
    const hijack = await rag.host.putHashed("/hijack.html", { body: "<p>가로챈 본문</p>" });
    for (const [who, token, registrant] of takeovers) {
      const { status, body } = await register<Problem>({
        ...doc,
        ...registrant,
        sourceVersion: "v9",
        title: "가로챈 제목",
        securityLevel: "PUBLIC",
        organizationIds: [PUBLIC_ORG],
        contentLocator: hijack.url,
        checksum: hijack.sha256,
        sizeBytes: hijack.size,
      }, token);
      assert.deepEqual([status, body.code], [403, "forbidden"], `${who}: ${JSON.stringify(body)}`);
    }
    assert.deepEqual(await row(id), before, "title, registrant, version, level and organizations unchanged");
  });

  it("binds no portal from a header, a query parameter or a claim that is not a portal id", async () => {
    const { doc, id } = await registered("/smuggled.html", "user-1", await as.registrant());
    const before = await row(id);
    const next = {
      ...doc,
      sourceVersion: "v9",
      title: "가로챈 제목",
      registrant: { id: "user-2", departmentCode: "A" },
    };
    const smuggled = { "x-portal-id": "portal-a", "my.app_portal_id": "portal-a", "x-forwarded-portal": "portal-a" };
    const attempts: Array<[string, string, Record<string, string>, string]> = [
      ["headers", await as.colleague(), smuggled, ""],
      ["a query parameter", await as.colleague(), {}, "?portal_id=portal-a&portalId=portal-a"],
      ["a list claim", await rag.token({ sub: "user-2", claims: { portal_id: ["portal-a"] } }), {}, ""],
      ["a claim with a colon", await rag.token({ sub: "user-2", claims: { portal_id: "portal-a:x" } }), {}, ""],
    ];
    for (const [how, token, headers, query] of attempts) {
      const res = await rag.call(`/api/v1/documents${query}`, { method: "POST", json: next, token, headers });
      assert.deepEqual([res.status, (await res.json()).code], [403, "forbidden"], how);
    }
    assert.deepEqual(await row(id), before);
  });

  it("lets the registrant, the document's portal and an administrator of the tenant replace it", async () => {
    const { doc, id } = await registered("/replaced.html", "user-1", await as.registrant());
    const owners: Array<[string, string, string]> = [
      ["the registrant", await as.registrant(), "user-1"],
      ["the portal's own token", await as.portalA(), "user-4"],
      ["an administrator", await as.admin(), "admin-1"],
    ];
    for (const [i, [who, token, sub]] of owners.entries()) {
      const next = { ...doc, sourceVersion: `v${i + 2}`, registrant: { id: sub, departmentCode: "A" } };
      const { status, body } = await register(next, token);
      assert.equal(status, 200, `${who}: ${JSON.stringify(body)}`);
      assert.equal(body.documentId, id);
      assert.deepEqual([(await row(id)).source_version, (await row(id)).registrant_id], [`v${i + 2}`, sub], who);
    }
  });

  it("takes a closed portal's documents only from its own tokens", async () => {
    const forbidden = await rag.document("/closed.html", "<p>닫힌 포털</p>", { portalId: "portal-b" });
    const user = await register<Problem>(forbidden, await as.registrant());
    assert.deepEqual([user.status, user.body.code], [403, "forbidden"]);
    const { doc } = await registered("/closed-own.html", "user-3", await as.portalB(), { portalId: "portal-b" });
    const again = await register<Problem>(
      { ...doc, sourceVersion: "v2", registrant: { id: "user-1", departmentCode: "A" } },
      await as.registrant(),
    );
    assert.deepEqual([again.status, again.body.code], [403, "forbidden"]);
  });
});

describe("the registry's update policy refuses a takeover the application did not check", () => {
  /** Ends a transaction by rolling it back, carrying what it saw. */
  class Rollback extends Error {
    constructor(readonly result: { seen: number; changed: number }) {
      super("rollback");
    }
  }

  /** Runs an update of the document as the application role under a principal of department a; rolls it back. */
  async function updateAs(id: string, principal: { subject: string; portal: string }) {
    const app = postgres(rag.db.appUrl, { max: 1, onnotice: () => {} });
    try {
      await app.begin(async (tx) => {
        await tx`select set_config('my.app_tenant_id', ${rag.tenant}, true),
                        set_config('my.app_user_org_id', ${rag.dept.a}, true),
                        set_config('my.app_user_clearance_level', '1', true),
                        set_config('my.app_is_admin', 'false', true),
                        set_config('my.app_public_org_id', ${PUBLIC_ORG}, true),
                        set_config('my.app_system', 'false', true),
                        set_config('my.app_subject', ${principal.subject}, true),
                        set_config('my.app_portal_id', ${principal.portal}, true)`;
        const seen = await tx`select id from rag.tb_ai_document_registry where id = ${id}`;
        const changed = await tx`update rag.tb_ai_document_registry
                                 set title = 'taken', registrant_id = ${principal.subject}, security_level = 0
                                 where id = ${id} returning id`;
        throw new Rollback({ seen: seen.length, changed: changed.length });
      });
      assert.fail("the transaction was to be rolled back");
    } catch (err) {
      if (err instanceof Rollback) return err.result;
      throw err;
    } finally {
      await app.end();
    }
  }

  it("changes no row for another user or another portal, one for the registrant or the document's portal", async () => {
    const { id } = await registered("/policy.html", "user-1", await as.registrant());
    for (const attacker of [{ subject: "user-2", portal: "" }, { subject: "user-3", portal: "portal-b" }]) {
      assert.deepEqual(await updateAs(id, attacker), { seen: 1, changed: 0 }, JSON.stringify(attacker));
    }
    assert.equal((await row(id)).title, "원본 제목");
    for (const owner of [{ subject: "user-1", portal: "" }, { subject: "user-4", portal: "portal-a" }]) {
      const result = await updateAs(id, owner);
      assert.deepEqual(result, { seen: 1, changed: 1 }, JSON.stringify(owner));
    }
  });
});

describe("no squatting: the key includes the tenant", () => {
  it("lets another tenant register the same sourceDocumentId on its own, leaving the first as it was", async () => {
    const { doc, id } = await registered("/shared-id.html", "user-1", await as.registrant());
    const before = await row(id);
    const theirs = await rag.host.putHashed("/theirs.html", { body: "<p>다른 회사의 같은 번호 문서</p>" });
    const { status, body } = await register({
      ...doc,
      tenantId: rag.otherTenant,
      organizationIds: [rag.dept.other],
      registrant: { id: "admin-2", departmentCode: "X" },
      title: "다른 회사 문서",
      contentLocator: theirs.url,
      checksum: theirs.sha256,
      sizeBytes: theirs.size,
    }, await as.otherAdmin());
    assert.equal(status, 200, JSON.stringify(body));
    assert.notEqual(body.documentId, id);
    assert.deepEqual(await row(id), before);
    assert.equal((await row(body.documentId)).title, "다른 회사 문서");
  });
});

describe("no existence oracle: a document the caller may not see answers as one that does not exist", () => {
  /** Calls `path` for the hidden document and for one that does not exist; answers both comparable replies. */
  async function both(token: string, method: string, hidden: string, absent: string, json?: unknown) {
    const reply = async (path: string) => {
      const res = await rag.call(path, { method, token, json });
      return comparable(res.status, await res.text());
    };
    return [await reply(hidden), await reply(absent)];
  }

  it("to another tenant's administrator: status, purge, publish, approve-fetch and re-register", async () => {
    const { doc, id } = await registered("/hidden.html", "user-1", await as.registrant());
    const before = await row(id);
    const token = await as.otherAdmin();
    const nobody = crypto.randomUUID();
    for (
      const [method, hidden, absent] of [
        ["GET", `/api/v1/documents/${id}`, `/api/v1/documents/${nobody}`],
        ["DELETE", `/api/v1/documents/portal-a/${doc.sourceDocumentId}`, `/api/v1/documents/portal-a/${nobody}`],
        ["POST", `/api/v1/admin/documents/${id}/publish`, `/api/v1/admin/documents/${nobody}/publish`],
        ["POST", `/api/v1/admin/documents/${id}/approve-fetch`, `/api/v1/admin/documents/${nobody}/approve-fetch`],
      ]
    ) {
      const [seen, unseen] = await both(token, method, hidden, absent);
      assert.deepEqual(seen, unseen, `${method} ${hidden}`);
      assert.equal(seen.httpStatus, 404);
    }
    const theirs = {
      ...doc,
      tenantId: rag.otherTenant,
      organizationIds: [rag.dept.other],
      registrant: { id: "admin-2", departmentCode: "X" },
    };
    const taken = await register(theirs, token);
    const fresh = await register({ ...theirs, sourceDocumentId: crypto.randomUUID() }, token);
    assert.deepEqual([taken.status, Object.keys(taken.body)], [fresh.status, Object.keys(fresh.body)]);
    assert.equal(taken.status, 200, JSON.stringify(taken.body));
    assert.deepEqual(await row(id), before, "the hidden document is untouched");
  });

  it("to a user of another department: status and re-registering under a portal it does not speak for", async () => {
    const { doc, id } = await registered("/closed-hidden.html", "user-3", await as.portalB(), { portalId: "portal-b" });
    const token = await as.otherDepartment();
    const [seen, unseen] = await both(
      token,
      "GET",
      `/api/v1/documents/${id}`,
      `/api/v1/documents/${crypto.randomUUID()}`,
    );
    assert.deepEqual(seen, unseen);
    const mine = { ...doc, organizationIds: [rag.dept.b], registrant: { id: "user-5", departmentCode: "B" } };
    const taken = await rag.call("/api/v1/documents", { method: "POST", json: mine, token });
    const fresh = await rag.call("/api/v1/documents", {
      method: "POST",
      json: { ...mine, sourceDocumentId: crypto.randomUUID() },
      token,
    });
    assert.deepEqual(comparable(taken.status, await taken.text()), comparable(fresh.status, await fresh.text()));
    assert.equal(taken.status, 403);
  });
});
