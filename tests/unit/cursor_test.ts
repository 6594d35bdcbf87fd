import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { createCursorCodec } from "@/domain/cursor.ts";
import { AppError } from "@/domain/errors.ts";

const codec = createCursorCodec(new TextEncoder().encode("k".repeat(32)));
const other = createCursorCodec(new TextEncoder().encode("j".repeat(32)));

function refused(fn: () => unknown) {
  assert.throws(fn, (err) => err instanceof AppError && err.code === "invalid_cursor");
}

describe("cursors", () => {
  it("round-trips a key of strings and numbers", () => {
    const token = codec.encode("user-changes", [42, "6f1c0b3e-0000-4000-8000-000000000000"]);
    assert.deepEqual(codec.decode("user-changes", token), [42, "6f1c0b3e-0000-4000-8000-000000000000"]);
  });

  it("refuses a tampered body, a foreign key, another list's cursor and garbage", () => {
    const token = codec.encode("users", ["a"]);
    const [b, mac] = token.split(".");
    const forged = `${btoa(JSON.stringify(["users", "z"])).replace(/=+$/, "")}.${mac}`;
    refused(() => codec.decode("users", forged));
    refused(() => other.decode("users", token));
    refused(() => codec.decode("departments", token));
    refused(() => codec.decode("users", `${b}`));
    refused(() => codec.decode("users", "%%%.%%%"));
    refused(() => codec.decode("users", `${token}.x`));
  });

  it("binds a cursor to its query's filters, not to its page size, and says so when they differ", () => {
    const first = { companyId: "c1", onlyActive: true, q: undefined, limit: 10, cursor: undefined };
    const token = codec.encode("users", ["a"], first);
    assert.deepEqual(codec.decode("users", token, { ...first, limit: 50, cursor: token }), ["a"]);
    assert.deepEqual(codec.decode("users", token, { onlyActive: true, companyId: "c1" }), ["a"], "order and absence");
    for (const changed of [{ ...first, companyId: "c2" }, { ...first, q: "kim" }, { onlyActive: true }, undefined]) {
      assert.throws(
        () => codec.decode("users", token, changed),
        (err) => err instanceof AppError && err.code === "cursor_query_mismatch" && /other filters/.test(err.message),
        JSON.stringify(changed),
      );
    }
  });
});
