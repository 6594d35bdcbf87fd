/**
 * The directory's admin console under /console/: the console kit's shell (the admin
 * key kept in this tab's sessionStorage) and the screens as HTML fragments that need
 * the admin key like any admin call. The kit's strict content security policy allows
 * only its own script, and no response sets a cookie.
 */
import { Hono } from "hono";
import type { JSX } from "hono/jsx/jsx-runtime";
import { AppError } from "@/domain/errors.ts";
import type { DirectoryContext } from "@/domain/directory/mod.ts";
import { adminAuth, type AuthDeps } from "../_auth.ts";
import type { AppEnv } from "../_env.ts";
import { securityHeaders, shellPage } from "../_console_kit/mod.ts";
import { type Lang, langOf, t } from "./_i18n.ts";
import { companiesView } from "./views/companies.tsx";
import { departmentsView } from "./views/departments.tsx";
import { usersView, userView } from "./views/users.tsx";
import { groupsView, groupView } from "./views/groups.tsx";
import { dashboardView, portalChangesView, portalEntriesView, userAccessView } from "./views/dashboard.tsx";
import { auditLogView, syncStatusView } from "./views/operations.tsx";
import { linksView, termsView, termView } from "./views/glossary.tsx";
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

function shellProps(lang: Lang) {
  return {
    lang,
    title: t(lang, "title"),
    views: "/console/views/",
    screens: Object.keys(VIEWS),
    apiBase: "/api/directory/v1/admin/",
    defaultView: "users",
    nav: NAV.map(([view, label]) => ({ view, label: t(lang, label) })),
    credential: {
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

/** The console's routes, mounted at /console. */
export function consoleRoutes(ctx: DirectoryContext, auth: AuthDeps) {
  const app = new Hono<AppEnv>();
  app.use("*", securityHeaders);
  app.get("/", (c) => c.redirect("/console/", 308));
  app.get("/views/:name", adminAuth(auth), async (c) => {
    const view = VIEWS[c.req.param("name")];
    if (!view) throw new AppError("not_found", "No such console screen");
    const url = new URL(c.req.url);
    return c.html(String(await view(ctx, langOf(url.searchParams.get("lang") ?? undefined), url.searchParams)));
  });
  app.get("/*", (c) => shellPage(c, shellProps(langOf(c.req.query("lang")))));
  return app;
}
