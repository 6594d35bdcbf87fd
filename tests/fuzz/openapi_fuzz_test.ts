/**
 * Property-based fuzzing of every operation in `/openapi.json` (issue 8, item 6).
 *
 * For each path and method the document lists, fast-check draws a plan: path, query and
 * body values generated from the operation's own JSON Schemas (tests/_helpers/fuzz_schema.ts,
 * with ids the service issued and a few field hints so requests get past validation), a
 * credential (mostly the right kind, sometimes a wrong one), and one layer to mutate
 * (tests/_helpers/fuzz_mutate.ts): JSON values, body bytes, content type and encoding, query,
 * path, headers, credential or method, or all at once. For every response: no 5xx, no
 * cookie, a request id, errors as problem+json with a known `code` matching the status; and
 * a rejected request leaves every table and Redis stream as it was (tests/_helpers/fuzz_state.ts).
 *
 * The seed is printed at start and with every failure. `FUZZ_SEED=<n>` replays a run,
 * `FUZZ_ONLY=<text>` keeps the operations whose "METHOD /path" contains it, `FUZZ_PATH=<p>`
 * (printed with a failure) replays its shrunk case, `FUZZ_RUNS=<n>` sets the runs per
 * operation (twice that with a body), `FUZZ_SHRINK=0` reports a failing case unshrunk, and
 * `FUZZ_IGNORE=<regex>` passes failures whose report matches, to hunt past a known bug.
 * Ids are drawn from what the service issued, so replaying one operation alone may pick
 * other ids than the full run did.
 */
import { after, describe, it } from "node:test";
import fc from "fast-check";
import { PUBLIC_ORG, startRagApp } from "../_helpers/rag.ts";
import { body, type Item } from "../_helpers/app.ts";
import type { schemas } from "@/domain/directory/mod.ts";
import {
  ADMIN_KEY,
  DISABLED_KEY,
  PORTAL_A_KEY,
  PORTAL_B_KEY,
  portalJwt,
  READER_KEY,
  unsignedJwt,
} from "../_helpers/tokens.ts";
import { type Schema, text, uuidFrom } from "../_helpers/fuzz_schema.ts";
import { startWriteProbe } from "../_helpers/fuzz_state.ts";
import {
  build,
  type Credential,
  describeRequest,
  type Operation,
  operationsOf,
  type Plan,
  planFor,
} from "./_operations.ts";
import { violations } from "./_checks.ts";

const SEED = Number(Deno.env.get("FUZZ_SEED") ?? Math.floor(Math.random() * 2 ** 31));
const RUNS = Number(Deno.env.get("FUZZ_RUNS") ?? 20);
const ONLY = Deno.env.get("FUZZ_ONLY");
const SHRINK = Deno.env.get("FUZZ_SHRINK") !== "0";
const PATH = Deno.env.get("FUZZ_PATH");
const IGNORE = Deno.env.get("FUZZ_IGNORE") ? new RegExp(Deno.env.get("FUZZ_IGNORE")!) : null;
const GATEWAY_KEY = "test-gateway-key-0123456789abcdef";
const REQUEST_TIMEOUT_MS = 90_000;

console.log(`fuzz seed ${SEED} (replay with FUZZ_SEED=${SEED}), ${RUNS} runs per operation`);

const rag = await startRagApp({
  // Rate limits would turn later requests into 429s and hide what they probe.
  RATE_LIMIT_PER_MINUTE: "100000000",
  RAG_EXPLORE_GATEWAY_API_KEY: GATEWAY_KEY,
  // Ingestion may only fetch from the loopback content host, and gives up quickly.
  RAG_SERVICE_CONTENT_ALLOWED_HOSTS: "127.0.0.1",
  RAG_CONTENT_FETCH_TIMEOUT_SECONDS: "5",
  // Small limits, so huge strings and gzip bombs reach the 413 path cheaply.
  MAX_BODY_BYTES: String(64 * 1024),
  SNAPSHOT_MAX_BODY_BYTES: String(256 * 1024),
});
const app = rag.app;
const probe = await startWriteProbe(app);

