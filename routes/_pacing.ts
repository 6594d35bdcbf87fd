/**
 * Holds refused answers past a client's budget (`lib/refusal_pacer.ts` says why). A refusal here is an answer
 * that the caller cannot be served at all: no or a bad credential (401), a scope it lacks (403), a path or method
 * no route has (the not-found handler), a body that broke the rules of reading (408, 413) or a spent rate limit
 * (429). Answers to a proved caller about its data (a 404 for an unknown id, a 400, a 409) are not refusals, and
 * requests made in process (the service calling itself) are never held.
 */
import type { MiddlewareHandler } from "hono";
import { counter } from "@/lib/metrics.ts";
import type { RefusalPacer } from "@/lib/refusal_pacer.ts";
import { clientAddress } from "./_auth.ts";
import type { AppEnv } from "./_env.ts";

const REFUSED = new Set([401, 403, 408, 413, 429]);

const held = counter("http_refusals_held_total", "Refused answers held back because their client spent its budget");

/** Counts each refusal against its client and holds the answer as long as the pacer says. */
export function paceRefusals(pacer: RefusalPacer): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    await next();
    if (!REFUSED.has(c.res.status) && !c.get("unmatched")) return;
    const address = clientAddress(c);
    if (address === "local") return;
    if (await pacer.refused(address) > 0) held.inc();
  };
}
