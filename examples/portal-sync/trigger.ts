/**
 * When the reference portal runs its next round: on a timer, or at once when woken. A webhook delivery wakes it
 * (once its signature verifies), so a portal with webhooks syncs within moments and still polls as a fallback.
 */
import { verifyWebhook } from "@/clients/portal/mod.ts";

/** Decides when the next round starts. */
export interface Trigger {
  /** Resolves when the next round should start, or when `signal` aborts. */
  next(signal: AbortSignal): Promise<void>;
  /** Starts the next round now. */
  wake(): void;
}

/** A trigger that fires every `pollMs` and whenever woken. */
export function pollingTrigger(pollMs: number): Trigger {
  let woken = false;
  let release: (() => void) | undefined;
  return {
    next(signal) {
      if (woken || signal.aborted) {
        woken = false;
        return Promise.resolve();
      }
      return new Promise<void>((resolve) => {
        const done = () => {
          clearTimeout(timer);
          signal.removeEventListener("abort", done);
          release = undefined;
          woken = false;
          resolve();
        };
        const timer = setTimeout(done, pollMs);
        signal.addEventListener("abort", done);
        release = done;
      });
    },
    wake() {
      woken = true;
      release?.();
    },
  };
}

/**
 * An HTTP handler for the directory's webhook deliveries: a delivery whose signature verifies wakes `trigger` and
 * is answered 204; any other is 401. The delivery's content is not trusted for data: the round reads the feeds.
 */
export function webhookHandler(secret: string, trigger: Trigger): (req: Request) => Promise<Response> {
  return async (req) => {
    if (req.method !== "POST") return new Response(null, { status: 405 });
    const body = new Uint8Array(await req.arrayBuffer());
    try {
      await verifyWebhook(secret, req.headers, body);
    } catch {
      return new Response(null, { status: 401 });
    }
    trigger.wake();
    return new Response(null, { status: 204 });
  };
}
