import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { clientKey, HELD_PER_STEP, RefusalPacer } from "@/lib/refusal_pacer.ts";

describe("the refusal pacer", () => {
  it("answers a client's refusals at once within its budget and holds each one past it", async () => {
    const pacer = new RefusalPacer(3, 40);
    const held = [];
    for (let i = 0; i < 5; i++) held.push(await pacer.refused("192.0.2.1"));
    assert.deepEqual(held, [0, 0, 0, 40, 40]);
    assert.equal(await pacer.refused("192.0.2.2"), 0, "another client has a budget of its own");
  });

  it("gives a fresh budget when the window ends", async () => {
    const pacer = new RefusalPacer(1, 10, 50);
    assert.equal(await pacer.refused("192.0.2.1"), 0);
    assert.equal(await pacer.refused("192.0.2.1"), 10);
    await new Promise((r) => setTimeout(r, 60));
    assert.equal(await pacer.refused("192.0.2.1"), 0);
  });

  it("holds longer, in steps, while many answers of one client are held at once", async () => {
    const pacer = new RefusalPacer(0, 20);
    const held = await Promise.all(Array.from({ length: HELD_PER_STEP * 2 + 1 }, () => pacer.refused("192.0.2.1")));
    assert.deepEqual(
      [held[0], held[HELD_PER_STEP - 1], held[HELD_PER_STEP], held[HELD_PER_STEP * 2]],
      [20, 20, 40, 60],
    );
  });

  it("holds nothing when the delay is 0", async () => {
    const pacer = new RefusalPacer(0, 0);
    assert.equal(await pacer.refused("192.0.2.1"), 0);
    assert.equal(pacer.tracked, 0);
  });

  it("counts an IPv6 client by its /64 and an IPv4-mapped one as its IPv4 address", () => {
    assert.equal(clientKey("2001:db8:1:2:aaaa::1"), "2001:db8:1:2::/64");
    assert.equal(clientKey("2001:db8:1:2:bbbb:cccc:dddd:eeee"), "2001:db8:1:2::/64");
    assert.equal(clientKey("2001:0db8::1"), "2001:db8:0:0::/64");
    assert.equal(clientKey("::1"), "0:0:0:0::/64");
    assert.equal(clientKey("fe80::1%eth0"), "fe80:0:0:0::/64");
    assert.equal(clientKey("::ffff:192.0.2.7"), "192.0.2.7");
    assert.equal(clientKey("192.0.2.7"), "192.0.2.7");
  });
});
