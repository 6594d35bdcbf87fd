/** Reading whole lists for the console's screens (admin views show every company and department). */
import * as directory from "@/domain/directory/mod.ts";

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
