/**
 * A crawl of every route (CONTRACT 0 and 1.1): each operation of `/openapi.json`, the consoles and
 * the paths a login or OAuth flow would use, called with no credential and with each kind of
 * credential. No response sets a cookie; no route is a login, OAuth or OpenID route (they answer
 * 404, or the console's static shell, which posts nowhere); `/groups` and `/permission-check` do
 * not exist under any method or credential; and with no enabled admin key configured every admin
 * call, whatever key it presents, is refused. Each operation is also called with a valid request
 * and the right credential (tests/security/_valid_requests.ts), and every 2xx body of the crawl
 * must match the response schema its operation documents. With RECORD_OPENAPI_EXAMPLES set, the valid exchanges
 * become the document's examples (tests/_helpers/openapi_examples.ts).
 */
import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { body, DIR, startTestApp } from "../_helpers/app.ts";
import { type RagTestApp, startRagApp } from "../_helpers/rag.ts";
import { ADMIN_KEY, PORTAL_A_KEY, portalJwt } from "../_helpers/tokens.ts";
import { type OpenApiDocument, responseChecker } from "../_helpers/openapi_responses.ts";
import { exampleRecorder } from "../_helpers/openapi_examples.ts";
import { type CrawlOperation, crawlOrder, validRequests } from "./_valid_requests.ts";

/** Distinct operations a valid request must get a 2xx answer from (all of them today), so the check is not empty. */
const MIN_ANSWERED = 76;
const GATEWAY_KEY = "crawl-gateway-key-0123456789abcdef";
const METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"];
const LOGIN_WORDS = /login|logout|signin|sign-in|signup|oauth|openid|oidc|callback|authorize|saml|sso|session|cookie/i;
const LOGIN_PATHS = [
  "/login",
  "/logout",
  "/signin",
  "/auth/login",
  "/auth/callback",
  "/callback",
  "/oauth/authorize",
  "/oauth/token",
  "/oauth/callback",
  "/oauth2/authorize",
  "/session",
  "/sessions",
  "/sso",
  "/saml/acs",
  "/.well-known/openid-configuration",
  "/.well-known/oauth-authorization-server",
  "/.well-known/jwks.json",
  "/api/v1/login",
  "/api/v1/auth/token",
  "/api/v1/oauth/token",
  "/api/directory/v1/login",
  "/api/directory/v1/oauth/token",
  "/api/directory/v1/admin/login",
  "/api/explore/v1/login",
  "/console/login",
  "/console/oauth/callback",
  "/views/login",
];

let rag: RagTestApp;
let credentials: Record<string, Record<string, string>>;
let doc: OpenApiDocument;
let checkBody: ReturnType<typeof responseChecker>;
/** Every 2xx body of the crawl that does not match its documented schema. */
const mismatches: string[] = [];
before(async () => {
  // The valid pass calls every operation with one credential (no call of it may be rate limited), and its
  // documents are indexed by the workers, so searches and answers come back with contexts and citations.
  rag = await startRagApp({
    RAG_EXPLORE_GATEWAY_API_KEY: GATEWAY_KEY,
    RATE_LIMIT_PER_MINUTE: "1000000",
    WEBHOOK_ALLOW_LOOPBACK: "true",
  });
  doc = await body<OpenApiDocument>(await request("/openapi.json"));
  checkBody = responseChecker(doc);
  const member = await rag.token({ sub: "crawler" });
  const admin = await rag.token({ sub: "crawler-admin", admin: true, clearance: 3 });
  credentials = {
    none: {},
    "admin key": { "x-directory-admin-key": ADMIN_KEY },
    "portal key": { authorization: `Bearer ${PORTAL_A_KEY}` },
    "portal JWT": { authorization: `Bearer ${await portalJwt()}` },
    "member token": { authorization: `Bearer ${member}` },
    "admin token": { authorization: `Bearer ${admin}` },
    "gateway and delegated token": { authorization: `Bearer ${GATEWAY_KEY}`, "x-explore-user-token": member },
  };
});
after(async () => {
  await rag?.stop();
});

const request = (path: string, init: RequestInit = {}) => Promise.resolve(rag.app.runtime.app.request(path, init));