// Known ids: everything the service issued in a 2xx answer, and the fixtures.
const ids = new Set<string>([rag.tenant, rag.otherTenant, rag.dept.a, rag.dept.b, rag.dept.other, PUBLIC_ORG]);
const idList: string[] = [...ids];
// Cursors the lists handed out: replayed on other lists, tampered with, or as they are.
const cursors: string[] = [];
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
function harvest(value: unknown) {
  if (typeof value === "string") {
    if (UUID.test(value) && !ids.has(value) && ids.size < 400) {
      ids.add(value);
      idList.push(value);
    }
  } else if (Array.isArray(value)) value.forEach(harvest);
  else if (value !== null && typeof value === "object") {
    const next = (value as { nextCursor?: unknown }).nextCursor;
    if (typeof next === "string" && cursors.length < 50 && !cursors.includes(next)) cursors.push(next);
    Object.values(value).forEach(harvest);
  }
}

/** A cursor some list issued, perhaps with one character changed, or a made-up one. */
function cursorValue(): fc.Arbitrary<string> {
  const issued = (i: number) => cursors.length ? cursors[i % cursors.length] : "";
  return fc.oneof(
    fc.nat().map(issued),
    fc.tuple(fc.nat(), fc.nat(), fc.constantFrom("A", "_", "-", "=", ".", "%")).map(([i, at, ch]) => {
      const c = issued(i);
      const k = c.length ? at % c.length : 0;
      return c.slice(0, k) + ch + c.slice(k + 1);
    }),
    fc.constantFrom("", "e30", "eyJ2IjoxfQ", "null", "0", "-1", "a".repeat(1000)),
    fc.base64String({ maxLength: 200 }),
  );
}

// Fixtures the generated requests can point at: documents on the content host, users, a term, a group.
const served = await Promise.all(
  ["/fuzz/a.html", "/fuzz/b.html"].map((p, i) =>
    rag.host.putHashed(p, {
      body:
        `<html><body><h1>연차 휴가 규정 ${i}</h1><p>직원은 연차 휴가를 신청할 수 있다. Leave policy ${i}.</p></body></html>`,
    })
  ),
);
const sourceIds = [crypto.randomUUID(), crypto.randomUUID()];
const seeded = await rag.call("/documents", {
  method: "POST",
  json: await rag.document("/fuzz/seed.html", "<p>연차 휴가 신청 절차: 신청서를 제출한다.</p>", {
    sourceDocumentId: sourceIds[0],
    registrant: { id: "user-1", departmentCode: "A" },
  }),
});
harvest(await body(seeded));
for (const loginId of ["fuzz.one", "fuzz.two"]) {
  const res = await app.admin("/users", {
    method: "POST",
    json: { loginId, companyId: rag.tenant, departmentId: rag.dept.a, koreanName: "퍼즈" },
  });
  harvest(await body(res));
}
const proposal = await body<Item<schemas.ProposalResult>>(
  await app.portal("/glossary/term-proposals", { method: "POST", json: { terms: [{ notation: "연차" }] } }),
);
harvest(proposal);
const termId = proposal.data.proposed[0]?.id;
if (termId) await app.admin(`/terms/${termId}/approve`, { method: "POST" }).then((r) => r.body?.cancel());
harvest(
  await body(
    await app.portal(`/user-groups/${crypto.randomUUID()}`, { method: "PUT", json: { code: "g1", name: "그룹" } }),
  ),
);

