/**
 * When the reference portal runs its next round, and for which feeds: at once for the feeds a webhook delivery
 * named (once its signature verifies), and for every feed on a slow timer, the safety net for a delivery that never
 * came (the receiver was down past the directory's retries, or the subscription was given up on).
 */
import { type Feed, verifyWebhook } from "@/clients/portal/mod.ts";
import { FEEDS } from "./sync.ts";

/** Why a round starts: deliveries named `feeds`, or the timer (or a stop) asks for every feed. */
export type Wake = { cause: "webhook"; feeds: Feed[] } | { cause: "poll" };

/** Decides when the next round starts. */
export interface Trigger {
  /** Resolves when the next round should start, or when `signal` aborts. */
  next(signal: AbortSignal): Promise<Wake>;
  /** Starts the next round now, for `feed` besides whatever else is pending. */
  wake(feed: Feed): void;
}

/** A trigger that fires every `pollMs` and whenever woken; wakes that come during a round are kept for the next. */
export function pollingTrigger(pollMs: number): Trigger {
  const pending = new Set<Feed>();
  let release: (() => void) | undefined;
  const take = (): Wake => {
    const feeds = [...pending];
    pending.clear();
    return { cause: "webhook", feeds };
  };
  return {
    next(signal) {
      if (pending.size > 0) return Promise.resolve(take());
      if (signal.aborted) return Promise.resolve({ cause: "poll" });
      return new Promise<Wake>((resolve) => {
        const done = (wake: Wake) => {
          clearTimeout(timer);
          signal.removeEventListener("abort", stopped);
          release = undefined;
          resolve(wake);
        };
        const stopped = () => done({ cause: "poll" });
        const timer = setTimeout(() => done(pending.size > 0 ? take() : { cause: "poll" }), pollMs);
        signal.addEventListener("abort", stopped);
        release = () => done(take());
      });
    },
    wake(feed) {
      pending.add(feed);
      release?.();
    },
  };
}

/**
 * An HTTP handler for the directory's webhook deliveries: a delivery whose signature verifies wakes `trigger` for
 * the resource it names and is answered 204; any other is 401. Only the resource name is used: the round reads the
 * records through the change feed with the portal's own credential, never from the delivery.
 */
export function webhookHandler(secret: string, trigger: Trigger): (req: Request) => Promise<Response> {
  return async (req) => {
    if (req.method !== "POST") return new Response(null, { status: 405 });
    const body = new Uint8Array(await req.arrayBuffer());
    let event: unknown;
    try {
      event = await verifyWebhook(secret, req.headers, body);
    } catch {
      return new Response(null, { status: 401 });
    }
    const resource = (event as { resource?: unknown } | null)?.resource;
    // A resource this portal does not mirror is acknowledged, or the directory would retry it for a day.
    if (typeof resource === "string" && (FEEDS as string[]).includes(resource)) trigger.wake(resource as Feed);
    return new Response(null, { status: 204 });
  };
}
