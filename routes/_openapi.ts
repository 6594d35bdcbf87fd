/**
 * `/openapi.json`: the document generated from the routes' own zod schemas, finished in one place with what a reader
 * needs to learn the API quickly. Each operation's "who may call" sentence and its `x-scopes` are written from its
 * security requirement (which comes from the same `Access` as its middleware, routes/_auth.ts), so the document
 * cannot promise other credentials than the route checks; parameters that share a name share one meaning here
 * unless the route describes its own; the tags, servers and license the reference shows are declared once; and
 * each operation shows a real exchange as its examples (openapi_examples.json, recorded by the route crawl:
 * tests/_helpers/openapi_examples.ts).
 */
import type { OpenAPIHono } from "@hono/zod-openapi";
import type { AppEnv } from "./_env.ts";
import EXAMPLES from "./openapi_examples.json" with { type: "json" };

/** The document's title, version and overview. */
const INFO = {
  title: "Enterprise portal backbone: central directory and retrieval services",
  version: "1.0.0",
  description: "Errors are RFC 9457 problem details (`application/problem+json`) with a stable `code`. Lists are " +
    "cursor pages: pass the previous page's `nextCursor` with the same filters. The reference is served at `/docs`.",
  license: { name: "Proprietary", identifier: "LicenseRef-Proprietary" },
};

/** What each group of operations is for, in the order the reference lists them. */
const TAGS = [
  { name: "system", description: "Health, readiness and metrics: no credential, no data." },
  { name: "directory portal", description: "What portals read and sync from the central directory." },
  { name: "directory admin", description: "The directory ledger and glossary, for holders of an admin key." },
  { name: "retrieval", description: "Documents, search and answers, under the caller's row-level security." },
  { name: "retrieval admin", description: "Retrieval settings and overview, for administrators and the operator." },
  { name: "gateway adapters", description: "Search and answers for the upstream gateway, on a user's behalf." },
];

/** How each credential is presented and what its requirement's entries mean. */
const SECURITY_SCHEMES = {
  portalBearer: {
    type: "http",
    scheme: "bearer",
    description: "A portal API key or an HS256 portal JWT; an operation's entries are the scopes it must hold",
  },
  adminKey: { type: "apiKey", in: "header", name: "x-directory-admin-key", description: "A directory admin key" },
  userBearer: {
    type: "http",
    scheme: "bearer",
    bearerFormat: "JWT",
    description: "A user token signed by the central console (CONTRACT 2.1); an operation's entries are the role " +
      "the token must carry (`rag:admin` in scope or roles, or `directory_admin`; `installation_operator`; " +
      "`portal_id`, a token bound to a portal)",
  },
  gatewayKey: {
    type: "http",
    scheme: "bearer",
    description: "The upstream search gateway's service key (RAG_EXPLORE_GATEWAY_API_KEY)",
  },
  delegatedUserToken: {
    type: "apiKey",
    in: "header",
    name: "x-explore-user-token",
    description: "The user token the gateway acts for (CONTRACT 2.1)",
  },
} as const;

/** Meanings of parameters that keep one name across operations, where the route gives none of its own. */
const PARAMETERS: Record<string, string> = {
  id: "The record's id (UUID)",
  userId: "The user's id (UUID)",
  documentId: "The document's id in this service (UUID), as ingestion answered it",
  portalId: "A portal's id",
  sourceDocumentId: "The document's id in its portal (UUID)",
  limit: "Items per page",
  cursor: "The previous page's `nextCursor`; valid only with the same filters",
  updatedSince: "A change feed: only records changed after this dataVersion (tombstones included)",
  since: "Only what changed after this version",
  baseVersion: "The version the change was based on: a record changed since is 409 version_conflict",
  onlyActive: "Only active records",
  includeInactive: "Include inactive records",
  companyId: "Only records of this company (UUID)",
  departmentId: "Only records of this department (UUID)",
  q: "Only records whose names or codes contain this text",
  contentKey: "Only links of this content key (`portalId:type:id`)",
  termId: "Only records of this glossary term (UUID)",
  includeTerm: "Include each link's term (its notation and status)",
  includeDeleted: "Include tombstones of deleted links",
  targetType: "Only audit rows about this kind of record",
  targetId: "Only audit rows about this record",
  action: "Only audit rows of this action",
  driftOnly: "Only portals whose snapshot is behind the directory",
  wait: "Wait for indexing to finish (200) instead of answering once queued (202)",
  scope: "Which settings: installation (the operator only) or tenant",
};

type Media = Record<string, { example?: unknown; [key: string]: unknown }>;
type Parameter = { name: string; in: string; description?: string; schema?: { type?: unknown } };
type Operation = {
  operationId?: string;
  description?: string;
  security?: Record<string, string[]>[];
  parameters?: Parameter[];
  requestBody?: { content: Media; [key: string]: unknown };
  responses?: Record<string, { content?: Media; [key: string]: unknown }>;
  [key: string]: unknown;
};

