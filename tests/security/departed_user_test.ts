/**
 * A user the directory lets go keeps no access through a token it still holds: the attacker is a user with a
 * valid, unexpired token issued by the directory, who is then deactivated, moved to another employment status, or
 * deleted. The service's own scheduled organization sync job (every 15 s) follows the users feed, and within 60 s of
 * the change every such token is refused with 401 on /api/v1, while a colleague's token keeps working. A user deleted
 * while the service was not following, whose tombstone the directory has since purged, is still refused once the sync
 * has walked the whole list again. A token living longer than RAG_MAX_TOKEN_TTL_SECONDS, or not saying when it was
 * issued, is refused at once.
 */
import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { body, type Item, type Problem } from "../_helpers/app.ts";
import { jobsRag, type RagTestApp, startRagApp } from "../_helpers/rag.ts";
import { syncUserStatus } from "@/domain/rag/mod.ts";
import { userToken } from "../_helpers/tokens.ts";
import type { schemas } from "@/domain/directory/mod.ts";

let rag: RagTestApp;

before(async () => {
  rag = await startRagApp();
});
after(async () => {
  await rag?.stop();
});

/** A user of `on`'s tenant's department A, and a 10-minute token the directory issues for it. */
async function employee(loginId: string, on: RagTestApp = rag) {
  const res = await on.app.admin("/users", {
    method: "POST",
    json: { loginId, koreanName: loginId, companyId: on.tenant, departmentId: on.dept.a, clearanceLevel: 1 },
  });
  const user = (await body<Item<schemas.DirectoryUser>>(res)).data;
  assert.equal(res.status, 201);
  const issued = await on.app.admin("/user-tokens", { method: "POST", json: { userId: user.id, ttlSeconds: 600 } });
  assert.equal(issued.status, 200);
  return { user, token: (await body<Item<schemas.IssuedUserToken>>(issued)).data.token };
}

/** The status of a search made with `token` on `on`. */
async function searchStatus(token: string, on: RagTestApp = rag): Promise<number> {
  const res = await on.call("/search", { method: "POST", json: { question: "보안 점검" }, token });
  await res.body?.cancel();
  return res.status;
}

describe("a departed user's token", () => {
  it("is refused within 60 s of deactivation, a change of employment status, or deletion", async () => {
    const colleague = await employee("colleague");
    const departing = {
      deactivated: await employee("deactivated"),
      retired: await employee("retired"),
      deleted: await employee("deleted"),
    };
    for (const { token } of [colleague, ...Object.values(departing)]) assert.equal(await searchStatus(token), 200);

    const changedAt = Date.now();
    const patch = (u: schemas.DirectoryUser, fields: Record<string, unknown>) =>
      rag.app.admin(`/users/${u.id}`, { method: "PATCH", json: { version: u.version, ...fields } });
    assert.equal((await patch(departing.deactivated.user, { isActive: false })).status, 200);
    assert.equal((await patch(departing.retired.user, { employmentStatus: "RETIRED" })).status, 200);
    assert.equal((await rag.app.admin(`/users/${departing.deleted.user.id}`, { method: "DELETE" })).status, 200);

    const refused = new Map<string, number>();
    while (refused.size < 3 && Date.now() - changedAt < 60_000) {
      for (const [why, { token }] of Object.entries(departing)) {
        if (!refused.has(why) && await searchStatus(token) === 401) refused.set(why, Date.now() - changedAt);
      }
      await new Promise((r) => setTimeout(r, 500));
    }
    assert.deepEqual([...refused.keys()].sort(), ["deactivated", "deleted", "retired"], "refused within 60 s");
    const res = await rag.call("/search", {
      method: "POST",
      json: { question: "보안" },
      token: departing.deleted.token,
    });
    assert.equal((await body<Problem>(res)).code, "unauthorized");
    assert.equal(await searchStatus(colleague.token), 200, "a colleague's token still works");
  });
});

describe("a user deleted while its tombstone was purged", () => {
  // Its own instance without workers: the scheduled sync must not read the feed between the steps below.
  let quiet: RagTestApp;
  before(async () => {
    quiet = await startRagApp({}, { workers: false });
  });
  after(async () => {
    await quiet?.stop();
  });

  it("is refused after the sync walks the whole list again (410 resync_required)", async () => {
    const [gone, stays] = [await employee("purged.tombstone", quiet), await employee("still.here", quiet)];
    await syncUserStatus(jobsRag(quiet.app));
    assert.equal(await searchStatus(gone.token, quiet), 200);
    assert.equal((await quiet.app.admin(`/users/${gone.user.id}`, { method: "DELETE" })).status, 200);
    // As the tombstone purge leaves it: changes up to now are no longer kept, so the feed answers 410.
    await quiet.app.owner`update directory.ledgers set purged_through = version where name = 'directory'`;
    assert.equal((await syncUserStatus(jobsRag(quiet.app))).resynced, true);
    const end = Date.now() + 10_000;
    while (await searchStatus(gone.token, quiet) !== 401 && Date.now() < end) {
      await new Promise((r) => setTimeout(r, 250));
    }
    assert.equal(await searchStatus(gone.token, quiet), 401, "refused once its cached answer expires");
    assert.equal(await searchStatus(stays.token, quiet), 200);
  });
});

describe("token lifetimes", () => {
  it("a token living longer than RAG_MAX_TOKEN_TTL_SECONDS (default 3600) is refused, one within it accepted", async () => {
    assert.equal(await searchStatus(await rag.token({ expiresInSeconds: 3600 })), 200);
    assert.equal(await searchStatus(await rag.token({ expiresInSeconds: 3661 })), 401);
    assert.equal(await searchStatus(await rag.token({ expiresInSeconds: 30 * 86_400 })), 401);
  });

  it("a token without iat, or issued in the future, is refused", async () => {
    assert.equal(await searchStatus(await rag.token({ omit: ["iat"] })), 401);
    const later = Math.floor(Date.now() / 1000) + 86_400;
    const future = await userToken({
      tenantId: rag.tenant,
      organizationId: rag.dept.a,
      claims: { iat: later, exp: later + 600 },
    });
    assert.equal(await searchStatus(future), 401);
  });
});
