/** The demo company: a few departments and users with Korean and English names, created once. */
import * as directory from "@/domain/directory/mod.ts";

const ACTOR: directory.Actor = { kind: "system", id: "setup", label: "demo seed" };

/** Creates the demo company unless it exists; returns its id. */
export async function seedDemo(ctx: directory.DirectoryContext): Promise<string> {
  const companies = JSON.parse((await directory.listCompanies(ctx, { limit: 1000 })).items) as directory.Company[];
  const existing = companies.find((c) => c.code === "DEMO");
  if (existing) return existing.id;
  const company = await directory.createCompany(ctx, ACTOR, {
    code: "DEMO",
    name: "데모전자",
    nameEn: "Demo Electronics",
    defaultLocale: "ko",
  });
  const dept = async (code: string, name: string, nameEn: string, parentId: string | null, sortOrder: number) =>
    (await directory.createDepartment(ctx, ACTOR, { companyId: company.id, code, name, nameEn, parentId, sortOrder }))
      .id;
  const hq = await dept("HQ", "본사", "Headquarters", null, 0);
  const mgmt = await dept("MGMT", "경영지원본부", "Management Support", hq, 10);
  const hr = await dept("HR", "인사팀", "Human Resources", mgmt, 10);
  const fin = await dept("FIN", "재무팀", "Finance", mgmt, 20);
  const tech = await dept("TECH", "기술본부", "Technology", hq, 20);
  const plat = await dept("PLAT", "플랫폼팀", "Platform", tech, 10);
  const data = await dept("DATA", "데이터팀", "Data", tech, 20);

  const people: Array<[string, string, string, string, string, number, boolean?]> = [
    ["kim.minjun", "김민준", "Minjun Kim", hq, "대표이사", 3, true],
    ["lee.seoyeon", "이서연", "Seoyeon Lee", hr, "팀장", 2, true],
    ["park.jihoon", "박지훈", "Jihoon Park", fin, "책임", 2],
    ["choi.yuna", "최유나", "Yuna Choi", plat, "선임", 1],
    ["jung.hyunwoo", "정현우", "Hyunwoo Jung", plat, "팀장", 2, true],
    ["kang.soyeon", "강소연", "Soyeon Kang", data, "책임", 2],
    ["yoon.taeyang", "윤태양", "Taeyang Yoon", data, "사원", 1],
    ["han.jiwoo", "한지우", "Jiwoo Han", tech, "본부장", 3, true],
  ];
  const rows: directory.ImportRow[] = people.map((
    [loginId, koreanName, englishName, departmentId, jobTitle, clearanceLevel, head],
    i,
  ) => ({
    line: i + 1,
    input: {
      loginId,
      koreanName,
      englishName,
      email: `${loginId}@demo.example`,
      companyId: company.id,
      departmentId,
      jobTitle,
      position: jobTitle,
      employeeNo: `D${String(1001 + i)}`,
      isDepartmentHead: head ?? false,
      clearanceLevel,
    },
  }));
  await directory.importUserBatch(ctx, ACTOR, rows);
  return company.id;
}
