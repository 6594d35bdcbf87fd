/**
 * The retrieval service as a portal of the directory: it reads departments, users'
 * status and the ontology pack and reports its sync status through the portal API,
 * with its own credential (RAG_DIRECTORY_API_KEY), so the two could live in separate databases.
 */
import { z } from "zod";
import { AppError } from "@/domain/errors.ts";

/** A department as the directory's portal API lists it: the fields the organization sync reads. */
export const DirectoryDepartment = z.object({
  id: z.uuid(),
  code: z.string(),
  name: z.string(),
  parentId: z.uuid().nullable(),
  companyId: z.uuid(),
  isActive: z.boolean(),
});
/** A department as the directory lists it. */
export type DirectoryDepartment = z.output<typeof DirectoryDepartment>;

/** One page of the directory's department list. */
const DepartmentPage = z.object({
  data: z.object({ items: z.array(DirectoryDepartment), nextCursor: z.string().nullable() }),
  meta: z.object({ dataVersion: z.number().int() }),
});

/** A user as the change feed or the walk lists it: whether it may still act, in which company, at which version. */
const UserEntry = z.union([
  z.object({
    id: z.uuid(),
    companyId: z.uuid(),
    isActive: z.boolean(),
    employmentStatus: z.string(),
    version: z.number().int(),
  }).transform((u) => ({
    id: u.id,
    tenantId: u.companyId,
    active: u.isActive && u.employmentStatus === "ACTIVE",
    version: u.version,
  })),
  z.object({ id: z.uuid(), deleted: z.literal(true), version: z.number().int() })
    .transform((t) => ({ id: t.id, tenantId: null, active: false, version: t.version })),
]);
/** A user's status as the retrieval service records it. */
export type DirectoryUserStatus = z.output<typeof UserEntry>;

/** One page of the users walk or change feed. */
const UserPage = z.object({
  data: z.object({ items: z.array(UserEntry), nextCursor: z.string().nullable() }),
  meta: z.object({ dataVersion: z.number().int() }),
});

/** The 410 of a change feed that starts before the tombstones the directory still keeps. */
const ResyncProblem = z.object({ code: z.literal("resync_required"), purgedThrough: z.number().int().min(0) });

