/** What the directory's routers share: their dependencies and query schemas. */
import { z } from "@hono/zod-openapi";
import type { DirectoryContext } from "@/domain/directory/mod.ts";
import type { AuthDeps } from "../_auth.ts";
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
