/** What the service makes of a caller's token (`GET /me`): the same principal every search runs under. */
import { organizationKnown } from "@/sql/rag/audit.ts";
import { withPrincipal } from "@/sql/rag/session.ts";
import { dbPrincipal, type RagContext } from "./context.ts";
import type { Principal } from "./principal.ts";
import { type Me, SECURITY_LEVELS } from "./schemas.ts";

/** Describes `p` as row-level security will see it. */
export async function describePrincipal(ctx: RagContext, p: Principal): Promise<Me> {
  const synced = p.organizationId !== null &&
    await withPrincipal(ctx.sql, dbPrincipal(ctx, p), (tx) => organizationKnown(tx, p.organizationId!));
  return {
    sub: p.sub,
    tenantId: p.tenantId,
    organizationId: p.organizationId,
    organizationSynced: synced,
    readableOrganizations: p.isAdmin
      ? "tenant"
      : [p.organizationId, ctx.publicOrgId].filter((o): o is string => o !== null),
    clearance: SECURITY_LEVELS[p.clearance],
    roles: [
      ...(p.isAdmin ? ["tenant_admin" as const] : []),
      ...(p.isOperator ? ["installation_operator" as const] : []),
    ],
    portalId: p.portalId,
  };
}
