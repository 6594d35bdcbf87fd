/**
 * The retrieval service's administration screen at `/` (CONTRACT 2.2): the console kit's
 * shell and the screens as HTML fragments under `/views/`, every one needing an
 * administrator's user token like the retrieval admin API. In production a session
 * gateway adds `Authorization` to every request, so the page holds no credential at all;
 * only with RAG_ADMIN_MANUAL_TOKEN=true (local development) does the shell offer a token
 * field, whose value stays in the page's memory. With sign-in configured (CONSOLE_OIDC_ISSUER),
 * a retrieval administrator's or the operator's session opens the screen instead. A browser with
 * no credential at all gets an HTML sign-in page, not a JSON problem. Nothing here shows a secret
 * or a user: askers are pseudonyms.
 */
import { type Context, Hono, type MiddlewareHandler } from "hono";
import { AppError } from "@/domain/errors.ts";
import { bearer } from "../_auth.ts";
import type { AppEnv } from "../_env.ts";
import { type Credential, securityHeaders, shellPage } from "../_console_kit/mod.ts";
import { requireRagAdmin, userAuth } from "../rag/_auth.ts";
import { refusalPage, type SignIn, signInPage } from "../_sign_in/mod.ts";
import type { RagRouteDeps } from "../rag/_shared.ts";
import { type Lang, langOf, t } from "./_i18n.ts";
import type { View } from "./views/_screen.ts";
import { overviewView } from "./views/overview.tsx";
import { documentsView, documentView } from "./views/documents.tsx";
import { settingsView } from "./views/settings.tsx";
import { benchView } from "./views/bench.tsx";
import { auditView, replayView } from "./views/audit.tsx";

const NAV = [
  ["overview", "overview"],
  ["documents", "documents"],
  ["settings", "settings"],
  ["bench", "bench"],
  ["audit", "audit"],
] as const;

const VIEWS = new Map<string, View>([
  ["overview", overviewView],
  ["documents", documentsView],
  ["document", documentView],
  ["settings", settingsView],
  ["bench", benchView],
  ["audit", auditView],
  ["replay", replayView],
]);

/** Screens that take a posted body (kept out of the URL). */
const POSTED = new Set(["bench"]);

function shellProps(lang: Lang, credential: Credential) {
  return {
    lang,
    title: t(lang, "title"),
    views: "/views/",
    screens: [...VIEWS.keys()],
    apiBase: "/api/v1/",
    defaultView: "overview",
    nav: NAV.map(([view, label]) => ({ view, label: t(lang, label) })),
    credential,
  };
}

const manualEntry = (lang: Lang): Credential => ({
  mode: "memory-bearer",
  labels: {
    field: t(lang, "token"),
    signIn: t(lang, "signIn"),
    signOut: t(lang, "signOut"),
    hint: t(lang, "tokenHint"),
  },
});

/** With manual entry allowed, a request without a valid token gets the shell with the token field. */
function manualFallback(deps: RagRouteDeps, allowed: boolean): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    if (!allowed) return await next();
    const valid = await deps.verify(bearer(c.req.header("authorization"))).then(() => true, () => false);
    if (valid) return await next();
    const lang = langOf(c.req.query("lang"));
    return shellPage(c, shellProps(lang, manualEntry(lang)));
  };
}

const RAG_ROLES = ["rag_admin", "installation_operator"];

/**
 * In a browser: a retrieval administrator's session gets the shell in cookie-session mode; a browser with no
 * credential at all gets the sign-in page (unless manual token entry offers its own); a session without a
 * retrieval role is refused. A request with an `Authorization` header goes on to the token check (the gateway's way).
 */
function browserGate(signIn: SignIn | undefined, manualToken: boolean): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    if (c.req.header("authorization") !== undefined) return await next();
    const session = signIn ? c.var.session : undefined;
    const lang = langOf(c.req.query("lang"));
    if (session?.roles.some((r) => RAG_ROLES.includes(r))) {
      const credential: Credential = {
        mode: "cookie-session",
        csrf: session.csrf,
        person: session.name,
        signOut: t(lang, "logOut"),
        apiVia: "/console/api/retrieval/",
      };
      return shellPage(c, shellProps(lang, credential));
    }
    if (session) return refusalPage(c, 403, "forbidden", `${session.name} is not a retrieval administrator`, "/");
    // A browser asks for HTML and gets a page it can act on; an API client keeps its JSON problem.
    if (manualToken || !(c.req.header("accept") ?? "").includes("text/html")) return await next();
    return signInPage(c, "/", signIn !== undefined);
  };
}

async function render(c: Context<AppEnv>, deps: RagRouteDeps, body: unknown) {
  const view = VIEWS.get(c.req.param("name") ?? "");
  if (!view) throw new AppError("not_found", "No such screen");
  const url = new URL(c.req.url);
  const lang = langOf(url.searchParams.get("lang") ?? undefined);
  const fragment = await view({
    deps,
    principal: c.var.principal,
    lang,
    query: url.searchParams,
    body,
    log: c.var.log,
  });
  return c.html(String(fragment));
}

/** The screen's routes, mounted at `/`. */
export function ragConsoleRoutes(deps: RagRouteDeps, options: { manualToken: boolean; signIn?: SignIn }) {
  const app = new Hono<AppEnv>();
  const admin = [userAuth(deps.verify, deps.limiter), requireRagAdmin] as const;
  // Only the screen's own paths: the app is mounted at the root, beside every API.
  app.use("/", securityHeaders);
  app.use("/views/*", securityHeaders);
  app.get(
    "/",
    browserGate(options.signIn, options.manualToken),
    manualFallback(deps, options.manualToken),
    ...admin,
    (c) => shellPage(c, shellProps(langOf(c.req.query("lang")), { mode: "gateway" })),
  );
  app.get("/views/:name", ...admin, (c) => render(c, deps, undefined));
  app.post("/views/:name", ...admin, async (c) => {
    if (!POSTED.has(c.req.param("name"))) throw new AppError("method_not_allowed", "This screen is not posted to");
    const body = await c.req.json().catch(() => {
      throw new AppError("invalid_request", "The request body is not valid JSON");
    });
    return await render(c, deps, body);
  });
  return app;
}
