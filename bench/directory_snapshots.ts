/**
 * Replacing a portal's 100,000-entry authorization snapshot (5 assignments per
 * user) through `POST /authorization-snapshot` (the body sent by curl), beside a bulk COPY of the same
 * entry rows in the same run into an empty copy of the entries table with its
 * primary key, committed (the rows' own cost of landing where they live; the figure
 * also shows the COPY into an unindexed temporary table): once as a typical
 * republication (5% of users' assignments changed) and once as the worst case
 * (every user changed). The COPY sends the rows as the service does (the same
 * COPY text, in the same batches). Each figure is the median of three rounds, a
 * publication then its COPYs, so a moment of noise on this two-core machine
 * moves neither side alone.
 */
import postgres from "postgres";
import { importUsers, parseImport } from "@/domain/directory/mod.ts";
import { canonicalAssignments } from "@/domain/directory/mod.ts";
import { copyLines } from "@/sql/mod.ts";
import { entryLines } from "@/sql/directory/snapshots.ts";
import { PORTAL_A_KEY } from "@/tests/_helpers/tokens.ts";
import { type Figure, median } from "./_report.ts";
import { benchInstance } from "./_env.ts";

const USERS = Number(Deno.env.get("BENCH_SNAPSHOT_USERS") ?? 100_000);
const ROUNDS = 3;
const DEFAULT_COMPANY = "00000000-0000-4000-8000-000000000001";

/** Entries where users with `changed(i)` get an editor role and a per-version document permission. */
function entries(ids: string[], version: string, changed: (i: number) => boolean) {
  return ids.map((userId, i) => ({
    userId,
    assignments: [
      { kind: "GROUP", key: `team-${i % 50}`, label: `팀 ${i % 50}` },
      { kind: "GROUP", key: `site-${i % 7}`, label: `사업장 ${i % 7}`, scope: "portal" },
      { kind: "ROLE", key: changed(i) ? "editor" : "viewer", label: changed(i) ? "편집자" : "열람자" },
      { kind: "PERMISSION", key: `menu:${i % 20}`, label: `메뉴 ${i % 20}`, scope: `menu/${i % 20}` },
      { kind: "PERMISSION", key: changed(i) ? `doc:${version}` : "doc:base", label: "문서", scope: "documents" },
    ],
  }));
}

/** Seconds curl (its own process, as a portal would be) takes to publish `body` and get the receipt. */
async function publish(url: string, body: string): Promise<number> {
  const file = await Deno.makeTempFile({ suffix: ".json" });
  try {
    await Deno.writeTextFile(file, body);
    const out = await new Deno.Command("curl", {
      args: [
        "-sS",
        "-o",
        "/dev/null",
        "-w",
        "%{http_code} %{time_total}",
        "-H",
        `authorization: Bearer ${PORTAL_A_KEY}`,
        "-H",
        "content-type: application/json",
        "--data-binary",
        `@${file}`,
        `${url}/api/directory/v1/authorization-snapshot`,
      ],
    }).output();
    const [status, seconds] = new TextDecoder().decode(out.stdout).split(" ");
    if (status !== "200") throw new Error(`publish failed: ${status} ${new TextDecoder().decode(out.stderr)}`);
    return Number(seconds);
  } finally {
    await Deno.remove(file);
  }
}

/** Seconds to COPY the entry rows into `table` and commit, as the table owner. */
async function copyInto(owner: postgres.Sql, table: string, rows: Uint8Array[]): Promise<number> {
  const t0 = performance.now();
  await owner.begin(async (tx) => {
    await copyLines(
      await tx.unsafe(`copy ${table} (snapshot_id, user_id, company_id, assignments) from stdin`).writable(),
      rows,
    );
  });
  return (performance.now() - t0) / 1000;
}

async function copyBaselines(ownerUrl: string, list: ReturnType<typeof entries>) {
  const snapshotId = crypto.randomUUID();
  const utf8 = new TextEncoder();
  const entries = list.map((e) => ({
    userId: e.userId,
    companyId: DEFAULT_COMPANY,
    assignments: utf8.encode(canonicalAssignments(e.assignments as never).json),
  }));
  const rows = [];
  for (let i = 0; i < entries.length; i += 1_000) rows.push(entryLines(snapshotId, entries.slice(i, i + 1_000)));
  const owner = postgres(ownerUrl, { max: 1, onnotice: () => {} });
  try {
    await owner`create table directory.bench_entries (like directory.authorization_entries including all)`;
    await owner`create temp table bench_entries_bare (snapshot_id uuid, user_id uuid, company_id uuid, assignments text)`;
    return {
      table: await copyInto(owner, "directory.bench_entries", rows),
      bare: await copyInto(owner, "bench_entries_bare", rows),
    };
  } finally {
    await owner`drop table if exists directory.bench_entries`;
    await owner.end();
  }
}

/** Runs the benchmark and returns its figures. */
export async function run(): Promise<Figure[]> {
  const inst = await benchInstance({ SNAPSHOT_MAX_BODY_BYTES: String(512 * 1024 * 1024) });
  try {
    const ctx = inst.runtime.directory!;
    const csv = ["loginId,koreanName"].concat(Array.from({ length: USERS }, (_, i) => `snap.${i},사용자${i}`)).join(
      "\n",
    );
    const imported = await importUsers(ctx, { kind: "system", id: "bench", label: "bench" }, parseImport(csv, "csv"));
    const ids = imported.map((r) => (r as { id: string }).id);
    const body = (list: ReturnType<typeof entries>, v: string) =>
      JSON.stringify({ portalId: "portal-a", sourceVersion: v, entries: list });
    await publish(inst.url, body(entries(ids, "v1", () => false), "v1"));
    const figures: Figure[] = [];
    for (
      const [label, changed] of [["5% of users changed", (i: number) => i % 20 === 0], [
        "every user changed",
        () => true,
      ]] as const
    ) {
      const seconds: number[] = [], table: number[] = [], bare: number[] = [];
      let megabytes = 0;
      for (let round = 1; round <= ROUNDS; round++) {
        const version = `v${figures.length + 2}.${round}`;
        const list = entries(ids, version, changed);
        const text = body(list, version);
        megabytes = text.length / 2 ** 20;
        seconds.push(await publish(inst.url, text));
        const copy = await copyBaselines(inst.db.ownerUrl, list);
        table.push(copy.table);
        bare.push(copy.bare);
      }
      const ms = (xs: number[]) => xs.map((x) => (x * 1000).toFixed(0)).join(", ");
      figures.push({
        bench: "snapshots",
        metric: `replace a ${USERS}-entry snapshot over HTTP (${megabytes.toFixed(0)} MB, ${label})`,
        value: median(seconds),
        unit: "s",
        baseline: {
          metric: "COPY of the same entry rows into an empty copy of the entries table",
          value: median(table),
        },
        ratio: median(seconds) / median(table),
        bar: { what: "ratio", op: "<=", target: 3, from: "issue 3" },
        note:
          "sent by curl from its own process, as a portal would; includes receiving, validating and canonicalising " +
          "the JSON body into the spool, the COPY from it, the user check, counting changed users, deleting the " +
          "entries of the snapshot two publications back and the audit row; medians of " +
          `${ROUNDS} rounds (publication ${ms(seconds)} ms; COPY ${ms(table)} ms); COPY into an unindexed ` +
          `temporary table took ${median(bare).toFixed(2)} s (ratio ${(median(seconds) / median(bare)).toFixed(2)})`,
      });
    }
    return figures;
  } finally {
    await inst.stop();
  }
}