const QUESTIONS = ["연차 휴가는 어떻게 신청하나요?", "What is the leave policy?", "인사 규정", "휴가"];
const CONTENT_KEYS = ["portal-a:doc:1", "portal-a:page:연차", "portal-a:doc:2", "jwt-portal:doc:1", "portal-b:doc:9"];
const field = (path: string): fc.Arbitrary<unknown> | undefined => {
  const pool = () => idList;
  if (path === "contentKey" || path.endsWith(".contentKey")) return fc.constantFrom(...CONTENT_KEYS);
  if (path === "query.cursor") return cursorValue();
  switch (path) {
    case "tenantId":
      return fc.oneof({ weight: 4, arbitrary: fc.constant(rag.tenant) }, { weight: 1, arbitrary: uuidFrom(pool) });
    case "companyId":
    case "query.companyId":
      return fc.oneof(fc.constantFrom(rag.tenant, rag.otherTenant), uuidFrom(pool));
    case "organizationIds.*":
      return fc.constantFrom(rag.dept.a, rag.dept.a, PUBLIC_ORG, rag.dept.b);
    case "registrant.id":
      return fc.constantFrom("user-1", "user-1", "user-1", "user-1", "someone-else");
    case "securityLevel":
      return fc.constantFrom("PUBLIC", "INTERNAL", "INTERNAL", "CONFIDENTIAL", "RESTRICTED");
    case "contentLocator":
      return fc.constantFrom(...served.map((s) => s.url), `${rag.host.base}/fuzz/missing.html`, "ftp://127.0.0.1/x");
    case "checksum":
      return fc.constantFrom(...served.map((s) => s.sha256));
    case "sizeBytes":
      return fc.constantFrom(...served.map((s) => s.size));
    case "contentType":
      return fc.constantFrom("text/html", "text/plain", "text/markdown");
    case "portalId":
    case "path.portalId":
    case "query.portalId":
      return fc.constantFrom("portal-a", "portal-a", "portal-a", "portal-b", "rag-service", "jwt-portal");
    case "sourceDocumentId":
    case "path.sourceDocumentId":
      return fc.oneof(fc.constantFrom(...sourceIds), fc.uuid({ version: 4 }));
    case "embedding.endpoint":
      // A working endpoint: another one would make every later search fail upstream, which is not what this probes.
      return fc.constant(rag.embedding.url);
    case "llm.endpoint":
      return fc.constant(null);
    case "question":
    case "query":
      return fc.oneof(fc.constantFrom(...QUESTIONS), text(1, 200));
  }
  return undefined;
};

const doc = await body<
  { paths: Record<string, Record<string, Record<string, unknown>>>; components: { schemas: Record<string, Schema> } }
>(
  await app.runtime.app.request("/openapi.json"),
);
const components = doc.components.schemas;
const hints = { ids: () => idList, field };
// Retrieval first, directory admin last: admin calls may deactivate the fixtures' departments.
const order = (op: Operation) =>
  op.path.startsWith("/api/v1") || op.path.startsWith("/api/explore") ? 0 : op.path.includes("/admin/") ? 2 : 1;
const operations = operationsOf(doc)
  .filter((op) => !ONLY || op.key.includes(ONLY))
  .sort((a, b) => order(a) - order(b));

