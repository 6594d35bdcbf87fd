/** Portal routes of content-term links and content bodies. */
import { createRoute, z } from "@hono/zod-openapi";
import * as directory from "@/domain/directory/mod.ts";
import { AppError } from "@/domain/errors.ts";
import { actorOf, portalAccess } from "../_auth.ts";
import { bodyKind } from "../_body.ts";
import {
  itemBody,
  itemOf,
  json,
  jsonBody,
  limitParam,
  listOf,
  listResponse,
  problems,
  queryBool,
  router,
  uuid,
  versionParam,
} from "../_validate.ts";
import type { DirectoryRouteDeps } from "./_shared.ts";

/** `GET`, `POST`, `DELETE /content-term-links`, `POST /content-bodies`, `GET /content-bodies/{id}`. */
export function linksRoutes({ ctx, auth }: DirectoryRouteDeps) {
  const app = router();
  const base = (scope: "glossary:read" | "glossary:write") => ({
    tags: ["directory portal"],
    ...portalAccess(auth, scope),
  });

  app.openapi(
    createRoute({
      ...base("glossary:read"),
      method: "get",
      path: "/content-term-links",
      operationId: "listContentTermLinks",
      summary: "Links in version order (tombstones included unless includeDeleted=false)",
      request: {
        query: z.object({
          contentKey: directory.schemas.ContentKey.optional(),
          portalId: z.string().max(100).optional(),
          termId: uuid.optional(),
          since: versionParam.optional(),
          includeTerm: queryBool(false),
          includeDeleted: queryBool(true),
          limit: limitParam(100),
          cursor: z.string().max(1000).optional(),
        }),
      },
      responses: { 200: json(listOf(directory.schemas.Link)), ...problems(400, 401, 403, 429) },
    }),
    async (c) => listResponse(await directory.listLinks(ctx, c.req.valid("query"))),
  );

  app.openapi(
    createRoute({
      ...base("glossary:write"),
      middleware: [...base("glossary:write").middleware, bodyKind("batch")],
      method: "post",
      path: "/content-term-links",
      operationId: "pushContentTermLinks",
      summary: "Push links (idempotent); terms not approved or active, and protected pairs, come back in skipped",
      request: jsonBody(directory.schemas.LinkPush),
      responses: {
        200: json(itemOf(directory.schemas.LinkPushResult)),
        ...problems(400, 401, 403, 413, 415, 429),
      },
    }),
    async (c) =>
      c.json(
        itemBody(await directory.pushLinks(ctx, actorOf(c), c.var.portal.portalId, c.req.valid("json").links)),
        200,
      ),
  );

  app.openapi(
    createRoute({
      ...base("glossary:write"),
      method: "delete",
      path: "/content-term-links",
      operationId: "deleteContentTermLinks",
      summary: "Soft-delete the caller's links selected by contentKey and/or termId",
      request: {
        query: z.object({
          contentKey: directory.schemas.ContentKey.optional(),
          termId: uuid.optional(),
          portalId: z.string().max(100).optional(),
        }),
      },
      responses: { 200: json(itemOf(directory.schemas.LinksTombstoned)), ...problems(400, 401, 403, 429) },
    }),
    async (c) => {
      const q = c.req.valid("query");
      if (!q.contentKey && !q.termId) throw new AppError("invalid_request", "contentKey or termId is required");
      return c.json(itemBody(await directory.deleteLinks(ctx, actorOf(c), c.var.portal.portalId, q)), 200);
    },
  );

  app.openapi(
    createRoute({
      ...base("glossary:write"),
      middleware: [...base("glossary:write").middleware, bodyKind("batch")],
      method: "post",
      path: "/content-bodies",
      operationId: "submitContentBody",
      summary: "Queue a content body for the term-linking worker (the body is deleted once linked)",
      request: jsonBody(directory.schemas.ContentBody),
      responses: {
        202: json(itemOf(directory.schemas.ContentBodyQueued), "Queued"),
        ...problems(400, 401, 403, 413, 415, 429),
      },
    }),
    async (c) =>
      c.json(
        itemBody(await directory.queueContentBody(ctx, actorOf(c), c.var.portal.portalId, c.req.valid("json"))),
        202,
      ),
  );

  app.openapi(
    createRoute({
      ...base("glossary:write"),
      method: "get",
      path: "/content-bodies/{id}",
      operationId: "getContentBodyJob",
      summary: "The state of a queued content body (the caller's own)",
      request: { params: z.object({ id: uuid.openapi({ param: { name: "id", in: "path" } }) }) },
      responses: {
        200: json(itemOf(directory.schemas.ContentBodyStatus)),
        ...problems(400, 401, 403, 404, 429),
      },
    }),
    async (c) =>
      c.json(
        itemBody(await directory.contentBodyStatus(ctx, c.var.portal.portalId, c.req.valid("param").id)),
        200,
      ),
  );
  return app;
}
