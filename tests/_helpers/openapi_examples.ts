/**
 * Records the examples `/openapi.json` shows: the route crawl's valid request to each operation and the 2xx answer
 * it got, from a real service, written to routes/openapi_examples.json when RECORD_OPENAPI_EXAMPLES is set:
 *
 *   RECORD_OPENAPI_EXAMPLES=1 deno test -A tests/security/route_crawl_test.ts && deno fmt routes/openapi_examples.json
 *   deno task client   # the portal client's types carry the examples as @example
 *
 * Lists are cut to their first items, and text to its first lines, so the document stays readable; tests/http/openapi_reference_test.ts checks
 * that every operation has its examples and that each still matches the schema it illustrates.
 */
import type { OpenApiDocument } from "./openapi_responses.ts";

/** One operation's recorded exchange. */
export interface RecordedExample {
  /** Path and query values by parameter name. */
  parameters?: Record<string, string>;
  request?: { contentType: string; body: unknown };
  response: { status: number; contentType: string; body: unknown };
}

const FILE = new URL("../../routes/openapi_examples.json", import.meta.url);
const MAX_ITEMS = 2;

const SECRET_NOTE = "(the signing secret, shown once, left out of the example)";

/** A signed token in an answer: the document says one was there, never shows one that verifies. */
const JWT = /^eyJ[\w-]+\.eyJ[\w-]+\.[\w-]+$/;

/** `value` with every array cut to its first items and every signed token replaced by a note. */
function shortened(value: unknown): unknown {
  if (typeof value === "string" && JWT.test(value)) return "(a signed JWT, left out of the example)";
  if (Array.isArray(value)) return value.slice(0, MAX_ITEMS).map(shortened);
  if (value && typeof value === "object") {
    // A webhook's signing secret (shown once on registration) is not shown in the document either.
    return Object.fromEntries(
      Object.entries(value).map(([k, v]) => [k, k === "secret" && typeof v === "string" ? SECRET_NOTE : shortened(v)]),
    );
  }
  return value;
}

/** A body as its content type reads: JSON parsed, anything else as text (its first lines). */
function parsed(contentType: string, text: string): unknown {
  if (/json/.test(contentType) && !/ndjson/.test(contentType)) return shortened(JSON.parse(text));
  return text.split("\n").slice(0, 12).join("\n");
}

/** The path values of `path` under `template`, by name. */
function pathValues(template: string, path: string): Record<string, string> {
  const names = [...template.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]);
  const pattern = new RegExp(
    `^${template.replace(/[.*+?^$()|[\]\\]/g, "\\$&").replace(/\\?\{[^}]+\\?\}/g, "([^/]+)")}$`,
  );
  const m = pattern.exec(path);
  return Object.fromEntries(names.map((n, i) => [n, decodeURIComponent(m?.[i + 1] ?? "")]));
}

/** A recorder of the first 2xx exchange of each operation; a no-op unless RECORD_OPENAPI_EXAMPLES is set. */
export function exampleRecorder(doc: OpenApiDocument) {
  const recording = Deno.env.get("RECORD_OPENAPI_EXAMPLES") !== undefined;
  const examples: Record<string, RecordedExample> = {};
  return {
    record(op: { method: string; template: string }, url: string, init: RequestInit, res: Response, text: string) {
      const id = (doc.paths[op.template]?.[op.method.toLowerCase()] as { operationId?: string })?.operationId;
      if (!recording || !id || examples[id] || res.status >= 300) return;
      const [path, query = ""] = url.split("?");
      const parameters = { ...pathValues(op.template, path), ...Object.fromEntries(new URLSearchParams(query)) };
      const headers = new Headers(init.headers);
      const requestType = headers.get("content-type");
      const responseType = (res.headers.get("content-type") ?? "application/json").split(";")[0];
      examples[id] = {
        ...(Object.keys(parameters).length ? { parameters } : {}),
        ...(requestType && typeof init.body === "string"
          ? { request: { contentType: requestType, body: parsed(requestType, init.body) } }
          : {}),
        response: { status: res.status, contentType: responseType, body: text ? parsed(responseType, text) : null },
      };
    },
    write() {
      if (!recording) return;
      const sorted = Object.fromEntries(Object.entries(examples).sort(([a], [b]) => a < b ? -1 : 1));
      Deno.writeTextFileSync(FILE, JSON.stringify(sorted, null, 2) + "\n");
    },
  };
}
