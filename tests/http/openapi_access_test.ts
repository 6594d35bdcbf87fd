/**
 * The access each operation documents is the access it enforces: a portal credential without an operation's
 * documented scope is refused (403 insufficient_scope) and one holding it is not; a user token without a documented
 * role is refused (403) and a plain user token passes where none is documented. Every portal and user-token operation
 * of `/openapi.json` is called, with an empty body where it takes one (a refusal comes before the body is read).
 */
import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { body, type Problem } from "../_helpers/app.ts";
import { type RagTestApp, startRagApp } from "../_helpers/rag.ts";
import { READER_KEY } from "../_helpers/tokens.ts";
import type { OpenApiDocument } from "../_helpers/openapi_responses.ts";

let rag: RagTestApp;
let doc: OpenApiDocument;
let member: string;

before(async () => {
  rag = await startRagApp({ RATE_LIMIT_PER_MINUTE: "1000000" }, { workers: false });
  doc = await body<OpenApiDocument>(await rag.app.request("/openapi.json"));
  member = await rag.token({ sub: "access-member" });
});

after(async () => {
  await rag?.stop();
});

/** Each operation whose requirement names `scheme`, with what each alternative needs and a callable path. */
function operationsOf(scheme: string) {
  return Object.entries(doc.paths).flatMap(([template, ops]) =>
    Object.entries(ops).flatMap(([method, op]) => {
      const alternatives = (op.security ?? []).filter((r) => scheme in r).map((r) => r[scheme]);
      if (!alternatives.length) return [];
      const path = template.replace(/\{[^}]+\}/g, () => crypto.randomUUID());
      return [{ label: `${method.toUpperCase()} ${template}`, method: method.toUpperCase(), path, alternatives }];
    })
  );
}

async function call(method: string, path: string, authorization: string) {
  const write = method !== "GET" && method !== "DELETE";
  const res = await rag.app.request(path, {
    method,
    headers: { authorization, ...(write ? { "content-type": "application/json" } : {}) },
    ...(write ? { body: "{}" } : {}),
  });
  return { status: res.status, code: res.status >= 400 ? (await body<Problem>(res)).code : undefined };
}

describe("documented access is enforced access", () => {
  it("portal operations: a credential with only directory:read gets exactly the operations that document it", async () => {
    const wrong: string[] = [];
    const ops = operationsOf("portalBearer");
    assert.ok(ops.length >= 20, `${ops.length} portal operations`);
    for (const op of ops) {
      const admitted = op.alternatives.some((needs) => needs.every((n) => n === "directory:read"));
      const { status, code } = await call(op.method, op.path, `Bearer ${READER_KEY}`);
      const refused = status === 403 && code === "insufficient_scope";
      if (admitted === refused || status === 401) wrong.push(`${op.label}: ${status} ${code}`);
    }
    assert.deepEqual(wrong, []);
  });

  it("user-token operations: a plain user's token passes only where no role is documented", async () => {
    const wrong: string[] = [];
    const ops = operationsOf("userBearer");
    assert.ok(ops.length >= 14, `${ops.length} user-token operations`);
    for (const op of ops) {
      const admitted = op.alternatives.some((needs) => needs.length === 0);
      const { status, code } = await call(op.method, op.path, `Bearer ${member}`);
      const refused = status === 403 && code === "forbidden";
      if (admitted === refused || status === 401) wrong.push(`${op.label}: ${status} ${code}`);
    }
    assert.deepEqual(wrong, []);
  });
});
