/**
 * The operations of an OpenAPI document as fuzz targets: each becomes an arbitrary
 * of request plans (valid-ish parameters and body from its schemas, then at most one
 * kind of mutation, sometimes several), and a plan becomes a Request.
 */
import fc from "fast-check";
import { type Schema, type SchemaHints, valueFor } from "../_helpers/fuzz_schema.ts";
import {
  applyBodyEdits,
  applyEnvelope,
  applyJsonEdits,
  type BodyEdit,
  bodyEdit,
  buildQuery,
  encodeLoose,
  type Envelope,
  envelope,
  type HeaderEdit,
  headerEdit,
  type JsonEdit,
  jsonEdit,
  type PathEdit,
  pathEdit,
  type QueryEdit,
  queryEdit,
  toJsonText,
} from "../_helpers/fuzz_mutate.ts";

/** The credential an operation asks for, from its `security` requirement. */
export type CredentialKind = "public" | "portal" | "admin" | "user" | "gateway";

/** One parameter of an operation. */
export interface Parameter {
  name: string;
  in: "path" | "query" | "header";
  required: boolean;
  schema: Schema;
}

/** One path and method of the document. */
export interface Operation {
  key: string;
  method: string;
  path: string;
  params: Parameter[];
  body?: { contentTypes: string[]; schema: Schema; required: boolean };
  credential: CredentialKind;
}

/** Lists the operations of an OpenAPI 3.1 document. */
export function operationsOf(doc: { paths: Record<string, Record<string, Record<string, unknown>>> }): Operation[] {
  const out: Operation[] = [];
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(item)) {
      const security = (op.security ?? []) as Record<string, unknown>[];
      const schemes = security.flatMap((s) => Object.keys(s));
      const credential: CredentialKind = schemes.includes("gatewayKey")
        ? "gateway"
        : schemes.includes("adminKey")
        ? "admin"
        : schemes.includes("userBearer")
        ? "user"
        : schemes.includes("portalBearer")
        ? "portal"
        : "public";
      const requestBody = op.requestBody as
        | { required?: boolean; content: Record<string, { schema: Schema }> }
        | undefined;
      const contentTypes = Object.keys(requestBody?.content ?? {});
      out.push({
        key: `${method.toUpperCase()} ${path}`,
        method: method.toUpperCase(),
        path,
        params: ((op.parameters ?? []) as Parameter[]).map((p) => ({ ...p, required: p.required ?? false })),
        body: requestBody
          ? {
            contentTypes,
            schema: requestBody.content[contentTypes[0]].schema,
            required: requestBody.required ?? false,
          }
          : undefined,
        credential,
      });
    }
  }
  return out;
}

/** Which layer a plan mutates. */
export type Mode =
  | "valid"
  | "json"
  | "bytes"
  | "envelope"
  | "query"
  | "path"
  | "headers"
  | "credential"
  | "method"
  | "mix";

const MODES: { weight: number; arbitrary: fc.Arbitrary<Mode> }[] = [
  { weight: 6, arbitrary: fc.constant("valid") },
  { weight: 5, arbitrary: fc.constant("json") },
  { weight: 2, arbitrary: fc.constant("bytes") },
  { weight: 2, arbitrary: fc.constant("envelope") },
  { weight: 3, arbitrary: fc.constant("query") },
  { weight: 1, arbitrary: fc.constant("path") },
  { weight: 2, arbitrary: fc.constant("headers") },
  { weight: 2, arbitrary: fc.constant("credential") },
  { weight: 1, arbitrary: fc.constant("method") },
  { weight: 1, arbitrary: fc.constant("mix") },
];

