/**
 * /metrics after real traffic (an ingestion through the worker, a search, an answer): every family the service
 * declares is exposed, the paths exercised have samples, and the operator's Grafana dashboard and Prometheus alerts
 * (ops/) reference only metrics the service or the embedding component exports, and cover all of them.
 */
import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { parse } from "yaml";
import { body } from "../_helpers/app.ts";
import { type RagTestApp, startRagApp } from "../_helpers/rag.ts";
import { type FakeLlm, startFakeLlm } from "../_helpers/fake_llm.ts";
import type { schemas } from "@/domain/rag/mod.ts";
import { renderRegistry } from "@/lib/metrics.ts";
import { embeddingRegistry } from "@/embedding/metrics.ts";

let rag: RagTestApp;
let llm: FakeLlm;
let text: string;

before(async () => {
  llm = startFakeLlm("연차는 인사 포털에서 신청합니다 [1].");
  rag = await startRagApp();
  const operator = await rag.token({ admin: true, operator: true, sub: "admin-1", clearance: 3 });
  const put = await rag.call("/admin/settings", {
    method: "PUT",
    json: { llm: { provider: "openai", endpoint: llm.url, model: "fake" } },
    token: operator,
  });
  assert.equal(put.status, 200);
  const doc = await rag.document("/leave.html", "<h1>휴가</h1><p>연차 휴가는 인사 포털에서 신청합니다.</p>");
  const ingested = await body<schemas.IngestionResult>(await rag.call("/documents", { method: "POST", json: doc }));
  assert.equal(ingested.indexed, true, JSON.stringify(ingested));
  assert.equal((await rag.call("/search", { method: "POST", json: { question: "연차 휴가 신청" } })).status, 200);
  const ask = await rag.call("/ask", { method: "POST", json: { question: "연차 휴가는 어디서 신청하나요?" } });
  assert.equal(ask.status, 200);
  await ask.text();
  text = await (await rag.app.request("/metrics")).text();
});
after(async () => {
  await rag.stop();
  await llm.stop();
});

