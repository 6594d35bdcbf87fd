import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { loadQueries, parseBlocks } from "@/sql/mod.ts";

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
    assert.deepEqual(blocks.get("first"), { kind: "one", text: "select $1::int" });
    assert.deepEqual(blocks.get("second"), { kind: "many", text: "select 'a -- not a comment' as x\nfrom t" });
  });

  it("refuses a duplicated name", () => {
    assert.throws(() => parseBlocks("-- name: a :one\nselect 1;\n-- name: a :one\nselect 2;"), /duplicate/);
  });

  it("refuses at load time a block its wrapper does not declare, and a declaration without a block", () => {
    const file = Deno.makeTempFileSync({ suffix: ".sql" });
    try {
      Deno.writeTextFileSync(file, "-- name: a :one\nselect 1 as x;\n-- name: b :exec\nselect 2;");
      const url = new URL(`file://${file}`);
      assert.throws(() => loadQueries(url, { a: { columns: { x: "int4" } } }), /b not declared/);
      assert.throws(() => loadQueries(url, { a: {}, b: {}, c: {} }), /no statement named c/);
    } finally {
      Deno.removeSync(file);
    }
  });
});
