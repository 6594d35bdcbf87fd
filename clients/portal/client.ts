/**
 * The typed portal client: openapi-fetch over the generated `paths`, with the credential on every call and 429
 * answers waited out. `PortalError` carries the problem details' stable `code`, which callers switch on.
 */
import createClient, { type Client } from "openapi-fetch";
import type { paths } from "./schema.gen.ts";
import { backoffFetch, type BackoffOptions } from "./rate_limit.ts";

/** How to reach the service. */
export interface PortalClientOptions {
  /** The service's base URL, such as `https://directory.example`. */
  baseUrl: string;
  /** The portal's API key or JWT, sent as `Authorization: Bearer`. */
  credential: string;
  /** The fetch to send with (default the global one). */
  fetch?: typeof fetch;
  /** How 429 and 503 answers are waited out. */
  backoff?: BackoffOptions;
}

/** A client of the service. */
export interface PortalClient {
  /** Typed operations, e.g. `api.GET("/api/directory/v1/users", { params: { query: { limit: 100 } } })`. */
  api: Client<paths>;
  /** An untyped call under the same credential and backoff, for what the typed one cannot send (a streamed body). */
  fetch(path: string, init?: RequestInit): Promise<Response>;
}

/** Builds a client. */
export function createPortalClient(o: PortalClientOptions): PortalClient {
  const inner = o.fetch ?? globalThis.fetch;
  const send = backoffFetch((input, init) => inner(input, init), o.backoff);
  const headers = { authorization: `Bearer ${o.credential}` };
  const baseUrl = o.baseUrl.replace(/\/+$/, "");
  return {
    api: createClient<paths>({ baseUrl, headers, fetch: (request: Request) => send(request) }),
    fetch(path, init = {}) {
      const h = new Headers(init.headers);
      h.set("authorization", headers.authorization);
      return send(`${baseUrl}${path}`, { ...init, headers: h });
    },
  };
}

/** An RFC 9457 problem answer, as thrown by `unwrap`. */
export class PortalError extends Error {
  /** The HTTP status. */
  readonly status: number;
  /** The problem's stable code (`resync_required`, `rate_limited`, ...), or `http_<status>` for a body without one. */
  readonly code: string;
  /** The whole problem body, with the extra members some codes carry. */
  readonly problem: Record<string, unknown>;

  constructor(status: number, problem: unknown) {
    const p = typeof problem === "object" && problem !== null ? problem as Record<string, unknown> : {};
    const code = typeof p.code === "string" ? p.code : `http_${status}`;
    super(`${status} ${code}${typeof p.detail === "string" ? `: ${p.detail}` : ""}`);
    this.name = "PortalError";
    this.status = status;
    this.code = code;
    this.problem = p;
  }
}

/** The data of an openapi-fetch result, or a thrown PortalError for an error answer. */
export function unwrap<T>(result: { data?: T; error?: unknown; response: Response }): T {
  if (!result.response.ok || result.data === undefined) throw new PortalError(result.response.status, result.error);
  return result.data;
}
