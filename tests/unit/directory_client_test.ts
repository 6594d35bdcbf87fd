/**
 * The retrieval service's directory client reads the departments, the users' status and the ontology pack through
 * their schemas: a reply of another shape is an error naming the call and the field, never records half read. A change
 * feed the directory no longer keeps (410 resync_required) is a ResyncRequired carrying where it keeps changes from.
 */
import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { createDirectoryClient, ResyncRequired } from "@/domain/rag/clients/directory.ts";

const DEPARTMENT = {
  id: "00000000-0000-4000-8000-000000000011",
  code: "A",
  name: "인사",
  nameEn: "HR",
  parentId: null,
  companyId: "00000000-0000-4000-8000-000000000001",
  isActive: true,
};
const CONCEPT = {
  id: "00000000-0000-4000-8000-000000000021",
  notation: "연차",
  aliases: ["연차 휴가"],
  abbreviations: [],
  definition: "",
  scope: null,
};

/** A client whose directory answers every call with `body` (and `status`). */
function clientAnswering(body: unknown, status = 200) {
  return createDirectoryClient({
    baseUrl: "http://directory.test",
    apiKey: "key",
    portalId: "rag-service",
    fetch: () => Response.json(body, { status, headers: { etag: '"pack-1"' } }),
  });
}

const USER = {
  id: "00000000-0000-4000-8000-000000000031",
  loginId: "kim",
  companyId: DEPARTMENT.companyId,
  isActive: true,
  employmentStatus: "ACTIVE",
  version: 9,
};

describe("the directory client", () => {
  it("reads a page of departments and the pack's concepts, ignoring fields it does not use", async () => {
    const page = { data: { items: [DEPARTMENT], nextCursor: null }, meta: { dataVersion: 7, generatedAt: "now" } };
    const { nameEn: _, ...read } = DEPARTMENT;
    assert.deepEqual(await clientAnswering(page).departments(), { items: [read], dataVersion: 7 });
    const pack = { data: { version: 1, generatedAt: "now", concepts: [CONCEPT], relations: [] } };
    assert.deepEqual(await clientAnswering(pack).ontologyPack(null), { etag: '"pack-1"', concepts: [CONCEPT] });
  });

  it("refuses departments of another shape, naming the call and the field", async () => {
    for (
      const [items, field] of [
        [[{ ...DEPARTMENT, id: "not-a-uuid" }], "data.items.0.id"],
        [[{ ...DEPARTMENT, isActive: "yes" }], "data.items.0.isActive"],
        ["everything", "data.items"],
      ] as const
    ) {
      const page = { data: { items, nextCursor: null }, meta: { dataVersion: 1 } };
      await assert.rejects(clientAnswering(page).departments(), (e: unknown) => {
        assert.ok(e instanceof Error);
        assert.match(e.message, /GET \/departments answered an unexpected shape/);
        assert.ok(e.message.includes(field), e.message);
        return true;
      });
    }
  });

  it("reads users and tombstones as statuses: only isActive and ACTIVE employment is active", async () => {
    const tombstone = { id: "00000000-0000-4000-8000-000000000032", deleted: true, version: 11 };
    const items = [USER, { ...USER, isActive: false }, { ...USER, employmentStatus: "LEAVE" }, tombstone];
    const page = { data: { items, nextCursor: null }, meta: { dataVersion: 12 } };
    const { items: read, dataVersion } = await clientAnswering(page).userChanges(0);
    assert.equal(dataVersion, 12);
    assert.deepEqual(read.map((u) => [u.tenantId, u.active, u.version]), [
      [USER.companyId, true, 9],
      [USER.companyId, false, 9],
      [USER.companyId, false, 9],
      [null, false, 11],
    ]);
    await assert.rejects(
      clientAnswering({ ...page, data: { ...page.data, items: [{ ...USER, isActive: "yes" }] } }).users(),
      /GET \/users answered an unexpected shape/,
    );
  });

  it("turns a 410 resync_required into ResyncRequired with its purgedThrough, and other 410s into errors", async () => {
    const problem = { type: "about:blank", status: 410, code: "resync_required", purgedThrough: 40 };
    await assert.rejects(
      clientAnswering(problem, 410).userChanges(3),
      (e: unknown) => e instanceof ResyncRequired && e.purgedThrough === 40,
    );
    await assert.rejects(
      clientAnswering({ code: "gone" }, 410).userChanges(3),
      (e: unknown) => !(e instanceof ResyncRequired) && /answered 410/.test(String(e)),
    );
  });

  it("refuses a pack without concepts or with a malformed one", async () => {
    for (const pack of [{ data: {} }, { data: { concepts: [{ ...CONCEPT, aliases: "연차 휴가" }] } }, []]) {
      await assert.rejects(
        clientAnswering(pack).ontologyPack(null),
        /GET \/ontology\/pack answered an unexpected shape/,
      );
    }
  });
});
