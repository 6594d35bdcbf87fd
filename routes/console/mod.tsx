/**
 * The directory's admin console under /console/: the console kit's shell (the admin
 * key kept in this tab's sessionStorage) and the screens as HTML fragments that need
 * the admin key like any admin call. With sign-in configured (CONSOLE_OIDC_ISSUER), the shell
 * needs instead a session of a directory administrator and sends its CSRF token; without one a
 * browser gets the sign-in page. The kit's strict content security policy allows only its own script.
 */
import { type Context, Hono, type MiddlewareHandler } from "hono";
import type { JSX } from "hono/jsx/jsx-runtime";
import { AppError } from "@/domain/errors.ts";
import type { DirectoryContext } from "@/domain/directory/mod.ts";
import { adminAuth, type AuthDeps } from "../_auth.ts";
import { refusalPage, type SignIn, signInPage } from "../_sign_in/mod.ts";
import type { AppEnv } from "../_env.ts";
import { type Credential, securityHeaders, shellPage } from "../_console_kit/mod.ts";
import { type Lang, langOf, t } from "./_i18n.ts";
import { companiesView } from "./views/companies.tsx";
import { departmentsView } from "./views/departments.tsx";
import { usersView, userView } from "./views/users.tsx";
import { groupsView, groupView } from "./views/groups.tsx";
import { dashboardView, portalChangesView, portalEntriesView, userAccessView } from "./views/dashboard.tsx";
import { auditLogView, syncStatusView } from "./views/operations.tsx";
import { termsView, termView } from "./views/glossary.tsx";
import { linksView } from "./views/links.tsx";
import { revisionsView } from "./views/revisions.tsx";
import { subscriptionsView } from "./views/subscriptions.tsx";

type View = (ctx: DirectoryContext, lang: Lang, q: URLSearchParams) => Promise<JSX.Element>;

const VIEWS: Record<string, View> = {
  companies: companiesView,
  departments: departmentsView,
  users: usersView,
  user: userView,
  groups: groupsView,
  group: groupView,
  dashboard: dashboardView,
  "dashboard-portal": portalEntriesView,
  "dashboard-changes": portalChangesView,
  "dashboard-user": userAccessView,
  "sync-status": syncStatusView,
  "audit-log": auditLogView,
  terms: termsView,
  term: termView,
  revisions: revisionsView,
  links: linksView,
  subscriptions: subscriptionsView,
};

const NAV = [
  ["companies", "companies"],
  ["departments", "departments"],
  ["users", "users"],
  ["groups", "groups"],
  ["terms", "glossary"],
  ["revisions", "revisions"],
  ["links", "links"],
  ["dashboard", "dashboard"],
  ["sync-status", "syncStatus"],
  ["subscriptions", "subscriptions"],
  ["audit-log", "auditLog"],
] as const;

function shellProps(lang: Lang, c: Context<AppEnv>, signIn: SignIn | undefined) {
  return {
    lang,
    title: t(lang, "title"),
    views: "/console/views/",
    screens: Object.keys(VIEWS),
    apiBase: "/api/directory/v1/admin/",
    defaultView: "users",
    nav: NAV.map(([view, label]) => ({ view, label: t(lang, label) })),
    credential: signIn ? sessionCredential(lang, c) : {
      mode: "session-key" as const,
      header: "x-directory-admin-key",
      store: "directory-admin-key",
      labels: {
        field: t(lang, "adminKey"),
        signIn: t(lang, "signIn"),
        signOut: t(lang, "signOut"),
        hint: t(lang, "keyHint"),
      },
    },
  };
}

function sessionCredential(lang: Lang, c: Context<AppEnv>): Credential {
  const s = c.var.session!;
  return {
    mode: "cookie-session",
    csrf: s.csrf,
    person: s.name,
    signOut: t(lang, "logOut"),
    apiVia: "/console/api/directory/",
  };
}

/** With sign-in configured, the shell only for a directory administrator's session, else the sign-in page. */
function shellGate(signIn: SignIn | undefined): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    if (!signIn || c.var.session?.roles.includes("directory_admin")) return await next();
    if (!c.var.session) return signInPage(c, "/console/", true);
    return refusalPage(c, 403, "forbidden", `${c.var.session.name} is not a directory administrator`, "/console/");
  };
}

/** The console's routes, mounted at /console. */
export function consoleRoutes(ctx: DirectoryContext, auth: AuthDeps, signIn?: SignIn) {
  const app = new Hono<AppEnv>();
  app.use("*", securityHeaders);
  app.get("/", (c) => c.redirect("/console/", 308));
  app.get("/views/:name", adminAuth(auth), async (c) => {
    const view = VIEWS[c.req.param("name")];
    if (!view) throw new AppError("not_found", "No such console screen");
    const url = new URL(c.req.url);
    return c.html(String(await view(ctx, langOf(url.searchParams.get("lang") ?? undefined), url.searchParams)));
  });
  app.get("/*", shellGate(signIn), (c) => shellPage(c, shellProps(langOf(c.req.query("lang")), c, signIn)));
  return app;
}
