/**
 * Askers as administrators see them: a keyed hash of tenant and subject, the same for
 * one user every time (so rows can be grouped) but neither the principal nor anything
 * a list of known user ids could be hashed into without the installation's key.
 */
import { createHmac } from "node:crypto";
import { pseudonymKey } from "@/sql/rag/overview.ts";
import { withPrincipal } from "@/sql/rag/session.ts";
import { type RagContext, systemPrincipal } from "./context.ts";

const keys = new WeakMap<RagContext, Promise<Uint8Array>>();

/** The pseudonym of `sub` in `tenantId`: 16 hex digits. */
export async function pseudonymOf(ctx: RagContext, tenantId: string | null, sub: string): Promise<string> {
  let key = keys.get(ctx);
  if (!key) {
    key = withPrincipal(ctx.sql, systemPrincipal(ctx), (tx) => pseudonymKey(tx));
    key.catch(() => keys.delete(ctx));
    keys.set(ctx, key);
  }
  return createHmac("sha256", await key).update(`${tenantId ?? ""}\n${sub}`).digest("hex").slice(0, 16);
}
