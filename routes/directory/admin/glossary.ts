/** Admin routes of the glossary: the review queue and decisions, term edits, relations, and links. */
import { createRoute, z } from "@hono/zod-openapi";
import * as directory from "@/domain/directory/mod.ts";
import { AppError } from "@/domain/errors.ts";
import { actorOf, adminAccess } from "../../_auth.ts";
import {
  IdParams,
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
} from "../../_validate.ts";
import type { DirectoryRouteDeps } from "../_shared.ts";

/**
 * `GET /terms`, `GET`/`PATCH /terms/{id}`, `POST /terms/{id}/approve|reject|deprecate`, relations, `GET` and
 * `POST /content-term-links` (manual links).
 */
export function glossaryAdminRoutes({ ctx, auth }: DirectoryRouteDeps) {
  const app = router();
  const base = { tags: ["directory admin"], ...adminAccess(auth) };
  const term = json(itemOf(directory.schemas.Term));

  app.openapi(
    createRoute({
      ...base,
      method: "get",
      path: "/terms",
      operationId: "adminListTerms",
      summary: "Terms by id, optionally of one status (the review queue is status=proposed)",
      request: {
        query: z.object({
          status: z.enum(directory.schemas.TERM_STATUSES).optional().describe("Only terms in this status"),
          q: z.string().max(200).optional(),
          limit: limitParam(100),
          cursor: z.string().max(1000).optional(),
        }),
      },
      responses: { 200: json(listOf(directory.schemas.Term)), ...problems(400, 401) },
    }),
    async (c) => listResponse(await directory.listTerms(ctx, c.req.valid("query"))),
  );

  app.openapi(
    createRoute({
      ...base,
      method: "get",
      path: "/terms/{id}",
      operationId: "adminGetTerm",
      summary: "One term with its relations",
      request: { params: IdParams },
      responses: { 200: json(itemOf(directory.schemas.TermWithRelations)), ...problems(400, 401, 404) },
    }),
    async (c) => c.json(itemBody(await directory.getTermWithRelations(ctx, c.req.valid("param").id)), 200),
  );

  app.openapi(
    createRoute({
      ...base,
      method: "patch",
      path: "/terms/{id}",
      operationId: "adminUpdateTerm",
      summary: "Edit a term (status changes go through approve, reject and deprecate)",
      request: { params: IdParams, ...jsonBody(directory.schemas.AdminTermPatch) },
      responses: { 200: term, ...problems(400, 401, 404, 409, 413, 415) },
    }),
    async (c) => {
      const { status, ...patch } = c.req.valid("json");
      if (status !== undefined) {
        throw new AppError("status_not_writable", "Use approve, reject or deprecate to change a term's status");
      }
      return c.json(itemBody(await directory.updateTerm(ctx, actorOf(c), c.req.valid("param").id, patch)), 200);
    },
  );

  for (const decision of ["approve", "reject", "deprecate"] as const) {
    app.openapi(
      createRoute({
        ...base,
        method: "post",
        path: `/terms/{id}/${decision}`,
        operationId: `admin${decision[0].toUpperCase()}${decision.slice(1)}Term`,
        summary: decision === "approve"
          ? "Approve a term; links the content named in its evidence"
          : `${decision[0].toUpperCase()}${decision.slice(1)} a term`,
        request: {
          params: IdParams,
          query: z.object({
            version: versionParam.optional().describe(
              "The term's version the decision was made on: a term edited since is 409 version_conflict",
            ),
          }),
        },
        responses: { 200: term, ...problems(400, 401, 404, 409) },
      }),
      async (c) =>
        c.json(
          itemBody(
            await directory.decideTerm(ctx, actorOf(c), c.req.valid("param").id, decision, {
              seen: c.req.valid("query").version,
            }),
          ),
          200,
        ),
    );
  }

  app.openapi(
    createRoute({
      ...base,
      method: "post",
      path: "/relations",
      operationId: "adminCreateRelation",
      summary: "Relate two concepts, or a concept and a reference node; a broader cycle is 422",
      request: jsonBody(directory.schemas.RelationCreate),
      responses: {
        201: json(itemOf(directory.schemas.Relation), "Created"),
        ...problems(400, 401, 404, 409, 413, 415, 422),
      },
    }),
    async (c) => c.json(itemBody(await directory.createRelation(ctx, actorOf(c), c.req.valid("json"))), 201),
  );

  app.openapi(
    createRoute({
      ...base,
      method: "delete",
      path: "/relations/{id}",
      operationId: "adminDeleteRelation",
      summary: "Delete a relation of a term",
      request: { params: IdParams },
      responses: {
        200: json(itemOf(directory.schemas.RelationDeleted)),
        ...problems(400, 401, 404),
      },
    }),
    async (c) => c.json(itemBody(await directory.deleteRelation(ctx, actorOf(c), c.req.valid("param").id)), 200),
  );

  app.openapi(
    createRoute({
      ...base,
      method: "get",
      path: "/content-term-links",
      operationId: "adminListContentTermLinks",
      summary: "Links of every portal (by content key, term or portal)",
      request: {
        query: z.object({
          contentKey: z.string().max(500).optional(),
          portalId: z.string().max(100).optional(),
          termId: uuid.optional(),
          since: versionParam.optional(),
          includeTerm: queryBool(true),
          includeDeleted: queryBool(true),
          limit: limitParam(100),
          cursor: z.string().max(1000).optional(),
        }),
      },
      responses: { 200: json(listOf(directory.schemas.Link)), ...problems(400, 401) },
    }),
    async (c) => listResponse(await directory.listLinks(ctx, c.req.valid("query"))),
  );

  app.openapi(
    createRoute({
      ...base,
      method: "post",
      path: "/content-term-links",
      operationId: "adminCreateContentTermLinks",
      summary: "Link a content to an approved, active term by hand (`manual`: no dictionary push overrides it)",
      request: jsonBody(directory.schemas.ManualLink),
      responses: {
        200: json(itemOf(directory.schemas.Link), "Already linked so; nothing changed"),
        201: json(itemOf(directory.schemas.Link), "Linked"),
        ...problems(400, 401, 404, 413, 415, 422),
      },
    }),
    async (c) => {
      const { link, written } = await directory.linkManually(ctx, actorOf(c), c.req.valid("json"));
      return written ? c.json(itemBody(link), 201) : c.json(itemBody(link), 200);
    },
  );
  return app;
}
