/**
 * The load's virtual clients: each is one portal (its own API key, content keys, groups and snapshots)
 * and one signed-in user of it, making one request at a time. A client remembers every write the service
 * acknowledged, so the writes can be looked for in the database afterwards. Owning its groups and
 * publishing only its own portal's snapshots, one at a time, a client never races another for a version.
 */
import { mulberry32 } from "./term_matching.ts";
import type { Recorder } from "./_load_stats.ts";

/** A group a client created and keeps changing, with the version and members last acknowledged. */
export interface OwnedGroup {
  id: string;
  code: string;
  version: number;
  members: string[];
  pushes: number;
  /** A push failed, so the ledger may hold either state: no longer written nor checked. */
  doubtful: boolean;
}

/** A snapshot publication the service acknowledged. */
export interface Publication {
  snapshotId: string;
  sourceVersion: string;
  userCount: number;
}

/** One virtual client. */
export interface Client {
  portalId: string;
  key: string;
  token: string;
  random: () => number;
  walk: { cursor: string | null; seen: number };
  pull: { since: number; cursor: string | null };
  groups: OwnedGroup[];
  /** Acknowledged links as `contentKey termId`. */
  links: Set<string>;
  snapshot: { published: number; last: Publication | null; doubtful: boolean };
}

/** What every client shares: the service, the seeded data and where figures go. */
export interface World {
  url: string;
  tenant: string;
  userIds: string[];
  termIds: string[];
  questions: string[];
  rec: Recorder;
  /** The measured window, in performance.now() milliseconds: clients stop starting requests at its end. */
  measureFrom: number;
  measureTo: number;
}

const TIMEOUT_MS = 60_000;

/** The portal id and API key of client `i`. */
export function portalOf(i: number): { portalId: string; apiKey: string } {
  const n = String(i).padStart(3, "0");
  return { portalId: `load-${n}`, apiKey: `load-portal-key-${n}-0123456789abcdef` };
}

/** A fresh client for portal `i`, signed in with `token`, owning `groups`. */
export function newClient(i: number, token: string, groups: OwnedGroup[]): Client {
  const { portalId, apiKey } = portalOf(i);
  return {
    portalId,
    key: apiKey,
    token,
    random: mulberry32(0x10ad0000 + i),
    walk: { cursor: null, seen: 0 },
    pull: { since: 0, cursor: null },
    groups,
    links: new Set(),
    snapshot: { published: 0, last: null, doubtful: false },
  };
}

/** A random element of `xs`. */
export function pick<T>(c: Client, xs: readonly T[]): T {
  return xs[Math.floor(c.random() * xs.length)];
}

/**
 * Makes one request and records it: its JSON body, or null when it failed (any status but 2xx, a network
 * error, a timeout or a body that is not JSON), with the problem body kept for the report.
 */
export async function request<T>(w: World, endpoint: string, path: string, init: RequestInit): Promise<T | null> {
  const started = performance.now();
  let status = 0, text: string;
  try {
    const res = await fetch(`${w.url}${path}`, { ...init, signal: AbortSignal.timeout(TIMEOUT_MS) });
    status = res.status;
    text = await res.text();
  } catch (err) {
    w.rec.failed({ endpoint, status, body: String(err) });
    return null;
  }
  if (status < 200 || status > 299) {
    w.rec.failed({ endpoint, status, body: text.slice(0, 1000) });
    return null;
  }
  try {
    const body = JSON.parse(text) as T;
    w.rec.done(endpoint, performance.now() - started, started >= w.measureFrom);
    return body;
  } catch {
    w.rec.failed({ endpoint, status, body: `not JSON: ${text.slice(0, 200)}` });
    return null;
  }
}

/** Records a 2xx answer that still breaks the contract (a walk that missed users, a skipped link). */
export function wrong(w: World, endpoint: string, body: string) {
  w.rec.error({ endpoint, status: 200, body });
}