// Credentials of every kind, tokens valid for the whole run.
const hour = { expiresInSeconds: 3600 };
const bearer = (label: string, token: string): Credential => ({
  label,
  headers: [["authorization", `Bearer ${token}`]],
});
const userTokens = {
  user: await rag.token(hour),
  admin: await rag.token({ ...hour, admin: true }),
  operator: await rag.token({ ...hour, admin: true, operator: true }),
  restricted: await rag.token({ ...hour, clearance: 3 }),
  publicOrg: await rag.token({ ...hour, organizationId: PUBLIC_ORG }),
  otherTenant: await rag.token({ ...hour, tenantId: rag.otherTenant, organizationId: rag.dept.other }),
  noOrg: await rag.token({ ...hour, organizationId: null }),
};
const gateway = (label: string, token: string): Credential => ({
  label,
  headers: [["authorization", `Bearer ${GATEWAY_KEY}`], ["x-explore-user-token", token]],
});
const RIGHT: Record<Operation["credential"], Credential[]> = {
  public: [{ label: "none", headers: [] }],
  portal: [
    bearer("portal-a key", PORTAL_A_KEY),
    bearer("portal-a key", PORTAL_A_KEY),
    bearer("portal JWT", await portalJwt(hour)),
    bearer("reader key (directory:read only)", READER_KEY),
    bearer("portal-b key", PORTAL_B_KEY),
  ],
  admin: [{ label: "admin key", headers: [["x-directory-admin-key", ADMIN_KEY]] }],
  // The plain user and the administrator most of the time, the edge principals now and then.
  user: (["user", "user", "user", "admin", "admin", "restricted", "publicOrg", "otherTenant", "noOrg"] as const).map((
    k,
  ) => bearer(`user token (${k})`, userTokens[k])),
  gateway: [
    gateway("gateway + user", userTokens.user),
    gateway("gateway + admin user", userTokens.admin),
    gateway("gateway + other tenant", userTokens.otherTenant),
  ],
};
const ADMIN_USER = [
  bearer("user token (admin)", userTokens.admin),
  bearer("user token (admin)", userTokens.admin),
  bearer("user token (admin and installation operator)", userTokens.operator),
];
const WRONG: Credential[] = [
  { label: "none", headers: [] },
  bearer("disabled portal key", DISABLED_KEY),
  { label: "retired admin key", headers: [["x-directory-admin-key", "test-retired-admin-key-0123456789"]] },
  bearer("expired user token", await rag.token({ expiresInSeconds: -300 })),
  bearer("user token, wrong signature", await rag.token({ secret: "another-secret-0123456789-abcdefghijklmn" })),
  bearer("portal JWT, wrong signature", await portalJwt({ secret: "another-secret-0123456789-abcdefghijklmn" })),
  bearer("unsigned JWT", unsignedJwt()),
  bearer("garbage JWT", "eyJhbGciOi.eyJzdWIiOi.c2lnbmF0dXJl"),
  { label: "basic auth", headers: [["authorization", "Basic YWRtaW46YWRtaW4="]] },
  {
    label: "doubled bearer",
    headers: [["authorization", `Bearer ${PORTAL_A_KEY}`], ["authorization", `Bearer ${PORTAL_A_KEY}`]],
  },
  { label: "gateway key without a user token", headers: [["authorization", `Bearer ${GATEWAY_KEY}`]] },
];
function materials(op: Operation) {
  const adminOnly = op.credential === "user" && (op.path.includes("/admin/") || op.method === "DELETE");
  const right = adminOnly ? [...ADMIN_USER, ...RIGHT.user] : RIGHT[op.credential];
  const others = Object.entries(RIGHT).filter(([k]) => k !== op.credential && k !== "public").flatMap(([, c]) => c);
  return { right, wrong: [...WRONG, ...others] };
}

/** What a run did, per operation. */
interface Tally {
  requests: number;
  statuses: Map<number, number>;
  writeChecks: number;
  inconclusive: number;
  unsendable: number;
  ignored: number;
}
const tallies = new Map<string, Tally>();

/** Tables a rejection of an operation writes on purpose (besides the refusal audit, left out of every fingerprint). */
const REJECTION_WRITES: Record<string, string[]> = {
  // A refused publication is recorded as the portal's publication failure on its sync status, by design
  // (domain/directory/snapshots.ts `publishSnapshot`, routes/directory/snapshots.ts).
  "POST /api/directory/v1/authorization-snapshot": ["directory.sync_status"],
};

// One request at a time, even after fast-check gives up on a slow run: a request left running would write while
// the next one is judged.
let running: Promise<unknown> = Promise.resolve();
function oneAtATime<T>(fn: () => Promise<T>): Promise<T> {
  const next = running.then(fn, fn);
  running = next.catch(() => {});
  return next;
}

/** A 4xx that may leave a trace on purpose: ingestion accepted the document and its job then failed. */
function acceptedThenFailed(op: Operation, status: number, text: string): boolean {
  if (op.key !== "POST /api/v1/documents" || status < 400) return false;
  try {
    return typeof JSON.parse(text).documentId === "string";
  } catch {
    return false;
  }
}

async function exercise(op: Operation, plan: Plan, tally: Tally) {
  try {
    await judge(op, plan, tally);
  } catch (err) {
    if (IGNORE?.test(String(err))) tally.ignored++;
    else throw err;
  }
}

