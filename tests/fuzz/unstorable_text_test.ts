/**
 * Regression cases the OpenAPI fuzzer found: text PostgreSQL cannot store (U+0000
 * anywhere, an unpaired UTF-16 surrogate in a value kept as json/jsonb) reached the
 * database and came back as 500 internal_error. Such input is the caller's mistake:
 * 400 invalid_request, and nothing written.
 */
import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { body, DIR, type Item, type Problem } from "../_helpers/app.ts";
import type { schemas } from "@/domain/directory/mod.ts";
import { type RagTestApp, startRagApp } from "../_helpers/rag.ts";
import { ADMIN_KEY, PORTAL_A_KEY } from "../_helpers/tokens.ts";
import { startWriteProbe, type WriteProbe } from "../_helpers/fuzz_state.ts";

let rag: RagTestApp;
let probe: WriteProbe;
let user: schemas.DirectoryUser;
let termId: string;

before(async () => {
  rag = await startRagApp();
  probe = await startWriteProbe(rag.app);
  user = (await body<Item<schemas.DirectoryUser>>(
    await rag.app.admin("/users", { method: "POST", json: { loginId: "nul.base", koreanName: "가" } }),
  )).data;
  const proposed = await body<Item<schemas.ProposalResult>>(
    await rag.app.portal("/glossary/term-proposals", { method: "POST", json: { terms: [{ notation: "연차" }] } }),
  );
  termId = proposed.data.proposed[0].id;
});
after(async () => {
  await probe.stop();
  await rag.stop();
});

type Caller = "admin" | "portal" | "user" | "ragAdmin";

async function send(caller: Caller, method: string, path: string, json?: unknown): Promise<Response> {
  const headers = new Headers();
  if (caller === "admin") headers.set("x-directory-admin-key", ADMIN_KEY);
  if (caller === "portal") headers.set("authorization", `Bearer ${PORTAL_A_KEY}`);
  if (caller === "user") headers.set("authorization", `Bearer ${await rag.token()}`);
  if (caller === "ragAdmin") headers.set("authorization", `Bearer ${await rag.token({ admin: true })}`);
  if (json !== undefined) headers.set("content-type", "application/json");
  const init = { method, headers, body: json === undefined ? undefined : JSON.stringify(json) };
  return await rag.app.runtime.app.request(path, init);
}

/** Sends a request that must be refused with 400 invalid_request and leave every table and stream as it was. */
async function refusedUnwritten(caller: Caller, method: string, path: string, json?: unknown, mayWrite: string[] = []) {
  const before = await probe.settle();
  const res = await send(caller, method, path, json);
  const problem = await body<Problem>(res);
  assert.equal(res.status, 400, JSON.stringify(problem));
  assert.equal(problem.code, "invalid_request");
  assert.equal(res.headers.get("content-type"), "application/problem+json");
  const change = probe.compare(before, await probe.read());
  if (!change.background) assert.deepEqual(change.changed.filter((t) => !mayWrite.includes(t)), []);
}

const NUL = "\u0000";
const LONE = "\ud800";

