import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { parseBlocks } from "@/sql/mod.ts";

describe("named SQL blocks", () => {
  it("splits a file into statements by name, dropping comment lines and the final semicolon", () => {
    const blocks = parseBlocks([
      "-- name: first :one",
      "-- What it does.",
      "-- $1 a parameter",
      "select $1::int;",
      "",
      "-- name: second :many",
      "select 'a -- not a comment' as x",
      "from t;",
    ].join("\n"));
    assert.deepEqual([...blocks.keys()], ["first", "second"]);
    assert.equal(blocks.get("first"), "select $1::int");
    assert.equal(blocks.get("second"), "select 'a -- not a comment' as x\nfrom t");
  });

  it("refuses a duplicated name", () => {
    assert.throws(() => parseBlocks("-- name: a :one\nselect 1;\n-- name: a :one\nselect 2;"), /duplicate/);
  });
});
