/**
 * What a wrapper declares of its statements, as PostgreSQL type names (checked against the database by
 * `tests/db/statements_test.ts`), and the TypeScript types of parameters and rows those names give.
 */
import type { Db } from "./mod.ts";

/** The TypeScript value a parameter of each PostgreSQL type takes, as `connect()` sends it. */
interface ParamTypes {
  bool: boolean;
  int2: number;
  int4: number;
  int8: number;
  float8: number;
  text: string;
  uuid: string;
  timestamptz: Date;
  /** Sent as `JSON.stringify` of the value. */
  jsonb: object;
  tsquery: string;
  regconfig: string;
  vector: string;
  _int4: readonly number[];
  _int8: readonly number[];
  _numeric: readonly number[];
  _text: readonly string[];
  _uuid: readonly string[];
}

/** The TypeScript value a column of each PostgreSQL type reads back as, through `connect()`'s parsers. */
interface ColumnTypes {
  bool: boolean;
  int2: number;
  int4: number;
  int8: number;
  float4: number;
  float8: number;
  text: string;
  uuid: string;
  timestamptz: Date;
  bytea: Uint8Array;
  /** A JSON document: declare its shape with `typed`. */
  json: unknown;
  jsonb: unknown;
  _text: string[];
  _uuid: string[];
}

/** A parameter's declared type: a PostgreSQL type name, ending in `?` when the wrapper may send null. */
export type ParamSpec = keyof ParamTypes | `${keyof ParamTypes}?`;
/**
 * A column's declared type: a PostgreSQL type name, ending in `?` when the column may be null, or in `!` when it
 * reads a nullable column of a table that the statement keeps nulls out of (its `where` clause, say).
 */
export type ColumnSpec = keyof ColumnTypes | `${keyof ColumnTypes}${"?" | "!"}` | Typed<unknown>;

declare const tsType: unique symbol;
/** A column spec read as a narrower TypeScript type than its PostgreSQL type gives. */
export type Typed<T> = string & { readonly [tsType]: T };

/** The specs whose values a `T` can be: those of a PostgreSQL type `T` narrows, with `?` exactly when `T` has null. */
type SpecsFor<T> = {
  [N in keyof ColumnTypes]: NonNullable<T> extends ColumnTypes[N] ? (null extends T ? `${N}?` : N | `${N}!`) : never;
}[keyof ColumnTypes];

/**
 * A column whose rows carry a narrower type than its PostgreSQL type: a JSON document's shape, or a text
 * column's closed set of values. `typed<Company>("jsonb")`; `typed<Term | null>("json?")`.
 */
export function typed<T>(spec: SpecsFor<T>): Typed<T> {
  return spec as unknown as Typed<T>;
}

/**
 * What a statement takes and returns, which `tests/db/statements_test.ts` checks against the migrated database:
 * the type of each `$n` in order, and (for `:one` and `:many`) every result column by its camelCase name.
 */
export interface StatementSpec {
  params?: readonly ParamSpec[];
  columns?: Readonly<Record<string, ColumnSpec>>;
}

type ParamOf<S> = S extends `${infer N extends keyof ParamTypes}?` ? ParamTypes[N] | null
  : S extends keyof ParamTypes ? ParamTypes[S]
  : never;
type ColumnOf<S> = S extends Typed<infer T> ? T
  : S extends `${infer N extends keyof ColumnTypes}?` ? ColumnTypes[N] | null
  : S extends `${infer N extends keyof ColumnTypes}!` ? ColumnTypes[N]
  : S extends keyof ColumnTypes ? ColumnTypes[S]
  : never;

type ParamTuple<P extends readonly ParamSpec[]> = { [I in keyof P]: ParamOf<P[I]> };
/** The parameter tuple a spec declares. */
export type Params<S extends StatementSpec> = S extends { params: infer P extends readonly ParamSpec[] } ? ParamTuple<P>
  : [];
/** The row a spec declares. */
export type Row<S extends StatementSpec> = { -readonly [K in keyof S["columns"]]: ColumnOf<S["columns"][K]> };

/** A named statement bound to its text: `(db, params) -> rows`. */
export type Statement<P extends readonly unknown[], R> = (
  db: Db,
  ...params: P extends readonly [] ? [] : [params: P]
) => Promise<R[]>;

/** The row type of a loaded statement. */
export type RowOf<Q> = Q extends Statement<infer _P, infer R> ? R : never;

/** The statements of a file, typed by their specs. */
export type Queries<S extends Record<string, StatementSpec>> = { [K in keyof S]: Statement<Params<S[K]>, Row<S[K]>> };
