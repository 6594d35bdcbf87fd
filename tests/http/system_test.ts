import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { body, type List, type Problem, startTestApp, type TestApp } from "../_helpers/app.ts";
import type { schemas } from "@/domain/directory/mod.ts";
import type { Readiness } from "@/routes/system.ts";
import type { OpenApiDocument } from "../_helpers/openapi_responses.ts";

let app: TestApp;
before(async () => {
  app = await startTestApp({ MAX_BODY_BYTES: "4096" });
});
after(async () => {
  await app.stop();
});

async function gzip(text: string): Promise<Uint8Array<ArrayBuffer>> {
  const stream = new Blob([text]).stream().pipeThrough(new CompressionStream("gzip"));
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

describe("system routes", () => {
  it("answers /healthz and /readyz without a credential", async () => {
    assert.deepEqual(await body(await app.request("/healthz")), { status: "ok" });
    const ready = await app.request("/readyz");
    assert.equal(ready.status, 200);
    const { status, checks } = await body<Readiness>(ready);
    assert.deepEqual(checks.database, { state: "ok", detail: "answers", required: true });
    assert.deepEqual(checks.redis, { state: "ok", detail: "answers", required: true });
    // Organizations were never synced here: retrieval would refuse, which readiness reports without failing.
    assert.equal(checks.directory.state, "down");
    assert.equal(checks.directory.required, false);
    assert.equal(status, "degraded");
  });

  it("reports the failing part with 503 when Redis is unreachable", async () => {
    const broken = await startTestApp({ REDIS_URL: "redis://127.0.0.1:1" });
    try {
      const res = await broken.request("/readyz");
      assert.equal(res.status, 503);
      const { status, checks } = await body<Readiness>(res);
      assert.equal(status, "not_ready");
      assert.equal(checks.database.state, "ok");
      assert.deepEqual(checks.redis, { state: "down", detail: "does not answer", required: true });
    } finally {
      await broken.stop();
    }
  });

  it("serves Prometheus metrics counting requests by route", async () => {
    await app.request("/healthz");
    const text = await (await app.request("/metrics")).text();
    assert.match(text, /# TYPE http_requests_total counter/);
    assert.match(text, /http_requests_total\{method="GET",route="\/healthz",status="200"\} \d+/);
    assert.match(text, /http_request_duration_seconds_bucket\{le="0.005",method="GET",route="\/healthz"\}/);
  });

  it("serves an OpenAPI 3.1 document of every route, with the validation schemas", async () => {
    const doc = await body<OpenApiDocument>(
      await app.request("/openapi.json"),
    );
    assert.equal(doc.openapi, "3.1.0");
    for (
      const path of [
        "/api/directory/v1/users",
        "/api/directory/v1/users/{id}",
        "/api/directory/v1/departments",
        "/api/directory/v1/companies",
        "/api/directory/v1/sync-status",
        "/api/directory/v1/admin/users:import",
        "/api/directory/v1/admin/users/{id}/deactivate",
        "/healthz",
        "/readyz",
        "/metrics",
      ]
    ) {
      assert.ok(doc.paths[path], `${path} documented`);
    }
    const limit = doc.paths["/api/directory/v1/users"].get.parameters?.find((p) => p.name === "limit");
    assert.equal(limit?.schema.maximum, 1000);
    assert.equal(doc.components.schemas.UserCreate.additionalProperties, false);
    assert.equal(doc.components.securitySchemes?.adminKey.name, "x-directory-admin-key");
  });

  it("echoes a sane x-request-id and makes one otherwise, on success and on error", async () => {
    const mine = await app.request("/healthz", { headers: { "x-request-id": "req-123" } });
    assert.equal(mine.headers.get("x-request-id"), "req-123");
    const made = await app.request("/nope");
    assert.match(made.headers.get("x-request-id") ?? "", /^[0-9a-f-]{36}$/);
    assert.equal((await body<Problem>(made)).requestId, made.headers.get("x-request-id"));
    const weird = await app.request("/healthz", { headers: { "x-request-id": "bad id with spaces" } });
    assert.notEqual(weird.headers.get("x-request-id"), "bad id with spaces");
  });

  it("renders unknown paths as problem details and sets no cookie anywhere", async () => {
    const res = await app.request("/no/such/path");
    assert.equal(res.status, 404);
    assert.equal(res.headers.get("content-type"), "application/problem+json");
    assert.equal((await body<Problem>(res)).code, "not_found");
    for (const path of ["/healthz", "/readyz", "/metrics", "/openapi.json", "/no/such/path"]) {
      assert.equal((await app.request(path)).headers.get("set-cookie"), null, path);
    }
    for (const path of ["/login", "/oauth/authorize", "/oauth/callback", "/api/directory/v1/login"]) {
      assert.equal((await app.request(path)).status, 404, path);
    }
  });
});

describe("request bodies", () => {
  const user = { loginId: "gz.user", koreanName: "압축" };

  it("refuses a body above MAX_BODY_BYTES with 413 and writes nothing", async () => {
    const big = { ...user, loginId: "big.user", jobTitle: "x".repeat(5000) };
    const res = await app.admin("/users", { method: "POST", json: big });
    assert.equal(res.status, 413);
    assert.equal((await body<Problem>(res)).code, "payload_too_large");
    assert.equal((await body<List<schemas.DirectoryUser>>(await app.admin("/users?q=big.user"))).data.items.length, 0);
  });

  it("accepts a gzip body and applies the limit after decompression", async () => {
    const ok = await app.admin("/users", {
      method: "POST",
      body: await gzip(JSON.stringify(user)),
      headers: { "content-type": "application/json", "content-encoding": "gzip" },
    });
    assert.equal(ok.status, 201);
    const bomb = await gzip(JSON.stringify({ ...user, loginId: "bomb", jobTitle: " ".repeat(200_000) }));
    assert.ok(bomb.byteLength < 4096, "small on the wire");
    const res = await app.admin("/users", {
      method: "POST",
      body: bomb,
      headers: { "content-type": "application/json", "content-encoding": "gzip" },
    });
    assert.equal(res.status, 413);
  });

  it("refuses broken gzip data and unknown encodings", async () => {
    const broken = await app.admin("/users", {
      method: "POST",
      body: new Uint8Array([31, 139, 8, 0, 1, 2, 3]),
      headers: { "content-type": "application/json", "content-encoding": "gzip" },
    });
    assert.equal(broken.status, 400);
    assert.equal((await body<Problem>(broken)).code, "invalid_request");
    const br = await app.admin("/users", {
      method: "POST",
      body: "{}",
      headers: { "content-type": "application/json", "content-encoding": "br" },
    });
    assert.equal(br.status, 415);
  });
});

describe("body caps by kind of route", () => {
  let capped: TestApp;
  before(async () => {
    capped = await startTestApp({ RECORD_MAX_BODY_BYTES: "65536", MAX_BODY_BYTES: String(1024 * 1024) });
  });
  after(async () => {
    await capped.stop();
  });

  it("refuses a record body of many unknown keys above the record cap with 413 before parsing it", async () => {
    const keys = JSON.stringify({
      loginId: "many.keys",
      koreanName: "열쇠",
      ...Object.fromEntries(Array.from({ length: 10_000 }, (_, i) => [`k${i}`, ""])),
    });
    assert.ok(keys.length > 65536 && keys.length < 1024 * 1024, "between the record and the batch cap");
    const res = await capped.admin("/users", {
      method: "POST",
      body: keys,
      headers: { "content-type": "application/json" },
    });
    assert.equal(res.status, 413);
    const problem = await body<Problem>(res);
    assert.equal(problem.code, "payload_too_large");
    assert.match(problem.detail ?? "", /65536/);
    const found = await body<List<schemas.DirectoryUser>>(await capped.admin("/users?q=many.keys"));
    assert.equal(found.data.items.length, 0);
  });

  it("lets a batch route (the users import) take a body above the record cap", async () => {
    const rows = Array.from({ length: 3000 }, (_, i) => `batch.user.${i},일괄사용자${i}`);
    const csv = ["loginId,koreanName", ...rows].join("\n");
    assert.ok(csv.length > 65536);
    const res = await capped.admin("/users:import", {
      method: "POST",
      body: csv,
      headers: { "content-type": "text/csv" },
    });
    assert.equal(res.status, 200, await res.clone().text());
    const found = await body<List<schemas.DirectoryUser>>(await capped.admin("/users?q=batch.user.2999"));
    assert.equal(found.data.items.length, 1);
  });
});