/** A request before it is sent: generated values and the edits to apply to them. */
export interface Plan {
  mode: Mode;
  pathValues: unknown[];
  queryValues: (unknown | undefined)[];
  body: unknown;
  /** An index into the right credentials, or (when `wrongCredential`) into the wrong ones. */
  credential: number;
  wrongCredential: boolean;
  jsonEdits: JsonEdit[];
  bodyEdits: BodyEdit[];
  envelope: Envelope | null;
  queryEdits: QueryEdit[];
  pathEdits: PathEdit[];
  headerEdits: HeaderEdit[];
  method: string | null;
  /** An `Accept` header, sent in every mode: answers may stream as server-sent events. */
  accept: string | null;
}

/** Body generators for media types that are not JSON: the rows of an import, as CSV or JSON Lines. */
export interface TextBodies {
  /** The schema of one imported row (its fields name the CSV columns). */
  row?: Schema;
}

/** The arbitrary of plans for `op`. */
export function planFor(
  op: Operation,
  hints: SchemaHints,
  components: Record<string, Schema>,
  text: TextBodies,
): fc.Arbitrary<Plan> {
  const ctx = (path: string) => ({ hints, components, path });
  const pathParams = op.params.filter((p) => p.in === "path");
  const queryParams = op.params.filter((p) => p.in === "query");
  const isJson = op.body?.contentTypes.includes("application/json") ?? false;
  const bodyArb = !op.body
    ? fc.constant(undefined)
    : isJson
    ? valueFor(op.body.schema, ctx(""))
    : fc.array(valueFor(text.row ?? { type: "object" }, ctx("")), { minLength: 1, maxLength: 3 });
  const small = <T>(arb: fc.Arbitrary<T>) => fc.array(arb, { minLength: 1, maxLength: 3 });
  return fc.record({
    mode: fc.oneof(...MODES),
    pathValues: fc.tuple(...pathParams.map((p) => valueFor(p.schema, ctx(`path.${p.name}`)))),
    queryValues: fc.tuple(
      ...queryParams.map((p) =>
        p.required
          ? valueFor(p.schema, ctx(`query.${p.name}`))
          : fc.option(valueFor(p.schema, ctx(`query.${p.name}`)), { nil: undefined, freq: 2 })
      ),
    ),
    body: bodyArb,
    credential: fc.nat(),
    wrongCredential: fc.boolean(),
    jsonEdits: small(jsonEdit()),
    bodyEdits: small(bodyEdit()),
    envelope: envelope(),
    queryEdits: small(queryEdit()),
    pathEdits: fc.array(pathEdit(), { minLength: 1, maxLength: 1 }),
    headerEdits: small(headerEdit()),
    method: fc.constantFrom("GET", "POST", "PUT", "PATCH", "DELETE", "OPTIONS", "HEAD"),
    accept: fc.constantFrom(null, null, "text/event-stream", "application/json", "text/html", "*/*"),
  }).map((p): Plan => {
    const on = (m: Mode) => p.mode === m || p.mode === "mix";
    return {
      ...p,
      pathValues: p.pathValues as unknown[],
      queryValues: p.queryValues as unknown[],
      wrongCredential: on("credential") && (p.mode === "credential" || p.wrongCredential),
      jsonEdits: on("json") ? p.jsonEdits : [],
      bodyEdits: on("bytes") ? p.bodyEdits : [],
      envelope: on("envelope") ? p.envelope : null,
      queryEdits: on("query") ? p.queryEdits : [],
      pathEdits: on("path") ? p.pathEdits : [],
      headerEdits: on("headers") ? p.headerEdits : [],
      method: p.mode === "method" ? p.method : null,
    };
  });
}

function scalarText(v: unknown): string {
  return typeof v === "string" ? v : v === null || v === undefined ? "" : JSON.stringify(v);
}

