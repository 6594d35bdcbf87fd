/**
 * The committed portal client types match the OpenAPI document the code builds: a route or schema change without
 * `deno task client` fails here. `UPDATE_CLIENT_TYPES=1` rewrites the file instead of failing.
 */
import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { generateSchema, SCHEMA_PATH } from "@/clients/generate_portal_types.ts";
import { openApiDocument } from "@/app/openapi_document.ts";
import { startTestApp } from "../_helpers/app.ts";

describe("the portal client's generated types", () => {
  it("come from the very document a running service serves at /openapi.json", async () => {
    const app = await startTestApp();
    try {
      assert.deepEqual(await openApiDocument(), await (await app.request("/openapi.json")).json());
    } finally {
      await app.stop();
    }
  });

  it("are what the current OpenAPI document generates", async () => {
    const fresh = await generateSchema();
    if (Deno.env.get("UPDATE_CLIENT_TYPES") === "1") {
      await Deno.writeTextFile(SCHEMA_PATH, fresh);
      return;
    }
    const committed = await Deno.readTextFile(SCHEMA_PATH);
    assert.ok(
      committed === fresh,
      "clients/portal/schema.gen.ts is out of date: run `deno task client` (or UPDATE_CLIENT_TYPES=1) and commit it",
    );
  });

  it("name the portal operations the helpers rely on", async () => {
    const text = await Deno.readTextFile(SCHEMA_PATH);
    for (const path of ["/users", "/departments", "/user-groups", "/ontology/pack", "/authorization-snapshot"]) {
      assert.ok(text.includes(`"/api/directory/v1${path}": {`), path);
    }
  });
});
