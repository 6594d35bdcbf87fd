/**
 * "Every refusal of access is audited", for both services: each route of `/openapi.json` that
 * needs a credential answers 401 without one, and each of those refusals leaves exactly one
 * `access.refused` row in its own service's log (directory.audit_log for the directory,
 * rag.tb_rag_audit_logs for retrieval), never in the other. Refusals of a caller who proved
 * who it is (a portal without the scope, a member on an administrator's route) record that
 * identity; no row anywhere holds a presented credential, a piece of it, or a configured secret.
 */
import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { body, DIR, type Problem } from "../_helpers/app.ts";
import type { OpenApiDocument } from "../_helpers/openapi_responses.ts";
import { type RagTestApp, startRagApp } from "../_helpers/rag.ts";
import { ADMIN_KEY, CENTRAL, JWT, portalJwt, READER_KEY, userToken } from "../_helpers/tokens.ts";
import { flipSignature } from "../_helpers/signing_keys.ts";

/** An `access.refused` row of either log (directory columns or retrieval columns). */
interface RefusalRow {
  outcome: string;
  details: { code: string; method: string; path: string; detail: string };
  actor_kind?: string;
  actor_id?: string | null;
  actor_label?: string | null;
  request_id?: string | null;
  sub?: string;
  tenant_id?: string | null;
  organization_id?: string | null;
  is_admin?: boolean;
}
const GATEWAY_KEY = "refusal-gateway-key-0123456789abcdef";
const WRITES = new Set(["post", "put", "patch"]);

let rag: RagTestApp;
before(async () => {
  // Every refusal here comes from one in-process client: a budget above their number keeps one row each (the budget
  // itself is held by tests/security/flood_test.ts).
  rag = await startRagApp({ RAG_EXPLORE_GATEWAY_API_KEY: GATEWAY_KEY, AUDIT_REFUSALS_PER_MINUTE: "100000" }, {
    workers: false,
  });
});
after(async () => {
  await rag?.stop();
});

const request = (path: string, init: RequestInit = {}) => Promise.resolve(rag.app.runtime.app.request(path, init));

/** Every operation of the OpenAPI document that declares a credential, with its parameters filled in. */
async function securedOperations(): Promise<Array<{ method: string; path: string; family: "directory" | "rag" }>> {
  const doc = await body<OpenApiDocument>(await request("/openapi.json"));
  const out = [];
  for (const [template, ops] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(ops)) {
      if (!op.security?.length) continue;
      const path = template.replace(/\{[^}]+\}/g, () => crypto.randomUUID());
      out.push({ method, path, family: path.startsWith(DIR) ? "directory" as const : "rag" as const });
    }
  }
  return out;
}

async function refusals(where: "directory" | "rag"): Promise<RefusalRow[]> {
  if (where === "directory") {
    return [
      ...await rag.app.owner<RefusalRow[]>`select actor_kind, actor_id, actor_label, request_id, details, outcome
                                  from directory.audit_log where action = 'access.refused' order by id`,
    ];
  }
  return [
    ...await rag.system((tx) =>
      tx<RefusalRow[]>`select sub, tenant_id, organization_id, is_admin, outcome, details
         from rag.tb_rag_audit_logs where action = 'access.refused' order by id`
    ),
  ];
}

/** Polls until `check` passes: refusals are written after the response, off the request's path. */
async function eventually(check: () => Promise<void>, ms = 5_000): Promise<void> {
  const end = Date.now() + ms;
  for (;;) {
    try {
      return await check();
    } catch (err) {
      if (Date.now() > end) throw err;
      await new Promise((r) => setTimeout(r, 50));
    }
  }
}

const rowsFor = (rows: RefusalRow[], method: string, path: string) =>
  rows.filter((r) => r.details.path === path && r.details.method === method);

describe("every refusal of access is audited in its own service's log", () => {
  it("each secured route refuses a call without a credential with 401, and leaves one row in the right log", async () => {
    const ops = await securedOperations();
    assert.ok(
      ops.filter((o) => o.family === "directory").length > 30 && ops.filter((o) => o.family === "rag").length > 8,
    );
    for (const { method, path } of ops) {
      const res = await request(path, {
        method: method.toUpperCase(),
        ...(WRITES.has(method) ? { headers: { "content-type": "application/json" }, body: "{}" } : {}),
      });
      const b = await body<Problem>(res);
      assert.deepEqual([res.status, b.code], [401, "unauthorized"], `${method} ${path}`);
    }
    await eventually(async () => {
      const [dir, ret] = [await refusals("directory"), await refusals("rag")];
      for (const { method, path, family } of ops) {
        const m = method.toUpperCase();
        const own = rowsFor(family === "directory" ? dir : ret, m, path);
        const other = rowsFor(family === "directory" ? ret : dir, m, path);
        assert.equal(own.length, 1, `${m} ${path}: ${own.length} rows in the ${family} log`);
        assert.equal(other.length, 0, `${m} ${path} is also in the other service's log`);
        assert.equal(own[0].details.code, "unauthorized");
        assert.equal(own[0].outcome, "refused");
        if (family === "directory") assert.equal(own[0].actor_kind, "anonymous");
        else assert.equal(own[0].sub, "anonymous");
      }
    });
  });

  it("the consoles' screens audit their refusals too", async () => {
    const calls = [["/console/views/dashboard", "directory"], ["/views/overview", "rag"], ["/", "rag"]] as const;
    for (const [path] of calls) assert.equal((await request(path)).status, 401, path);
    await eventually(async () => {
      for (const [path, family] of calls) {
        assert.equal(rowsFor(await refusals(family), "GET", path).length, 1, path);
      }
    });
  });
});

