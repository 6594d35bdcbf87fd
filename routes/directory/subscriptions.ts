/** A portal's webhook subscriptions (issue 19): register, list, read, pause/resume/rotate, delete. */
import { createRoute, z } from "@hono/zod-openapi";
import * as directory from "@/domain/directory/mod.ts";
import { actorOf, portalAccess } from "../_auth.ts";
import { IdParams, itemBody, itemOf, json, jsonBody, problems, router } from "../_validate.ts";
import type { DirectoryRouteDeps } from "./_shared.ts";

const { Subscription, SubscriptionCreate, SubscriptionUpdate, WebhookEvent } = directory.webhookSchemas;

/** The delivery a subscription's URL receives, for the OpenAPI document's `webhooks` (registered at the root). */
export const webhookDelivery = createRoute({
  method: "post",
  path: "directory.changed",
  operationId: "directoryChanged",
  // The receiver checks the signature headers; the delivery carries no credential of a scheme.
  security: [],
  tags: ["directory portal"],
  summary: "Sent to a subscription's URL: which records of a resource changed in a range of versions",
  request: {
    headers: z.object({
      "webhook-id": z.string().describe("The same on a retry of the same range: drop repeats by it"),
      "webhook-timestamp": z.string().describe("Unix seconds when signed"),
      "webhook-signature": z.string().describe("Space-separated `v1,<base64 HMAC-SHA256>`, one per valid secret"),
    }),
    ...jsonBody(WebhookEvent),
  },
  responses: { 204: { description: "Any 2xx accepts the delivery; anything else, or no answer, is retried" } },
});

/** `POST`/`GET /subscriptions`, `GET`/`PATCH`/`DELETE /subscriptions/{id}`. */
export function subscriptionsRoutes({ ctx, auth }: DirectoryRouteDeps) {
  const app = router();
  const common = {
    tags: ["directory portal"],
    ...portalAccess(auth, "webhooks:manage"),
  };
  const one = json(itemOf(Subscription));

  app.openapi(
    createRoute({
      ...common,
      method: "post",
      path: "/subscriptions",
      operationId: "createSubscription",
      summary: "Register a webhook subscription; the answer holds its signing secret, shown this once",
      request: jsonBody(SubscriptionCreate),
      responses: { 201: json(itemOf(Subscription), "Created"), ...problems(400, 401, 403, 413, 415, 422, 429) },
    }),
    async (c) => {
      const created = await directory.createSubscription(ctx, actorOf(c), c.var.portal.portalId, c.req.valid("json"));
      return c.json(itemBody(created), 201);
    },
  );

  app.openapi(
    createRoute({
      ...common,
      method: "get",
      path: "/subscriptions",
      operationId: "listSubscriptions",
      summary: "The calling portal's subscriptions with their recent deliveries",
      responses: { 200: json(itemOf(z.object({ items: z.array(Subscription) }))), ...problems(401, 403, 429) },
    }),
    async (c) => c.json(itemBody({ items: await directory.listSubscriptions(ctx, c.var.portal.portalId) }), 200),
  );

  app.openapi(
    createRoute({
      ...common,
      method: "get",
      path: "/subscriptions/{id}",
      operationId: "getSubscription",
      summary: "One of the calling portal's subscriptions (404 for another portal's)",
      request: { params: IdParams },
      responses: { 200: one, ...problems(400, 401, 403, 404, 429) },
    }),
    async (c) =>
      c.json(itemBody(await directory.getSubscription(ctx, c.var.portal.portalId, c.req.valid("param").id)), 200),
  );

  app.openapi(
    createRoute({
      ...common,
      method: "patch",
      path: "/subscriptions/{id}",
      operationId: "updateSubscription",
      summary: "Pause or resume (also a failing one) a subscription, or rotate its secret",
      request: { params: IdParams, ...jsonBody(SubscriptionUpdate) },
      responses: { 200: one, ...problems(400, 401, 403, 404, 413, 415, 429) },
    }),
    async (c) => {
      const updated = await directory.updateSubscription(
        ctx,
        actorOf(c),
        c.var.portal.portalId,
        c.req.valid("param").id,
        c.req.valid("json"),
      );
      return c.json(itemBody(updated), 200);
    },
  );

  app.openapi(
    createRoute({
      ...common,
      method: "delete",
      path: "/subscriptions/{id}",
      operationId: "deleteSubscription",
      summary: "Delete a subscription; nothing more is delivered to it",
      request: { params: IdParams },
      responses: { 204: { description: "Deleted" }, ...problems(400, 401, 403, 404, 429) },
    }),
    async (c) => {
      await directory.deleteSubscription(ctx, actorOf(c), c.var.portal.portalId, c.req.valid("param").id);
      return c.body(null, 204);
    },
  );
  return app;
}
