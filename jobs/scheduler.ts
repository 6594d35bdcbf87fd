/**
 * Feeds periodic work into streams. Every instance runs the scheduler; a Redis
 * lock per schedule (SET NX PX for the interval) lets exactly one of them add
 * the tick each interval.
 */
import type { Redis } from "ioredis";
import type { Logger } from "@/lib/log.ts";
import { errorFields } from "@/lib/log.ts";
import { addEntry } from "./streams.ts";

/** One periodic tick: every `everyMs`, an entry on `stream`. */
export interface Schedule {
  name: string;
  stream: string;
  everyMs: number;
}

/** Starts ticking; returns a function that stops it. */
export function startScheduler(redis: Redis, prefix: string, schedules: Schedule[], log: Logger): () => void {
  const owner = crypto.randomUUID();
  const timers = schedules.map((s) => {
    let running = false;
    const tick = async () => {
      if (running) return; // during a Redis outage one waiting tick is enough
      running = true;
      try {
        const won = await redis.set(`${prefix}schedule:${s.name}`, owner, "PX", s.everyMs, "NX");
        if (won === "OK") await addEntry(redis, s.stream, { task: s.name, at: new Date().toISOString() }, 1000);
      } catch (err) {
        log.warn("schedule tick failed", { schedule: s.name, ...errorFields(err) });
      } finally {
        running = false;
      }
    };
    tick();
    return setInterval(tick, Math.max(250, Math.floor(s.everyMs / 2)));
  });
  return () => timers.forEach(clearInterval);
}
