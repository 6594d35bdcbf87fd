/** Admin routes of the glossary's approval gate for edits: the revisions portals proposed, and the decisions. */
import { createRoute, z } from "@hono/zod-openapi";
import * as directory from "@/domain/directory/mod.ts";
import { actorOf, adminAccess } from "../../_auth.ts";
import {
  IdParams,
  itemBody,
  itemOf,
  json,
  limitParam,
  listOf,
  listResponse,
  problems,
  router,
  uuid,
} from "../../_validate.ts";
import type { DirectoryRouteDeps } from "../_shared.ts";

/** `GET /term-revisions`, `GET /term-revisions/{id}`, `POST /term-revisions/{id}/approve|reject`. */
export function termRevisionsAdminRoutes({ ctx, auth }: DirectoryRouteDeps) {
  const app = router();
  const base = { tags: ["directory admin"], ...adminAccess(auth) };
  const revision = json(itemOf(directory.schemas.TermRevision));

  app.openapi(
    createRoute({
      ...base,
      method: "get",
      path: "/term-revisions",
      operationId: "adminListTermRevisions",
      summary: "Portals' edits of approved terms, oldest first (the review queue is status=pending, the default)",
      request: {
        query: z.object({
          status: z.enum(directory.schemas.REVISION_STATUSES).default("pending").describe(
            "Only revisions in this status",
          ),
          termId: uuid.optional(),
          limit: limitParam(100),
          cursor: z.string().max(1000).optional(),
        }),
      },
      responses: { 200: json(listOf(directory.schemas.TermRevision)), ...problems(400, 401) },
    }),
    async (c) => listResponse(await directory.listRevisions(ctx, c.req.valid("query"))),
  );

  app.openapi(
    createRoute({
      ...base,
      method: "get",
      path: "/term-revisions/{id}",
      operationId: "adminGetTermRevision",
      summary: "One revision: what it changes and the term's values of those fields now",
      request: { params: IdParams },
      responses: { 200: revision, ...problems(400, 401, 404) },
    }),
    async (c) => c.json(itemBody(await directory.getRevision(ctx, c.req.valid("param").id)), 200),
  );

  for (const decision of ["approve", "reject"] as const) {
    app.openapi(
      createRoute({
        ...base,
        method: "post",
        path: `/term-revisions/{id}/${decision}`,
        operationId: `admin${decision[0].toUpperCase()}${decision.slice(1)}TermRevision`,
        summary: decision === "approve"
          ? "Approve a pending revision: its changes are applied to the term at a new glossary version"
          : "Reject a pending revision: the term keeps its approved text",
        request: { params: IdParams },
        responses: { 200: revision, ...problems(400, 401, 404, 409) },
      }),
      async (c) =>
        c.json(itemBody(await directory.decideRevision(ctx, actorOf(c), c.req.valid("param").id, decision)), 200),
    );
  }
  return app;
}
