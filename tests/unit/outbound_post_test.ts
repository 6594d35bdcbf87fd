/**
 * The webhook side of the URL policy (domain/rag/fetch/outbound_post.ts): a name is judged by every address it
 * resolves to at the moment of the check, so a name that resolves elsewhere later is refused then.
 */
import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { checkOutboundUrl } from "@/domain/rag/fetch/outbound_post.ts";
import type { UrlPolicy } from "@/domain/rag/fetch/url_policy.ts";
import { AppError } from "@/domain/errors.ts";

const policy: UrlPolicy = { allowedHosts: [], allowLoopback: false, isOwnAddress: (a) => a === "10.9.9.9" };
const resolving = (...addresses: string[]) => () => Promise.resolve(addresses);
const refused = (err: unknown) => err instanceof AppError && err.code === "content_host_not_allowed";

describe("outbound URL check", () => {
  it("passes a name that resolves to ordinary addresses and returns them for pinning", async () => {
    const target = await checkOutboundUrl("https://hooks.portal.example/in", policy, resolving("10.1.2.3"));
    assert.deepEqual(target.addresses, ["10.1.2.3"]);
    assert.equal(target.url.hostname, "hooks.portal.example");
  });

  it("refuses a name that resolves to loopback, metadata, an own address, or a good and a bad address", async () => {
    for (const addresses of [["127.0.0.1"], ["169.254.169.254"], ["10.9.9.9"], ["10.1.2.3", "127.0.0.1"], ["::1"]]) {
      await assert.rejects(checkOutboundUrl("https://rebind.example/", policy, resolving(...addresses)), refused);
    }
  });

  it("refuses a name that does not resolve", async () => {
    await assert.rejects(checkOutboundUrl("https://nowhere.example/", policy, resolving()), refused);
  });

  it("allows loopback only when the policy does", async () => {
    const open = { ...policy, allowLoopback: true };
    assert.deepEqual((await checkOutboundUrl("http://127.0.0.1:9/x", open)).addresses, ["127.0.0.1"]);
    assert.deepEqual((await checkOutboundUrl("http://[::1]:9/x", open)).addresses, ["::1"]);
  });
});
