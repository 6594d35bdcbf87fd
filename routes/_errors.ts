/**
 * The one renderer of errors: every failure leaves as RFC 9457 problem details
 * with a stable `code`. 5xx bodies say only that something failed and give the
 * request id; the log line holds the cause.
 */
import type { Context } from "hono";
import { HTTPException } from "hono/http-exception";
import type { ZodError } from "zod";
import { UNSTORABLE_TEXT, unstorableTextPath } from "@/domain/storable_text.ts";
import { AppError, ERROR_STATUS, type ErrorCode, type FieldError } from "@/domain/errors.ts";
import { isConnectionError } from "@/sql/mod.ts";
import { errorFields } from "@/lib/log.ts";
import type { AppEnv } from "./_env.ts";

const TITLES: Record<number, string> = {
  400: "Bad Request",
  401: "Unauthorized",
  403: "Forbidden",
  404: "Not Found",
  405: "Method Not Allowed",
  408: "Request Timeout",
  409: "Conflict",
  410: "Gone",
  413: "Content Too Large",
  415: "Unsupported Media Type",
  422: "Unprocessable Content",
  429: "Too Many Requests",
  500: "Internal Server Error",
  503: "Service Unavailable",
  504: "Gateway Timeout",
};

const PROBLEM_JSON = "application/problem+json";

/** The most field errors a problem lists; the rest are counted in `errorsOmitted`, so a flood of bad keys stays small. */
export const MAX_FIELD_ERRORS = 20;

/** Builds a problem+json response for an AppError. */
export function problemResponse(err: AppError, requestId?: string): Response {
  const status = err.status;
  const errors = err.errors ?? [];
  const body = {
    type: "about:blank",
    title: TITLES[status] ?? "Error",
    status,
    code: err.code,
    detail: err.message,
    ...(errors.length ? { errors: errors.slice(0, MAX_FIELD_ERRORS) } : {}),
    ...(errors.length > MAX_FIELD_ERRORS ? { errorsOmitted: errors.length - MAX_FIELD_ERRORS } : {}),
    ...(requestId ? { requestId } : {}),
    ...err.extra,
  };
  const headers = new Headers({ "content-type": PROBLEM_JSON, ...err.headers });
  if (requestId) headers.set("x-request-id", requestId);
  return new Response(JSON.stringify(body), { status, headers });
}

/** Turns zod issues into field errors: `entries.3.userId`, unknown keys named one by one. */
export function fieldErrors(error: ZodError): FieldError[] {
  return error.issues.flatMap((issue) => {
    const path = issue.path.map(String).join(".");
    if (issue.code === "unrecognized_keys") {
      return issue.keys.map((key) => ({
        path: path ? `${path}.${key}` : key,
        message: key === "headRole" ? "headRole was removed in 1.0.49; use isDepartmentHead" : "is not a known field",
      }));
    }
    return [{ path, message: issue.message }];
  });
}

/** The zod-openapi hook: a failed validation becomes 400 invalid_request naming each field. */
export function validationHook(
  result: { success: true; data: unknown; target: string } | { success: false; error: ZodError; target: string },
  _c: Context,
): void {
  const where = result.target === "json" ? "body" : result.target;
  if (!result.success) {
    throw new AppError("invalid_request", `The request ${where} is not valid`, { errors: fieldErrors(result.error) });
  }
  const path = unstorableTextPath(result.data);
  if (path !== null) {
    throw new AppError("invalid_request", `The request ${where} is not valid`, {
      errors: [{ path, message: UNSTORABLE_TEXT }],
    });
  }
}

const HTTP_CODES: Record<number, ErrorCode> = {
  400: "invalid_request",
  401: "unauthorized",
  403: "forbidden",
  404: "not_found",
  405: "method_not_allowed",
  413: "payload_too_large",
  415: "unsupported_media_type",
};

/** Maps anything thrown into an AppError; unknown errors become 500 and are logged. */
export function toAppError(err: unknown): AppError {
  if (err instanceof AppError) return err;
  if (err instanceof HTTPException) {
    const code = HTTP_CODES[err.status] ?? (err.status >= 500 ? "internal_error" : "invalid_request");
    const detail = err.status === 415
      ? "Send the body as application/json"
      : err.status === 400
      ? "The request body is not valid JSON"
      : err.message || "The request was refused";
    return new AppError(code, detail, { cause: err });
  }
  // A safety net behind the validation hook: text PostgreSQL cannot store is the caller's to fix.
  const pg = err as { name?: unknown; code?: unknown };
  if (pg?.name === "PostgresError" && (pg.code === "22021" || pg.code === "22P05")) {
    return new AppError("invalid_request", `The request holds text that ${UNSTORABLE_TEXT.replace("holds ", "")}`, {
      cause: err,
    });
  }
  if (isConnectionError(err) || isRedisUnavailable(err)) {
    return new AppError("unavailable", "A backing service is unavailable; retry shortly", {
      cause: err,
      headers: { "retry-after": "5" },
    });
  }
  return new AppError("internal_error", "The request failed", { cause: err });
}

function isRedisUnavailable(err: unknown): boolean {
  const name = (err as { name?: unknown })?.name;
  const message = String((err as { message?: unknown })?.message ?? "");
  return name === "MaxRetriesPerRequestError" || message.startsWith("Stream isn't writeable");
}

/**
 * Builds `app.onError`: renders the problem, logs server-side failures with their
 * cause, and hands refusals of access to `onRefusal` (the audit trail).
 */
export function createErrorHandler(onRefusal: (c: Context<AppEnv>, err: AppError) => void) {
  return (err: Error, c: Context<AppEnv>): Response => {
    const appError = c.get("bodyFailure") ?? toAppError(err);
    // A failure the service anticipated (a 503 for stale state, say) is a warning with its reason; anything else
    // is an error with its stack.
    if (appError.status >= 500 && appError.cause === undefined && err instanceof AppError) {
      c.get("log")?.warn("request failed", { code: appError.code, detail: appError.message });
    } else if (appError.status >= 500) {
      c.get("log")?.error("request failed", { code: appError.code, ...errorFields(appError.cause ?? err) });
    }
    if (isRefusal(appError.code)) onRefusal(c, appError);
    return problemResponse(appError, c.get("requestId"));
  };
}

/** `app.notFound`: an unknown path is a problem like any other. */
export function notFoundHandler(c: Context<AppEnv>): Response {
  c.set("unmatched", true);
  return problemResponse(new AppError("not_found", "No such resource"), c.get("requestId"));
}

/** True when the code means a caller was refused access (audited). */
export function isRefusal(code: ErrorCode): boolean {
  const status = ERROR_STATUS[code];
  return status === 401 || status === 403;
}
