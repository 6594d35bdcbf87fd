/**
 * JSON-lines logging: one object per line on stdout, carrying the request id when there is one. Credentials inside
 * URLs (an endpoint's user-info or `api_key=`) are cut out of every line, whatever field carries them.
 */
import { withoutUrlCredentials } from "./url_credentials.ts";

export type LogLevel = "debug" | "info" | "warn" | "error";
export type LogFields = Record<string, unknown>;

/** A logger whose `child` adds fields (such as the request id) to every line it writes. */
export interface Logger {
  debug(msg: string, fields?: LogFields): void;
  info(msg: string, fields?: LogFields): void;
  warn(msg: string, fields?: LogFields): void;
  error(msg: string, fields?: LogFields): void;
  child(fields: LogFields): Logger;
}

const RANK: Record<LogLevel, number> = { debug: 10, info: 20, warn: 30, error: 40 };

/** Reduces an unknown thrown value to loggable fields, without payloads that might hold secrets. */
export function errorFields(err: unknown): LogFields {
  if (err instanceof Error) {
    const code = (err as { code?: unknown }).code;
    return {
      error: err.message,
      errorName: err.name,
      ...(code !== undefined ? { errorCode: code } : {}),
      stack: err.stack,
    };
  }
  return { error: String(err) };
}

/** Creates a logger writing at `level` and above to `write` (stdout by default). */
export function createLogger(
  level: LogLevel,
  base: LogFields = {},
  write: (line: string) => void = (line) => console.log(line),
): Logger {
  const min = RANK[level];
  const emit = (lvl: LogLevel, msg: string, fields?: LogFields) => {
    if (RANK[lvl] < min) return;
    write(
      withoutUrlCredentials(JSON.stringify({ time: new Date().toISOString(), level: lvl, msg, ...base, ...fields })),
    );
  };
  return {
    debug: (m, f) => emit("debug", m, f),
    info: (m, f) => emit("info", m, f),
    warn: (m, f) => emit("warn", m, f),
    error: (m, f) => emit("error", m, f),
    child: (fields) => createLogger(level, { ...base, ...fields }, write),
  };
}
