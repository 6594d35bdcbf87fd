/** `GET /whoami`: the calling portal as its credential proved it, so nobody decodes a JWT by hand. */
import { z } from "zod";
import { SCOPES } from "@/lib/config.ts";
import type { PortalPrincipal } from "./credentials.ts";

export const WhoAmI = z.object({
  portalId: z.string(),
  /** How it signed in: a portal API key, or a portal JWT (`subject` is then the token's `sub`). */
  method: z.enum(["api_key", "jwt"]),
  scopes: z.array(z.enum(SCOPES)),
  subject: z.string().optional(),
}).meta({ id: "WhoAmI" });
export type WhoAmI = z.output<typeof WhoAmI>;

/** The portal principal as the wire record. */
export function whoAmI(p: PortalPrincipal): WhoAmI {
  return {
    portalId: p.portalId,
    method: p.method,
    scopes: [...p.scopes].sort(),
    ...(p.subject !== undefined ? { subject: p.subject } : {}),
  };
}
