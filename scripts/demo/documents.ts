/**
 * The demo's documents: a few Korean company rules that `up.sh` ingests through the retrieval API, so that a new
 * operator's first search and ask answer from something. They are served from this process on loopback while the
 * service fetches them (the demo allows loopback content), registered with the signed-in demo administrator's token,
 * readable by the whole demo company (the public bucket) at INTERNAL.
 */
import { createHash } from "node:crypto";

/** One demo document: its name, its stable source document id (the same on every install), title and body. */
interface DemoDocument {
  id: string;
  sourceDocumentId: string;
  title: string;
  html: string;
}

const page = (title: string, ...sections: [string, string][]) =>
  `<!doctype html><html lang="ko"><head><meta charset="utf-8"><title>${title}</title></head><body><h1>${title}</h1>` +
  sections.map(([heading, text]) => `<h2>${heading}</h2><p>${text}</p>`).join("") + `</body></html>`;

export const DEMO_DOCUMENTS: DemoDocument[] = [
  {
    id: "demo-leave-policy",
    sourceDocumentId: "6f1d0c52-4a1e-4c7b-9a52-0d3e1a000001",
    title: "연차 휴가 규정",
    html: page(
      "연차 휴가 규정",
      ["신청 방법", "연차 휴가는 사내 포털의 근태 메뉴에서 신청하며, 소속 팀장이 승인합니다."],
      ["사용 기한", "연차 휴가는 발생일로부터 1년 안에 사용해야 하며, 남은 휴가는 다음 해 3월에 정산합니다."],
      ["반차", "오전 반차는 09시부터 13시까지, 오후 반차는 14시부터 18시까지입니다."],
    ),
  },
  {
    id: "demo-travel-expenses",
    sourceDocumentId: "6f1d0c52-4a1e-4c7b-9a52-0d3e1a000002",
    title: "출장비 정산 안내",
    html: page(
      "출장비 정산 안내",
      ["정산 기한", "출장비는 출장을 마친 날부터 14일 안에 경비 시스템에서 영수증을 첨부해 정산합니다."],
      ["숙박비 한도", "국내 출장 숙박비는 1박에 12만 원까지, 해외 출장은 지역별 한도표를 따릅니다."],
    ),
  },
  {
    id: "demo-security-pledge",
    sourceDocumentId: "6f1d0c52-4a1e-4c7b-9a52-0d3e1a000003",
    title: "정보보호 서약 안내",
    html: page(
      "정보보호 서약 안내",
      ["서약 대상", "모든 임직원과 협력사 상주 인원은 입사 또는 계약 시 정보보호 서약서를 제출합니다."],
      ["갱신", "정보보호 서약은 매년 1월에 다시 작성하며, 정보보호팀이 제출 여부를 확인합니다."],
    ),
  },
  {
    id: "demo-remote-work",
    sourceDocumentId: "6f1d0c52-4a1e-4c7b-9a52-0d3e1a000004",
    title: "재택 근무 지침",
    html: page(
      "재택 근무 지침",
      ["신청", "재택 근무는 주 2일까지 가능하며, 전날 18시까지 근태 메뉴에서 신청합니다."],
      ["보안", "재택 근무 중에는 회사 VPN으로만 사내 시스템에 접속하고, 공용 와이파이를 쓰지 않습니다."],
    ),
  },
];

/** Calls the retrieval API (`/api/v1...`) with the demo administrator's token. */
export type RetrievalCall = (path: string, init?: RequestInit) => Promise<Response>;

/** What the service took the token for (`GET /api/v1/me`). */
interface Me {
  sub: string;
  tenantId: string;
  organizationId: string | null;
  readableOrganizations: "tenant" | string[];
}

/**
 * Serves the demo documents on loopback and registers each through `call` (waiting until indexed); resolves with
 * each document's outcome. `publicOrganizationId` makes them readable by the whole company.
 */
export async function ingestDemoDocuments(
  call: RetrievalCall,
  o: { portalId: string; publicOrganizationId: string },
): Promise<{ id: string; status: number; indexed: boolean; detail?: string }[]> {
  const me = await (await call("/api/v1/me")).json() as Me;
  const server = Deno.serve({ hostname: "127.0.0.1", port: 0, onListen: () => {} }, (req) => {
    const doc = DEMO_DOCUMENTS.find((d) => new URL(req.url).pathname === `/${d.id}.html`);
    return doc
      ? new Response(doc.html, { headers: { "content-type": "text/html; charset=utf-8" } })
      : new Response("not found", { status: 404 });
  });
  try {
    const outcomes = [];
    for (const doc of DEMO_DOCUMENTS) {
      const bytes = new TextEncoder().encode(doc.html);
      const res = await call("/api/v1/documents", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({
          portalId: o.portalId,
          sourceDocumentId: doc.sourceDocumentId,
          sourceVersion: "v1",
          tenantId: me.tenantId,
          organizationIds: [o.publicOrganizationId],
          securityLevel: "INTERNAL",
          title: doc.title,
          contentLocator: `http://127.0.0.1:${server.addr.port}/${doc.id}.html`,
          checksum: createHash("sha256").update(bytes).digest("hex"),
          sizeBytes: bytes.byteLength,
          contentType: "text/html",
          registrant: { id: me.sub, departmentCode: "DEMO" },
        }),
      });
      const reply = await res.json() as { detail?: string; errors?: { path: string; message: string }[] };
      outcomes.push({
        id: doc.id,
        status: res.status,
        indexed: res.ok,
        detail: res.ok
          ? undefined
          : [reply.detail, ...(reply.errors ?? []).map((e) => `${e.path}: ${e.message}`)].join("; "),
      });
    }
    return outcomes;
  } finally {
    await server.shutdown();
  }
}
