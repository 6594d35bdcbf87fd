/**
 * The shape of the tree, read from its imports: dependencies between folders point one way (no folder-level
 * cycle), and each domain is entered only through its `mod.ts` (unit tests may test a module directly).
 */
import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { dirname, join, normalize, relative } from "node:path";

const ROOT = normalize(join(dirname(new URL(import.meta.url).pathname), "../.."));
const SKIP = new Set(["node_modules", ".git", "vendor", ".tools", ".data", ".out"]);
const DOMAINS = ["domain/directory", "domain/rag", "domain/glossary"];
const IMPORT = /(?:^|\n)\s*(?:import|export)\b[^"';]*?from\s*["']([^"']+)["']|import\(\s*["']([^"']+)["']\s*\)/g;

function* sourceFiles(dir: string): Generator<string> {
  for (const entry of Deno.readDirSync(join(ROOT, dir))) {
    if (SKIP.has(entry.name)) continue;
    const path = dir === "" ? entry.name : `${dir}/${entry.name}`;
    if (entry.isDirectory) yield* sourceFiles(path);
    else if (/\.tsx?$/.test(entry.name)) yield path;
  }
}

/** The repository-relative file every local import of `file` names. */
function importsOf(file: string): string[] {
  const text = Deno.readTextFileSync(join(ROOT, file));
  const out: string[] = [];
  for (const m of text.matchAll(IMPORT)) {
    const spec = m[1] ?? m[2];
    if (spec.startsWith("@/")) out.push(normalize(spec.slice(2)));
    else if (spec.startsWith(".")) out.push(relative(ROOT, join(ROOT, dirname(file), spec)));
  }
  return out;
}

/**
 * The unit a file belongs to for the cycle check: its top-level folder, refined to a context for `domain/` and
 * `sql/` (`domain/rag`, `sql/directory`) and to a group inside a domain (`domain/rag/text`), so that a group
 * calling back into its domain's decisions counts as a cycle too.
 */
function unitOf(file: string): string {
  const parts = file.split("/");
  if (parts.length === 1) return file;
  if (parts[0] === "domain" || parts[0] === "sql") {
    if (parts.length === 2) return parts[0];
    if (parts[0] === "domain" && parts.length > 3) return parts.slice(0, 3).join("/");
    return parts.slice(0, 2).join("/");
  }
  return parts[0];
}

const files = [...sourceFiles("")].filter((f) => !f.startsWith("tests/") && !f.startsWith("bench/"));
const everyFile = [...sourceFiles("")];

function folderEdges(): Map<string, Set<string>> {
  const edges = new Map<string, Set<string>>();
  for (const file of files) {
    for (const target of importsOf(file)) {
      const [from, to] = [unitOf(file), unitOf(target)];
      if (from === to) continue;
      if (!edges.has(from)) edges.set(from, new Set());
      edges.get(from)!.add(to);
    }
  }
  return edges;
}

/** Every cycle's members, found by a depth-first walk (each reported once, from its smallest member). */
function cycles(edges: Map<string, Set<string>>): string[][] {
  const found = new Set<string>();
  const walk = (start: string, at: string, path: string[]) => {
    for (const next of edges.get(at) ?? []) {
      if (next === start) {
        const key = [...path].sort().join(" ");
        if (!found.has(key)) found.add(key);
      } else if (!path.includes(next) && next > start) {
        walk(start, next, [...path, next]);
      }
    }
  };
  for (const unit of edges.keys()) walk(unit, unit, [unit]);
  return [...found].map((k) => k.split(" "));
}

describe("the tree's structure", () => {
  it("has no cycle between folders", () => {
    assert.deepEqual(cycles(folderEdges()), []);
  });

  it("finds the cycles it looks for", () => {
    const edges = new Map([["lib", new Set(["app"])], ["app", new Set(["routes"])], ["routes", new Set(["lib"])]]);
    assert.deepEqual(cycles(edges), [["app", "lib", "routes"]]);
    assert.equal(unitOf("domain/rag/text/korean.ts"), "domain/rag/text");
    assert.equal(unitOf("domain/rag/search.ts"), "domain/rag");
    assert.equal(unitOf("domain/errors.ts"), "domain");
    assert.equal(unitOf("sql/rag/search.ts"), "sql/rag");
  });

  for (const domain of DOMAINS) {
    it(`enters ${domain} only through its mod.ts`, () => {
      const breaches = everyFile.filter((f) => !f.startsWith(`${domain}/`) && !f.startsWith("tests/unit/"))
        .flatMap((f) =>
          importsOf(f).filter((t) => t.startsWith(`${domain}/`) && t !== `${domain}/mod.ts`).map((t) => `${f} -> ${t}`)
        );
      assert.deepEqual(breaches, []);
    });
  }

  it("keeps the service free of the portal client and its example", () => {
    const outside = (f: string) => f.startsWith("clients/") || f.startsWith("examples/");
    const reaching = files.filter((f) => !outside(f))
      .flatMap((f) => importsOf(f).filter(outside).map((t) => `${f} -> ${t}`));
    assert.deepEqual(reaching, []);
  });

  it("keeps lib/ a folder of leaves", () => {
    const reaching = files.filter((f) => f.startsWith("lib/"))
      .flatMap((f) => importsOf(f).filter((t) => !t.startsWith("lib/")).map((t) => `${f} -> ${t}`));
    assert.deepEqual(reaching, []);
  });

  it("keeps source files at 300 lines or fewer outside tests, benchmarks and generated code", () => {
    const long = files.filter((f) => !f.startsWith("vendor/") && !f.endsWith(".gen.ts"))
      .map((f) => [f, Deno.readTextFileSync(join(ROOT, f)).split("\n").length - 1] as const)
      .filter(([, lines]) => lines > 300)
      .map(([f, lines]) => `${f}: ${lines}`);
    assert.deepEqual(long, []);
  });
});
