/**
 * The work streams' gauges, read from Redis when /metrics is scraped: entries delivered but not yet acknowledged
 * (pending), entries not yet delivered (lag, Redis 7's XINFO GROUPS), and the length of each dead-letter stream.
 * One XINFO GROUPS and one XLEN per stream per scrape. The counters of attempts, retries and dead letters are the
 * worker's own (worker.ts).
 */
import type { Redis } from "ioredis";
import { gauge, sharedFor } from "@/lib/metrics.ts";
import { streamDepth, streamNames } from "./streams.ts";

/** The streams of one running process. */
interface Watched {
  redis: Redis;
  prefix: string;
  streams: string[];
}

const watched = new Set<Watched>();

/** Each watched stream's depth, read once per scrape however many gauges ask (forgotten when the set changes). */
const depths = sharedFor(1000, () =>
  Promise.all(
    [...watched].flatMap((w) =>
      w.streams.map(async (stream) => ({ stream, ...await streamDepth(w.redis, streamNames(w.prefix, stream)) }))
    ),
  ));

gauge("backbone_job_pending", "Entries delivered to a worker and not yet acknowledged", ["stream"], async (g) => {
  for (const d of await depths.get()) g.set({ stream: d.stream }, d.pending);
});
gauge(
  "backbone_job_lag",
  "Entries in the stream not yet delivered to any worker (consumer lag)",
  ["stream"],
  async (g) => {
    for (const d of await depths.get()) g.set({ stream: d.stream }, d.lag);
  },
);
gauge("backbone_job_dead_letters", "Entries in the stream's dead-letter stream", ["stream"], async (g) => {
  for (const d of await depths.get()) g.set({ stream: d.stream }, d.dead);
});

/** Exposes the depth of `streams` (names without the key prefix) until the returned function is called. */
export function watchStreams(redis: Redis, prefix: string, streams: string[]): () => void {
  const w = { redis, prefix, streams };
  watched.add(w);
  depths.forget();
  return () => {
    watched.delete(w);
    depths.forget();
  };
}
