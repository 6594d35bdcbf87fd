/** Common user groups: incremental pulls and portal pushes (the ledger wins on conflict). */
import { createRoute, z } from "@hono/zod-openapi";
import * as directory from "@/domain/directory/mod.ts";
import { actorOf, portalAccess } from "../_auth.ts";
import { bodyKind } from "../_body.ts";
import {
  itemBody,
  itemOf,
  json,
  jsonBody,
  limitParam,
  listOf,
  listResponse,
  problems,
  router,
  uuid,
  versionParam,
} from "../_validate.ts";
import type { DirectoryRouteDeps } from "./_shared.ts";

const GroupParams = z.object({ id: uuid.openapi({ param: { name: "id", in: "path" } }) });
const MemberParams = GroupParams.extend({ userId: uuid.openapi({ param: { name: "userId", in: "path" } }) });
const BaseVersion = z.object({ baseVersion: versionParam.optional() });

/** `GET /user-groups`, `PUT`/`DELETE /user-groups/{id}`, `PUT`/`DELETE /user-groups/{id}/members/{userId}`. */
export function userGroupsRoutes({ ctx, auth }: DirectoryRouteDeps) {
  const app = router();
  const read = {
    tags: ["directory portal"],
    ...portalAccess(auth, "directory:read"),
  };
  const sync = {
    tags: ["directory portal"],
    ...portalAccess(auth, "directory:sync"),
  };
  const group = json(itemOf(directory.schemas.UserGroup));
  const refusals = problems(400, 401, 403, 404, 409, 413, 415, 422, 429);

  app.openapi(
    createRoute({
      ...read,
      method: "get",
      path: "/user-groups",
      operationId: "listUserGroups",
      summary: "Groups changed after `since` (all without it), tombstones included, in version order",
      request: {
        query: z.object({
          since: versionParam.optional(),
          limit: limitParam(100),
          cursor: z.string().max(1000).optional(),
        }),
      },
      responses: { 200: json(listOf(directory.schemas.UserGroup)), ...problems(400, 401, 403, 410, 429) },
    }),
    async (c) => listResponse(await directory.listGroups(ctx, c.req.valid("query"), c.var.portal.portalId)),
  );

  app.openapi(
    createRoute({
      ...sync,
      middleware: [...sync.middleware, bodyKind("batch")],
      method: "put",
      path: "/user-groups/{id}",
      operationId: "putUserGroup",
      summary: "Create a group, or replace it based on baseVersion (409 with the ledger's record when stale)",
      request: { params: GroupParams, ...jsonBody(directory.schemas.GroupPush) },
      responses: { 200: group, ...refusals },
    }),
    async (c) =>
      c.json(
        itemBody(await directory.putGroup(ctx, actorOf(c), c.req.valid("param").id, c.req.valid("json"))),
        200,
      ),
  );

  app.openapi(
    createRoute({
      ...sync,
      method: "delete",
      path: "/user-groups/{id}",
      operationId: "deleteUserGroup",
      summary: "Delete a group based on baseVersion; returns the tombstone",
      request: { params: GroupParams, query: BaseVersion },
      responses: { 200: group, ...refusals },
    }),
    async (c) =>
      c.json(
        itemBody(
          await directory.deleteGroup(ctx, actorOf(c), c.req.valid("param").id, c.req.valid("query").baseVersion),
        ),
        200,
      ),
  );

  for (const [method, present] of [["put", true], ["delete", false]] as const) {
    app.openapi(
      createRoute({
        ...sync,
        method,
        path: "/user-groups/{id}/members/{userId}",
        operationId: present ? "addUserGroupMember" : "removeUserGroupMember",
        summary: present ? "Add a member (based on baseVersion)" : "Remove a member (based on baseVersion)",
        request: { params: MemberParams, query: BaseVersion },
        responses: { 200: group, ...refusals },
      }),
      async (c) => {
        const { id, userId } = c.req.valid("param");
        const result = await directory.setMembership(
          ctx,
          actorOf(c),
          id,
          userId,
          present,
          c.req.valid("query").baseVersion,
        );
        return c.json(itemBody(result), 200);
      },
    );
  }
  return app;
}
