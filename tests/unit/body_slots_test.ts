import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { BodySlots } from "@/routes/_body.ts";
import { AppError } from "@/domain/errors.ts";

describe("body slots", () => {
  it("let a burst through in turn: a body waits briefly for a slot given back meanwhile", async () => {
    const slots = new BodySlots(1, 10, 500);
    const first = await slots.take("portal:a");
    const second = slots.take("portal:a");
    setTimeout(first, 50);
    const release = await second;
    assert.equal(slots.reading, 1);
    release();
    assert.equal(slots.reading, 0);
  });

  it("refuse with 429 too_many_bodies once the wait is over, for this credential or for the service", async () => {
    const slots = new BodySlots(1, 2, 100);
    const held = [await slots.take("a"), await slots.take("b")];
    for (const key of ["a", "c"]) {
      const started = performance.now();
      await assert.rejects(slots.take(key), (e) => e instanceof AppError && e.code === "too_many_bodies");
      assert.ok(performance.now() - started >= 90, "it waited before refusing");
    }
    held.forEach((release) => release());
    held.forEach((release) => release()); // giving back twice changes nothing
    assert.equal(slots.reading, 0);
  });
});