function csvCell(v: unknown): string {
  const s = scalarText(v);
  return /[",\n\r]/.test(s) ? `"${s.replaceAll('"', '""')}"` : s;
}

/** The import body: CSV with a header row of the rows' fields, or JSON Lines. */
function textBody(rows: unknown, contentType: string): string {
  const list = Array.isArray(rows) ? rows : [rows];
  if (contentType !== "text/csv") return list.map((r) => toJsonText(r)).join("\n");
  const objects = list.map((r) => (r !== null && typeof r === "object" && !Array.isArray(r) ? r : { value: r }));
  const columns = [...new Set(objects.flatMap((o) => Object.keys(o)))];
  const lines = objects.map((o) => columns.map((c) => csvCell((o as Record<string, unknown>)[c])).join(","));
  return [columns.map(csvCell).join(","), ...lines].join("\n");
}

/** Headers that carry one credential. */
export type Credential = { label: string; headers: [string, string][] };

/** What a plan needs to become a request. */
export interface Materials {
  right: Credential[];
  wrong: Credential[];
}

/** A plan made concrete, ready to send (and to print when it fails). */
export interface Built {
  method: string;
  url: string;
  headers: Headers;
  body?: Uint8Array;
  credential: string;
}

/** Turns a plan into a request. */
export async function build(op: Operation, plan: Plan, m: Materials): Promise<Built> {
  const pathParams = op.params.filter((p) => p.in === "path");
  const queryParams = op.params.filter((p) => p.in === "query");
  const pathValues = pathParams.map((_, i) => encodeLoose(scalarText(plan.pathValues[i])));
  for (const edit of plan.pathEdits) {
    if (pathValues.length === 0) break;
    const at = edit.at % pathValues.length;
    const value = edit.raw ? edit.value : encodeLoose(edit.value);
    pathValues[at] = edit.append ? pathValues[at] + value : value;
  }
  let path = op.path;
  pathParams.forEach((p, i) => path = path.replace(`{${p.name}}`, pathValues[i]));
  const pairs: [string, string][] = [];
  queryParams.forEach((p, i) => {
    const v = plan.queryValues[i];
    if (v === undefined || v === null) return;
    for (const item of Array.isArray(v) ? v : [v]) pairs.push([p.name, scalarText(item)]);
  });
  const query = buildQuery(pairs, queryParams.map((p) => p.name), plan.queryEdits);
  const method = plan.method ?? op.method;
  const headers = new Headers();
  const pool = plan.wrongCredential ? m.wrong : m.right;
  const credential = pool.length > 0 ? pool[plan.credential % pool.length] : { label: "none", headers: [] };
  for (const [k, v] of credential.headers) headers.append(k, v);
  if (plan.accept !== null) headers.set("accept", plan.accept);
  let body: Uint8Array | undefined;
  if (op.body && method !== "GET" && method !== "HEAD") {
    const contentType = op.body.contentTypes[0];
    const value = applyJsonEdits(plan.body, plan.jsonEdits);
    const text = contentType === "application/json" ? toJsonText(value) : textBody(value, contentType);
    const bytes = applyBodyEdits(new TextEncoder().encode(text), plan.bodyEdits);
    const sealed = await applyEnvelope(bytes, contentType, plan.envelope ?? {});
    body = sealed.body;
    for (const [k, v] of sealed.headers) headers.set(k, v);
  }
  for (const edit of plan.headerEdits) {
    const name = edit.name === "x-oversized" ? `x-fuzz-${edit.value.length}` : edit.name;
    if (edit.append) headers.append(name, edit.value);
    else headers.set(name, edit.value);
  }
  return { method, url: query ? `${path}?${query}` : path, headers, body, credential: credential.label };
}

const clip = (s: string, n: number) => s.length > n ? `${s.slice(0, n)}… (${s.length} chars)` : s;

/** A short, printable description of a built request. */
export function describeRequest(b: Built): string {
  const headers = [...b.headers].map(([k, v]) => `  ${k}: ${clip(JSON.stringify(v), 120)}`).join("\n");
  const body = b.body === undefined
    ? ""
    : `\n  body (${b.body.length} bytes): ${
      clip(JSON.stringify(new TextDecoder().decode(b.body.subarray(0, 2000))), 600)
    }`;
  return `${b.method} ${clip(b.url, 300)}\n  credential: ${b.credential}\n${headers}${body}`;
}
