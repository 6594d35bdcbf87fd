/**
 * Builds the HTTP application: request plumbing, the route sets of the configured
 * services, `/openapi.json` generated from the same zod schemas that validate
 * requests with its reference page at `/docs`, and one error renderer.
 */
import type { Config } from "@/lib/config.ts";
import type { Logger } from "@/lib/log.ts";
import type { AppError } from "@/domain/errors.ts";
import type { Actor } from "@/domain/directory/mod.ts";
import { actorOf, clientAddress } from "./_auth.ts";
import { createErrorHandler, notFoundHandler } from "./_errors.ts";
import { requestContext } from "./_request.ts";
import { paceRefusals } from "./_pacing.ts";
import { RefusalPacer } from "@/lib/refusal_pacer.ts";
import { bodyGuard, bodyKind, BodySlots } from "./_body.ts";
import { router } from "./_validate.ts";
import { serveOpenApi } from "./_openapi.ts";
import { type ReadinessProbe, systemRoutes } from "./system.ts";
import { docsRoutes } from "./docs.ts";
import type { DirectoryRouteDeps } from "./directory/_shared.ts";
import { usersRoutes } from "./directory/users.ts";
import { departmentsRoutes } from "./directory/departments.ts";
import { companiesRoutes } from "./directory/companies.ts";
import { syncStatusRoutes } from "./directory/sync_status.ts";
import { userGroupsRoutes } from "./directory/user_groups.ts";
import { subscriptionsRoutes, webhookDelivery } from "./directory/subscriptions.ts";
import { snapshotsRoutes } from "./directory/snapshots.ts";
import { glossaryRoutes } from "./directory/glossary.ts";
import { linksRoutes } from "./directory/links.ts";
import { whoamiRoutes } from "./directory/whoami.ts";
import { glossaryAdminRoutes } from "./directory/admin/glossary.ts";
import { termRevisionsAdminRoutes } from "./directory/admin/term_revisions.ts";
import type { RagRouteDeps } from "./rag/_shared.ts";
import { documentsRoutes } from "./rag/documents.ts";
import { documentListRoutes } from "./rag/document_list.ts";
import { settingsRoutes } from "./rag/settings.ts";
import { searchRoutes } from "./rag/search.ts";
import { askRoutes } from "./rag/ask.ts";
import { overviewRoutes } from "./rag/overview.ts";
import { meRoutes } from "./rag/me.ts";
import { exploreRoutes } from "./explore/mod.ts";
import { ledgerAdminRoutes } from "./directory/admin/ledger.ts";
import { operationsAdminRoutes } from "./directory/admin/operations.ts";
import { dashboardAdminRoutes } from "./directory/admin/dashboard.ts";
import { userTokensAdminRoutes } from "./directory/admin/user_tokens.ts";
import { consoleRoutes } from "./console/mod.tsx";
import { CONSOLE_KIT_BASE, consoleKitRoutes, securityHeaders } from "./_console_kit/mod.ts";
import { ragConsoleRoutes } from "./rag_console/mod.tsx";
import {
  createSignIn,
  forwardToApi,
  readSession,
  type RevokedSessions,
  sessionFor,
  signInRoutes,
} from "./_sign_in/mod.ts";

/** Everything the HTTP layer needs, built once by the composition root. */
export interface AppDeps {
  config: Config;
  log: Logger;
  ready: ReadinessProbe;
  /** Console sessions signed out before they expire (used when CONSOLE_OIDC_ISSUER is set). */
  revokedSessions: RevokedSessions;
  directory?: DirectoryRouteDeps;
  rag?: RagRouteDeps;
  /** Audits a refused call (who it proved to be, what was refused, from which address); must not throw. */
  auditRefusal: (
    actor: Actor,
    details: { code: string; method: string; path: string; detail: string },
    client: string,
  ) => void;
}

/** The paths that hold directory portal routes (registered only with PORTAL_JWT_SECRET). */
export const DIRECTORY_BASE = "/api/directory/v1";

