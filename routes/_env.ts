/** The Hono environment every route shares: per-request variables set by middleware. */
import type { Logger } from "@/lib/log.ts";
import type { AppError } from "@/domain/errors.ts";
import type { AdminPrincipal, PortalPrincipal } from "@/domain/directory/mod.ts";
import type { Principal } from "@/domain/rag/mod.ts";
import type { BodyKind } from "./_body.ts";
import type { ConsoleSession } from "./_sign_in/session.ts";

/** Variables on `c.var`: the request id, its logger, and the principal the credential proved. */
export interface AppEnv {
  Variables: {
    requestId: string;
    log: Logger;
    portal: PortalPrincipal;
    admin: AdminPrincipal;
    /** The retrieval service's user, built from a verified user token's claims only. */
    principal: Principal;
    /** Why the request body could not be read (408, 413, 429...): it decides the answer, whatever the reader made of it. */
    bodyFailure: AppError;
    /** The kind of body the route declared (`bodyKind`), which sets its byte cap; unset, a record. */
    bodyKind: BodyKind;
    /** The consoles' signed-in person, when the request carries a session cookie that opens. */
    session?: ConsoleSession;
    /** Set by the not-found handler: no route has this path and method (a refusal, `_pacing.ts`). */
    unmatched?: boolean;
    /** The person a console call acts for, once the credential check took the session as the credential. */
    person?: { sub: string; name: string; email: string };
  };
}
