import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { pool, poolingMode } from "@/embedding/pooling.ts";

/** Two sentences of three tokens, width 2; the second sentence's last token is padding. */
const batch = {
  data: Float32Array.of(1, 0, 2, 0, 0, 4, /* second */ 0, 2, 0, 2, 100, 100),
  mask: BigInt64Array.of(1n, 1n, 1n, 1n, 1n, 0n),
  batch: 2,
  sequence: 3,
  width: 2,
};

const close = (a: ArrayLike<number>, b: number[]) => b.every((x, i) => Math.abs(a[i] - x) < 1e-6);

describe("pooling", () => {
  it("reads the mode from sentence-transformers' pooling file, mean when there is none", () => {
    assert.equal(poolingMode(undefined), "mean");
    assert.equal(poolingMode({ pooling_mode_mean_tokens: true, pooling_mode_cls_token: false }), "mean");
    assert.equal(poolingMode({ pooling_mode_cls_token: true, pooling_mode_mean_tokens: false }), "cls");
  });

  it("names modes it does not implement", () => {
    assert.match(poolingMode({ pooling_mode_max_tokens: true }), /enables pooling_mode_max_tokens/);
    assert.match(poolingMode({ pooling_mode_cls_token: true, pooling_mode_mean_tokens: true }), /only exactly one/);
    assert.match(poolingMode({}), /no pooling mode/);
  });

  it("averages unmasked tokens and scales to unit length", () => {
    const [a, b] = pool(batch, "mean");
    assert.ok(close(a, [0.6, 0.8]), String(a));
    assert.ok(close(b, [0, 1]), String(b));
  });

  it("takes the first token for CLS pooling", () => {
    const [a, b] = pool(batch, "cls");
    assert.ok(close(a, [1, 0]) && close(b, [0, 1]));
  });

  it("leaves an all-zero sentence at zero instead of NaN", () => {
    const [v] = pool(
      { data: new Float32Array(4), mask: BigInt64Array.of(1n, 1n), batch: 1, sequence: 2, width: 2 },
      "mean",
    );
    assert.deepEqual(Array.from(v), [0, 0]);
  });
});
