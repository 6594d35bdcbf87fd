/**
 * Valid requests for the operations of the OpenAPI document, so a crawl gets real answers and not only refusals:
 * fixtures of every kind an operation can point at (a company, department and user of the crawl's own, terms in
 * each state, pending revisions of approved terms, a group, a relation, a queued content body, an indexed document, a published snapshot), path
 * values taken from them, and bodies and query values generated from the operation's own schemas
 * (tests/_helpers/fuzz_schema.ts) with field hints that tie the generated values to the fixtures. The versions
 * the service hands out are remembered, so an update names the version it is based on.
 */
import fc from "fast-check";
import type { RagTestApp } from "../_helpers/rag.ts";
import { body, type Item } from "../_helpers/app.ts";
import { ADMIN_KEY, PORTAL_A_KEY } from "../_helpers/tokens.ts";
import { type Schema, valueFor } from "../_helpers/fuzz_schema.ts";
import type { schemas as directory } from "@/domain/directory/mod.ts";
import type { schemas as retrieval } from "@/domain/rag/mod.ts";

/** One operation of the document, as the crawl calls it. */
export interface CrawlOperation {
  method: string;
  template: string;
  security: string[];
  params: { name: string; in: string; required?: boolean; schema: Schema }[];
  body?: { contentType: string; schema: Schema };
}

/** A request ready to send. */
export interface ValidRequest {
  path: string;
  init: RequestInit;
}

const QUESTION = "연차 휴가는 어떻게 신청하나요?";
const CONTENT_KEY = "portal-a:doc:1";

/**
 * Calls made before anything else reads them, then destructive ones, each kind of delete after what depends
 * on it, so every operation meets the fixtures it needs.
 */
export function crawlOrder(op: CrawlOperation): number {
  if (op.method === "GET") return 0;
  if (op.method !== "DELETE") return /\/(deactivate|reject|deprecate)$/.test(op.template) ? 2 : 1;
  const deletes = ["/relations", "/content-term-links", "/members/", "/user-groups", "/users", "/departments"];
  const at = deletes.findIndex((d) => op.template.includes(d));
  return 3 + (at < 0 ? deletes.length : at) / 10;
}

/**
 * Sets up the fixtures on `rag` and returns the builder of valid requests for an operation (`gatewayKey` is the
 * key the gateway adapters were configured with).
 */
