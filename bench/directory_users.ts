/**
 * Directory users at 100,000: the time to import them (CSV through the import
 * code path, in 1,000-row batches), then `GET /users?limit=100` page-walk
 * throughput over HTTP beside the same list statement run directly in this process.
 */
import { importUsers, parseImport } from "@/domain/directory/mod.ts";
import { listUsers } from "@/sql/directory/users.ts";
import { PORTAL_A_KEY } from "@/tests/_helpers/tokens.ts";
import type { Figure } from "./_report.ts";
import { benchInstance } from "./_env.ts";

const USERS = Number(Deno.env.get("BENCH_USERS") ?? 100_000);
const WALKERS = 4;
const SURNAMES = ["김", "이", "박", "최", "정", "강", "조", "윤", "장", "임"];
const GIVEN = ["민준", "서연", "지훈", "유나", "현우", "소연", "태양", "지우", "하은", "도윤"];

function csv(n: number): string {
  const lines = ["loginId,koreanName,englishName,email,employeeNo,jobTitle,clearanceLevel"];
  for (let i = 0; i < n; i++) {
    const ko = `${SURNAMES[i % 10]}${GIVEN[Math.floor(i / 10) % 10]}${i}`;
    lines.push(`user.${i},${ko},User ${i},user.${i}@corp.example,E${i},사원,${i % 4}`);
  }
  return lines.join("\n");
}

async function walkHttp(url: string): Promise<number> {
  let cursor: string | null = null;
  let n = 0;
  do {
    const res: Response = await fetch(
      `${url}/api/directory/v1/users?limit=100${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`,
      {
        headers: { authorization: `Bearer ${PORTAL_A_KEY}` },
      },
    );
    const page = await res.json();
    n += page.data.items.length;
    cursor = page.data.nextCursor;
  } while (cursor);
  return n;
}

async function walkDirect(sql: Parameters<typeof listUsers>[0]): Promise<number> {
  let after: string | null = null;
  let n = 0;
  for (;;) {
    const page = await listUsers(sql, {
      filter: { companyId: null, departmentId: null, onlyActive: false, like: null },
      afterId: after,
      limit: 100,
    });
    if (!page.more) return n + (JSON.parse(page.items) as unknown[]).length;
    n += 100;
    after = page.lastId;
  }
}

async function timed(walkers: number, walk: () => Promise<number>): Promise<{ seconds: number; users: number }> {
  const t0 = performance.now();
  const counts = await Promise.all(Array.from({ length: walkers }, walk));
  return { seconds: (performance.now() - t0) / 1000, users: counts.reduce((a, b) => a + b, 0) };
}

/** Runs the benchmark and returns its figures. */
export async function run(): Promise<Figure[]> {
  const inst = await benchInstance();
  try {
    const ctx = inst.runtime.directory!;
    const text = csv(USERS);
    const t0 = performance.now();
    const results = await importUsers(ctx, { kind: "system", id: "bench", label: "bench" }, parseImport(text, "csv"));
    if (results.some((r) => r.status !== "created")) throw new Error("bench import had failures");
    const importSeconds = (performance.now() - t0) / 1000;

    await walkHttp(inst.url); // warm-up: plans, connections, JIT
    await walkDirect(ctx.sql);
    const direct = await timed(WALKERS, () => walkDirect(ctx.sql));
    const http = await timed(WALKERS, () => walkHttp(inst.url));
    if (http.users !== USERS * WALKERS || direct.users !== USERS * WALKERS) throw new Error("a walk missed users");
    const directRate = direct.users / direct.seconds;
    const httpRate = http.users / http.seconds;
    return [
      {
        bench: "directory",
        metric: `import ${USERS} users (CSV, 1,000-row batches)`,
        value: importSeconds,
        unit: "s",
        bar: { what: "value", op: "<=", target: 60, from: "issue 2" },
      },
      {
        bench: "directory",
        metric: `GET /users?limit=100 page walk, ${WALKERS} walkers`,
        value: httpRate,
        unit: "users/s",
        baseline: { metric: "same statement, direct", value: directRate },
        ratio: httpRate / directRate,
        bar: { what: "ratio", op: ">=", target: 0.5, from: "issue 2" },
        note: `${(http.users / 100 / http.seconds).toFixed(0)} pages/s over HTTP`,
      },
    ];
  } finally {
    await inst.stop();
  }
}
