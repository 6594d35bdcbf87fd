/** What every response must satisfy, whatever was sent (CONTRACT 0). */
import { ERROR_STATUS } from "@/domain/errors.ts";
import { ADMIN_KEY, CENTRAL, DISABLED_KEY, JWT, PORTAL_A_KEY, PORTAL_B_KEY, READER_KEY } from "../_helpers/tokens.ts";

const SECRETS = [ADMIN_KEY, PORTAL_A_KEY, PORTAL_B_KEY, READER_KEY, DISABLED_KEY, JWT.secret, CENTRAL.secret];
const LEAKS: [RegExp, string][] = [
  [/\bat [^\n]*\.(ts|js|tsx):\d+/, "a stack trace"],
  [/PostgresError|syntax error at or near|violates (foreign key|unique|check) constraint|\bSQLSTATE\b/i, "SQL"],
  [/postgres(ql)?:\/\/|redis:\/\//i, "a connection URL"],
];

/** A response as read: status, headers and the whole body text. */
export interface Received {
  status: number;
  headers: Headers;
  text: string;
}

/** The ways `res` breaks the contract (empty when it keeps it). */
export function violations(res: Received, method: string): string[] {
  const out: string[] = [];
  if (res.status >= 500) out.push(`status ${res.status} (no dependency is down in this test)`);
  if (res.headers.has("set-cookie")) out.push(`sets a cookie: ${res.headers.get("set-cookie")}`);
  if (!res.headers.get("x-request-id")) out.push("no x-request-id header");
  for (const secret of SECRETS) if (res.text.includes(secret)) out.push("the body holds a credential");
  const type = res.headers.get("content-type") ?? "";
  if (res.status < 300 && method !== "HEAD" && type.includes("json") && !parses(res.text)) {
    out.push(`a ${res.status} labelled ${type} is not JSON: ${res.text.slice(0, 200)}`);
  }
  if (type.startsWith("text/event-stream")) out.push(...streamViolations(res.text));
  if (res.status >= 400) {
    if (!type.startsWith("application/problem+json")) out.push(`error content-type is ${JSON.stringify(type)}`);
    for (const [pattern, what] of LEAKS) if (pattern.test(res.text)) out.push(`the error shows ${what}`);
    if (method !== "HEAD") out.push(...problemViolations(res));
  }
  return out;
}

/** A stream that started (200) may end with an `error` event; one for a server-side failure is a hidden 5xx. */
function streamViolations(text: string): string[] {
  const out: string[] = [];
  for (const m of text.matchAll(/event: error\ndata: (.*)/g)) {
    const code = (JSON.parse(m[1]) as { code?: string }).code;
    const status = code && code in ERROR_STATUS ? ERROR_STATUS[code as keyof typeof ERROR_STATUS] : 500;
    if (status >= 500) out.push(`the event stream ended with error ${code}`);
  }
  return out;
}

function parses(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

function problemViolations(res: Received): string[] {
  let body: Record<string, unknown>;
  try {
    body = JSON.parse(res.text);
  } catch {
    return [`error body is not JSON: ${res.text.slice(0, 200)}`];
  }
  if (body === null || typeof body !== "object" || Array.isArray(body)) return ["error body is not an object"];
  const out: string[] = [];
  if (typeof body.type !== "string") out.push("problem has no type");
  if (typeof body.title !== "string") out.push("problem has no title");
  if (body.status !== res.status) out.push(`problem status ${body.status} is not the HTTP status ${res.status}`);
  if (typeof body.code !== "string" || !/^[a-z][a-z0-9_]*$/.test(body.code)) {
    out.push(`problem code ${JSON.stringify(body.code)} is not a snake_case string`);
  } else if (!(body.code in ERROR_STATUS)) {
    out.push(`problem code ${body.code} is not in the closed list`);
  } else if (ERROR_STATUS[body.code as keyof typeof ERROR_STATUS] !== res.status) {
    out.push(`code ${body.code} belongs to ${ERROR_STATUS[body.code as keyof typeof ERROR_STATUS]}, not ${res.status}`);
  }
  return out;
}
