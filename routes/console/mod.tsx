/**
 * The admin console under /console/: a shell page and its script and stylesheet
 * (public, they hold nothing), and the screens as HTML fragments that need the
 * admin key like any admin call. A strict content security policy allows only the
 * console's own script, and no response sets a cookie.
 */
import { Hono } from "hono";
import type { JSX } from "hono/jsx/jsx-runtime";
import { AppError } from "@/domain/errors.ts";
import type { DirectoryContext } from "@/domain/directory/mod.ts";
import { adminAuth, type AuthDeps } from "../_auth.ts";
import type { AppEnv } from "../_env.ts";
import { type Lang, langOf } from "./_i18n.ts";
import { Shell } from "./_layout.tsx";
import { companiesView } from "./views/companies.tsx";
import { departmentsView } from "./views/departments.tsx";
import { usersView, userView } from "./views/users.tsx";
import { groupsView, groupView } from "./views/groups.tsx";
import { dashboardView, portalChangesView, portalEntriesView, userAccessView } from "./views/dashboard.tsx";
import { auditLogView, syncStatusView } from "./views/operations.tsx";
import { linksView, termsView, termView } from "./views/glossary.tsx";

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
  links: linksView,
};

const SECURITY_HEADERS = {
  "content-security-policy":
    "default-src 'none'; script-src 'self'; style-src 'self'; connect-src 'self'; img-src 'self'; form-action 'none'; base-uri 'none'; frame-ancestors 'none'",
  "x-content-type-options": "nosniff",
  "referrer-policy": "no-referrer",
  "cache-control": "no-store",
};

const STATIC = {
  "console.js": [
    "application/javascript; charset=utf-8",
    Deno.readTextFileSync(new URL("./static/console.js", import.meta.url)),
  ],
  "console.css": ["text/css; charset=utf-8", Deno.readTextFileSync(new URL("./static/console.css", import.meta.url))],
} as const;

/** The console's routes, mounted at /console. */
export function consoleRoutes(ctx: DirectoryContext, auth: AuthDeps) {
  const app = new Hono<AppEnv>();
  app.use("*", async (c, next) => {
    await next();
    for (const [k, v] of Object.entries(SECURITY_HEADERS)) c.res.headers.set(k, v);
  });
  app.get("/", (c) => c.redirect("/console/", 308));
  app.get("/:file{console\\.(js|css)}", (c) => {
    const [type, body] = STATIC[c.req.param("file") as keyof typeof STATIC];
    return c.body(body, 200, { "content-type": type });
  });
  app.get("/views/:name", adminAuth(auth), async (c) => {
    const view = VIEWS[c.req.param("name")];
    if (!view) throw new AppError("not_found", "No such console screen");
    const url = new URL(c.req.url);
    return c.html(String(await view(ctx, langOf(url.searchParams.get("lang") ?? undefined), url.searchParams)));
  });
  app.get("/*", (c) => c.html(`<!DOCTYPE html>${<Shell lang={langOf(c.req.query("lang"))} />}`));
  return app;
}
