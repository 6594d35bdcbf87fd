/**
 * The reference portal as a program: mirrors the directory's users, departments and groups into PostgreSQL.
 *
 *   DIRECTORY_URL=http://127.0.0.1:8080 PORTAL_ID=demo-portal PORTAL_CREDENTIAL=... \
 *   MIRROR_DATABASE_URL=postgres://postgres@127.0.0.1:5432/portal_mirror \
 *   deno run -A examples/portal-sync/main.ts
 *
 * POLL_SECONDS (default 30) sets the polling interval. With WEBHOOK_SECRET (whsec_...) set it also listens on
 * WEBHOOK_PORT (default 8090) for the directory's webhook deliveries, each of which starts a round at once.
 */
import postgres from "postgres";
import { createPortalClient } from "@/clients/portal/mod.ts";
import { migrateMirror } from "./store.ts";
import { pollingTrigger, webhookHandler } from "./trigger.ts";
import { runMirror } from "./mirror.ts";

function required(name: string): string {
  const value = Deno.env.get(name);
  if (!value) throw new Error(`${name} is required`);
  return value;
}

if (import.meta.main) {
  const sql = postgres(required("MIRROR_DATABASE_URL"), { max: 2, onnotice: () => {} });
  await migrateMirror(sql);
  const client = createPortalClient({ baseUrl: required("DIRECTORY_URL"), credential: required("PORTAL_CREDENTIAL") });
  const trigger = pollingTrigger(Number(Deno.env.get("POLL_SECONDS") ?? "30") * 1000);
  const stop = new AbortController();
  Deno.addSignalListener("SIGINT", () => stop.abort());
  Deno.addSignalListener("SIGTERM", () => stop.abort());
  const secret = Deno.env.get("WEBHOOK_SECRET");
  const server = secret
    ? Deno.serve({ port: Number(Deno.env.get("WEBHOOK_PORT") ?? "8090") }, webhookHandler(secret, trigger))
    : undefined;
  await runMirror(client, sql, {
    portalId: required("PORTAL_ID"),
    trigger,
    signal: stop.signal,
    onRound: (r) =>
      console.log(JSON.stringify(r.ok ? { ok: true, outcomes: r.outcomes } : { ok: false, error: String(r.error) })),
  });
  await server?.shutdown();
  await sql.end();
}
