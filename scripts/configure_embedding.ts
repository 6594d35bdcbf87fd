/**
 * Points the running service at an embedding endpoint, once, after start (seed 2: the
 * embedding endpoint is set with `PUT /api/v1/admin/settings`), as an installation operator
 * (the `--as` user must be listed in INSTALLATION_OPERATORS):
 * `deno task configure-embedding [--endpoint URL] [--as loginId] [--service URL]`.
 * Waits for the component's /healthz and the service's /readyz first; `up.sh` runs it.
 */
import { parseArgs } from "node:util";
import { issueTokenFor } from "./issue_token.ts";
import { scriptConfig } from "@/app/scripts.ts";

async function waitFor(url: string, seconds: number): Promise<Response> {
  const end = Date.now() + seconds * 1000;
  for (;;) {
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(2000) });
      if (res.ok) return res;
      await res.body?.cancel();
    } catch {
      // not listening yet
    }
    if (Date.now() > end) throw new Error(`${url} did not answer within ${seconds} s`);
    await new Promise((r) => setTimeout(r, 500));
  }
}

if (import.meta.main) {
  const config = scriptConfig();
  const { values } = parseArgs({
    args: Deno.args,
    options: {
      endpoint: { type: "string", default: `http://127.0.0.1:${Deno.env.get("EMBEDDING_PORT") ?? 8081}/v1/embeddings` },
      as: { type: "string", default: "kim.minjun" },
      service: { type: "string", default: `http://127.0.0.1:${config.PORT}` },
      wait: { type: "string", default: "180" },
    },
  });
  try {
    const health = await (await waitFor(new URL("/healthz", values.endpoint).href, Number(values.wait))).json() as {
      model: string;
    };
    await (await waitFor(`${values.service}/readyz`, Number(values.wait))).body?.cancel();
    const { token } = await issueTokenFor(values.as, { ttlSeconds: 120, ragAdmin: false, operator: true });
    const res = await fetch(`${values.service}/api/v1/admin/settings`, {
      method: "PUT",
      headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
      body: JSON.stringify({ embedding: { endpoint: values.endpoint, model: health.model } }),
    });
    if (!res.ok) throw new Error(`PUT /api/v1/admin/settings answered ${res.status}: ${await res.text()}`);
    const { version } = await res.json() as { version: number };
    console.log(`  Embedding   ${values.endpoint}   model ${health.model} (settings version ${version})`);
  } catch (err) {
    console.error(`configure-embedding: ${(err as Error).message}`);
    Deno.exitCode = 1;
  }
}
