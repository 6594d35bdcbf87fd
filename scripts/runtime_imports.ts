/**
 * Removes the packages only tests, benchmarks, the portal client (clients/) and its example (examples/) use
 * from deno.json's import map, for the container image's build stage (Dockerfile): the runtime image then
 * installs none of them. tests/scripts/containers_test.ts keeps the list exact: no runtime file imports one of
 * them, and every package that only those import is on it.
 *
 *   deno run --allow-read=deno.json --allow-write=deno.json scripts/runtime_imports.ts
 */
export const TEST_ONLY_PACKAGES = [
  "fast-check",
  "playwright-core",
  "axe-core",
  "docx",
  "pdf-lib",
  "@pdf-lib/fontkit",
  "ajv",
  "ajv-formats",
  "yaml",
  "openapi-fetch",
  "openapi-typescript",
  "@redocly/openapi-core",
  // The local OpenID provider of the demo and the sign-in tests (scripts/demo/oidc_provider.ts).
  "oidc-provider",
] as const;

if (import.meta.main) {
  const path = new URL("../deno.json", import.meta.url);
  const config = JSON.parse(Deno.readTextFileSync(path));
  for (const name of TEST_ONLY_PACKAGES) delete config.imports[name];
  Deno.writeTextFileSync(path, JSON.stringify(config, null, 2) + "\n");
}