describe("text PostgreSQL cannot store is refused with 400 and writes nothing", () => {
  it("a U+0000 in a company name (POST /admin/companies)", async () => {
    await refusedUnwritten("admin", "POST", `${DIR}/admin/companies`, { code: "NUL1", name: `a${NUL}b` });
  });

  it("a U+0000 in a user patch (PATCH /admin/users/{id})", async () => {
    await refusedUnwritten("admin", "PATCH", `${DIR}/admin/users/${user.id}`, {
      jobTitle: `j${NUL}`,
      version: user.version,
    });
  });

  it("a U+0000 in the users search (GET /users?q=)", async () => {
    await refusedUnwritten("portal", "GET", `${DIR}/users?q=%00`);
  });

  it("a U+0000 in the audit-log filter (GET /admin/audit-log?action=)", async () => {
    await refusedUnwritten("admin", "GET", `${DIR}/admin/audit-log?action=%00`);
  });

  it("a U+0000 in a sync report's error (POST /sync-status)", async () => {
    await refusedUnwritten("portal", "POST", `${DIR}/sync-status`, {
      portalId: "portal-a",
      resource: "users",
      outcome: "failure",
      error: `timeout${NUL}`,
    });
  });

  it("a U+0000 in a user group code (PUT /user-groups/{id})", async () => {
    await refusedUnwritten("portal", "PUT", `${DIR}/user-groups/${crypto.randomUUID()}`, {
      code: `g${NUL}`,
      name: "n",
    });
  });

  it("a U+0000 in a proposed term (POST /glossary/term-proposals)", async () => {
    await refusedUnwritten("portal", "POST", `${DIR}/glossary/term-proposals`, { terms: [{ notation: `x${NUL}` }] });
  });

  it("an unpaired surrogate in a proposed term (POST /glossary/term-proposals)", async () => {
    await refusedUnwritten("portal", "POST", `${DIR}/glossary/term-proposals`, { terms: [{ notation: `x${LONE}` }] });
  });

  it("a U+0000 in a content key to untie (DELETE /content-term-links?contentKey=)", async () => {
    await refusedUnwritten("portal", "DELETE", `${DIR}/content-term-links?contentKey=portal-a:doc:1%00`);
  });

  it("a U+0000 in a content body (POST /content-bodies)", async () => {
    await refusedUnwritten("portal", "POST", `${DIR}/content-bodies`, {
      contentKey: "portal-a:doc:1",
      body: `b${NUL}`,
      contentType: "text/plain",
    });
  });

  it("an unpaired surrogate in a relation target (POST /admin/relations)", async () => {
    await refusedUnwritten("admin", "POST", `${DIR}/admin/relations`, {
      sourceId: termId,
      type: "references",
      targetId: `portal-a:doc:1${LONE}`,
    });
  });

  it("a U+0000 in a settings value (PUT /api/v1/admin/settings)", async () => {
    await refusedUnwritten("ragAdmin", "PUT", "/api/v1/admin/settings", { llm: { model: `m${NUL}` } });
  });

  it("an unpaired surrogate in a settings value (PUT /api/v1/admin/settings)", async () => {
    await refusedUnwritten("ragAdmin", "PUT", "/api/v1/admin/settings", { embedding: { model: `m${LONE}` } });
  });

  it("a U+0000 in a document title (POST /api/v1/documents)", async () => {
    const doc = await rag.document("/nul.html", "<p>본문</p>", { title: `t${NUL}` });
    await refusedUnwritten("user", "POST", "/api/v1/documents", doc);
  });

  it("a U+0000 in the portal of a document to purge (DELETE /api/v1/documents/{portalId}/{id})", async () => {
    await refusedUnwritten("ragAdmin", "DELETE", `/api/v1/documents/a%00/${crypto.randomUUID()}`);
  });

  it("a U+0000 in a snapshot's sourceVersion (POST /authorization-snapshot)", async () => {
    // A refused publication is recorded on the portal's sync status by design.
    await refusedUnwritten("portal", "POST", `${DIR}/authorization-snapshot`, {
      portalId: "portal-a",
      sourceVersion: `v${NUL}`,
      entries: [],
    }, ["directory.sync_status"]);
  });

  it("a U+0000 in an imported row fails that row, not the import (POST /admin/users:import)", async () => {
    const res = await rag.app.admin("/users:import", {
      method: "POST",
      headers: { "content-type": "text/csv" },
      body: `loginId,koreanName\nnul.row,가${NUL}\nplain.row,나\n`,
    });
    const answer = await body<Partial<Item<schemas.UserImportResult>> & Partial<Problem>>(res);
    assert.ok(res.status === 200 || res.status === 400, `status ${res.status}: ${JSON.stringify(answer)}`);
    const stored = await rag.app.owner`select 1 from directory.users where login_id = 'nul.row'`;
    assert.equal(stored.length, 0);
    if (res.status === 200) {
      assert.equal(answer.data!.results.find((r) => r.loginId === "nul.row")?.status, "failed");
    }
  });
});
