/**
 * A real webhook receiver on loopback (Deno.serve): it records every delivery it is sent, answers each path the
 * way the test sets (`ok` 204, `fail` 500, `hold` keeps the request open until released), and verifies
 * signatures with the `standardwebhooks` package, as a portal would.
 */
import { Webhook } from "standardwebhooks";

/** One received delivery. */
export interface Received {
  path: string;
  headers: Record<string, string>;
  body: string;
  event: { type: string; resource: string; fromDataVersion: number; dataVersion: number; ids: string[] };
  at: number;
}

/** How a path answers. */
export type Answer = "ok" | "fail" | "hold";

/** A running receiver. */
export interface Receiver {
  /** `http://127.0.0.1:<port>` */
  base: string;
  received: Received[];
  /** Deliveries to `path` that arrived while held and are still open. */
  open(path: string): number;
  answer(path: string, how: Answer): void;
  /** Answers every held request (204). */
  release(): void;
  stop(): Promise<void>;
}

/** Whether `received` verifies with `secret`. */
export function verifies(received: Received, secret: string): boolean {
  try {
    new Webhook(secret).verify(received.body, received.headers);
    return true;
  } catch {
    return false;
  }
}

/** Starts a receiver on a free loopback port. */
export function startReceiver(): Receiver {
  const received: Received[] = [];
  const answers = new Map<string, Answer>();
  const held = new Map<string, (() => void)[]>();
  const server = Deno.serve({ hostname: "127.0.0.1", port: 0, onListen: () => {} }, async (req) => {
    const path = new URL(req.url).pathname;
    const text = await req.text();
    received.push({
      path,
      headers: Object.fromEntries(req.headers),
      body: text,
      event: JSON.parse(text),
      at: Date.now(),
    });
    const how = answers.get(path) ?? "ok";
    if (how === "fail") return new Response("no", { status: 500 });
    if (how === "hold") {
      await new Promise<void>((resolve) => held.set(path, [...held.get(path) ?? [], resolve]));
    }
    return new Response(null, { status: 204 });
  });
  return {
    base: `http://127.0.0.1:${server.addr.port}`,
    received,
    open: (path) => held.get(path)?.length ?? 0,
    answer: (path, how) => answers.set(path, how),
    release() {
      for (const [path, waiting] of held) {
        held.delete(path);
        waiting.forEach((resolve) => resolve());
      }
    },
    async stop() {
      this.release();
      await server.shutdown();
    },
  };
}
