/**
 * Overlapping organization syncs: one that read the directory before a department was added, and commits after
 * one that read it later, must not deactivate that department (CI once saw a test's department vanish this
 * way, the periodic job's first sync committing after the test's own).
 */
import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { syncOrganizations } from "@/domain/rag/mod.ts";
import { body, type Item } from "../_helpers/app.ts";
import type { schemas } from "@/domain/directory/mod.ts";
import { jobsRag, type RagTestApp, startRagApp } from "../_helpers/rag.ts";

let rag: RagTestApp;
before(async () => {
  rag = await startRagApp({}, { workers: false });
});
after(async () => {
  await rag.stop();
});

const organization = async (id: string) =>
  (await rag.system((tx) => tx`select is_active from rag.tb_organization where id = ${id}`))[0];

describe("organization sync order", () => {
  it("drops a reading older than one already applied, and applies a newer one", async () => {
    const ctx = jobsRag(rag.app);
    let read!: () => void, release!: () => void;
    const hasRead = new Promise<void>((r) => read = r);
    const released = new Promise<void>((r) => release = r);
    const slow = syncOrganizations({
      ...ctx,
      directory: {
        ...ctx.directory,
        async departments() {
          const reading = await ctx.directory.departments();
          read();
          await released;
          return reading;
        },
      },
    });
    await hasRead;

    const res = await rag.app.admin("/departments", {
      method: "POST",
      json: { companyId: rag.tenant, code: "LATE", name: "늦게 생긴 부서" },
    });
    const late = (await body<Item<schemas.Department>>(res)).data.id;
    const fresh = await syncOrganizations(ctx);
    assert.equal(fresh.superseded, false);
    assert.deepEqual({ ...await organization(late) }, { is_active: true });

    release();
    const stale = await slow;
    assert.equal(stale.superseded, true, "the older reading is not applied");
    assert.deepEqual({ ...await organization(late) }, { is_active: true }, "the newer department stays active");
    const [state] = await rag.system((tx) => tx`select directory_version from rag.sync_state`);
    assert.equal(Number(state.directory_version), fresh.directoryVersion);
    assert.ok(fresh.directoryVersion > stale.directoryVersion);

    const next = await syncOrganizations(ctx);
    assert.equal(next.superseded, false, "a sync that begins reading afterwards is applied");
  });
});
