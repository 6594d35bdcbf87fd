import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { EmbeddingStartError, loadEmbeddingModel } from "@/embedding/mod.ts";
import { writeTestModel } from "@/scripts/make_test_model.ts";
import { runEmbeddingMain, startEmbeddingProcess } from "./_process.ts";

let root: string;
before(async () => {
  root = await Deno.makeTempDir({ prefix: "embedding_startup_" });
});
after(async () => {
  await Deno.remove(root, { recursive: true });
});

/** The refusal of a directory that fails before the model itself loads (so in this process). */
async function refusal(path: string | undefined): Promise<string> {
  try {
    await loadEmbeddingModel(path);
  } catch (err) {
    assert.ok(err instanceof EmbeddingStartError, String(err));
    return err.message;
  }
  assert.fail("expected the model to be refused");
}

describe("embedding start-up refusals", () => {
  it("refuses an empty or unset model path, naming the variable", async () => {
    assert.match(await refusal(""), /EMBEDDING_MODEL_PATH is empty or unset/);
    assert.match(await refusal(undefined), /EMBEDDING_MODEL_PATH is empty or unset/);
  });

  it("refuses a directory that does not exist", async () => {
    assert.match(await refusal(`${root}/nowhere`), /nowhere does not exist or is not a directory/);
  });

  it("names the files a model directory lacks", async () => {
    const dir = `${root}/incomplete`;
    await writeTestModel(dir);
    await Deno.remove(`${dir}/tokenizer.json`);
    await Deno.remove(`${dir}/onnx`, { recursive: true });
    assert.match(await refusal(dir), /lacks tokenizer\.json, onnx\/model\.onnx/);
  });

  it("refuses a pooling mode it does not implement", async () => {
    const dir = `${root}/max_pooling`;
    await writeTestModel(dir);
    await Deno.writeTextFile(`${dir}/1_Pooling/config.json`, JSON.stringify({ pooling_mode_max_tokens: true }));
    assert.match(await refusal(dir), /enables pooling_mode_max_tokens/);
  });

  it("exits non-zero, saying why, for an empty path and for a model that is not 1024-dimensional", async () => {
    const narrow = `${root}/narrow`;
    await writeTestModel(narrow, { dimensions: 384 });
    const empty = await runEmbeddingMain("");
    assert.notEqual(empty.code, 0);
    assert.match(empty.stderr, /EMBEDDING_MODEL_PATH is empty or unset/);
    const wrong = await runEmbeddingMain(narrow);
    assert.notEqual(wrong.code, 0);
    assert.match(wrong.stderr, /produces 384-dimensional vectors; the service needs 1024/);
  });
});

describe("embedding start-up without a network", () => {
  it("loads and serves with no outbound network permission at all", async () => {
    const dir = `${root}/offline`;
    await writeTestModel(dir);
    const child = await startEmbeddingProcess(dir);
    try {
      const res = await fetch(`${child.url}/v1/embeddings`, {
        method: "POST",
        body: JSON.stringify({ input: "네트워크 없이 임베딩" }),
      });
      assert.equal(res.status, 200);
      assert.equal(((await res.json()) as { data: { embedding: number[] }[] }).data[0].embedding.length, 1024);
    } finally {
      const { code, stderr } = await child.stop();
      assert.equal(code, 0, stderr);
      assert.doesNotMatch(stderr, /net access|NotCapable|huggingface/i);
    }
  });
});
