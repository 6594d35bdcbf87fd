/**
 * Prints "tests: N passed, N failed" from Deno's JUnit report, counting leaf test
 * cases: a describe block counts through its `it` steps, not as a test of its own.
 */
let xml: string;
try {
  xml = Deno.readTextFileSync(Deno.args[0] ?? "tests/.out/junit.xml");
} catch {
  // No report means the run never got to its tests (a type error, a crash): that is a failure.
  console.log("tests: 0 passed, 1 failed (no test report was written; see the output above)");
  Deno.exit(1);
}
const cases = [...xml.matchAll(/<testcase name="([^"]*)"[^>]*?(\/>|>([\s\S]*?)<\/testcase>)/g)].map((m) => ({
  name: m[1].replaceAll("&gt;", ">").replaceAll("&amp;", "&").replaceAll("&quot;", '"').replaceAll("&lt;", "<"),
  failed: /<failure|<error/.test(m[3] ?? ""),
}));
const leaves = cases.filter((c) => !cases.some((o) => o.name.startsWith(`${c.name} > `)));
const failed = leaves.filter((c) => c.failed);
for (const f of failed) console.log(`failed: ${f.name}`);
console.log(`tests: ${leaves.length - failed.length} passed, ${failed.length} failed`);
