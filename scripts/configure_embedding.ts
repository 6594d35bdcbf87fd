/**
 * Points the running service at an embedding endpoint, once, after start (seed 2: the
 * embedding endpoint is set with `PUT /api/v1/admin/settings`), as an installation operator
 * (the `--as` user must be listed in INSTALLATION_OPERATORS):
 * `deno task configure-embedding [--endpoint URL] [--as loginId] [--service URL]`.
 * Waits for the component's /healthz and the service's /readyz first; `up.sh` runs it.
 */
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

/** What `configure-embedding` was asked. */
export interface ConfigureEmbeddingOptions {
  endpoint?: string;
  as: string;
  service?: string;
  waitSeconds: number;
}

/** `configure-embedding`: the exit status. */
export async function configureEmbeddingCommand(o: ConfigureEmbeddingOptions): Promise<number> {
  const config = scriptConfig();
  const endpoint = o.endpoint ?? `http://127.0.0.1:${config.EMBEDDING_PORT}/v1/embeddings`;
  const service = o.service ?? `http://127.0.0.1:${config.PORT}`;
  const health = await (await waitFor(new URL("/healthz", endpoint).href, o.waitSeconds)).json() as { model: string };
  await (await waitFor(`${service}/readyz`, o.waitSeconds)).body?.cancel();
  const { token } = await issueTokenFor(o.as, { ttlSeconds: 120, ragAdmin: false, operator: true });
  const res = await fetch(`${service}/api/v1/admin/settings`, {
    method: "PUT",
    headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
    body: JSON.stringify({ embedding: { endpoint, model: health.model } }),
  });
  if (!res.ok) throw new Error(`PUT /api/v1/admin/settings answered ${res.status}: ${await res.text()}`);
  const { version } = await res.json() as { version: number };
  console.log(`  Embedding   ${endpoint}   model ${health.model} (settings version ${version})`);
  return 0;
}
