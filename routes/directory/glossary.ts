/** Portal routes of the glossary: the ontology pack, the matching dictionary, proposals and term updates. */
import { createRoute, z } from "@hono/zod-openapi";
import * as directory from "@/domain/directory/mod.ts";
import { AppError } from "@/domain/errors.ts";
import { actorOf, portalAccess } from "../_auth.ts";
import { bodyKind } from "../_body.ts";
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
  repeatableQuery,
  router,
  versionParam,
} from "../_validate.ts";
import type { DirectoryRouteDeps } from "./_shared.ts";

/**
 * `scope` may repeat (`?scope=hr&scope=finance`): a concept is in when its scope is any of them, or it has none
 * (it applies everywhere); without `scope`, every concept is in.
 */
const scopeQuery = repeatableQuery(100, 50).describe(
  "Repeatable: a concept is included when its scope is any of the given ones or it has no scope; none given: all",
);

/**
 * `GET /ontology/pack`, `GET /glossary/matching-terms`, `POST /glossary/term-proposals`, `PATCH /glossary/terms/{id}`
 * (an edit of an approved term waits for an administrator as a revision).
 */
export function glossaryRoutes({ ctx, auth }: DirectoryRouteDeps) {
  const app = router();
  const base = (scope: "glossary:read" | "glossary:write") => ({
    tags: ["directory portal"],
    ...portalAccess(auth, scope),
  });

  app.openapi(
    createRoute({
      ...base("glossary:read"),
      method: "get",
      path: "/ontology/pack",
      operationId: "getOntologyPack",
      summary: "Approved concepts and relations, narrowed by scope; strong ETag, 304 on If-None-Match",
      request: { query: z.object({ scope: scopeQuery, since: versionParam.optional() }) },
      responses: {
        200: json(itemOf(directory.schemas.OntologyPack)),
        304: { description: "Not modified" },
        ...problems(400, 401, 403, 429),
      },
    }),
    async (c) => {
      const { scope: scopes, since = 0 } = c.req.valid("query");
      const tag = await directory.currentPackTag(ctx, scopes, since);
      const sent = c.req.header("if-none-match");
      if (sent && sent.split(",").map((s) => s.trim()).includes(tag)) return c.body(null, 304, { etag: tag });
      const { pack, etag } = await directory.ontologyPack(ctx, scopes, since);
      return c.json({ data: pack }, 200, { etag, "cache-control": "no-cache" });
    },
  );

  app.openapi(
    createRoute({
      ...base("glossary:read"),
      method: "get",
      path: "/glossary/matching-terms",
      operationId: "listMatchingTerms",
      summary: "The matching dictionary of approved, active terms (tombstones after `since`)",
      request: {
        query: z.object({
          scope: scopeQuery,
          since: versionParam.optional(),
          limit: limitParam(1000),
          cursor: z.string().max(1000).optional(),
        }),
      },
      responses: {
        200: json(listOf(z.union([directory.schemas.MatchingTerm, directory.schemas.Tombstone]))),
        ...problems(400, 401, 403, 429),
      },
    }),
    async (c) => listResponse(await directory.matchingTerms(ctx, c.req.valid("query"))),
  );

  app.openapi(
    createRoute({
      ...base("glossary:write"),
      middleware: [...base("glossary:write").middleware, bodyKind("batch")],
      method: "post",
      path: "/glossary/term-proposals",
      operationId: "proposeTerms",
      summary: "Propose terms (always `proposed`); existing notations are skipped",
      request: jsonBody(directory.schemas.TermProposals),
      responses: {
        200: json(itemOf(directory.schemas.ProposalResult)),
        ...problems(400, 401, 403, 413, 415, 429),
      },
    }),
    async (c) =>
      c.json(
        itemBody(await directory.proposeTerms(ctx, actorOf(c), c.var.portal.portalId, c.req.valid("json").terms)),
        200,
      ),
  );

  app.openapi(
    createRoute({
      ...base("glossary:write"),
      method: "patch",
      path: "/glossary/terms/{id}",
      operationId: "updateTerm",
      summary: "Edit a term's definition, aliases, abbreviations or scope; its status never changes here",
      description: "A proposed or rejected term is edited in place, only by the portal that proposed it " +
        "(another portal: 403 portal_mismatch), and answers 200 with the term. A term that has been approved keeps " +
        "its approved text: the edit becomes this portal's pending revision (replacing the one it had) and answers " +
        "202 with it; an administrator approves or rejects it. An edit equal to the approved text withdraws it (200).",
      request: { params: IdParams, ...jsonBody(directory.schemas.PortalTermPatch) },
      responses: {
        200: json(itemOf(directory.schemas.Term)),
        202: json(itemOf(directory.schemas.TermRevision), "Held for an administrator's review"),
        ...problems(400, 401, 403, 404, 409, 413, 415, 429),
      },
    }),
    async (c) => {
      const { status, ...patch } = c.req.valid("json");
      if (status !== undefined) {
        throw new AppError("status_not_writable", "A term's status changes only by an administrator's decision");
      }
      const edit = await directory.editTermAsPortal(ctx, actorOf(c), c.var.portal.portalId, {
        id: c.req.valid("param").id,
        patch,
      });
      return "pending" in edit ? c.json(itemBody(edit.pending), 202) : c.json(itemBody(edit.applied), 200);
    },
  );
  return app;
}
