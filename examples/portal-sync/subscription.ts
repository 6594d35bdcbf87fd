/**
 * The reference portal's webhook subscription, registered idempotently at start. The directory chooses the signing
 * secret and shows it only when a subscription is created or its secret rotated, so the portal keeps it in its own
 * database (`portal_mirror.webhook_subscription`). At start it reuses the directory's subscription for its URL when
 * it still holds that subscription's secret; for one whose secret it lost it rotates the secret; one that no longer
 * covers the mirrored feeds is replaced; a paused or failing one is resumed. Restarts never pile up subscriptions.
 */
import type postgres from "postgres";
import { type Feed, type PortalClient, PortalError, unwrap } from "@/clients/portal/mod.ts";
import { FEEDS } from "./sync.ts";

const PATH = "/api/directory/v1/subscriptions";

/** The subscription the portal verifies deliveries with. */
export interface WebhookSubscription {
  id: string;
  url: string;
  secret: string;
}

async function kept(sql: postgres.Sql, url: string): Promise<WebhookSubscription | undefined> {
  const [row] = await sql<WebhookSubscription[]>`
    select id::text, url, secret from portal_mirror.webhook_subscription where url = ${url}`;
  return row;
}

async function keep(sql: postgres.Sql, s: WebhookSubscription): Promise<WebhookSubscription> {
  await sql.begin(async (tx) => {
    await tx`delete from portal_mirror.webhook_subscription where url = ${s.url} or id = ${s.id}`;
    await tx`insert into portal_mirror.webhook_subscription (id, url, secret) values (${s.id}, ${s.url}, ${s.secret})`;
  });
  return s;
}

function covers(resources: string[]): boolean {
  return FEEDS.every((f: Feed) => resources.includes(f));
}

/** Finds, repairs or creates the subscription for `url`, covering users, departments and groups. */
export async function ensureSubscription(
  client: PortalClient,
  sql: postgres.Sql,
  url: string,
): Promise<WebhookSubscription> {
  const { items } = unwrap(await client.api.GET(PATH)).data;
  const mine = items.filter((s) => s.url === url);
  const reusable = mine.find((s) => covers(s.resources));
  for (const s of mine) {
    if (s === reusable) continue;
    const params = { path: { id: s.id } };
    const res = await client.api.DELETE(`${PATH}/{id}`, { params });
    if (!res.response.ok && res.response.status !== 404) throw new PortalError(res.response.status, res.error);
  }
  if (!reusable) {
    const created = unwrap(await client.api.POST(PATH, { body: { url, resources: [...FEEDS] } })).data;
    return await keep(sql, { id: created.id, url, secret: created.secret! });
  }
  const params = { path: { id: reusable.id } };
  if (reusable.state !== "active") {
    unwrap(await client.api.PATCH(`${PATH}/{id}`, { params, body: { state: "active" } }));
  }
  const known = await kept(sql, url);
  if (known?.id === reusable.id) return known;
  const rotated = unwrap(await client.api.PATCH(`${PATH}/{id}`, { params, body: { rotateSecret: true } })).data;
  return await keep(sql, { id: reusable.id, url, secret: rotated.secret! });
}
