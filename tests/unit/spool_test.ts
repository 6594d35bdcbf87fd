/** The spool a publication's body waits in: bytes come back as written, and no name is ever left on disk. */
import { after, describe, it } from "node:test";
import assert from "node:assert/strict";
import { openSpool } from "@/lib/spool.ts";

const dir = await Deno.makeTempDir({ prefix: "spool_test_" });
after(() => Deno.remove(dir, { recursive: true }));

async function readAll(chunks: AsyncIterable<Uint8Array>): Promise<Uint8Array> {
  const parts: Uint8Array[] = [];
  for await (const c of chunks) parts.push(c);
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) out.set(p, at), at += p.length;
  return out;
}

describe("spool", () => {
  it("gives back every byte written, across chunk boundaries, with no file name left in its directory", async () => {
    const spool = await openSpool(dir, "t-");
    assert.deepEqual([...Deno.readDirSync(dir)], [], "the name goes as the file is opened");
    const pieces = [3_000_000, 1, 0, 1 << 20].map((n, i) => new Uint8Array(n).map((_, j) => (i * 31 + j) & 0xff));
    for (const p of pieces) await spool.write(p);
    const expected = new Uint8Array(pieces.reduce((n, p) => n + p.length, 0));
    let at = 0;
    for (const p of pieces) expected.set(p, at), at += p.length;
    assert.equal(spool.size, expected.length);
    const read = await readAll(spool.read());
    assert.equal(read.length, expected.length);
    assert.ok(read.every((b, i) => b === expected[i]), "the same bytes in the same order");
    spool.close();
    spool.close();
  });

  it("an empty spool reads as nothing", async () => {
    const spool = await openSpool(dir, "t-");
    assert.equal((await readAll(spool.read())).length, 0);
    spool.close();
  });
});
