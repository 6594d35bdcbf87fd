import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { testModelFiles, testVocabulary, writeTestModel } from "@/scripts/make_test_model.ts";

let dir: string;
before(async () => {
  dir = await Deno.makeTempDir({ prefix: "test_model_" });
  await writeTestModel(dir);
});
after(async () => {
  await Deno.remove(dir, { recursive: true });
});

async function sha256(data: string | Uint8Array): Promise<string> {
  const bytes = typeof data === "string" ? new TextEncoder().encode(data) : data;
  return Array.from(new Uint8Array(await crypto.subtle.digest("SHA-256", bytes as BufferSource)))
    .map((b) => b.toString(16).padStart(2, "0")).join("");
}

describe("test model generator", () => {
  it("writes the same bytes on every run and different bytes for another seed", async () => {
    const digests = async (seed?: number) =>
      await Promise.all(Object.values(testModelFiles({ seed })).map((content) => sha256(content)));
    assert.deepEqual(await digests(), await digests());
    assert.notDeepEqual(await digests(), await digests(2));
  });

  it("stays a few megabytes", async () => {
    const { size } = await Deno.stat(`${dir}/onnx/model.onnx`);
    assert.ok(size < 5 * 2 ** 20, `model.onnx is ${size} bytes`);
  });

  it("has a token for every Hangul syllable, both word-initial and continuing", () => {
    const vocab = new Set(testVocabulary());
    for (let cp = 0xac00; cp <= 0xd7a3; cp++) {
      const c = String.fromCodePoint(cp);
      assert.ok(vocab.has(c) && vocab.has(`##${c}`), `missing ${c}`);
    }
    for (const t of ["[PAD]", "[UNK]", "[CLS]", "[SEP]", "[MASK]", "a", "##z", "7", "?", "ㄱ", "ᄀ"]) {
      assert.ok(vocab.has(t), `missing ${t}`);
    }
  });
});
