/**
 * No internet (issue 8, item 5): the real service, `main.ts` as a child process, runs a full
 * cycle (directory admin calls, the organization sync, ingesting Korean documents from a content
 * host, settings, search, ask and a streamed ask) with Deno's permission audit recording every
 * network access it makes or attempts, and with `--allow-net` narrowed to the configured
 * endpoints so that any other connection is refused before a packet leaves. The recorded set
 * must be exactly PostgreSQL, Redis, its own listener, the embedding endpoint, the model
 * endpoint and the content host; an attempt at any other host is shown to be refused and
 * recorded, so the recorder is known to see what it would have to catch.
 */
import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import postgres from "postgres";
import { Redis } from "ioredis";
import { addEntry, streamNames } from "@/jobs/mod.ts";
import { clearPrefix, DIR, type Item, type Problem, REDIS_URL, testEnv } from "../_helpers/app.ts";
import type { schemas as directory } from "@/domain/directory/mod.ts";
import type { schemas } from "@/domain/rag/mod.ts";
import { freshDatabase, type TestDatabase } from "../_helpers/db.ts";
import { ADMIN_KEY, userToken } from "../_helpers/tokens.ts";
import { documentRequest, startContentHost } from "../_helpers/content_host.ts";
import { type FakeEmbedding, startFakeEmbedding } from "../_helpers/fake_embedding.ts";
import { type FakeLlm, startFakeLlm } from "../_helpers/fake_llm.ts";
import { retrievalEnv } from "../_helpers/rag.ts";
import { freePort } from "../_helpers/processes.ts";
import { until } from "../_helpers/poll.ts";
import {
  type AuditEntry,
  endpointOf,
  netTarget,
  type ServiceProcess,
  startServiceProcess,
} from "../_helpers/service_process.ts";

const DOCS: Array<[string, string]> = [
  [
    "연차 휴가 규정",
    "연차 휴가는 인사 포털에서 신청합니다. 팀장의 결재가 필요합니다. 미사용 연차는 이월되지 않습니다.",
  ],
  ["출장 규정", "출장 경비는 귀국 후 칠 일 이내에 정산합니다. 영수증은 경비 시스템에 올립니다."],
  ["보안 교육", "모든 직원은 매년 정보보호교육을 이수합니다. 교육 자료는 사내 학습 포털에 있습니다."],
];

/** A network address no test machine routes (RFC 5737 TEST-NET-1), standing for "the internet". */
const OUTSIDE = "192.0.2.1:11434";

/** The distinct targets of the `net` entries in `entries`, split into sockets and name lookups. */
function netTargets(entries: AuditEntry[]): { endpoints: Set<string>; lookups: Set<string> } {
  const endpoints = new Set<string>();
  const lookups = new Set<string>();
  for (const e of entries.filter((e) => e.permission === "net")) {
    assert.equal(typeof e.value, "string", `a net audit line without a target: ${JSON.stringify(e)}`);
    const { kind, target } = netTarget(e.value!);
    (kind === "endpoint" ? endpoints : lookups).add(target);
  }
  return { endpoints, lookups };
}

