/**
 * Every named statement in `sql/` checked against the migrated schema, as PgTyped checks what it generates: each
 * one prepares (so a migration that breaks a statement fails here, not in front of a user), its parameter types
 * and its result columns (names after `connect()`'s camelCase, and types) are those its wrapper declares, and a
 * column declared not null is no nullable column of a table (unless declared `!`: the statement keeps nulls out). COPY cannot be prepared: each COPY statement runs
 * with no rows in a transaction that rolls back.
 */
import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import postgres from "postgres";
import { declaredStatements, parseBlocks } from "@/sql/mod.ts";
import { freshDatabase, type TestDatabase } from "../_helpers/db.ts";

const SQL_DIR = new URL("../../sql/", import.meta.url);

function* filesUnder(dir: URL, ext: string): Generator<URL> {
  for (const entry of Deno.readDirSync(dir)) {
    if (entry.isDirectory && entry.name !== "migrations") yield* filesUnder(new URL(`${entry.name}/`, dir), ext);
    else if (entry.name.endsWith(ext)) yield new URL(entry.name, dir);
  }
}

// Loading a wrapper module declares its statements.
for (const file of filesUnder(SQL_DIR, ".ts")) await import(file.href);
const declared = declaredStatements();

let db: TestDatabase;
let owner: postgres.Sql;
let typeNames: Map<number, string>;
/** Whether a column of a table (not a view) may hold null, by `relation oid.attribute number`. */
let nullableColumns: Map<string, string>;

before(async () => {
  db = await freshDatabase();
  owner = postgres(db.ownerUrl, { max: 1, onnotice: () => {} });
  typeNames = new Map((await owner`select oid::int as oid, typname from pg_type`).map((r) => [r.oid, r.typname]));
  nullableColumns = new Map(
    (await owner`
      select c.oid::int as rel, a.attnum::int as num, c.relname || '.' || a.attname as name
      from pg_attribute a join pg_class c on c.oid = a.attrelid
      where a.attnum > 0 and not a.attnotnull and c.relkind in ('r', 'p')`).map((r) => [`${r.rel}.${r.num}`, r.name]),
  );
});
after(async () => {
  await owner.end();
  await db.drop();
});

const relative = (path: string) => path.slice(SQL_DIR.pathname.length);
const typeOf = (spec: string) => spec.replace(/[?!]$/, "");

describe("every named statement in sql/ is declared by its wrapper", () => {
  it("covers each block of each .sql file exactly", () => {
    const inFiles = [...filesUnder(SQL_DIR, ".sql")].flatMap((file) =>
      [...parseBlocks(Deno.readTextFileSync(file)).keys()].map((name) => `${relative(file.pathname)}#${name}`)
    );
    const loaded = [...new Set(declared.map((s) => `${relative(s.file)}#${s.name}`))];
    assert.deepEqual(loaded.sort(), inFiles.sort());
  });
});

for (const s of declared) {
  describe(`${relative(s.file)} ${s.name}`, () => {
    if (s.kind === "copy") {
      it("copies into what the schema has", async () => {
        const rollback = new Error("roll back");
        await assert.rejects(
          owner.begin(async (tx) => {
            const stream = await tx.unsafe(s.text).writable();
            await new Promise<void>((resolve, reject) =>
              stream.end((err?: Error | null) => err ? reject(err) : resolve())
            );
            throw rollback;
          }),
          (err) => err === rollback,
        );
      });
      return;
    }
    it("prepares, taking and returning what its wrapper declares", async () => {
      const { types, columns } = await owner.unsafe(s.text).describe();
      assert.deepEqual(types.map((t) => typeNames.get(t)), (s.spec.params ?? []).map(typeOf), "parameter types");
      if (s.kind === "exec") {
        assert.equal(s.spec.columns, undefined, "an :exec statement's rows are not read, so it declares no columns");
        return;
      }
      assert.ok(s.spec.columns, `a :${s.kind} statement declares its columns`);
      const described = columns.map((c) => [postgres.toCamel(c.name), typeNames.get(c.type)]);
      const wanted = Object.entries(s.spec.columns).map(([name, spec]) => [name, typeOf(spec)]);
      assert.deepEqual(described.sort(), wanted.sort(), "result columns");
      const nullable = columns.flatMap((c) => {
        const column = nullableColumns.get(`${c.table}.${c.number}`);
        const spec = s.spec.columns![postgres.toCamel(c.name)];
        return column && !/[?!]$/.test(spec) ? [`${postgres.toCamel(c.name)} (${column} may be null)`] : [];
      });
      assert.deepEqual(nullable, [], "columns declared not null");
    });
  });
}
