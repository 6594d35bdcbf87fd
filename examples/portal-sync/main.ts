/**
 * The reference portal as a program: mirrors the directory's users, departments and groups into PostgreSQL.
 *
 *   DIRECTORY_URL=http://127.0.0.1:8080 PORTAL_ID=demo-portal PORTAL_CREDENTIAL=... \
 *   MIRROR_DATABASE_URL=postgres://postgres@127.0.0.1:5432/portal_mirror \
 *   deno run -A examples/portal-sync/main.ts
 *
 * With WEBHOOK_URL set (the address the directory delivers to, e.g. http://portal.internal:8090/webhooks) it
 * registers or reuses its webhook subscription for users, departments and groups, listens on WEBHOOK_PORT (default
 * 8090), and syncs a feed as soon as a verified delivery names it; the periodic poll of every feed then stays as a
 * safety net, every POLL_SECONDS (default 600 with webhooks, 30 without).
 */
import postgres from "postgres";
import { createPortalClient } from "@/clients/portal/mod.ts";
import { migrateMirror } from "./store.ts";
import { ensureSubscription } from "./subscription.ts";
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
  const webhookUrl = Deno.env.get("WEBHOOK_URL");
  const trigger = pollingTrigger(Number(Deno.env.get("POLL_SECONDS") ?? (webhookUrl ? "600" : "30")) * 1000);
  const stop = new AbortController();
  Deno.addSignalListener("SIGINT", () => stop.abort());
  Deno.addSignalListener("SIGTERM", () => stop.abort());
  // Registered before the first round, which reads everything up to now: the subscription is owed every change
  // after it was created, and a delivery that comes before the server listens is retried.
  const subscription = webhookUrl ? await ensureSubscription(client, sql, webhookUrl) : undefined;
  const server = subscription
    ? Deno.serve(
      { port: Number(Deno.env.get("WEBHOOK_PORT") ?? "8090"), onListen: () => {} },
      webhookHandler(subscription.secret, trigger),
    )
    : undefined;
  await runMirror(client, sql, {
    portalId: required("PORTAL_ID"),
    trigger,
    signal: stop.signal,
    onRound: ({ cause, feeds, ...r }) =>
      console.log(JSON.stringify(
        r.ok ? { cause, feeds, ok: true, outcomes: r.outcomes } : { cause, feeds, ok: false, error: String(r.error) },
      )),
  });
  await server?.shutdown();
  await sql.end();
}
