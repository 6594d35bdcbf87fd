/**
 * Redocly's recommended rules pass on each served OpenAPI document: the directory alone, and both services in one
 * process. Offline: the linter is the installed @redocly/openapi-core (a test-only package), given the document as
 * text, with no configuration file and nothing fetched.
 */
import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { createConfig, lintFromString } from "@redocly/openapi-core";
import { startTestApp, type TestApp } from "../_helpers/app.ts";
import { type RagTestApp, startRagApp } from "../_helpers/rag.ts";

/**
 * The one rule the document breaks on purpose: health, readiness and metrics take no input and no credential, so
 * they have no client error to document. Each entry must still occur, so the list cannot outlive its reason.
 */
const ALLOWED = ["/healthz", "/readyz", "/metrics"].map((path) =>
  `operation-4xx-response #/paths/${path.replaceAll("/", "~1")}/get/responses`
);

let directoryOnly: TestApp;
let both: RagTestApp;

before(async () => {
  directoryOnly = await startTestApp({}, { workers: false });
  both = await startRagApp({}, { workers: false });
});

after(async () => {
  await directoryOnly?.stop();
  await both?.stop();
});

async function problemsOf(request: (path: string) => Promise<Response>): Promise<string[]> {
  const res = await request("/openapi.json");
  assert.equal(res.status, 200);
  const config = await createConfig({ extends: ["recommended"] });
  const problems = await lintFromString({ source: await res.text(), absoluteRef: "/openapi.json", config });
  return problems.map((p) => `${p.ruleId} ${p.location[0]?.pointer ?? ""}: ${p.severity}: ${p.message}`);
}

function assertClean(problems: string[]) {
  const seen = problems.map((p) => p.slice(0, p.indexOf(":")));
  for (const allowed of ALLOWED) assert.ok(seen.includes(allowed), `${allowed} no longer occurs: drop it`);
  assert.deepEqual(problems.filter((_, i) => !ALLOWED.includes(seen[i])), []);
}

describe("Redocly's recommended rules", () => {
  it("pass on the directory service's document", async () => {
    assertClean(await problemsOf((path) => directoryOnly.request(path)));
  });

  it("pass on the document of both services together", async () => {
    assertClean(await problemsOf((path) => both.app.request(path)));
  });
});
