/**
 * Checks response bodies against the response schemas of the service's own OpenAPI 3.1 document, with a
 * JSON Schema 2020-12 validator (Ajv) that follows the document's `$ref`s to its components and checks formats.
 */
import { Ajv2020, type ValidateFunction } from "ajv/dist/2020.js";
import formats from "ajv-formats";

/** A JSON Schema node of the document. */
type Schema = { [key: string]: unknown };

/** One operation of the document, as far as tests read it. */
export interface OpenApiOperation {
  security?: Record<string, string[]>[];
  parameters?: { name: string; in: string; required?: boolean; schema: Schema }[];
  requestBody?: { required?: boolean; content: Record<string, { schema: Schema }> };
  responses?: Record<string, { description?: string; content?: Record<string, { schema: Schema }> }>;
}

/** The service's OpenAPI 3.1 document, as far as tests read it. */
export interface OpenApiDocument {
  openapi: string;
  paths: Record<string, Record<string, OpenApiOperation>>;
  components: { schemas: Record<string, Schema>; securitySchemes?: Record<string, Schema> };
}

/** A JSON pointer segment as it goes into a URI fragment. */
const segment = (s: string) => encodeURIComponent(s.replaceAll("~", "~0").replaceAll("/", "~1"));

/** A checker for `doc`: the ways a value breaks the schema at JSON pointer segments `at` (empty when it keeps it). */
export function schemaChecker(doc: OpenApiDocument) {
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  formats.default(ajv);
  ajv.addSchema(doc as object, "openapi");
  const compiled = new Map<string, ValidateFunction>();
  return (at: string[], value: unknown): string[] => {
    const pointer = at.map(segment).join("/");
    let validate = compiled.get(pointer);
    if (!validate) {
      validate = ajv.compile({ $ref: `openapi#/${pointer}` });
      compiled.set(pointer, validate);
    }
    if (validate(value)) return [];
    return (validate.errors ?? []).map((e) => `${e.instancePath || "(body)"} ${e.message} ${JSON.stringify(e.params)}`);
  };
}

/**
 * A checker for `doc`: given the operation (method and path template), the status and the parsed body, the ways
 * the body breaks the documented `application/json` schema of that status (empty when it keeps it).
 */
export function responseChecker(doc: OpenApiDocument) {
  const check = schemaChecker(doc);
  return (method: string, template: string, status: number, body: unknown): string[] => {
    const op = doc.paths[template]?.[method.toLowerCase()];
    if (!op?.responses?.[String(status)]?.content?.["application/json"]) {
      return [`${method} ${template} documents no application/json body for ${status}`];
    }
    const at = ["paths", template, method.toLowerCase(), "responses", String(status), "content", "application/json"];
    return check([...at, "schema"], body);
  };
}