/** `text` parsed as JSON, or null when it is not JSON (a proxy's error page, say). */
function jsonOrNull(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

/** The feed no longer keeps changes that old: the whole list must be walked, then the feed read from `purgedThrough`. */
export class ResyncRequired extends Error {
  override name = "ResyncRequired";
  constructor(readonly purgedThrough: number) {
    super(`the directory keeps changes only after version ${purgedThrough}`);
  }
}

/** An approved concept as the ontology pack lists it. */
export const Concept = z.object({
  id: z.uuid(),
  notation: z.string(),
  aliases: z.array(z.string()),
  abbreviations: z.array(z.string()),
  definition: z.string(),
  scope: z.string().nullable(),
});
/** An approved concept. */
export type Concept = z.output<typeof Concept>;

/** The part of the ontology pack the retrieval service reads. */
const PackConcepts = z.object({ data: z.object({ concepts: z.array(Concept) }) });

/** `value` as `schema` reads it; a reply of another shape is an error naming what was asked. */
function readBack<T extends z.ZodType>(schema: T, value: unknown, what: string): z.output<T> {
  const parsed = schema.safeParse(value);
  if (!parsed.success) {
    const [issue] = parsed.error.issues;
    throw new Error(
      `directory ${what} answered an unexpected shape at ${issue.path.join(".") || "(body)"}: ${issue.message}`,
    );
  }
  return parsed.data;
}

/** How to reach the directory. */
export interface DirectoryClientOptions {
  baseUrl: string;
  apiKey: string | undefined;
  portalId: string;
  /** The fetch to use: the process's own app when the directory runs in the same process. */
  fetch?: (req: Request) => Promise<Response> | Response;
  timeoutMs?: number;
}

/** Calls the directory's portal API. */
export function createDirectoryClient(o: DirectoryClientOptions) {
  const send = o.fetch ?? ((req: Request) => fetch(req));
  async function call(method: string, path: string, init: { body?: unknown; headers?: Record<string, string> } = {}) {
    if (!o.apiKey) throw new AppError("unavailable", "RAG_DIRECTORY_API_KEY is not configured");
    const req = new Request(new URL(`/api/directory/v1${path}`, o.baseUrl), {
      method,
      headers: {
        authorization: `Bearer ${o.apiKey}`,
        // Every call of this client is a periodic sync: the directory logs a successful one at debug.
        "x-backbone-periodic": "sync",
        ...(init.body ? { "content-type": "application/json" } : {}),
        ...init.headers,
      },
      body: init.body ? JSON.stringify(init.body) : undefined,
      signal: AbortSignal.timeout(o.timeoutMs ?? 10_000),
    });
    return await send(req);
  }
  async function json(method: string, path: string, body?: unknown) {
    const res = await call(method, path, { body });
    const text = await res.text();
    const resync = res.status === 410 && ResyncProblem.safeParse(jsonOrNull(text));
    if (resync && resync.success) throw new ResyncRequired(resync.data.purgedThrough);
    if (!res.ok) throw new Error(`directory ${method} ${path} answered ${res.status}: ${text.slice(0, 300)}`);
    return JSON.parse(text);
  }
  /** Every page of `GET /users` with `query`, and the data version of the last one. */
  async function userPages(query: string): Promise<{ items: DirectoryUserStatus[]; dataVersion: number }> {
    const items: DirectoryUserStatus[] = [];
    let cursor: string | null = null;
    let dataVersion = 0;
    do {
      const path: string = `/users?limit=1000&${query}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`;
      const page: z.output<typeof UserPage> = readBack(UserPage, await json("GET", path), "GET /users");
      items.push(...page.data.items);
      cursor = page.data.nextCursor;
      dataVersion = page.meta.dataVersion;
    } while (cursor);
    return { items, dataVersion };
  }
  return {
    /** Every department, inactive ones included, and the directory's data version. */
    async departments(): Promise<{ items: DirectoryDepartment[]; dataVersion: number }> {
      const items: DirectoryDepartment[] = [];
      let cursor: string | null = null;
      let dataVersion = 0;
      do {
        const path: string = `/departments?includeInactive=true&limit=1000${
          cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""
        }`;
        const page: z.output<typeof DepartmentPage> = readBack(
          DepartmentPage,
          await json("GET", path),
          "GET /departments",
        );
        items.push(...page.data.items);
        cursor = page.data.nextCursor;
        dataVersion = page.meta.dataVersion;
      } while (cursor);
      return { items, dataVersion };
    },
    /** Users changed after `since`, deleted ones included; ResyncRequired when those changes are no longer kept. */
    userChanges: (since: number) => userPages(`updatedSince=${since}`),
    /** Every live user (deactivated ones included), for a resync. */
    users: () => userPages("onlyActive=false"),
    /** Reports the outcome of a sync to /sync-status, as any portal does. */
    async reportSync(
      resource: string,
      success: boolean,
      dataVersion: number | null,
      error: string | null,
    ): Promise<void> {
      await json("POST", "/sync-status", {
        portalId: o.portalId,
        resource,
        outcome: success ? "success" : "failure",
        ...(dataVersion !== null ? { dataVersion } : {}),
        ...(error ? { error: error.slice(0, 4000) } : {}),
      });
    },
    /** The approved ontology pack, or null when `etag` still matches (304). */
    async ontologyPack(etag: string | null): Promise<{ etag: string; concepts: Concept[] } | null> {
      const res = await call("GET", "/ontology/pack", { headers: etag ? { "if-none-match": etag } : {} });
      if (res.status === 304) {
        await res.body?.cancel();
        return null;
      }
      const text = await res.text();
      if (!res.ok) throw new Error(`directory GET /ontology/pack answered ${res.status}`);
      const { data } = readBack(PackConcepts, JSON.parse(text), "GET /ontology/pack");
      return { etag: res.headers.get("etag") ?? "", concepts: data.concepts };
    },
  };
}

/** A directory client. */
export type DirectoryClient = ReturnType<typeof createDirectoryClient>;
