/**
 * Generates `clients/portal/schema.gen.ts`, the client's types, from the OpenAPI document the code itself builds
 * (no running service needed): `deno task client`. tests/clients/portal_types_test.ts fails when the committed
 * file differs from what this produces, and rewrites it with `UPDATE_CLIENT_TYPES=1`.
 */
import openapiTS, { astToString, type OpenAPI3 } from "openapi-typescript";
import { openApiDocument } from "@/app/openapi_document.ts";

/** Where the generated types live. */
export const SCHEMA_PATH = new URL("./portal/schema.gen.ts", import.meta.url);

const HEADER = `/**
 * Types of the service's HTTP API, generated from /openapi.json by \`deno task client\`: do not edit by hand.
 */
`;

/** The text schema.gen.ts should hold for the code as it stands. */
export async function generateSchema(): Promise<string> {
  const doc = await openApiDocument();
  // Problem bodies and fields absent from a response stay absent; `defaultNonNullable` would claim otherwise.
  const ast = await openapiTS(doc as unknown as OpenAPI3, {
    defaultNonNullable: false,
    exportType: true,
  });
  return HEADER + astToString(ast);
}

if (import.meta.main) {
  await Deno.writeTextFile(SCHEMA_PATH, await generateSchema());
  console.log(`wrote ${SCHEMA_PATH.pathname}`);
}
