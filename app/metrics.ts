/**
 * The gauges the composition root can read: each database pool's occupancy (in use, idle, waiting queries, size),
 * each portal's sync state (the directory service), and the organization sync's last success (the retrieval
 * service). They
 * are read when /metrics is scraped: the pools from memory, the sync states with one small query each.
 */
import { gauge, sharedFor } from "@/lib/metrics.ts";
import { poolStats, type Sql } from "@/sql/mod.ts";
import * as directory from "@/domain/directory/mod.ts";
import type { RagContext } from "@/domain/rag/mod.ts";

/** What one running process lets its gauges read. */
export interface MetricSources {
  pools: Record<string, Sql>;
  directory?: directory.DirectoryContext;
  rag?: RagContext;
}

const sources = new Set<MetricSources>();
const SYNC_STATES = ["NEVER_SYNCED", "HEALTHY", "STALE", "FAILED"] as const;

/** Every watched directory's portal sync status, read at most once a second. */
const portalSyncs = sharedFor(
  1000,
  () =>
    Promise.all([...sources].flatMap((s) => s.directory ? [directory.listSyncStatus(s.directory)] : []))
      .then((lists) => lists.flat()),
);

gauge("backbone_db_pool_connections", "Database pool connections by state (in_use, idle)", ["pool", "state"], (g) => {
  for (const s of sources) {
    for (const [pool, sql] of Object.entries(s.pools)) {
      const stats = poolStats(sql);
      g.set({ pool, state: "in_use" }, stats.inUse);
      g.set({ pool, state: "idle" }, stats.idle);
    }
  }
});
gauge("backbone_db_pool_waiting", "Queries waiting for a free connection of the pool", ["pool"], (g) => {
  for (const s of sources) for (const [pool, sql] of Object.entries(s.pools)) g.set({ pool }, poolStats(sql).waiting);
});
gauge("backbone_db_pool_max", "The pool's size", ["pool"], (g) => {
  for (const s of sources) for (const [pool, sql] of Object.entries(s.pools)) g.set({ pool }, poolStats(sql).max);
});

gauge(
  "backbone_portal_sync_state",
  "1 for each portal resource's current sync state (NEVER_SYNCED, HEALTHY, STALE, FAILED), 0 for the others",
  ["portal", "resource", "state"],
  async (g) => {
    for (const portal of await portalSyncs.get()) {
      for (const r of portal.resources) {
        for (const state of SYNC_STATES) {
          g.set({ portal: portal.portalId, resource: r.resource, state }, r.state === state ? 1 : 0);
        }
      }
    }
  },
);
gauge(
  "backbone_portal_sync_last_success_timestamp_seconds",
  "When each portal resource last synced successfully (Unix seconds; absent when never)",
  ["portal", "resource"],
  async (g) => {
    for (const portal of await portalSyncs.get()) {
      for (const r of portal.resources) {
        if (r.lastSuccessAt) {
          g.set({ portal: portal.portalId, resource: r.resource }, Date.parse(r.lastSuccessAt) / 1000);
        }
      }
    }
  },
);
// Labelled by service so that a process without retrieval has no series (an unlabelled gauge would show 0).
gauge(
  "backbone_directory_last_sync_timestamp_seconds",
  "When the retrieval service last synced organizations from the directory (Unix seconds; 0 when never)",
  ["service"],
  async (g) => {
    for (const s of sources) {
      const state = s.rag ? await s.rag.directoryState.read() : null;
      if (state) g.set({ service: "rag" }, (state.lastSuccessAt?.getTime() ?? 0) / 1000);
    }
  },
);
gauge(
  "backbone_directory_sync_max_staleness_seconds",
  "The age past which retrieval refuses for a stale directory (RAG_ORG_SYNC_MAX_STALENESS_SECONDS)",
  ["service"],
  (g) => {
    for (const s of sources) if (s.rag) g.set({ service: "rag" }, s.rag.maxStalenessSeconds);
  },
);

/** Lets the gauges read `s` until the returned function is called. */
export function watchRuntime(s: MetricSources): () => void {
  sources.add(s);
  portalSyncs.forget();
  return () => {
    sources.delete(s);
    portalSyncs.forget();
  };
}
