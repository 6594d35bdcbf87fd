/** What the portal client's tests share: a client of an in-process test instance, and an in-memory mirror. */
import type { TestApp } from "../_helpers/app.ts";
import { PORTAL_A_KEY } from "../_helpers/tokens.ts";
import { type BackoffOptions, createPortalClient, type MirrorSink, type PortalClient } from "@/clients/portal/mod.ts";

/** A client whose requests go to `app` in-process; `statuses` collects every answer's status. */
export function clientOf(
  app: TestApp,
  o: { key?: string; backoff?: BackoffOptions; statuses?: number[] } = {},
): PortalClient {
  return createPortalClient({
    baseUrl: "http://service.test",
    credential: o.key ?? PORTAL_A_KEY,
    backoff: o.backoff,
    fetch: async (input, init) => {
      const res = await app.runtime.app.request(input instanceof URL ? input.href : input, init);
      o.statuses?.push(res.status);
      return res;
    },
  });
}

/** A mirror kept in a Map, id to record. */
export function mapSink<T extends { id: string }>(copy: Map<string, T>): MirrorSink<T> {
  return {
    apply({ upserts, deletes }) {
      for (const r of upserts) copy.set(r.id, r);
      for (const id of deletes) copy.delete(id);
      return Promise.resolve();
    },
    retainOnly(ids) {
      for (const id of [...copy.keys()]) if (!ids.has(id)) copy.delete(id);
      return Promise.resolve();
    },
  };
}