async function judge(op: Operation, plan: Plan, tally: Tally) {
  const built = await build(op, plan, materials(op));
  let request: Request;
  try {
    request = new Request(new URL(built.url, "http://localhost"), {
      method: built.method,
      headers: built.headers,
      body: built.body as BodyInit | undefined,
    });
  } catch {
    tally.unsendable++; // no client can send this (a body on GET, a bad header value, a bad URL)
    return;
  }
  const before = await probe.settle();
  tally.requests++;
  const res = await Promise.race([
    Promise.resolve(app.runtime.app.request(request)),
    new Promise<never>((_, reject) =>
      setTimeout(() => reject(new Error(`no answer within ${REQUEST_TIMEOUT_MS} ms`)), REQUEST_TIMEOUT_MS)
    ),
  ]).catch((err) => {
    throw new Error(`the app threw instead of answering: ${err}\n${describeRequest(built)}`);
  });
  const text = await res.text();
  tally.statuses.set(res.status, (tally.statuses.get(res.status) ?? 0) + 1);
  const problems = violations({ status: res.status, headers: res.headers, text }, built.method);
  const answer = `-> ${res.status} ${res.headers.get("content-type")} ${text.slice(0, 400)}`;
  if (problems.length > 0) throw new Error(`${problems.join("; ")}\n${describeRequest(built)}\n${answer}`);
  if (res.status >= 400) {
    if (acceptedThenFailed(op, res.status, text)) return;
    const change = probe.compare(before, await probe.read());
    const changed = change.changed.filter((t) => !REJECTION_WRITES[op.key]?.includes(t));
    tally.writeChecks++;
    if (change.background) tally.inconclusive++;
    else if (changed.length > 0) {
      throw new Error(`a rejected request wrote to ${changed.join(", ")}\n${describeRequest(built)}\n${answer}`);
    }
  } else if (res.status < 300 && built.method !== "HEAD" && (res.headers.get("content-type") ?? "").includes("json")) {
    harvest(JSON.parse(text));
  }
}

function opSeed(key: string): number {
  let h = SEED | 0;
  for (const ch of key) h = (Math.imul(h, 31) + ch.charCodeAt(0)) | 0;
  return h;
}

after(async () => {
  const lines = [...tallies].map(([key, t]) => {
    const statuses = [...t.statuses].sort(([a], [b]) => a - b).map(([s, n]) => `${s}×${n}`).join(" ");
    return `${key.padEnd(62)} ${String(t.requests).padStart(4)} req  ${statuses}  writes checked ${t.writeChecks}` +
      (t.inconclusive ? ` (${t.inconclusive} skipped: periodic job)` : "") +
      (t.unsendable ? `, ${t.unsendable} unsendable` : "") + (t.ignored ? `, ${t.ignored} ignored failures` : "");
  });
  const total = [...tallies.values()].reduce((n, t) => n + t.requests, 0);
  console.log(`${lines.join("\n")}\n${tallies.size} operations, ${total} requests, seed ${SEED}`);
  await probe.stop();
  await rag.stop();
});

describe(`every operation of /openapi.json keeps the contract under fuzzing (seed ${SEED})`, () => {
  for (const op of operations) {
    const runs = op.body ? RUNS * 2 : RUNS;
    it(`${op.key} answers every generated request within the contract`, async () => {
      const tally: Tally = {
        requests: 0,
        statuses: new Map(),
        writeChecks: 0,
        inconclusive: 0,
        unsendable: 0,
        ignored: 0,
      };
      tallies.set(op.key, tally);
      const seed = opSeed(op.key);
      const arb = planFor(op, hints, components, { row: components.UserCreate });
      const details = await fc.check(fc.asyncProperty(arb, (plan) => oneAtATime(() => exercise(op, plan, tally))), {
        seed,
        ...(PATH ? { path: PATH } : {}),
        numRuns: runs,
        endOnFailure: !SHRINK,
        interruptAfterTimeLimit: 30_000,
      });
      await running;
      if (details.failed) {
        const error = details.errorInstance instanceof Error
          ? details.errorInstance.message
          : String(details.errorInstance);
        throw new Error(
          `${op.key} failed after ${details.numRuns} runs (${details.numShrinks} shrinks)\n${error}\n` +
            `replay: FUZZ_SEED=${SEED} FUZZ_ONLY='${op.key}' FUZZ_PATH='${details.counterexamplePath}'`,
        );
      }
    });
  }
});
