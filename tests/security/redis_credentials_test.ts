/**
 * Redis with a password and with TLS, as an operator who does not leave Redis open configures it: REDIS_URL carries
 * the password (`redis://:pw@host`) and the scheme (`rediss://`), and the service passes both through to its
 * clients. With a password-protected Redis of the test's own, a document is accepted and indexed (the outbox relay,
 * the stream and the worker all went through Redis) and /readyz says ready; with a wrong password or none the
 * service stays up and /readyz names Redis as unreachable. A real service process (`main.ts`, trusting the test's
 * own certificate authority) reaches a TLS-only, password-protected Redis through `rediss://`.
 */
import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { body, testEnv } from "../_helpers/app.ts";
import { freshDatabase } from "../_helpers/db.ts";
import { spawnMain } from "../_helpers/main_process.ts";
import { freePort, type RedisProcess, startRedisProcess } from "../_helpers/processes.ts";
import { type RagTestApp, startRagApp } from "../_helpers/rag.ts";
import type { schemas } from "@/domain/rag/mod.ts";
import type { Readiness } from "@/routes/system.ts";

const PASSWORD = "redis-password-of-the-test-0123";

/** The /readyz body of `rag`'s service. */
async function readiness(rag: RagTestApp) {
  return await body<Readiness>(await rag.app.request("/readyz"));
}

describe("a password-protected Redis", () => {
  let redis: RedisProcess;
  let rag: RagTestApp;
  before(async () => {
    redis = await startRedisProcess({ password: PASSWORD });
    rag = await startRagApp({ REDIS_URL: redis.url });
  });
  after(async () => {
    await rag?.stop();
    await redis?.stop();
  });

  it("carries the service's jobs when REDIS_URL holds the password", async () => {
    assert.match(redis.url, /^redis:\/\/:[^@]+@127\.0\.0\.1:\d+$/);
    const ready = await readiness(rag);
    assert.deepEqual([ready.checks.database.state, ready.checks.redis.state], ["ok", "ok"]);
    const doc = await rag.document("/redis.html", "<p>비밀번호가 있는 레디스</p>");
    const res = await rag.call("/documents", { method: "POST", json: doc, token: await rag.token({ admin: true }) });
    assert.equal((await body<schemas.IngestionResult>(res)).indexed, true);
  });

  it("is unreachable, not fatal, with a wrong password or none", async () => {
    const port = new URL(redis.url).port;
    for (const url of [`redis://:wrong-password-0123@127.0.0.1:${port}`, `redis://127.0.0.1:${port}`]) {
      const other = await startRagApp({ REDIS_URL: url }, { workers: false });
      try {
        assert.equal((await readiness(other)).checks.redis.state, "down", url.replace(/:[^:@/]+@/, ":***@"));
      } finally {
        await other.stop();
      }
    }
  });
});

/** A certificate authority and a server certificate for 127.0.0.1, made with openssl in `dir`. */
async function certificates(dir: string) {
  const openssl = async (...args: string[]) => {
    const out = await new Deno.Command("openssl", { args, cwd: dir, stdout: "null", stderr: "piped" }).output();
    if (!out.success) throw new Error(`openssl ${args[0]}: ${new TextDecoder().decode(out.stderr)}`);
  };
  await openssl(
    ...["req", "-x509", "-newkey", "rsa:2048", "-nodes", "-keyout", "ca.key", "-out", "ca.pem"],
    ...["-days", "1", "-subj", "/CN=test-ca"],
  );
  await openssl("req", "-newkey", "rsa:2048", "-nodes", "-keyout", "srv.key", "-out", "srv.csr", "-subj", "/CN=redis");
  await Deno.writeTextFile(`${dir}/ext`, "subjectAltName=IP:127.0.0.1");
  await openssl(
    ...["x509", "-req", "-in", "srv.csr", "-CA", "ca.pem", "-CAkey", "ca.key", "-CAcreateserial"],
    ...["-out", "srv.pem", "-days", "1", "-extfile", "ext"],
  );
  return { certFile: `${dir}/srv.pem`, keyFile: `${dir}/srv.key`, caFile: `${dir}/ca.pem` };
}

describe("a TLS-only, password-protected Redis", () => {
  it("a service process reaches it through rediss:// with the password", async () => {
    const dir = await Deno.makeTempDir({ prefix: "redis_tls_" });
    const certs = await certificates(dir);
    const redis = await startRedisProcess({
      password: PASSWORD,
      tls: { ...certs, caPem: await Deno.readTextFile(certs.caFile) },
    });
    const db = await freshDatabase();
    const port = freePort();
    const proc = spawnMain({
      ...testEnv(db, "tls:"),
      REDIS_URL: redis.url,
      PORT: String(port),
      LOG_LEVEL: "info",
      // The test's own authority, as an operator adds a private CA.
      DENO_CERT: certs.caFile,
    });
    try {
      assert.match(redis.url, /^rediss:\/\/:[^@]+@/);
      await proc.waitForLine((l) => l.includes('"listening"'), 60_000);
      const res = await fetch(`http://127.0.0.1:${port}/readyz`);
      const ready = await res.json() as Readiness;
      assert.equal(res.status, 200);
      assert.deepEqual([ready.checks.database.state, ready.checks.redis.state], ["ok", "ok"]);
      assert.ok(!proc.lines.join("\n").includes(PASSWORD), "the password is logged");
    } finally {
      await proc.stop();
      await redis.stop();
      await db.drop();
      await Deno.remove(dir, { recursive: true });
    }
  });
});
