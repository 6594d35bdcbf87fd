/**
 * What the console's screens read besides their own records: whole lists (admin views show every company and
 * department) and the ids their query names, checked here so a malformed one is a 400 naming the field and never
 * reaches the database as a cast that fails (a 500 with PostgreSQL's words in the log).
 */
import { z } from "zod";
import * as directory from "@/domain/directory/mod.ts";
import { AppError } from "@/domain/errors.ts";
import type { Lang } from "../_i18n.ts";

const UUID = z.uuid();

/** The UUID the query holds under `name`, undefined when absent or empty; 400 invalid_request when malformed. */
export function queryUuid(q: URLSearchParams, name: string): string | undefined {
  const value = q.get(name) ?? "";
  if (value === "") return undefined;
  if (!UUID.safeParse(value).success) {
    throw new AppError("invalid_request", "The screen's parameters are not valid", {
      errors: [{ path: name, message: "must be a UUID" }],
    });
  }
  return value;
}

/** The UUID the query must hold under `name` (400 invalid_request when absent or malformed). */
export function requiredUuid(q: URLSearchParams, name: string): string {
  const value = queryUuid(q, name);
  if (value === undefined) {
    throw new AppError("invalid_request", "The screen's parameters are not valid", {
      errors: [{ path: name, message: "is required" }],
    });
  }
  return value;
}

/** Every live company. */
export async function allCompanies(ctx: directory.DirectoryContext): Promise<directory.Company[]> {
  return JSON.parse((await directory.listCompanies(ctx, { limit: 1000 })).items);
}

/** Every department of a company (or of all), in tree order. */
export async function allDepartments(
  ctx: directory.DirectoryContext,
  companyId: string | undefined,
  includeInactive: boolean,
): Promise<directory.Department[]> {
  const out: directory.Department[] = [];
  let cursor: string | undefined;
  do {
    const page = await directory.listDepartments(ctx, { companyId, includeInactive, limit: 1000, cursor });
    out.push(...JSON.parse(page.items));
    cursor = page.nextCursor ?? undefined;
  } while (cursor);
  return out;
}

/** A user's department name in the screen's language (the user record carries only the Korean one). */
export async function departmentNames(
  ctx: directory.DirectoryContext,
  lang: Lang,
): Promise<(u: { departmentId: string | null; departmentName: string | null }) => string> {
  if (lang === "ko") return (u) => u.departmentName ?? "";
  const english = new Map((await allDepartments(ctx, undefined, true)).map((d) => [d.id, d.nameEn]));
  return (u) => (u.departmentId && english.get(u.departmentId)) || u.departmentName || "";
}
