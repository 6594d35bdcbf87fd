/**
 * Validation at the edge: every router is an OpenAPIHono whose zod schemas both
 * validate requests and generate `/openapi.json`, with one hook that turns a
 * failed validation into 400 invalid_request.
 */
import { OpenAPIHono, z } from "@hono/zod-openapi";
import type { AppEnv } from "./_env.ts";
import { validationHook } from "./_errors.ts";

/** A router for one resource. */
export function router(): OpenAPIHono<AppEnv> {
  return new OpenAPIHono<AppEnv>({ defaultHook: validationHook as never });
}

/** A boolean query parameter: `true`/`false` (or 1/0). */
export const queryBool = (fallback: boolean) =>
  z.enum(["true", "false", "1", "0"]).optional().transform((v) =>
    v === undefined ? fallback : v === "true" || v === "1"
  )
    .openapi({ type: "boolean", default: fallback });

/** `limit`: 1 to 1000. */
export const limitParam = (fallback: number) => z.coerce.number().int().min(1).max(1000).default(fallback);

/** A UUID path or query value. */
export const uuid = z.uuid();

/** An optional UUID query value where an empty value means "not given" (legacy portal tokens send it empty). */
export const optionalUuidQuery = z.string().optional().transform((v) => v === "" ? undefined : v).pipe(
  z.uuid().optional(),
)
  .openapi({ type: "string", format: "uuid" });

/**
 * A query value that may repeat (`?scope=hr&scope=finance`): the distinct non-empty values, in the order given; an
 * absent or empty value is none. Documented as an exploded array, which is what a repeated parameter is.
 */
export const repeatableQuery = (maxLength: number, maxCount: number) => {
  const one = z.string().max(maxLength);
  return z.union([one, z.array(one).max(maxCount)]).optional().transform((v) => [
    ...new Set([v ?? []].flat().filter((s) => s !== "")),
  ]).openapi({ type: "array", items: { type: "string", maxLength }, maxItems: maxCount });
};

/** A dataVersion query value. */
export const versionParam = z.coerce.number().int().min(0).max(Number.MAX_SAFE_INTEGER);

/** The `id` path parameter. */
export const IdParams = z.object({ id: uuid.openapi({ param: { name: "id", in: "path" } }) });

/** The problem details body every error uses. */
export const Problem = z.object({
  type: z.string(),
  title: z.string(),
  status: z.number().int(),
  code: z.string(),
  detail: z.string(),
  errors: z.array(z.object({ path: z.string(), message: z.string() })).max(20).optional(),
  /** How many field errors were left out of `errors` (it lists at most 20). */
  errorsOmitted: z.number().int().optional(),
  requestId: z.string().optional(),
}).openapi("Problem");

/** Problem responses, for the OpenAPI document. */
export function problems(...statuses: number[]) {
  const out: Record<
    number,
    { description: string; content: { "application/problem+json": { schema: typeof Problem } } }
  > = {};
  for (const s of statuses) {
    out[s] = { description: "Problem details", content: { "application/problem+json": { schema: Problem } } };
  }
  return out;
}

/** The `meta` of every ledger response. */
export const Meta = z.object({ dataVersion: z.number().int(), generatedAt: z.string() }).openapi("Meta");

/** A list envelope around item schema `item`. */
export function listOf<T extends z.ZodType>(item: T) {
  return z.object({ data: z.object({ items: z.array(item), nextCursor: z.string().nullable() }), meta: Meta });
}

/** A single-record envelope. */
export function itemOf<T extends z.ZodType>(item: T) {
  return z.object({ data: item, meta: z.object({ generatedAt: z.string() }).optional() });
}

/**
 * A list response: the page's items are JSON the database already rendered, so the
 * envelope is spliced around that text instead of parsing and re-encoding it.
 * The `json` return type keeps the route's declared response schema.
 */
export function listResponse(page: { items: string; nextCursor: string | null; dataVersion: number }) {
  const meta = JSON.stringify({ dataVersion: page.dataVersion, generatedAt: new Date().toISOString() });
  const body = `{"data":{"items":${page.items},"nextCursor":${JSON.stringify(page.nextCursor)}},"meta":${meta}}`;
  return new Response(body, { status: 200, headers: { "content-type": "application/json" } }) as never;
}

/** Builds a single-record response body. */
export function itemBody<T>(data: T) {
  return { data, meta: { generatedAt: new Date().toISOString() } };
}

/** A JSON response, for the OpenAPI document. */
export function json<T extends z.ZodType>(schema: T, description = "OK") {
  return { description, content: { "application/json": { schema } } };
}

/** A required JSON request body. */
export function jsonBody<T extends z.ZodType>(schema: T) {
  return { body: { required: true, content: { "application/json": { schema } } } };
}