/** Creates the application for `deps`. */
export function createApp(deps: AppDeps) {
  const app = router();
  const { config } = deps;
  app.use("*", paceRefusals(new RefusalPacer(config.HTTP_REFUSALS_BEFORE_DELAY, config.HTTP_REFUSAL_DELAY_MS)));
  app.use("*", requestContext(deps.log));
  // Bodies are read on demand, after the route's credential check, under the cap of the kind the route declares.
  app.use(
    "*",
    bodyGuard({
      max: {
        record: Math.min(config.RECORD_MAX_BODY_BYTES, config.MAX_BODY_BYTES),
        batch: config.MAX_BODY_BYTES,
        snapshot: config.SNAPSHOT_MAX_BODY_BYTES,
      },
      timeoutMs: config.HTTP_BODY_TIMEOUT_SECONDS * 1000,
      minBytesPerSecond: config.HTTP_BODY_MIN_BYTES_PER_SECOND,
    }, new BodySlots(config.HTTP_BODIES_PER_CREDENTIAL, config.HTTP_BODIES_TOTAL)),
  );
  app.route("/", systemRoutes(deps.ready));
  app.route("/", docsRoutes());
  const signIn = createSignIn(config, deps.revokedSessions);
  if (signIn) {
    // The cookie is read on the consoles' own paths only: no API route ever sees it.
    for (const path of ["/", "/views/*", "/console/*", "/auth/*"]) app.use(path, readSession(signIn));
    app.route("/auth", signInRoutes(signIn));
    const apis = [
      ...(deps.directory ? [["directory", `${DIRECTORY_BASE}/admin/`, ["directory_admin"]] as const] : []),
      ...(deps.rag ? [["retrieval", "/api/v1/", ["rag_admin", "installation_operator"]] as const] : []),
    ];
    for (const [name, base, roles] of apis) {
      app.all(
        `/console/api/${name}/*`,
        securityHeaders,
        bodyKind("batch"),
        forwardToApi(base, roles, sessionFor, (r, e) => app.fetch(r, e)),
      );
    }
  }
  // One script and stylesheet for both consoles, served whichever service runs.
  if (deps.directory || deps.rag) app.route(CONSOLE_KIT_BASE, consoleKitRoutes());

  if (deps.directory) {
    if (config.PORTAL_JWT_SECRET !== undefined) {
      const portalRoutes = [
        usersRoutes,
        departmentsRoutes,
        companiesRoutes,
        syncStatusRoutes,
        userGroupsRoutes,
        glossaryRoutes,
        linksRoutes,
        whoamiRoutes,
        subscriptionsRoutes,
      ];
      for (const routes of portalRoutes) {
        app.route(DIRECTORY_BASE, routes(deps.directory));
      }
      app.route(DIRECTORY_BASE, snapshotsRoutes(deps.directory, config.SNAPSHOT_MAX_BODY_BYTES));
    }
    app.route(`${DIRECTORY_BASE}/admin`, ledgerAdminRoutes(deps.directory));
    app.route(`${DIRECTORY_BASE}/admin`, operationsAdminRoutes(deps.directory));
    app.route(`${DIRECTORY_BASE}/admin`, dashboardAdminRoutes(deps.directory));
    app.route(`${DIRECTORY_BASE}/admin`, userTokensAdminRoutes(deps.directory));
    app.route(`${DIRECTORY_BASE}/admin`, glossaryAdminRoutes(deps.directory));
    app.route(`${DIRECTORY_BASE}/admin`, termRevisionsAdminRoutes(deps.directory));
    app.route("/console", consoleRoutes(deps.directory.ctx, deps.directory.auth, signIn));
  }

  if (deps.rag) {
    app.route("/api/v1", documentListRoutes(deps.rag));
    app.route("/api/v1", documentsRoutes(deps.rag));
    app.route("/api/v1", settingsRoutes(deps.rag));
    app.route("/api/v1", searchRoutes(deps.rag));
    app.route("/api/v1", askRoutes(deps.rag));
    app.route("/api/v1", overviewRoutes(deps.rag));
    app.route("/api/v1", meRoutes(deps.rag));
    app.route("/api/explore/v1", exploreRoutes(deps.rag, config.RAG_EXPLORE_GATEWAY_API_KEY));
    app.route("/", ragConsoleRoutes(deps.rag, { manualToken: config.RAG_ADMIN_MANUAL_TOKEN, signIn }));
  }

  // What a subscription receives (README "Webhook subscriptions"), under the document's `webhooks`.
  if (deps.directory) app.openAPIRegistry.registerWebhook(webhookDelivery);
  serveOpenApi(app);

  app.onError(
    createErrorHandler((c, err: AppError) =>
      deps.auditRefusal(
        actorOf(c),
        { code: err.code, method: c.req.method, path: c.req.path, detail: err.message },
        clientAddress(c),
      )
    ),
  );
  app.notFound(notFoundHandler);
  return app;
}