/** One operation's recorded exchange (the shape tests/_helpers/openapi_examples.ts writes). */
type Example = {
  parameters?: Record<string, string>;
  request?: { contentType: string; body: unknown };
  response: { status: number; contentType: string; body: unknown };
};
type Document = { paths?: Record<string, Record<string, Operation>>; [key: string]: unknown };

const code = (s: string) => `\`${s}\``;

/** One security requirement as a reader needs it. */
function requirementText(requirement: Record<string, string[]>): string {
  const [scheme, needs] = Object.entries(requirement)[0] ?? ["", []];
  if (scheme === "portalBearer") {
    return needs.length ? `a portal credential holding ${needs.map(code).join(" and ")}` : "any portal credential";
  }
  if (scheme === "adminKey") return "a directory admin key in `x-directory-admin-key`";
  if (scheme === "gatewayKey") return "the gateway key, with the user's token in `x-explore-user-token`";
  if (scheme === "userBearer") {
    return needs.length ? `a user token with ${needs.map(code).join(" and ")}` : "a user token";
  }
  return scheme;
}

/** The sentence that says who may call an operation, from its security requirements (alternatives joined by "or"). */
function accessText(security: Record<string, string[]>[] | undefined): string {
  if (!security?.length) return "**Access:** no credential.";
  return `**Access:** ${security.map(requirementText).join(", or ")}.`;
}

/** `media` with `example` on its `type` entry (or its only one). */
function withExample(media: Media, type: string, example: unknown): Media {
  const key = media[type] ? type : Object.keys(media)[0];
  return key ? { ...media, [key]: { ...media[key], example } } : media;
}

/** A recorded query or path value as its parameter's type reads it. */
function typedValue(p: Parameter, value: string): unknown {
  const types = [p.schema?.type].flat();
  if (types.includes("integer") || types.includes("number")) return Number(value);
  if (types.includes("boolean")) return value === "true" || value === "1";
  return value;
}

/** `op` with its recorded exchange as the parameters', the request body's and the response's examples. */
function exemplified(op: Operation): Operation {
  const example = (EXAMPLES as Record<string, Example>)[op.operationId ?? ""];
  if (!example) return op;
  const { status, contentType, body } = example.response;
  const response = op.responses?.[String(status)];
  const recorded = example.parameters ?? {};
  return {
    ...op,
    ...(op.parameters
      ? {
        parameters: op.parameters.map((p) =>
          p.name in recorded ? { ...p, example: typedValue(p, recorded[p.name]) } : p
        ),
      }
      : {}),
    ...(op.requestBody && example.request
      ? {
        requestBody: {
          ...op.requestBody,
          content: withExample(op.requestBody.content, example.request.contentType, example.request.body),
        },
      }
      : {}),
    ...(response?.content
      ? {
        responses: {
          ...op.responses,
          [status]: { ...response, content: withExample(response.content, contentType, body) },
        },
      }
      : {}),
  };
}

/** The document with every operation's access and scopes, parameter meanings, examples, tags, servers and license. */
function finishDocument(doc: Document): Document {
  const paths: Record<string, Record<string, Operation>> = {};
  for (const [path, operations] of Object.entries(doc.paths ?? {})) {
    paths[path] = {};
    for (const [method, op] of Object.entries(operations)) {
      const access = accessText(op.security);
      paths[path][method] = {
        ...exemplified(op),
        security: op.security ?? [],
        description: op.description ? `${op.description}\n\n${access}` : access,
        "x-scopes": [...new Set((op.security ?? []).flatMap((r) => Object.values(r).flat()))],
      };
      const parameters = paths[path][method].parameters;
      if (parameters) {
        paths[path][method].parameters = parameters.map((p) => ({
          ...p,
          description: p.description ?? PARAMETERS[p.name],
        }));
      }
    }
  }
  return { ...doc, info: INFO, servers: [{ url: "/", description: "This service" }], tags: TAGS, paths };
}

/** Registers the credentials' schemes and serves `/openapi.json` (built once, on its first request). */
export function serveOpenApi(app: OpenAPIHono<AppEnv>) {
  for (const [name, scheme] of Object.entries(SECURITY_SCHEMES)) {
    app.openAPIRegistry.registerComponent("securitySchemes", name, scheme);
  }
  let body: string | undefined;
  app.get("/openapi.json", (c) => {
    body ??= JSON.stringify(
      finishDocument(app.getOpenAPI31Document({ openapi: "3.1.0", info: INFO }) as unknown as Document),
    );
    return c.body(body, 200, { "content-type": "application/json" });
  });
}