export async function validRequests(rag: RagTestApp, components: Record<string, Schema>, gatewayKey: string) {
  const app = rag.app;
  const versions = new Map<string, number>();
  /** Remembers the version of every record `value` holds. */
  const remember = (value: unknown): void => {
    if (Array.isArray(value)) value.forEach(remember);
    else if (value !== null && typeof value === "object") {
      const { id, version } = value as { id?: unknown; version?: unknown };
      if (typeof id === "string" && typeof version === "number") versions.set(id, version);
      Object.values(value).forEach(remember);
    }
  };
  /** Remembers the versions an answer's JSON text holds (nothing when it is not JSON). */
  const rememberText = (text: string): void => {
    try {
      remember(JSON.parse(text));
    } catch {
      // Not JSON: a stream or the metrics.
    }
  };
  const admin = async <T>(path: string, json?: unknown): Promise<T> => {
    const out = await body<Item<T>>(await app.admin(path, { method: "POST", json }));
    remember(out);
    return out.data;
  };
  const portal = async <T>(path: string, method: string, json: unknown): Promise<T> => {
    const out = await body<Item<T>>(await app.portal(path, { method, json }));
    remember(out);
    return out.data;
  };

  const company = await admin<directory.Company>("/companies", { code: "CRAWLCO", name: "크롤 회사" });
  const department = await admin<directory.Department>("/departments", {
    companyId: company.id,
    code: "CRAWLD",
    name: "크롤 부서",
  });
  // An empty company and department, for the deletes (the others gain users and departments on the way).
  const emptyCompany = await admin<directory.Company>("/companies", { code: "CRAWLEMPTY", name: "빈 회사" });
  const emptyDepartment = await admin<directory.Department>("/departments", {
    companyId: emptyCompany.id,
    code: "CRAWLEMPTY",
    name: "빈 부서",
  });
  const user = await admin<directory.DirectoryUser>("/users", {
    loginId: "crawler.user",
    companyId: company.id,
    departmentId: department.id,
    koreanName: "크롤러",
  });
  const propose = async (notation: string) =>
    (await portal<directory.ProposalResult>("/glossary/term-proposals", "POST", { terms: [{ notation }] }))
      .proposed[0].id;
  const term = await propose("크롤 용어");
  await admin(`/terms/${term}/approve`);
  const [toApprove, toReject] = [await propose("승인할 용어"), await propose("반려할 용어")];
  /** A pending revision of a term of its own, approved first (the crawl's own edits of `term` would supersede it). */
  const revision = async (notation: string) => {
    const id = await propose(notation);
    await admin(`/terms/${id}/approve`);
    return (await portal<directory.TermRevision>(`/glossary/terms/${id}`, "PATCH", { definition: "크롤이 고친 정의" }))
      .id;
  };
  const [revisionToApprove, revisionToReject] = [
    await revision("수정 승인할 용어"),
    await revision("수정 반려할 용어"),
  ];
  const relation = await admin<directory.Relation>("/relations", {
    sourceId: term,
    type: "related",
    targetId: CONTENT_KEY,
  });
  const hook = `${rag.host.base}/crawl/hook`;
  const subscription = await portal<{ id: string }>("/subscriptions", "POST", { url: hook, resources: ["users"] });
  const group = await portal<directory.UserGroup>(`/user-groups/${crypto.randomUUID()}`, "PUT", {
    code: "crawl-group",
    name: "크롤 그룹",
  });
  const job = await portal<directory.ContentBodyQueued>("/content-bodies", "POST", {
    contentKey: CONTENT_KEY,
    body: "크롤 용어가 나오는 본문",
    contentType: "text/plain",
  });
  await portal("/authorization-snapshot", "POST", {
    portalId: "portal-a",
    sourceVersion: "crawl-1",
    entries: [{ userId: user.id, assignments: [{ kind: "GROUP", key: "crawl", label: "크롤" }] }],
  });
  // The tenant's administrator and the installation operator at once: every settings field is then its to change.
  const adminToken = await rag.token({ sub: "crawl-admin", admin: true, operator: true, clearance: 3 });
  const memberToken = await rag.token({ sub: "crawl-member" });
  const served = await rag.host.putHashed("/crawl/valid.html", {
    body: "<html><body><h1>연차 휴가 규정</h1><p>직원은 연차 휴가를 신청할 수 있다.</p></body></html>",
  });
  const document = await rag.document("/crawl/indexed.html", "<p>연차 휴가 신청 절차: 신청서를 제출한다.</p>");
  const indexed = await body<retrieval.IngestionResult>(
    await rag.call("/documents", { method: "POST", json: document, token: adminToken }),
  );

  /** The fixture a path parameter names. */
  function pathValue(op: CrawlOperation, name: string): string {
    if (name === "documentId") return indexed.documentId;
    if (name === "portalId") return String(document.portalId);
    if (name === "sourceDocumentId") return String(document.sourceDocumentId);
    if (name === "userId") return user.id;
    const resource = op.template.slice(0, op.template.indexOf(`{${name}}`)).split("/").at(-2);
    if (resource === "terms") {
      return op.template.endsWith("/approve") ? toApprove : op.template.endsWith("/reject") ? toReject : term;
    }
    if (resource === "term-revisions") return op.template.endsWith("/reject") ? revisionToReject : revisionToApprove;
    const deleting = op.method === "DELETE";
    const ids: Record<string, string> = {
      users: user.id,
      departments: deleting ? emptyDepartment.id : department.id,
      companies: deleting ? emptyCompany.id : company.id,
      relations: relation.id,
      "user-groups": group.id,
      "content-bodies": job.jobId,
      subscriptions: subscription.id,
    };
    return ids[resource ?? ""] ?? crypto.randomUUID();
  }

  /** Values tied to the fixtures, by the dotted path of the field (`query.x` for query values). */
  function hint(field: string, pathId: string | undefined): unknown {
    const leaf = field.split(".").at(-1)!;
    if (leaf === "version" || leaf === "baseVersion") return versions.get(pathId ?? "");
    if (field === "registrant.departmentCode") return "HR";
    if (field.startsWith("registrant")) return field === "registrant.id" ? "crawl-admin" : undefined;
    const values: Record<string, unknown> = {
      companyId: company.id,
      departmentId: department.id,
      deptCode: department.code,
      parentId: null,
      isActive: true,
      employmentStatus: "ACTIVE",
      email: "crawler@example.com",
      koreanName: "크롤러",
      portalId: "portal-a",
      sourceDocumentId: document.sourceDocumentId,
      contentKey: CONTENT_KEY,
      url: hook,
      resources: ["users"],
      termId: term,
      sourceId: term,
      targetId: "portal-a:doc:2",
      userId: user.id,
      memberIds: [user.id],
      tenantId: rag.tenant,
      organizationIds: [rag.dept.a],
      securityLevel: "INTERNAL",
      contentLocator: served.url,
      checksum: served.sha256,
      sizeBytes: served.size,
      contentType: "text/html",
      question: QUESTION,
      query: QUESTION,
      entries: [{ userId: user.id, assignments: [{ kind: "ROLE", key: "crawl-role", label: "크롤 역할" }] }],
      ingestion: { chunkSize: 800, chunkOverlap: 120 },
      weights: { vector: 0.25, text: 1, bigram: 1 },
      lifecycle: { publicationApprovalRequired: false, fileStoreApprovalRequired: false },
      retrieval: { rrfK: 3, safeContexts: 5 },
      // Readable text where any text would do: these exchanges become the document's examples.
      name: "인사팀",
      nameEn: "Human Resources",
      englishName: "Minsu Kim",
      jobTitle: "책임",
      position: "팀장",
      title: "연차 휴가 규정",
      definition: "근로자가 1년간 80% 이상 출근하면 받는 유급 휴가",
      description: "연차 휴가 규정 문서",
      abbreviations: ["연차"],
      aliases: ["연차휴가", "annual leave"],
      candidateTerms: ["연차 휴가"],
      body: "연차 휴가는 입사 1년 후부터 15일이 주어진다.",
      excerpt: "연차 휴가는 15일이다",
      sourceVersion: "v2",
      error: "timeout after 30 s",
      // The operator's mark only for users INSTALLATION_OPERATORS lists (none here).
      operator: false,
    };
    if (field === "embedding.endpoint") return rag.embedding.url;
    if (field === "llm.endpoint") return null;
    return values[leaf];
  }

  /** A valid request for `op`, the `attempt`-th one (each draws other generated values). */
  function build(op: CrawlOperation, attempt: number): ValidRequest {
    const pathParams = op.params.filter((p) => p.in === "path");
    let path = op.template;
    for (const p of pathParams) path = path.replace(`{${p.name}}`, encodeURIComponent(pathValue(op, p.name)));
    const pathId = pathParams.length ? pathValue(op, pathParams[0].name) : undefined;
    const hints = {
      ids: () => [user.id, department.id, company.id],
      field: (field: string) => {
        const value = hint(field.replace(/\.\*$/, ""), pathId);
        if (value === undefined) return undefined;
        return fc.constant(field.endsWith(".*") && Array.isArray(value) ? value[0] : value);
      },
    };
    const draw = (schema: Schema, field: string) =>
      fc.sample(valueFor(schema, { hints, components, path: field }), { seed: attempt * 7919 + 1, numRuns: 1 })[0];
    const query = new URLSearchParams();
    for (const p of op.params.filter((p) => p.in === "query")) {
      // Required values, and the optional ones a fixture gives (a cursor or filter drawn at random finds nothing).
      if (!p.required && hint(p.name, pathId) === undefined) continue;
      const value = draw(p.schema, `query.${p.name}`);
      if (value !== undefined && value !== null) query.set(p.name, String(value));
    }
    const headers: Record<string, string> = { ...credential(op), accept: "application/json" };
    let payload: string | undefined;
    if (op.body?.contentType === "application/json") {
      headers["content-type"] = op.body.contentType;
      payload = JSON.stringify(draw(op.body.schema, ""));
    } else if (op.body) {
      // The import: JSON Lines of rows drawn from the user schema (an import row has the same fields).
      headers["content-type"] = "application/x-ndjson";
      payload = JSON.stringify(draw(components.UserCreate, ""));
    }
    const search = query.size ? `?${query}` : "";
    return { path: `${path}${search}`, init: { method: op.method, headers, body: payload } };
  }

  /** The right credential for `op`: the admin key, portal-a's key, or an administrator's user token. */
  function credential(op: CrawlOperation): Record<string, string> {
    if (op.security.includes("adminKey")) return { "x-directory-admin-key": ADMIN_KEY };
    if (op.security.includes("portalBearer")) return { authorization: `Bearer ${PORTAL_A_KEY}` };
    if (op.security.includes("gatewayKey")) {
      return { authorization: `Bearer ${gatewayKey}`, "x-explore-user-token": memberToken };
    }
    if (op.security.includes("userBearer")) return { authorization: `Bearer ${adminToken}` };
    return {};
  }

  return { build, remember: rememberText };
}
