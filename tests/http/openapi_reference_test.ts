/**
 * What the API reference promises for every operation of `/openapi.json` (issue 18 part 4): an operationId (unique),
 * a summary, a description that says who may call it, the scopes or roles it needs (`security` and `x-scopes`),
 * described parameters, and an example request and response, each of which still matches its schema.
 */
import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { body } from "../_helpers/app.ts";
import { type RagTestApp, startRagApp } from "../_helpers/rag.ts";
import { type OpenApiDocument, schemaChecker } from "../_helpers/openapi_responses.ts";
import { SCOPES } from "@/lib/config.ts";
import EXAMPLES from "@/routes/openapi_examples.json" with { type: "json" };

type Media = Record<string, { schema: unknown; example?: unknown }>;
interface Operation {
  operationId?: string;
  summary?: string;
  description?: string;
  security?: Record<string, string[]>[];
  "x-scopes"?: string[];
  parameters?: { name: string; in: string; required?: boolean; description?: string; example?: unknown }[];
  requestBody?: { content: Media };
  responses: Record<string, { content?: Media }>;
}

/** What each credential's requirement may name: a portal's scopes, a user token's roles, nothing for keys. */
const NAMES: Record<string, readonly string[]> = {
  portalBearer: SCOPES,
  userBearer: ["rag:admin", "installation_operator", "portal_id"],
  adminKey: [],
  gatewayKey: [],
  delegatedUserToken: [],
};

let rag: RagTestApp;
let doc: OpenApiDocument;
let operations: { label: string; at: string[]; op: Operation }[];

before(async () => {
  rag = await startRagApp({ RAG_EXPLORE_GATEWAY_API_KEY: "reference-gateway-key-0123456789" }, { workers: false });
  doc = await body<OpenApiDocument>(await rag.app.request("/openapi.json"));
  operations = Object.entries(doc.paths).flatMap(([path, ops]) =>
    Object.entries(ops).map(([method, op]) => ({
      label: `${method.toUpperCase()} ${path}`,
      at: ["paths", path, method],
      op: op as unknown as Operation,
    }))
  );
});

after(async () => {
  await rag?.stop();
});

/** The operations for which `fails` says what is missing, as "label: what". */
function lacking(fails: (op: Operation) => string | undefined): string[] {
  return operations.flatMap(({ label, op }) => {
    const why = fails(op);
    return why ? [`${label}: ${why}`] : [];
  });
}

describe("every operation of the API reference", () => {
  it("covers both services", () => {
    assert.ok(operations.length >= 79, `${operations.length} operations`);
  });

  it("has a unique operationId and a summary", () => {
    assert.deepEqual(lacking((op) => /^[a-z][A-Za-z]+$/.test(op.operationId ?? "") ? undefined : "operationId"), []);
    assert.deepEqual(lacking((op) => op.summary?.trim() ? undefined : "summary"), []);
    const ids = operations.map(({ op }) => op.operationId);
    assert.deepEqual(ids.filter((id, i) => ids.indexOf(id) !== i), []);
  });

  it("says who may call it, with the scopes or roles its credential must carry", () => {
    assert.deepEqual(lacking((op) => Array.isArray(op.security) ? undefined : "security"), []);
    assert.deepEqual(lacking((op) => op.description?.includes("**Access:**") ? undefined : "access sentence"), []);
    assert.deepEqual(
      lacking((op) => {
        const named = (op.security ?? []).flatMap((r) => Object.entries(r));
        const unknown = named.filter(([scheme, needs]) => !needs.every((n) => NAMES[scheme]?.includes(n)));
        if (unknown.length) return `unknown scopes ${JSON.stringify(unknown)}`;
        const scopes = [...new Set(named.flatMap(([, needs]) => needs))];
        return JSON.stringify(op["x-scopes"]) === JSON.stringify(scopes) ? undefined : "x-scopes";
      }),
      [],
    );
    const portalReads = operations.filter(({ op }) => op.operationId === "listUsers")[0].op;
    assert.deepEqual(portalReads.security, [{ portalBearer: ["directory:read"] }]);
    assert.match(portalReads.description ?? "", /`directory:read`/);
  });

  it("describes every parameter, with an example of each required one", () => {
    assert.deepEqual(
      lacking((op) => {
        const bare = (op.parameters ?? []).filter((p) => !p.description?.trim() || (p.required && !("example" in p)));
        return bare.length ? bare.map((p) => `${p.in} ${p.name}`).join(", ") : undefined;
      }),
      [],
    );
  });

  it("shows an example request and response", () => {
    const example = (media?: Media) => Object.values(media ?? {}).some((m) => "example" in m);
    assert.deepEqual(lacking((op) => !op.requestBody || example(op.requestBody.content) ? undefined : "request"), []);
    assert.deepEqual(
      lacking((op) =>
        // A 2xx with a body shows one; an operation whose every 2xx is empty (204) has none to show.
        Object.entries(op.responses).some(([s, r]) => s.startsWith("2") && example(r.content)) ||
          Object.entries(op.responses).every(([s, r]) => !s.startsWith("2") || !r.content)
          ? undefined
          : "response"
      ),
      [],
    );
  });

  it("keeps every JSON example within the schema it illustrates, and no example of a gone operation", () => {
    const check = schemaChecker(doc);
    const broken: string[] = [];
    for (const { label, at, op } of operations) {
      const media = [
        ["requestBody", op.requestBody?.content] as const,
        ...Object.entries(op.responses).map(([s, r]) => [`responses/${s}`, r.content] as const),
      ];
      for (const [where, content] of media) {
        const json = content?.["application/json"];
        if (!json || !("example" in json)) continue;
        const errors = check([...at, ...where.split("/"), "content", "application/json", "schema"], json.example);
        if (errors.length) broken.push(`${label} ${where}: ${errors.join("; ")}`);
      }
    }
    assert.deepEqual(broken, []);
    const ids = new Set(operations.map(({ op }) => op.operationId));
    assert.deepEqual(Object.keys(EXAMPLES).filter((id) => !ids.has(id)), []);
  });
});
