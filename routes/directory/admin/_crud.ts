/**
 * The admin API's six routes per ledger resource (list, get, create, update with
 * version, deactivate, delete), generated from one spec so companies, departments
 * and users behave the same way.
 */
import { createRoute, type OpenAPIHono, z } from "@hono/zod-openapi";
import { type Actor, type Page, schemas } from "@/domain/directory/mod.ts";
import type { AppEnv } from "../../_env.ts";
import { IdParams, itemBody, itemOf, json, jsonBody, listOf, listResponse, problems } from "../../_validate.ts";
import { type Access, actorOf } from "../../_auth.ts";

/** How one resource is listed, read and changed. */
export interface CrudSpec<Q, C, P extends { version: number }, R> {
  /** Plural path segment: `users`. */
  path: string;
  /** The record's name in operation ids and summaries, singular and plural: `["User", "Users"]`. */
  names: [string, string];
  tag: string;
  record: z.ZodType<R>;
  listItem: z.ZodType;
  query: z.ZodType<Q>;
  createBody: z.ZodType<C>;
  patchBody: z.ZodType<P>;
  list(query: Q): Promise<Page>;
  get(id: string): Promise<R>;
  create(actor: Actor, body: C): Promise<R>;
  update(actor: Actor, id: string, version: number, patch: Omit<P, "version">): Promise<R>;
  deactivate(actor: Actor, id: string): Promise<R>;
  remove(actor: Actor, id: string): Promise<unknown>;
}

/** Registers the six routes of `spec` on `app` behind `access`. */
export function registerCrud<Q, C, P extends { version: number }, R>(
  app: OpenAPIHono<AppEnv>,
  access: Access,
  spec: CrudSpec<Q, C, P, R>,
) {
  const base = { tags: [spec.tag], ...access };
  const [one, many] = spec.names;
  const a = one.toLowerCase();
  const item = json(itemOf(spec.record));
  const deleted = json(itemOf(schemas.Tombstone));
  const body = <T>(c: { req: { valid(target: "json"): unknown } }) => c.req.valid("json") as T;
  // The response schemas are generic here, so the typed-response check cannot follow them; the
  // schemas still document and the handlers still return exactly the record of the spec.
  const send = (c: { json(body: unknown, status: 200 | 201): Response }, body: unknown, status: 200 | 201 = 200) =>
    c.json(body, status) as never;
  const id = (c: { req: { valid(target: "param"): unknown } }) => (c.req.valid("param") as { id: string }).id;

  app.openapi(
    createRoute({
      ...base,
      method: "get",
      path: `/${spec.path}`,
      operationId: `adminList${many}`,
      summary: `List ${many.toLowerCase()} by cursor, or read their change feed with updatedSince`,
      request: { query: spec.query as z.ZodObject },
      responses: { 200: json(listOf(spec.listItem)), ...problems(400, 401, 410) },
    }),
    async (c) => listResponse(await spec.list(c.req.valid("query") as Q)),
  );
  app.openapi(
    createRoute({
      ...base,
      method: "get",
      path: `/${spec.path}/{id}`,
      operationId: `adminGet${one}`,
      summary: `One ${a}`,
      request: { params: IdParams },
      responses: { 200: item, ...problems(400, 401, 404) },
    }),
    async (c) => send(c, itemBody(await spec.get(id(c)))),
  );
  app.openapi(
    createRoute({
      ...base,
      method: "post",
      path: `/${spec.path}`,
      operationId: `adminCreate${one}`,
      summary: `Create a ${a}`,
      request: jsonBody(spec.createBody),
      responses: { 201: json(itemOf(spec.record), "Created"), ...problems(400, 401, 409, 413, 415, 422) },
    }),
    async (c) => send(c, itemBody(await spec.create(actorOf(c), body<C>(c))), 201),
  );
  app.openapi(
    createRoute({
      ...base,
      method: "patch",
      path: `/${spec.path}/{id}`,
      operationId: `adminUpdate${one}`,
      summary: `Change a ${a} (send the version read; a ${a} changed since is 409)`,
      request: { params: IdParams, ...jsonBody(spec.patchBody) },
      responses: { 200: item, ...problems(400, 401, 404, 409, 413, 415, 422) },
    }),
    async (c) => {
      const { version, ...patch } = body<P>(c);
      return send(c, itemBody(await spec.update(actorOf(c), id(c), version, patch)));
    },
  );
  app.openapi(
    createRoute({
      ...base,
      method: "post",
      path: `/${spec.path}/{id}/deactivate`,
      operationId: `adminDeactivate${one}`,
      summary: `Deactivate a ${a}: it stays, marked inactive`,
      request: { params: IdParams },
      responses: { 200: item, ...problems(400, 401, 404) },
    }),
    async (c) => send(c, itemBody(await spec.deactivate(actorOf(c), id(c)))),
  );
  app.openapi(
    createRoute({
      ...base,
      method: "delete",
      path: `/${spec.path}/{id}`,
      operationId: `adminDelete${one}`,
      summary: `Delete a ${a}; portals see a tombstone in the change feed`,
      request: { params: IdParams },
      responses: { 200: deleted, ...problems(400, 401, 404, 409) },
    }),
    async (c) => send(c, itemBody(await spec.remove(actorOf(c), id(c)))),
  );
}
