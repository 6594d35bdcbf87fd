/**
 * Row-level security at the type level: every wrapper of a retrieval statement takes a `PrincipalTx`, which only
 * `withPrincipal` makes, or a `SystemTx`, which only `withSystem` makes on the system role's pool (or either), so a
 * statement handed the bare pool does not type-check; nor does a system-only statement handed a principal's
 * transaction, the system pool handed to `withPrincipal`, or the request pool handed to `withSystem`. `deno test`
 * type-checks this file before it runs anything: a wrapper that accepted the pool would leave a `@ts-expect-error`
 * below unused or appear in `TakesPool`, and the whole run would stop on the type error, naming it.
 */
import { describe, it } from "node:test";
import assert from "node:assert/strict";
import type { Sql } from "@/sql/mod.ts";
import { markDone } from "@/sql/jobs/outbox.ts";
import * as adminScreen from "@/sql/rag/admin_screen.ts";
import * as audit from "@/sql/rag/audit.ts";
import * as documentListing from "@/sql/rag/document_listing.ts";
import * as documents from "@/sql/rag/documents.ts";
import * as documentLists from "@/sql/rag/document_lists.ts";
import * as ingestionJobs from "@/sql/rag/ingestion_jobs.ts";
import * as lifecycle from "@/sql/rag/lifecycle.ts";
import * as organizations from "@/sql/rag/organizations.ts";
import * as overview from "@/sql/rag/overview.ts";
import * as search from "@/sql/rag/search.ts";
import * as settings from "@/sql/rag/settings.ts";
import * as userStatus from "@/sql/rag/user_status.ts";
import { type PrincipalTx, type SystemPool, type SystemTx, withPrincipal, withSystem } from "@/sql/rag/session.ts";

/** The wrapper modules checked here, by file name; `session.ts` and `job_events.ts` open transactions instead. */
const CHECKED = {
  admin_screen: adminScreen,
  audit,
  document_listing: documentListing,
  documents,
  document_lists: documentLists,
  ingestion_jobs: ingestionJobs,
  lifecycle,
  organizations,
  overview,
  search,
  settings,
  user_status: userStatus,
};

/** The exported functions of `M` whose first parameter the pool may fill. */
type TakesPool<M> = {
  // deno-lint-ignore no-explicit-any
  [K in keyof M]: M[K] extends (...args: any[]) => unknown ? (Sql extends Parameters<M[K]>[0] ? K : never) : never;
}[keyof M];

/** Reads every role may make (their policies admit all rows) and one that reads no table: they run on the pool. */
type OpenReads = "latestSettings" | "settingsVersion" | "syncState" | "readClock";

type PoolTaking = { [F in keyof typeof CHECKED]: TakesPool<typeof CHECKED[F]> }[keyof typeof CHECKED];

// Both ways, so that a new pool-taking wrapper, or an open read that now needs a principal, fails by name.
const _noOtherTakesPool: OpenReads = undefined as unknown as PoolTaking;
const _everyOpenReadTakesPool: PoolTaking = undefined as unknown as OpenReads;

/** Never called: the lines below only have to type-check (or, where marked, fail to). */
const _refusals = async (pool: Sql, system: SystemPool) => {
  // @ts-expect-error the pool carries no principal
  await documents.documentStatus(pool, "00000000-0000-0000-0000-000000000000");
  // @ts-expect-error nor does a transaction opened on it directly
  await pool.begin((tx) => documents.publishDocument(tx, "00000000-0000-0000-0000-000000000000"));
  // @ts-expect-error the retrieval outbox is under row-level security too
  await markDone(pool, { box: "rag", id: 1 });
  await markDone(pool, { box: "directory", id: 1 });
  // @ts-expect-error a principal's transaction never runs as the system role
  await withPrincipal(system, {
    tenantId: null,
    organizationId: null,
    clearance: null,
    isAdmin: false,
    publicOrgId: "",
  }, () => Promise.resolve());
  // @ts-expect-error the system's transactions run on the system pool only
  await withSystem(pool, () => Promise.resolve());
  await withSystem(system, (tx: SystemTx) => userStatus.userInactive(tx, "00000000-0000-0000-0000-000000000000"));
  await withPrincipal(
    pool,
    { tenantId: null, organizationId: null, clearance: null, isAdmin: false, publicOrgId: "" },
    // @ts-expect-error a system-only statement refuses a principal's transaction
    (tx: PrincipalTx) => userStatus.userInactive(tx, "00000000-0000-0000-0000-000000000000"),
  );
  await withPrincipal(
    pool,
    { tenantId: null, organizationId: null, clearance: null, isAdmin: false, publicOrgId: "" },
    (
      tx: PrincipalTx,
    ) => documents.publishDocument(tx, "00000000-0000-0000-0000-000000000000"),
  );
};

describe("transactions under row-level security", () => {
  it("checks every statement module of the retrieval side", () => {
    const modules = [...Deno.readDirSync(new URL("../../sql/rag/", import.meta.url))]
      .map((e) => e.name)
      .filter((n) => n.endsWith(".ts") && n !== "session.ts" && n !== "job_events.ts")
      .map((n) => n.slice(0, -3))
      .sort();
    assert.deepEqual(modules, Object.keys(CHECKED).sort());
  });
});