/** Every operation of the document, with a path of random ids. */
function operations(): Array<CrawlOperation & { path: string }> {
  return Object.entries(doc.paths).flatMap(([template, ops]) =>
    Object.entries(ops).map(([method, op]) => {
      const content = op.requestBody?.content;
      const contentType = content && (Object.keys(content).find((t) => t === "application/json") ??
        Object.keys(content)[0]);
      return {
        method: method.toUpperCase(),
        template,
        path: template.replace(/\{[^}]+\}/g, () => crypto.randomUUID()),
        security: (op.security ?? []).flatMap((s) => Object.keys(s)),
        params: op.parameters ?? [],
        body: content && contentType ? { contentType, schema: content[contentType].schema } : undefined,
      };
    })
  );
}

/** Calls `path` with `headers`, a JSON body `{}` for writes, and returns the response with its text read. */
async function call(method: string, path: string, headers: Record<string, string>) {
  const write = method !== "GET" && method !== "DELETE";
  const res = await request(path, {
    method,
    headers: { ...headers, ...(write ? { "content-type": "application/json" } : {}) },
    ...(write ? { body: "{}" } : {}),
  });
  return { res, text: await res.text() };
}

/** Checks a 2xx JSON answer of `op` against its documented schema; returns the parsed body. */
function judge(op: CrawlOperation, res: Response, text: string): unknown {
  if (res.status < 200 || res.status >= 300 || !(res.headers.get("content-type") ?? "").includes("json")) return;
  const parsed: unknown = JSON.parse(text);
  const problems = checkBody(op.method, op.template, res.status, parsed);
  if (problems.length > 0) {
    mismatches.push(`${op.method} ${op.template} ${res.status}: ${problems.join("; ")}\n  ${text.slice(0, 400)}`);
  }
  return parsed;
}

function assertNoCookie(res: Response, label: string) {
  const names = [...res.headers.keys()].filter((n) => /cookie/i.test(n));
  assert.deepEqual(names, [], `${label} sets a cookie`);
}

describe("no response sets a cookie", () => {
  it("every operation of /openapi.json, with no credential and with each kind", async () => {
    let calls = 0;
    for (const op of operations()) {
      for (const [kind, headers] of Object.entries(credentials)) {
        const { res, text } = await call(op.method, op.path, headers);
        assertNoCookie(res, `${op.method} ${op.path} with ${kind}`);
        judge(op, res, text);
        calls++;
      }
    }
    assert.ok(calls > 300, `${calls} calls`);
    assert.deepEqual(mismatches, [], "2xx bodies that do not match their schema");
  });

  it("the system routes, the consoles and their assets, with no credential and with each kind", async () => {
    const shell = await (await request("/console/")).text();
    const asset = [...shell.matchAll(/(?:src|href)="(\/_console\/[^"]+)"/g)].map((m) => m[1]);
    assert.ok(asset.length > 0, "the console links its assets");
    const paths = ["/healthz", "/readyz", "/metrics", "/openapi.json", "/", "/console", "/console/", ...asset];
    paths.push("/console/views/dashboard", "/views/overview", "/no/such/path");
    for (const path of paths) {
      for (const [kind, headers] of Object.entries(credentials)) {
        assertNoCookie((await call("GET", path, headers)).res, `GET ${path} with ${kind}`);
      }
    }
  });
});

describe("no login, OAuth or OpenID route exists", () => {
  it("/openapi.json names none", () => {
    const named = operations().filter((o) => LOGIN_WORDS.test(o.template));
    assert.deepEqual(named.map((o) => `${o.method} ${o.template}`), []);
  });

  it("the paths such flows use answer 404 (or, under /console/, the static shell) to every method and credential", async () => {
    const shell = await (await request("/console/")).text();
    assert.ok(!/<form[^>]*\baction=/i.test(shell), "the console's key form posts to no server route");
    for (const path of LOGIN_PATHS) {
      for (const method of METHODS) {
        for (const [kind, headers] of Object.entries(credentials)) {
          const { res, text } = await call(method, path, headers);
          const label = `${method} ${path} with ${kind}: ${res.status}`;
          assertNoCookie(res, label);
          assert.equal(res.headers.get("location"), null, `${label} redirects`);
          if (res.status === 200) {
            assert.ok(method === "GET" && path.startsWith("/console/") && text === shell, `${label} serves a page`);
          } else {
            // /views/:name needs an administrator before it looks the screen up: a refusal, not a route.
            assert.ok(
              [404, 405].includes(res.status) || (path === "/views/login" && [401, 403].includes(res.status)),
              label,
            );
          }
        }
      }
    }
  });
});

