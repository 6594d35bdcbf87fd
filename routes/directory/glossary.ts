/** Portal routes of the glossary: the ontology pack, the matching dictionary, proposals and term updates. */
import { createRoute, z } from "@hono/zod-openapi";
import type { Context } from "hono";
import * as directory from "@/domain/directory/mod.ts";
import { AppError } from "@/domain/errors.ts";
import { portalAuth, requireScope } from "../_auth.ts";
import type { AppEnv } from "../_env.ts";
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
  router,
  versionParam,
} from "../_validate.ts";
import type { DirectoryRouteDeps } from "./_shared.ts";

const Pack = z.object({
  version: z.number().int(),
  generatedAt: z.string(),
  concepts: z.array(z.object({
    id: z.uuid(),
    notation: z.string(),
    aliases: z.array(z.string()),
    abbreviations: z.array(z.string()),
    definition: z.string(),
    scope: z.string().nullable(),
  })),
  relations: z.array(z.object({ sourceId: z.uuid(), type: z.string(), targetId: z.string() })),
}).openapi("OntologyPack");

const MatchingTerm = z.object({
  id: z.uuid(),
  notation: z.string(),
  aliases: z.array(z.string()),
  abbreviations: z.array(z.string()),
  definition: z.string(),
  version: z.number().int(),
}).openapi("MatchingTerm");

/** `scope` may repeat: `?scope=hr&scope=finance`. */
const scopes = (c: Context<AppEnv>) => c.req.queries("scope")?.filter((s) => s !== "") ?? [];

/** The portal as an audit actor. */
export function portalActor(c: Context<AppEnv>): directory.Actor {
  return { kind: "portal", id: c.var.portal.portalId, label: c.var.portal.method, requestId: c.var.requestId };
}

/** `GET /ontology/pack`, `GET /glossary/matching-terms`, `POST /glossary/term-proposals`, `PATCH /glossary/terms/{id}`. */
export function glossaryRoutes({ ctx, auth }: DirectoryRouteDeps) {
  const app = router();
  const base = (scope: "glossary:read" | "glossary:write") => ({
    tags: ["directory portal"],
    security: [{ portalBearer: [] }],
    middleware: [portalAuth(auth), requireScope(scope)],
  });

  app.openapi(
    createRoute({
      ...base("glossary:read"),
      method: "get",
      path: "/ontology/pack",
      summary: "Approved concepts and relations, narrowed by scope; strong ETag, 304 on If-None-Match",
      request: { query: z.object({ scope: z.string().max(100).optional(), since: versionParam.optional() }) },
      responses: { 200: json(itemOf(Pack)), 304: { description: "Not modified" }, ...problems(400, 401, 403, 429) },
    }),
    async (c) => {
      const since = c.req.valid("query").since ?? 0;
      const tag = await directory.currentPackTag(ctx, scopes(c), since);
      const sent = c.req.header("if-none-match");
      if (sent && sent.split(",").map((s) => s.trim()).includes(tag)) return c.body(null, 304, { etag: tag });
      const { pack, etag } = await directory.ontologyPack(ctx, scopes(c), since);
      return c.json({ data: pack }, 200, { etag, "cache-control": "no-cache" });
    },
  );

  app.openapi(
    createRoute({
      ...base("glossary:read"),
      method: "get",
      path: "/glossary/matching-terms",
      summary: "The matching dictionary of approved, active terms (tombstones after `since`)",
      request: {
        query: z.object({
          scope: z.string().max(100).optional(),
          since: versionParam.optional(),
          limit: limitParam(1000),
          cursor: z.string().max(1000).optional(),
        }),
      },
      responses: {
        200: json(listOf(z.union([MatchingTerm, directory.schemas.Tombstone]))),
        ...problems(400, 401, 403, 429),
      },
    }),
    async (c) => listResponse(await directory.matchingTerms(ctx, { ...c.req.valid("query"), scope: scopes(c) })),
  );

  app.openapi(
    createRoute({
      ...base("glossary:write"),
      method: "post",
      path: "/glossary/term-proposals",
      summary: "Propose terms (always `proposed`); existing notations are skipped",
      request: jsonBody(directory.schemas.TermProposals),
      responses: {
        200: json(itemOf(z.object({
          proposed: z.array(z.object({ id: z.uuid(), notation: z.string() })),
          skipped: z.array(z.object({ notation: z.string(), reason: z.literal("exists"), termId: z.uuid() })),
        }))),
        ...problems(400, 401, 403, 413, 415, 429),
      },
    }),
    async (c) =>
      c.json(
        itemBody(await directory.proposeTerms(ctx, portalActor(c), c.var.portal.portalId, c.req.valid("json").terms)),
        200,
      ),
  );

  app.openapi(
    createRoute({
      ...base("glossary:write"),
      method: "patch",
      path: "/glossary/terms/{id}",
      summary: "Update a term's definition, aliases, abbreviations or scope; its status never changes here",
      request: { params: IdParams, ...jsonBody(directory.schemas.PortalTermPatch) },
      responses: { 200: json(itemOf(directory.schemas.Term)), ...problems(400, 401, 403, 404, 409, 413, 415, 429) },
    }),
    async (c) => {
      const { status, ...patch } = c.req.valid("json");
      if (status !== undefined) {
        throw new AppError("status_not_writable", "A term's status changes only by an administrator's decision");
      }
      return c.json(itemBody(await directory.updateTerm(ctx, portalActor(c), c.req.valid("param").id, patch)), 200);
    },
  );
  return app;
}