describe("refusals record who the caller proved to be, and never what it presented", () => {
  it("directory: a portal without the scope and a JWT portal are named; an unknown key is anonymous", async () => {
    const noScope = await portalJwt({ claims: { azp: "jwt-reader", scope: "glossary:read" } });
    const wrongAdmin = "presented-admin-key-not-configured-01";
    const res = [
      await request(`${DIR}/sync-status`, {
        method: "POST",
        headers: { authorization: `Bearer ${READER_KEY}`, "content-type": "application/json" },
        body: JSON.stringify({ portalId: "reader", resource: "users", outcome: "success" }),
      }),
      await request(`${DIR}/users?probe=jwt`, { headers: { authorization: `Bearer ${noScope}` } }),
      await request(`${DIR}/admin/users?probe=admin`, { headers: { "x-directory-admin-key": wrongAdmin } }),
    ];
    assert.deepEqual(res.map((r) => r.status), [403, 403, 401]);
    await eventually(async () => {
      const rows = await refusals("directory");
      const scope = rowsFor(rows, "POST", `${DIR}/sync-status`).at(-1);
      assert.deepEqual([scope?.actor_kind, scope?.actor_id, scope?.details.code], [
        "portal",
        "reader",
        "insufficient_scope",
      ]);
      const [jwt] = rowsFor(rows, "GET", `${DIR}/users`).filter((r) => r.details.code === "insufficient_scope");
      assert.deepEqual([jwt?.actor_kind, jwt?.actor_id, jwt?.actor_label], ["portal", "jwt-reader", "jwt"]);
      const admin = rowsFor(rows, "GET", `${DIR}/admin/users`).at(-1);
      assert.deepEqual([admin?.actor_kind, admin?.actor_id], ["anonymous", null]);
    });
    await assertNoSecretStored([noScope, wrongAdmin, READER_KEY]);
  });

  it("retrieval: a member refused an administrator's route is named by its subject; forged tokens are anonymous", async () => {
    const member = await rag.token({ sub: "member-refused-7" });
    const expired = await rag.token({ sub: "expired-member", expiresInSeconds: -3600 });
    const forged = flipSignature(await rag.token({ sub: "forged-member", admin: true }));
    const calls: Array<[string, string, Record<string, string>, number]> = [
      ["GET", "/api/v1/admin/settings", { authorization: `Bearer ${member}` }, 403],
      ["GET", "/api/v1/admin/overview", { authorization: `Bearer ${expired}` }, 401],
      ["POST", "/api/v1/search", { authorization: `Bearer ${forged}`, "content-type": "application/json" }, 401],
      ["POST", "/api/explore/v1/search", {
        authorization: `Bearer ${GATEWAY_KEY}`,
        "x-explore-user-token": forged,
        "content-type": "application/json",
      }, 401],
    ];
    for (const [method, path, headers, status] of calls) {
      const res = await request(path, { method, headers, ...(method === "POST" ? { body: '{"question":"x"}' } : {}) });
      assert.equal(res.status, status, `${method} ${path}: ${await res.text()}`);
    }
    await eventually(async () => {
      const rows = await refusals("rag");
      const settings = rowsFor(rows, "GET", "/api/v1/admin/settings").at(-1);
      assert.match(String(settings?.sub), /member-refused-7/);
      assert.equal(settings?.details.code, "forbidden");
      assert.equal(settings?.is_admin, false);
      for (const [method, path] of calls.slice(1)) {
        const row = rowsFor(rows, method, path).at(-1);
        assert.equal(row?.sub, "anonymous", `${method} ${path}`);
        assert.ok(!JSON.stringify(row).includes("forged-member") && !JSON.stringify(row).includes("expired-member"));
      }
    });
    await assertNoSecretStored([member, expired, forged, GATEWAY_KEY]);
  });
});

/** No audit row of either log holds a presented credential, its signature, or a configured secret. */
async function assertNoSecretStored(presented: string[]) {
  const text = JSON.stringify([
    ...await rag.app.owner`select * from directory.audit_log`,
    ...await rag.system((tx) => tx`select * from rag.tb_rag_audit_logs`),
  ]);
  const pieces = presented.flatMap((p) => [p, ...p.split(".").filter((s) => s.length > 16)]);
  const configured = [ADMIN_KEY, JWT.secret, CENTRAL.secret, GATEWAY_KEY, await userToken()];
  for (const secret of [...pieces, ...configured]) {
    assert.ok(!text.includes(secret), `an audit row holds ${secret.slice(0, 6)}…`);
  }
}
