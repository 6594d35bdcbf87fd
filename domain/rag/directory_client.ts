/**
 * The retrieval service as a portal of the directory: it reads departments and the
 * ontology pack and reports its sync status through the portal API, with its own
 * credential (RAG_DIRECTORY_API_KEY), so the two could live in separate databases.
 */
import { AppError } from "@/domain/errors.ts";

/** A department as the directory's portal API returns it. */
export interface DirectoryDepartment {
  id: string;
  code: string;
  name: string;
  parentId: string | null;
  companyId: string;
  isActive: boolean;
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
    if (!res.ok) throw new Error(`directory ${method} ${path} answered ${res.status}: ${text.slice(0, 300)}`);
    return JSON.parse(text);
  }
  return {
    /** Every department, inactive ones included, and the directory's data version. */
    async departments(): Promise<{ items: DirectoryDepartment[]; dataVersion: number }> {
      const items: DirectoryDepartment[] = [];
      let cursor: string | null = null;
      let dataVersion = 0;
      do {
        const page: {
          data: { items: DirectoryDepartment[]; nextCursor: string | null };
          meta: { dataVersion: number };
        } = await json(
          "GET",
          `/departments?includeInactive=true&limit=1000${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`,
        );
        items.push(...page.data.items);
        cursor = page.data.nextCursor;
        dataVersion = page.meta.dataVersion;
      } while (cursor);
      return { items, dataVersion };
    },
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
    async ontologyPack(etag: string | null): Promise<{ etag: string; pack: unknown } | null> {
      const res = await call("GET", "/ontology/pack", { headers: etag ? { "if-none-match": etag } : {} });
      if (res.status === 304) {
        await res.body?.cancel();
        return null;
      }
      const text = await res.text();
      if (!res.ok) throw new Error(`directory GET /ontology/pack answered ${res.status}`);
      return { etag: res.headers.get("etag") ?? "", pack: JSON.parse(text).data };
    },
  };
}

/** A directory client. */
export type DirectoryClient = ReturnType<typeof createDirectoryClient>;