describe("no internet: the service reaches only its configured endpoints", () => {
  let db: TestDatabase | undefined;
  let embedding: FakeEmbedding | undefined;
  let host: ReturnType<typeof startContentHost> | undefined;
  let llm: FakeLlm | undefined;
  let service: ServiceProcess | undefined;
  let auditDir: string | undefined;
  const prefix = `t:${crypto.randomUUID().slice(0, 8)}:`;
  const port = freePort();
  let allowed: Record<string, string>;
  let tenant = "";
  let dept = "";

  const call = async (path: string, init: { method?: string; json?: unknown; token?: string; accept?: string }) => {
    const headers: Record<string, string> = {};
    if (init.json !== undefined) headers["content-type"] = "application/json";
    if (init.token) headers.authorization = `Bearer ${init.token}`;
    if (init.accept) headers.accept = init.accept;
    if (path.startsWith(DIR)) headers["x-directory-admin-key"] = ADMIN_KEY;
    return await fetch(`${service!.url}${path}`, {
      method: init.method ?? "GET",
      headers,
      body: init.json === undefined ? undefined : JSON.stringify(init.json),
    });
  };
  const json = async <T>(res: Response): Promise<T & { status: number }> => {
    const text = await res.text();
    try {
      return { ...JSON.parse(text), status: res.status };
    } catch {
      assert.fail(`expected JSON, got ${res.status}: ${text.slice(0, 300)}`);
    }
  };
  const user = () => userToken({ sub: "user-1", tenantId: tenant, organizationId: dept, clearance: 1 });
  const operator = () => userToken({ sub: "operator-1", tenantId: tenant, organizationId: dept, operator: true });

  before(async () => {
    db = await freshDatabase();
    embedding = startFakeEmbedding();
    host = startContentHost();
    llm = startFakeLlm("연차 휴가는 인사 포털에서 신청합니다 [1].");
    auditDir = await Deno.makeTempDir({ prefix: "no_internet_" });
    const env = testEnv(db, prefix);
    allowed = {
      postgres: endpointOf(db.appUrl, 5432),
      redis: endpointOf(REDIS_URL, 6379),
      listener: `0.0.0.0:${port}`,
      embedding: new URL(embedding.url).host,
      model: new URL(llm.url).host,
      content: new URL(host.base).host,
    };
    assert.equal(endpointOf(db.ownerUrl, 5432), allowed.postgres, "one PostgreSQL endpoint for both roles");
    service = await startServiceProcess({
      env: {
        ...env,
        LOG_LEVEL: "warn",
        RUN_WORKERS: "true",
        ...retrievalEnv(embedding.url),
        // The model is one of the environment's endpoints; OUTSIDE passes the URL policy of settings endpoints, so
        // only the process's network permissions stand between it and the service (the second case).
        PRIVATE_LLM_URL: llm.url,
        RAG_SERVICE_CONTENT_ALLOWED_HOSTS: `${allowed.content},${OUTSIDE}`,
      },
      port,
      allowNet: Object.values(allowed),
      auditPath: `${auditDir}/audit.jsonl`,
    });
  });

  after(async () => {
    const steps: Array<() => unknown> = [
      () => service?.stop(),
      () => db?.drop(),
      () => clearPrefix(prefix),
      () => embedding?.stop(),
      () => host?.stop(),
      () => llm?.stop(),
      () => auditDir && Deno.remove(auditDir, { recursive: true }),
    ];
    // Each step runs even when an earlier one fails, so a broken run leaves no process or database behind.
    for (const step of steps) await Promise.resolve().then(step).catch((err) => console.error("cleanup:", err));
  });

  it("a full ingest, search and ask cycle connects only to PostgreSQL, Redis, the models and the content host", async () => {
    const company = await json<Item<directory.Company>>(
      await call(`${DIR}/admin/companies`, { method: "POST", json: { code: "NET", name: "망" } }),
    );
    assert.equal(company.status, 201, JSON.stringify(company));
    tenant = company.data.id;
    const department = await json<Item<directory.Department>>(
      await call(`${DIR}/admin/departments`, { method: "POST", json: { companyId: tenant, code: "A", name: "인사" } }),
    );
    assert.equal(department.status, 201, JSON.stringify(department));
    dept = department.data.id;

    // The child's own org-sync task mirrors the department; queue a tick instead of waiting up to 15 s for one.
    const redis = new Redis(REDIS_URL);
    const superuser = postgres(db!.superUrl, { max: 1, onnotice: () => {} });
    try {
      await addEntry(redis, streamNames(prefix, "rag:org-sync").stream, {
        task: "org-sync",
        at: new Date().toISOString(),
      });
      await until("the organization sync has mirrored the department", async () => {
        const rows = await superuser`select 1 from rag.tb_organization where id = ${dept} and is_active`;
        return rows.length === 1;
      }, 20_000);
    } finally {
      redis.disconnect();
      await superuser.end();
    }

    for (const [i, [title, text]] of DOCS.entries()) {
      const served = await host!.putHashed(`/net/doc-${i}.html`, {
        body: `<h1>${title}</h1><p>${text}</p>`,
      });
      const res = await json<schemas.IngestionResult>(
        await call("/api/v1/documents", {
          method: "POST",
          token: await user(),
          json: documentRequest(served, { tenantId: tenant, organizationIds: [dept], title }),
        }),
      );
      assert.equal(res.indexed, true, JSON.stringify(res));
    }
    assert.equal(host!.hits.get("/net/doc-0.html"), 1, "the service fetched the body from the content host");

    const settings = await call("/api/v1/admin/settings", {
      method: "PUT",
      token: await operator(),
      json: { llm: { provider: "openai", endpoint: llm!.url, model: "llama-3-ko" } },
    });
    assert.equal(settings.status, 200, await settings.text());

    const search = await json<schemas.SearchResponse>(
      await call("/api/v1/search", { method: "POST", token: await user(), json: { question: "연차 휴가 신청" } }),
    );
    assert.equal(search.status, 200, JSON.stringify(search));
    assert.ok(search.contexts.length > 0, "search found contexts");
    assert.equal(search.contexts[0].title, "연차 휴가 규정");

    const asked = await json<schemas.Answer>(
      await call("/api/v1/ask", {
        method: "POST",
        token: await user(),
        json: { question: "연차 휴가는 어디에서 신청하나요?" },
      }),
    );
    assert.equal(asked.status, 200, JSON.stringify(asked));
    assert.deepEqual([asked.mode, asked.grounded], ["local", true], JSON.stringify(asked));
    assert.ok(asked.citations.length >= 1 && asked.citations.every((c) => c.documentId));

    const streamed = await call("/api/v1/ask", {
      method: "POST",
      token: await user(),
      accept: "text/event-stream",
      json: { question: "출장 경비 정산" },
    });
    assert.equal(streamed.status, 200);
    const events = [...(await streamed.text()).matchAll(/event: (\w+)\n/g)].map((m) => m[1]);
    assert.ok(events.includes("delta"), events.join(","));
    assert.equal(events.at(-1), "citations");
    assert.equal(llm!.calls.length, 2, "both asks reached the fake model");
    assert.ok(llm!.calls.every((c) => c.path === "/v1/chat/completions"));
    assert.ok(embedding!.requests >= DOCS.length + 1, "documents and questions were embedded");

    const audit = await service!.audit();
    const { endpoints, lookups } = netTargets(audit);
    // The listener is 0.0.0.0:port; a call of the service to itself over loopback (the retrieval side's
    // directory client, which must stay in process) would show as 127.0.0.1:port and fail here.
    const permitted = new Set(Object.values(allowed));
    const stray = [...endpoints].filter((t) => !permitted.has(t));
    assert.deepEqual(stray, [], `connections outside the configured endpoints (all: ${[...endpoints]})`);
    const configuredHosts = new Set(Object.values(allowed).map((t) => t.replace(/:\d+$/, "")));
    assert.deepEqual([...lookups].filter((h) => !configuredHosts.has(h)), [], "names looked up besides the configured");
    for (const [name, target] of Object.entries(allowed)) {
      assert.ok(endpoints.has(target), `the audit recorded the ${name} (${target}): ${[...endpoints]}`);
    }
    // No subprocess (which the audit would not follow) was even attempted. The one `ffi` attempt, pdfjs-dist
    // loading its optional @napi-rs/canvas addon, is refused here because the child has no --allow-ffi.
    assert.deepEqual(audit.filter((e) => e.permission === "run"), [], "the service tried to start a subprocess");
  });

  it("refuses and records a connection to any other host (here a model endpoint outside)", async () => {
    const seen = (await service!.audit()).length;
    const settings = await call("/api/v1/admin/settings", {
      method: "PUT",
      token: await operator(),
      json: { llm: { provider: "ollama", endpoint: `http://${OUTSIDE}` } },
    });
    assert.equal(settings.status, 200, await settings.text());
    const started = Date.now();
    const asked = await json<Problem>(
      await call("/api/v1/ask", { method: "POST", token: await user(), json: { question: "연차 휴가 신청" } }),
    );
    assert.deepEqual([asked.status, asked.code], [503, "unavailable"], JSON.stringify(asked));
    assert.ok(Date.now() - started < 5_000, "refused at once, not after a connect timeout");
    const { endpoints } = netTargets((await service!.audit()).slice(seen));
    assert.ok(endpoints.has(OUTSIDE), `the attempt was recorded: ${[...endpoints]}`);
    const refusedByPermission = () =>
      service!.lines.some((l) => {
        const line = l.startsWith("{") ? JSON.parse(l) : {};
        return line.errorName === "NotCapable" && String(line.error).includes(`net access to "${OUTSIDE}"`);
      });
    await until("the service logged the permission refusal as the cause", refusedByPermission, 5_000);
  });
});