describe("/groups and /permission-check do not exist", () => {
  it("answer 404 under every method, credential and nearby spelling", async () => {
    const id = crypto.randomUUID();
    const paths = [
      `${DIR}/groups`,
      `${DIR}/groups/${id}`,
      `${DIR}/groups/${id}/members`,
      `${DIR}/permission-check`,
      `${DIR}/permission-checks`,
      `${DIR}/permissions/check`,
      `${DIR}/admin/groups`,
      `${DIR}/admin/permission-check`,
      "/api/v1/groups",
      "/api/v1/permission-check",
    ];
    for (const path of paths) {
      for (const method of METHODS) {
        for (const [kind, headers] of Object.entries(credentials)) {
          const { res, text } = await call(method, path, headers);
          assert.equal(res.status, 404, `${method} ${path} with ${kind}: ${text.slice(0, 200)}`);
        }
      }
    }
  });
});

describe("with no enabled admin key configured, every admin call is refused", () => {
  for (
    const [label, keys] of [
      ["none configured", "[]"],
      ["only a disabled one", JSON.stringify([{ id: 1, label: "off", apiKey: ADMIN_KEY, enabled: false }])],
    ]
  ) {
    it(`${label}: every admin operation and console screen answers 401 to any key`, async () => {
      const closed = await startTestApp({ CENTRAL_ADMIN_API_KEYS_JSON: keys });
      try {
        const closedDoc = await body<OpenApiDocument>(await closed.request("/openapi.json"));
        const admin = Object.entries(closedDoc.paths).filter(([t]) => t.startsWith(`${DIR}/admin`));
        assert.ok(admin.length > 15);
        for (const [template, ops] of admin) {
          for (const method of Object.keys(ops)) {
            const path = template.replace(/\{[^}]+\}/g, () => crypto.randomUUID());
            for (const key of [ADMIN_KEY, "", "x".repeat(40)]) {
              const res = await closed.request(path, {
                method: method.toUpperCase(),
                headers: { "x-directory-admin-key": key, "content-type": "application/json" },
                ...(["post", "put", "patch"].includes(method) ? { body: "{}" } : {}),
              });
              assert.equal(res.status, 401, `${method} ${path} with key ${key.slice(0, 4)}`);
            }
          }
        }
        for (const screen of ["dashboard", "users", "audit-log"]) {
          const res = await closed.request(`/console/views/${screen}`, {
            headers: { "x-directory-admin-key": ADMIN_KEY },
          });
          assert.equal(res.status, 401, screen);
        }
      } finally {
        await closed.stop();
      }
    });
  }
});

describe("every 2xx answer matches the schema its operation documents", () => {
  it("a valid request to each operation, with the right credential, gets a 2xx whose body matches", async () => {
    const valid = await validRequests(rag, doc.components.schemas, GATEWAY_KEY);
    const examples = exampleRecorder(doc);
    const answered: string[] = [];
    const refused: string[] = [];
    for (const op of operations().sort((a, b) => crawlOrder(a) - crawlOrder(b))) {
      const statuses: number[] = [];
      for (let attempt = 0; attempt < 4; attempt++) {
        const { path, init } = valid.build(op, attempt);
        const res = await request(path, init);
        const text = await res.text();
        assertNoCookie(res, `${op.method} ${path}`);
        assert.ok(res.status < 500, `${op.method} ${path} answered a valid request with ${res.status}: ${text}`);
        statuses.push(res.status);
        judge(op, res, text);
        examples.record(op, path, init, res, text);
        // A conflict carries the ledger's record too: the next attempt is based on its version.
        valid.remember(text);
        if (res.status < 300) break;
      }
      (statuses.at(-1)! < 300 ? answered : refused).push(`${op.method} ${op.template} ${statuses.join(",")}`);
    }
    assert.deepEqual(mismatches, [], "2xx bodies that do not match their schema");
    examples.write();
    assert.ok(answered.length >= MIN_ANSWERED, `${answered.length} answered 2xx; refused:\n${refused.join("\n")}`);
  });
});
