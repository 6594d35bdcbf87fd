/**
 * The consoles' OpenID Connect sign-in settings (part of lib/config.ts's schema): the enterprise identity
 * provider, this service's client there, which claim carries the roles and which values mean each role.
 * Unset CONSOLE_OIDC_ISSUER leaves the consoles as before (admin key, user token).
 */
import { z } from "zod";

const text = z.string().trim().transform((v) => v === "" ? undefined : v).optional();
const withDefault = (value: string) => z.string().trim().min(1).default(value);

/** The fields lib/config.ts spreads into its schema. */
export const signInFields = {
  CONSOLE_OIDC_ISSUER: text.pipe(z.url({ protocol: /^https?$/ }).optional()),
  CONSOLE_OIDC_CLIENT_ID: text,
  CONSOLE_OIDC_CLIENT_SECRET: text,
  CONSOLE_OIDC_SCOPES: withDefault("openid profile email"),
  /** The ID token claim holding the person's roles (a list, or one space-separated string). */
  CONSOLE_OIDC_ROLE_CLAIM: withDefault("roles"),
  CONSOLE_OIDC_DIRECTORY_ADMIN_ROLE: withDefault("directory_admin"),
  CONSOLE_OIDC_OPERATOR_ROLE: withDefault("installation_operator"),
  CONSOLE_OIDC_RAG_ADMIN_ROLE: withDefault("rag_admin"),
  /** The ID token claim naming the tenant (company id) a retrieval administrator administers. */
  CONSOLE_OIDC_TENANT_CLAIM: withDefault("tenant_id"),
  /** The ID token claim holding a retrieval administrator's clearance (0-3 or a level name; absent: PUBLIC). */
  CONSOLE_OIDC_CLEARANCE_CLAIM: withDefault("clearance_level"),
  /** Seals the session and sign-in cookies (at least 32 bytes); every replica shares it. */
  CONSOLE_SESSION_SECRET: text,
  CONSOLE_SESSION_TTL_SECONDS: z.coerce.number().int().min(60).max(7 * 86_400).default(8 * 3600),
  /** The consoles' address as browsers see it (behind a TLS proxy: its https URL); unset, the request's own. */
  CONSOLE_PUBLIC_URL: text.pipe(z.url({ protocol: /^https?$/ }).optional()),
};

type SignInValues = z.output<z.ZodObject<typeof signInFields>>;

/** Adds an issue for each variable that sign-in needs once CONSOLE_OIDC_ISSUER is set. */
export function checkSignIn(c: SignInValues, ctx: z.RefinementCtx): void {
  if (c.CONSOLE_OIDC_ISSUER === undefined) return;
  for (const name of ["CONSOLE_OIDC_CLIENT_ID", "CONSOLE_OIDC_CLIENT_SECRET", "CONSOLE_SESSION_SECRET"] as const) {
    if (c[name] === undefined) {
      ctx.addIssue({ code: "custom", path: [name], message: "is required with CONSOLE_OIDC_ISSUER" });
    }
  }
  if (c.CONSOLE_SESSION_SECRET !== undefined && new TextEncoder().encode(c.CONSOLE_SESSION_SECRET).length < 32) {
    ctx.addIssue({ code: "custom", path: ["CONSOLE_SESSION_SECRET"], message: "must be at least 32 bytes" });
  }
}