/** The families a Prometheus text exposition declares. */
const families = (exposition: string) => new Set([...exposition.matchAll(/^# TYPE (\S+) \S+$/gm)].map((m) => m[1]));

/** The largest value of the samples of `name` carrying `labels` (among others), NaN when there is none. */
function sample(name: string, labels: Record<string, string>): number {
  let max = NaN;
  for (const line of text.split("\n")) {
    const m = line.match(/^(\w+)(?:\{(.*)\})? (\S+)$/);
    if (!m || m[1] !== name) continue;
    const have = Object.fromEntries([...(m[2] ?? "").matchAll(/(\w+)="([^"]*)"/g)].map((l) => [l[1], l[2]]));
    if (Object.entries(labels).every(([k, v]) => have[k] === v)) max = Math.max(Number(m[3]), isNaN(max) ? -1 : max);
  }
  return max;
}

describe("the service's /metrics after traffic", () => {
  it("has samples for every path the traffic went through", () => {
    const atLeastOne: Array<[string, Record<string, string>]> = [
      ["http_requests_total", { route: "/api/v1/search", status: "200" }],
      ["backbone_ingestion_documents_total", { outcome: "done" }],
      ["backbone_ingestion_chunks_total", {}],
      ["backbone_job_attempts_total", { stream: "rag:ingestion", outcome: "done" }],
      ["backbone_search_stage_seconds_count", { stage: "ranking", outcome: "ok" }],
      ["backbone_search_stage_seconds_count", { stage: "embed", outcome: "ok" }],
      ["backbone_search_stage_seconds_count", { stage: "audit", outcome: "ok" }],
      ["backbone_search_stage_seconds_count", { stage: "total", outcome: "ok" }],
      ["backbone_search_legs_total", { leg: "vector" }],
      ["backbone_embedding_request_seconds_count", { outcome: "ok" }],
      ["backbone_model_request_seconds_count", { mode: "local", outcome: "ok" }],
      ["backbone_portal_sync_state", { resource: "departments", state: "HEALTHY" }],
      ["backbone_db_pool_max", { pool: "search" }],
      ["backbone_directory_last_sync_timestamp_seconds", { service: "rag" }],
      ["backbone_directory_sync_max_staleness_seconds", { service: "rag" }],
    ];
    for (const [name, labels] of atLeastOne) {
      assert.ok(sample(name, labels) >= 1, `${name}${JSON.stringify(labels)} in\n${text}`);
    }
    for (const stream of ["rag:ingestion", "rag:org-sync", "directory:sync-freshness"]) {
      for (const name of ["backbone_job_pending", "backbone_job_lag", "backbone_job_dead_letters"]) {
        assert.ok(sample(name, { stream }) >= 0, `${name}{stream="${stream}"}`);
      }
    }
    for (const pool of ["api", "publications", "search", "system"]) {
      assert.ok(sample("backbone_db_pool_connections", { pool, state: "idle" }) >= 0, pool);
      assert.ok(sample("backbone_db_pool_waiting", { pool }) >= 0, pool);
    }
  });

  it("counts the connections a transaction holds as in use while it runs", async () => {
    const inUse = async () => {
      const t = await (await rag.app.request("/metrics")).text();
      return Number(t.match(/^backbone_db_pool_connections\{pool="api",state="in_use"\} (\d+)$/m)?.[1]);
    };
    const before = await inUse();
    let release!: () => void;
    const held = rag.app.runtime.sql.begin(() => new Promise<void>((r) => release = r));
    await new Promise((r) => setTimeout(r, 50));
    try {
      assert.equal(await inUse(), before + 1);
    } finally {
      release();
      await held;
    }
  });
});

/** The metric names a PromQL expression reads (not `$variables`), histogram series named by their family. */
function metricsOf(expr: string): string[] {
  return [...expr.matchAll(/(?<![$\w])((?:backbone|http|embedding)_[a-z_]+)\b/g)].map((m) =>
    m[1].replace(/_(bucket|count|sum)$/, "")
  );
}

describe("the operator's dashboard and alerts (ops/)", () => {
  const dashboard = JSON.parse(Deno.readTextFileSync(new URL("../../ops/grafana/backbone.json", import.meta.url)));
  const alerts = parse(Deno.readTextFileSync(new URL("../../ops/prometheus/alerts.yml", import.meta.url)));

  const panelExprs: string[] = dashboard.panels.flatMap((p: { targets?: { expr: string }[] }) =>
    (p.targets ?? []).map((t) => t.expr)
  );
  const alertExprs: string[] = alerts.groups.flatMap((g: { rules: { expr: string }[] }) => g.rules.map((r) => r.expr));

  it("reads only metrics the service or the embedding component exports", async () => {
    const exported = new Set([...families(text), ...families((await renderRegistry(embeddingRegistry)).text)]);
    for (const expr of [...panelExprs, ...alertExprs]) {
      for (const name of metricsOf(expr)) assert.ok(exported.has(name), `${name} (in ${expr}) is not exported`);
    }
  });

  it("has a panel for every metric the service and the embedding component export", async () => {
    const shown = new Set(panelExprs.flatMap(metricsOf));
    const ours = [...families(text), ...families((await renderRegistry(embeddingRegistry)).text)]
      .filter((n) => /^(backbone|http|embedding)_/.test(n));
    for (const name of ours) assert.ok(shown.has(name), `${name} has no panel`);
  });

  it("alerts on dead letters, a stale directory, failing portal syncs, the error rate and a growing backlog", () => {
    const read = new Set(alertExprs.flatMap(metricsOf));
    for (
      const name of [
        "backbone_job_dead_letters",
        "backbone_directory_last_sync_timestamp_seconds",
        "backbone_portal_sync_state",
        "http_requests_total",
        "backbone_job_lag",
      ]
    ) assert.ok(read.has(name), `no alert reads ${name}`);
    for (const rule of alerts.groups.flatMap((g: { rules: unknown[] }) => g.rules)) {
      assert.ok(rule.alert && rule.expr && rule.labels?.severity && rule.annotations?.summary, JSON.stringify(rule));
    }
  });

  it("uses a Prometheus datasource variable in every panel", () => {
    assert.ok(
      dashboard.templating.list.some((v: { type: string; query: string }) =>
        v.type === "datasource" && v.query === "prometheus"
      ),
    );
    for (const p of dashboard.panels.filter((p: { type: string }) => p.type !== "row")) {
      assert.equal(p.datasource.uid, "${datasource}", p.title);
    }
  });
});
