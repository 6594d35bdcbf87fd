/**
 * Turning user input into whole stored records, for one user or an import batch
 * alike: company defaults, department by id or code within the company, and the
 * uniqueness rules checked against the ledger and within the batch.
 */
import * as users from "@/sql/directory/users.ts";
import { companiesByIds } from "@/sql/directory/companies.ts";
import { departmentsOfCompanies } from "@/sql/directory/departments.ts";
import type { Db } from "@/sql/mod.ts";
import type { UserRecord } from "@/sql/directory/users.ts";
import type { UserPatch } from "./schemas.ts";

/** What a caller may say about a user; absent fields keep the base record's value or take a default. */
export type UserInput = Omit<UserPatch, "version">;

/** The id of the company created by the first migration. */
export const DEFAULT_COMPANY_ID = "00000000-0000-4000-8000-000000000001";

/** A record ready to store, or the reason it cannot be. */
export type Prepared =
  | { ok: true; record: UserRecord; base?: UserRecord & { id?: string } }
  | { ok: false; code: "unprocessable" | "conflict"; message: string; field?: string };

const EMPTY: Omit<UserRecord, "companyId" | "loginId"> = {
  koreanName: "",
  englishName: "",
  email: "",
  jobTitle: "",
  position: "",
  employeeNo: null,
  isDepartmentHead: false,
  departmentId: null,
  employmentStatus: "ACTIVE",
  isActive: true,
  clearanceLevel: 0,
};

function merge(input: UserInput, base: UserRecord | undefined): UserRecord {
  const from = base ?? { ...EMPTY, companyId: DEFAULT_COMPANY_ID, loginId: "" };
  const pick = <K extends keyof UserRecord>(k: K): UserRecord[K] =>
    (input as Record<string, unknown>)[k] !== undefined ? (input as unknown as UserRecord)[k] : from[k];
  const companyChanged = input.companyId !== undefined && input.companyId !== from.companyId;
  return {
    companyId: pick("companyId"),
    loginId: pick("loginId"),
    koreanName: pick("koreanName"),
    englishName: pick("englishName"),
    email: pick("email"),
    jobTitle: pick("jobTitle"),
    position: pick("position"),
    employeeNo: pick("employeeNo"),
    isDepartmentHead: pick("isDepartmentHead"),
    // A move to another company leaves the old company's department behind unless a new one is named.
    departmentId: input.departmentId !== undefined
      ? input.departmentId
      : companyChanged || input.deptCode !== undefined
      ? null
      : from.departmentId,
    employmentStatus: pick("employmentStatus"),
    isActive: pick("isActive"),
    clearanceLevel: pick("clearanceLevel"),
  };
}

/**
 * Prepares records for `inputs`, each over its optional base (the stored user it
 * updates). Checks that companies and departments exist and belong together, that
 * a name is present, and that login ids and employee numbers stay unique, both in
 * the ledger and within the batch. The caller holds the ledger lock.
 */
export async function prepareRecords(
  db: Db,
  inputs: Array<{ input: UserInput; base?: UserRecord & { id?: string } }>,
): Promise<Prepared[]> {
  const merged = inputs.map(({ input, base }) => ({ input, base, record: merge(input, base) }));
  const companyIds = [...new Set(merged.map((m) => m.record.companyId))];
  const companies = new Set((await companiesByIds(db, companyIds)).map((c) => c.id));
  const departments = await departmentsOfCompanies(db, [...companies]);
  const deptById = new Map(departments.map((d) => [d.id, d]));
  const deptByCode = new Map(departments.map((d) => [`${d.companyId}/${d.codeKey}`, d.id]));

  const numbered = merged.filter((m) => m.record.employeeNo !== null);
  const holders = numbered.length === 0 ? [] : await users.usersByEmployeeNo(
    db,
    numbered.map((m) => ({ companyId: m.record.companyId, employeeNo: m.record.employeeNo! })),
  );
  const holderOf = new Map(holders.map((h) => [`${h.companyId}/${h.employeeNo}`, h.loginKey]));
  const seenLogin = new Set<string>();
  const seenEmployeeNo = new Set<string>();

  return merged.map(({ input, base, record }): Prepared => {
    if (!companies.has(record.companyId)) {
      return { ok: false, code: "unprocessable", field: "companyId", message: "companyId names no company" };
    }
    if (input.deptCode !== undefined && input.deptCode !== null && input.departmentId === undefined) {
      const id = deptByCode.get(`${record.companyId}/${input.deptCode.toLowerCase()}`);
      if (!id) {
        return {
          ok: false,
          code: "unprocessable",
          field: "deptCode",
          message: "deptCode names no department of the company",
        };
      }
      record.departmentId = id;
    }
    if (record.departmentId !== null && deptById.get(record.departmentId)?.companyId !== record.companyId) {
      return {
        ok: false,
        code: "unprocessable",
        field: "departmentId",
        message: "departmentId names no department of the company",
      };
    }
    if (record.koreanName === "" && record.englishName === "") {
      return {
        ok: false,
        code: "unprocessable",
        field: "koreanName",
        message: "koreanName or englishName is required",
      };
    }
    const loginKey = record.loginId.toLowerCase();
    if (seenLogin.has(loginKey)) {
      return { ok: false, code: "conflict", field: "loginId", message: "loginId appears twice in this batch" };
    }
    seenLogin.add(loginKey);
    if (record.employeeNo !== null) {
      const key = `${record.companyId}/${record.employeeNo}`;
      const holder = holderOf.get(key);
      const ownKey = base?.loginId.toLowerCase() ?? loginKey;
      if (seenEmployeeNo.has(key) || (holder !== undefined && holder !== ownKey && holder !== loginKey)) {
        return {
          ok: false,
          code: "conflict",
          field: "employeeNo",
          message: "employeeNo is already used in the company",
        };
      }
      seenEmployeeNo.add(key);
    }
    return { ok: true, record, base };
  });
}

/** The audit entries for employment status moves between a base and its new record. */
export function statusMoves(userId: string, base: UserRecord | undefined, record: UserRecord) {
  if (!base || base.employmentStatus === record.employmentStatus) return [];
  return [{
    action: "user.employment_status",
    targetType: "user",
    targetId: userId,
    details: { from: base.employmentStatus, to: record.employmentStatus },
  }];
}
