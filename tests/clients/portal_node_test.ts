/**
 * The client runs under Node as bundled (`deno task client-bundle`): a Node program walks the users of a live
 * service, publishes a streamed, gzip-compressed snapshot, and verifies a webhook signed by the reference
 * implementation. Skipped only where the machine has no `node`.
 */
import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { Webhook } from "standardwebhooks";
import { startTestApp, type TestApp } from "../_helpers/app.ts";
import { PORTAL_A_KEY } from "../_helpers/tokens.ts";

const ROOT = new URL("../../", import.meta.url).pathname;
const node = await new Deno.Command("node", { args: ["--version"], stdout: "null", stderr: "null" }).output()
  .then((o) => o.success, () => false);

const PROGRAM = `
import { createPortalClient, feedReader, readAll, publishSnapshot, verifyWebhook } from "./portal_client.js";
const [base, key, secret, headers, body] = process.argv.slice(2);
const client = createPortalClient({ baseUrl: base, credential: key });
const { items, dataVersion } = await readAll(feedReader(client, "users", { limit: 2 }));
const receipt = await publishSnapshot(client, {
  portalId: "portal-a",
  sourceVersion: "from-node",
  entries: function* () {
    for (const u of items) yield { userId: u.id, assignments: [{ kind: "GROUP", key: "g", label: "G" }] };
  },
});
const payload = await verifyWebhook(secret, JSON.parse(headers), body);
let refused = "";
await verifyWebhook(secret, JSON.parse(headers), body + "x").catch((e) => (refused = e.reason));
console.log(JSON.stringify({ users: items.length, dataVersion, receipt, payload, refused }));
`;

let app: TestApp;
let server: Deno.HttpServer<Deno.NetAddr>;
let dir: string;
before(async () => {
  if (!node) return;
  app = await startTestApp();
  for (const loginId of ["node.a", "node.b", "node.c"]) {
    await app.admin("/users", { method: "POST", json: { loginId, koreanName: "노드" } });
  }
  server = Deno.serve({ hostname: "127.0.0.1", port: 0, onListen() {} }, (req) => app.runtime.app.fetch(req));
  dir = await Deno.makeTempDir({ prefix: "portal_node_" });
  const bundle = await new Deno.Command(Deno.execPath(), {
    args: ["bundle", "--platform=browser", "-o", `${dir}/portal_client.js`, "clients/portal/mod.ts"],
    cwd: ROOT,
  }).output();
  assert.ok(bundle.success, new TextDecoder().decode(bundle.stderr));
  await Deno.writeTextFile(`${dir}/program.mjs`, PROGRAM);
});
after(async () => {
  if (!node) return;
  await server.shutdown();
  await app.stop();
  await Deno.remove(dir, { recursive: true });
});

describe("the bundled client under Node", { skip: !node && "no node on this machine" }, () => {
  it("walks users, publishes a streamed snapshot and verifies a webhook", async () => {
    const secret = "whsec_" + btoa("the node test's webhook secret!!");
    const body = JSON.stringify({ type: "directory.changed" });
    const at = new Date();
    const headers = {
      "webhook-id": "msg_node",
      "webhook-timestamp": String(Math.floor(at.getTime() / 1000)),
      "webhook-signature": new Webhook(secret).sign("msg_node", at, body),
    };
    const base = `http://127.0.0.1:${server.addr.port}`;
    const out = await new Deno.Command("node", {
      args: [`${dir}/program.mjs`, base, PORTAL_A_KEY, secret, JSON.stringify(headers), body],
      cwd: dir,
    }).output();
    const stderr = new TextDecoder().decode(out.stderr);
    assert.ok(out.success, stderr);
    const result = JSON.parse(new TextDecoder().decode(out.stdout));
    const [{ count }] = await app.owner<{ count: string }[]>`
      select count(*)::text as count from directory.users where deleted_at is null`;
    assert.equal(result.users, Number(count));
    assert.ok(result.dataVersion > 0);
    assert.deepEqual([result.receipt.sourceVersion, result.receipt.userCount], ["from-node", Number(count)]);
    assert.deepEqual(result.payload, { type: "directory.changed" });
    assert.equal(result.refused, "bad_signature");
  });
});
