/** What the directory's routers share: their dependencies, query schemas and the admin actor. */
import { z } from "@hono/zod-openapi";
import type { Context } from "hono";
import type { Actor, DirectoryContext } from "@/domain/directory/mod.ts";
import type { AuthDeps } from "../_auth.ts";
import type { AppEnv } from "../_env.ts";
import { limitParam, optionalUuidQuery, queryBool, versionParam } from "../_validate.ts";

/** Dependencies of the directory's routers. */
export interface DirectoryRouteDeps {
  ctx: DirectoryContext;
  auth: AuthDeps;
}

/** Query of the users list, shared by the portal and admin APIs. */
export const UsersQuery = z.object({
  onlyActive: queryBool(false),
  companyId: optionalUuidQuery,
  departmentId: optionalUuidQuery,
  q: z.string().max(200).optional(),
  limit: limitParam(100),
  cursor: z.string().max(1000).optional(),
  updatedSince: versionParam.optional(),
});

/** Query of the departments list. */
export const DepartmentsQuery = z.object({
  companyId: optionalUuidQuery,
  includeInactive: queryBool(false),
  limit: limitParam(1000),
  cursor: z.string().max(1000).optional(),
  updatedSince: versionParam.optional(),
});

/** Query of the companies list. */
export const CompaniesQuery = z.object({
  limit: limitParam(100),
  cursor: z.string().max(1000).optional(),
});

/** The audit actor of an admin call: the key's id and label, never the key. */
export function adminActor(c: Context<AppEnv>): Actor {
  const admin = c.var.admin;
  return { kind: "admin", id: admin.id, label: admin.label, requestId: c.var.requestId };
}
