/** Admin API over the ledger: companies, departments and users, plus the users import. */
import { createRoute, z } from "@hono/zod-openapi";
import * as directory from "@/domain/directory/mod.ts";
import { AppError } from "@/domain/errors.ts";
import { actorOf, adminAccess } from "../../_auth.ts";
import { bodyKind } from "../../_body.ts";
import { itemBody, itemOf, json, problems, router } from "../../_validate.ts";
import { CompaniesQuery, DepartmentsQuery, type DirectoryRouteDeps, UsersQuery } from "../_shared.ts";
import { registerCrud } from "./_crud.ts";

/** Admin routes for companies, departments and users. */
export function ledgerAdminRoutes({ ctx, auth }: DirectoryRouteDeps) {
  const app = router();
  const guard = adminAccess(auth);
  const s = directory.schemas;

  registerCrud(app, guard, {
    path: "companies",
    names: ["Company", "Companies"],
    tag: "directory admin",
    record: s.Company,
    listItem: s.Company,
    query: CompaniesQuery,
    createBody: s.CompanyCreate,
    patchBody: s.CompanyPatch,
    list: (q) => directory.listCompanies(ctx, q),
    get: (id) => directory.getCompany(ctx, id),
    create: (actor, body) => directory.createCompany(ctx, actor, body),
    update: (actor, id, version, patch) => directory.updateCompany(ctx, actor, id, version, patch),
    deactivate: (actor, id) => directory.deactivateCompany(ctx, actor, id),
    remove: (actor, id) => directory.deleteCompany(ctx, actor, id),
  });

  registerCrud(app, guard, {
    path: "departments",
    names: ["Department", "Departments"],
    tag: "directory admin",
    record: s.Department,
    listItem: z.union([s.Department, s.Tombstone]),
    query: DepartmentsQuery,
    createBody: s.DepartmentCreate,
    patchBody: s.DepartmentPatch,
    list: (q) => directory.listDepartments(ctx, q),
    get: (id) => directory.getDepartment(ctx, id),
    create: (actor, body) => directory.createDepartment(ctx, actor, body),
    update: (actor, id, version, patch) => directory.updateDepartment(ctx, actor, id, version, patch),
    deactivate: (actor, id) => directory.deactivateDepartment(ctx, actor, id),
    remove: (actor, id) => directory.deleteDepartment(ctx, actor, id),
  });

  // The import is registered before the generic user routes so `users:import` is never read as an id.
  app.openapi(
    createRoute({
      method: "post",
      path: "/users:import",
      operationId: "adminImportUsers",
      tags: ["directory admin"],
      summary: "Import users from JSON Lines or CSV (header row of field names); matched by loginId",
      ...guard,
      middleware: [...guard.middleware, bodyKind("batch")],
      request: {
        body: {
          required: true,
          content: { "text/csv": { schema: z.string() }, "application/x-ndjson": { schema: z.string() } },
        },
      },
      responses: { 200: json(itemOf(s.UserImportResult)), ...problems(400, 401, 413, 415) },
    }),
    async (c) => {
      const format = directory.formatOf(c.req.header("content-type"));
      if (format === null) {
        throw new AppError("unsupported_media_type", "Send text/csv or application/x-ndjson");
      }
      const rows = directory.parseImport(await c.req.text(), format);
      const results = await directory.importUsers(ctx, actorOf(c), rows);
      const count = (status: string) => results.filter((r) => r.status === status).length;
      return c.json(
        itemBody({
          created: count("created"),
          updated: count("updated"),
          unchanged: count("unchanged"),
          failed: count("failed"),
          results,
        }),
        200,
      );
    },
  );

  registerCrud(app, guard, {
    path: "users",
    names: ["User", "Users"],
    tag: "directory admin",
    record: s.DirectoryUser,
    listItem: z.union([s.DirectoryUser, s.Tombstone]),
    query: UsersQuery,
    createBody: s.UserCreate,
    patchBody: s.UserPatch,
    list: (q) => directory.listUsers(ctx, q),
    get: (id) => directory.getUser(ctx, id),
    create: (actor, body) => directory.createUser(ctx, actor, body),
    update: (actor, id, version, patch) => directory.updateUser(ctx, actor, id, version, patch),
    deactivate: (actor, id) => directory.deactivateUser(ctx, actor, id),
    remove: (actor, id) => directory.deleteUser(ctx, actor, id),
  });
  return app;
}
