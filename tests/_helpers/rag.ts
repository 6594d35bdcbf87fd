/**
 * A retrieval test instance: the test app with the retrieval service configured, a
 * fake embedding server and a content host on loopback, a company with departments in
 * the directory, and organizations synced from it.
 */
import type postgres from "postgres";
import { startAppOn, startTestApp, type TestApp } from "./app.ts";
import type { TestDatabase } from "./db.ts";
import { type FakeEmbedding, startFakeEmbedding } from "./fake_embedding.ts";
import { type ContentHost, documentRequest, type Served, startContentHost } from "./content_host.ts";
import { CENTRAL, RAG_SERVICE_KEY, userToken, type UserTokenOptions } from "./tokens.ts";
import { syncOrganizations } from "@/domain/rag/mod.ts";

/** The public bucket's id in tests. */
export const PUBLIC_ORG = "00000000-0000-4000-8000-0000000000ff";

/**
 * What a retrieval instance needs besides the test defaults: user tokens signed with the test issuer's secret for
 * `audience`, the directory's key for this service, the public organization, content served from loopback, every
 * portal open to every user of a tenant (tests that bind portals to tokens say so), and the embedding server at
 * `embeddingUrl`.
 */
export function retrievalEnv(embeddingUrl: string, audience: string = CENTRAL.audience): Record<string, string> {
  return {
    CENTRAL_JWT_SECRET: CENTRAL.secret,
    CENTRAL_JWT_ISSUER: CENTRAL.issuer,
    CENTRAL_JWT_AUDIENCE: audience,
    RAG_DIRECTORY_API_KEY: RAG_SERVICE_KEY,
    RAG_PUBLIC_ORGANIZATION_ID: PUBLIC_ORG,
    RAG_CONTENT_ALLOW_LOOPBACK: "true",
    RAG_OPEN_PORTALS: "*",
    PRIVATE_EMBEDDING_URL: embeddingUrl,
  };
}

/** A retrieval test instance. */
export interface RagTestApp {
  app: TestApp;
  embedding: FakeEmbedding;
  host: ContentHost & {
    putHashed(path: string, served: Served): Promise<{ url: string; sha256: string; size: number }>;
  };
  tenant: string;
  otherTenant: string;
  dept: { a: string; b: string; other: string };
  /** A user token in the test tenant (department a, INTERNAL clearance, by default). */
  token(o?: UserTokenOptions): Promise<string>;
  /** Calls the retrieval API with a user token. */
  call(path: string, init?: RequestInit & { json?: unknown; token?: string }): Promise<Response>;
  /** A valid ingestion request for a body served at `path`. */
  document(path: string, body: string, extra?: Record<string, unknown>): Promise<Record<string, unknown>>;
  /**
   * Registers the source document `source` names in the other tenant too, as that tenant's administrator (sub
   * `admin-2`), from `body` served at `path`; answers its document id and the administrator's token.
   */
  ingestInOtherTenant(
    source: Record<string, unknown>,
    path: string,
    body: string,
  ): Promise<{ documentId: string; token: string }>;
  sync(): Promise<void>;
  /** Runs `fn` in a transaction of the system role, which row-level security lets see every row. */
  system<T>(fn: (tx: postgres.TransactionSql) => Promise<T>): Promise<T>;
  stop(): Promise<void>;
}

/**
 * Starts a retrieval test instance; `overrides` replace environment entries. On a fresh shared test
 * database, or on `options.db` (which the caller then owns and drops).
 */
export async function startRagApp(
  overrides: Record<string, string> = {},
  options: { workers?: boolean; db?: TestDatabase } = {},
): Promise<RagTestApp> {
  const embedding = startFakeEmbedding();
  const host = startContentHost();
  const env = { ...retrievalEnv(embedding.url, `${CENTRAL.audience},search-gateway`), ...overrides };
  const workers = { workers: options.workers ?? true };
  const app = options.db ? await startAppOn(options.db, env, workers) : await startTestApp(env, workers);
  const company = async (code: string) =>
    (await (await app.admin("/companies", { method: "POST", json: { code, name: code } })).json()).data.id as string;
  const dept = async (companyId: string, code: string) =>
    (await (await app.admin("/departments", { method: "POST", json: { companyId, code, name: code } })).json()).data
      .id as string;
  const tenant = await company("RAGCO");
  const otherTenant = await company("OTHERCO");
  const depts = { a: await dept(tenant, "A"), b: await dept(tenant, "B"), other: await dept(otherTenant, "X") };
  const rag = app.runtime.app;
  const sync = () => syncOrganizations(jobsRag(app)).then(() => {});
  await sync();
  const token = (o: UserTokenOptions = {}) =>
    userToken({ tenantId: tenant, organizationId: depts.a, clearance: 1, ...o });
  return {
    app,
    embedding,
    host,
    tenant,
    otherTenant,
    dept: depts,
    token,
    async call(path, init = {}) {
      const { json, token: t, ...rest } = init;
      const headers = new Headers(rest.headers);
      headers.set("authorization", `Bearer ${t ?? await token()}`);
      if (json !== undefined) headers.set("content-type", "application/json");
      return await rag.request(`/api/v1${path}`, {
        ...rest,
        headers,
        body: json !== undefined ? JSON.stringify(json) : rest.body,
      });
    },
    async document(path, body, extra = {}) {
      const served = await host.putHashed(path, { body, type: "text/html; charset=utf-8" });
      return documentRequest(served, { tenantId: tenant, organizationIds: [depts.a], title: `문서 ${path}` }, extra);
    },
    async ingestInOtherTenant(source, path, body) {
      const token = await userToken({
        admin: true,
        sub: "admin-2",
        tenantId: otherTenant,
        organizationId: depts.other,
        clearance: 3,
      });
      const served = await host.putHashed(path, { body, type: "text/html; charset=utf-8" });
      const doc = documentRequest(served, { tenantId: otherTenant, organizationIds: [depts.other], title: path }, {
        portalId: source.portalId,
        sourceDocumentId: source.sourceDocumentId,
        registrant: { id: "admin-2", departmentCode: "X" },
      });
      const res = await rag.request("/api/v1/documents", {
        method: "POST",
        headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
        body: JSON.stringify(doc),
      });
      const indexed = await res.json();
      if (res.status !== 200) throw new Error(`the other tenant's document: ${res.status} ${JSON.stringify(indexed)}`);
      return { documentId: indexed.documentId as string, token };
    },
    sync,
    async system(fn) {
      return await app.system.begin(fn) as Awaited<ReturnType<typeof fn>>;
    },
    async stop() {
      await app.stop();
      await embedding.stop();
      await host.stop();
    },
  };
}

/** The retrieval context of a running test app. */
export function jobsRag(app: TestApp) {
  return app.runtime.jobs.rag!;
}
