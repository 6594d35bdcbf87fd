/**
 * The one error type of the project and its closed list of codes. Code branches
 * on `code`, never on the message; routes/_errors.ts maps each code to HTTP.
 */

/** Every stable error code a client may see, with its HTTP status. */
export const ERROR_STATUS = {
  invalid_request: 400,
  invalid_cursor: 400,
  cursor_query_mismatch: 400,
  status_not_writable: 400,
  unauthorized: 401,
  insufficient_scope: 403,
  forbidden: 403,
  operator_required: 403,
  csrf_failed: 403,
  portal_mismatch: 403,
  not_found: 404,
  method_not_allowed: 405,
  request_timeout: 408,
  unsupported_media_type: 415,
  version_conflict: 409,
  duplicate_code: 409,
  conflict: 409,
  group_code_conflict: 409,
  publication_in_progress: 409,
  resync_required: 410,
  payload_too_large: 413,
  content_too_large: 413,
  unprocessable: 422,
  unknown_user_ids: 422,
  checksum_mismatch: 422,
  content_host_not_allowed: 422,
  endpoint_not_allowed: 422,
  webhook_url_not_allowed: 422,
  content_unreachable: 422,
  content_timeout: 422,
  content_host_unresponsive: 422,
  ingestion_budget_exceeded: 422,
  size_mismatch: 422,
  content_unprocessable: 422,
  organization_not_found: 422,
  rate_limited: 429,
  too_many_queued: 429,
  too_many_bodies: 429,
  internal_error: 500,
  unavailable: 503,
  directory_state_stale: 503,
  rag_audit_unavailable: 503,
  publications_busy: 503,
  llm_timeout: 504,
} as const;

/** A stable, snake_case error code. */
export type ErrorCode = keyof typeof ERROR_STATUS;

/** One field-level problem, as in the problem details `errors` array. */
export interface FieldError {
  path: string;
  message: string;
}

/** Options that enrich an AppError's problem details. */
export interface AppErrorOptions {
  errors?: FieldError[];
  /** Extra members of the problem body (for example `unknownUserIds`, or `data` for a conflict). */
  extra?: Record<string, unknown>;
  /** Response headers such as `Retry-After`. */
  headers?: Record<string, string>;
  cause?: unknown;
}

/** An expected failure with a code the client can switch on and a message safe to show it. */
export class AppError extends Error {
  override name = "AppError";
  readonly errors?: FieldError[];
  readonly extra?: Record<string, unknown>;
  readonly headers?: Record<string, string>;

  constructor(readonly code: ErrorCode, detail: string, options: AppErrorOptions = {}) {
    super(detail, { cause: options.cause });
    this.errors = options.errors;
    this.extra = options.extra;
    this.headers = options.headers;
  }

  /** The HTTP status this error's code maps to. */
  get status(): number {
    return ERROR_STATUS[this.code];
  }
}

/** Shorthand for the most common refusal: the record does not exist or may not be seen. */
export function notFound(what: string): AppError {
  return new AppError("not_found", `${what} was not found`);
}
