/**
 * Users the directory has let go: the organization sync job also follows the users change feed into
 * rag.tb_user_status, and every request's token subject is checked against it, so a user deactivated, taken out of
 * employment or deleted in the directory loses access within a minute (the sync runs every 15 s, a subject's answer
 * is kept 5 s) rather than when the token expires. Every process reads the same table, so any number of them agree.
 */
import * as status from "@/sql/rag/user_status.ts";
import { withSystem } from "@/sql/rag/session.ts";
import { AppError } from "@/domain/errors.ts";
import type { RagContext } from "./context.ts";
import { ResyncRequired } from "./clients/directory.ts";

/** How long one subject's answer is reused; the user sync's interval (15 s) plus this stays well under a minute. */
const ANSWER_TTL_MS = 5_000;
/** Subjects remembered at once; past this the cache starts over rather than grow. */
const MAX_REMEMBERED = 10_000;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The result of one user sync: users recorded, and whether the whole list had to be walked again. */
export interface UserSyncResult {
  users: number;
  resynced: boolean;
}

/** What the directory says since `since`: the feed, or when it no longer reaches back that far, a walk and the feed. */
async function readUsers(ctx: RagContext, since: number) {
  try {
    return { walk: null, feed: await ctx.directory.userChanges(since) };
  } catch (err) {
    if (!(err instanceof ResyncRequired)) throw err;
    const walk = await ctx.directory.users();
    return { walk, feed: await ctx.directory.userChanges(err.purgedThrough) };
  }
}

/**
 * Follows the directory's users from where the last sync stopped; reports the outcome to the directory either way.
 * Overlapping syncs are harmless: a user's row only ever moves to a newer version.
 */
export async function syncUserStatus(ctx: RagContext): Promise<UserSyncResult> {
  try {
    const since = await withSystem(ctx.system, (tx) => status.usersCursor(tx));
    const { walk, feed } = await readUsers(ctx, since ?? 0);
    await withSystem(ctx.system, async (tx) => {
      await status.lockUserSync(tx);
      if (walk) {
        await status.upsertUserStatus(tx, walk.items);
        await status.deactivateUnlisted(tx, { listed: walk.items.map((u) => u.id), version: walk.dataVersion });
      }
      await status.upsertUserStatus(tx, feed.items);
      await status.recordUserSync(tx, { success: true, error: null, version: feed.dataVersion });
    });
    await ctx.directory.reportSync("users", true, feed.dataVersion, null).catch(() => {});
    return { users: (walk?.items.length ?? 0) + feed.items.length, resynced: walk !== null };
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    await withSystem(
      ctx.system,
      (tx) => status.recordUserSync(tx, { success: false, error: message.slice(0, 2000), version: null }),
    )
      .catch(() => {});
    await ctx.directory.reportSync("users", false, null, message).catch(() => {});
    throw err;
  }
}

/**
 * The check of a token's subject: refuses (401) a user the directory has deactivated or deleted. A subject that is
 * not a directory user id (another issuer's) passes: the directory can say nothing about it.
 */
export function createUserGate(ctx: Pick<RagContext, "system">) {
  const answers = new Map<string, { inactive: boolean; at: number }>();
  return async function admitSubject(sub: string): Promise<void> {
    if (!UUID.test(sub)) return;
    const id = sub.toLowerCase();
    let answer = answers.get(id);
    if (!answer || Date.now() - answer.at > ANSWER_TTL_MS) {
      if (answers.size >= MAX_REMEMBERED) answers.clear();
      answer = { inactive: await withSystem(ctx.system, (tx) => status.userInactive(tx, id)), at: Date.now() };
      answers.set(id, answer);
    }
    if (answer.inactive) {
      throw new AppError("unauthorized", "The user token's subject is no longer an active user of the directory");
    }
  };
}

/** Checks a token's subject against the directory's users. */
export type UserGate = ReturnType<typeof createUserGate>;
