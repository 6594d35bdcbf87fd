/**
 * The composition root's work, shared by `main.ts` and the tests: migrate, open
 * the request and system pools and Redis, refuse unsafe database roles, build the
 * dependencies, the app and (optionally) the workers, and stop them all in order.
 */
import type { Redis } from "ioredis";
import type { Config } from "@/lib/config.ts";
import { errorFields, type Logger } from "@/lib/log.ts";
import { connectRedis } from "@/lib/redis.ts";
import { RateLimiter } from "@/lib/rate_limit.ts";
import { connect, type Sql } from "@/sql/mod.ts";
import { migrate } from "@/sql/migrate.ts";
import { assertRequestRole } from "@/sql/safety.ts";
import { openSystemPool, type SystemPool } from "@/sql/rag/session.ts";
import * as directory from "@/domain/directory/mod.ts";
import { type AppDeps, createApp } from "@/routes/mod.ts";
import type { AuthDeps } from "@/routes/_auth.ts";
import { type JobDeps, queueDepths, startWorkers, streamsOf, watchStreams, type Workers } from "@/jobs/mod.ts";
import { createTokenVerifier, createUserGate, recordRagRefusal } from "@/domain/rag/mod.ts";
import { createRagContext } from "./rag_context.ts";
import { createDirectoryContext } from "./directory_context.ts";
import { redisShownVersions } from "./shown_versions.ts";
import { redisRevokedSessions } from "./revoked_sessions.ts";
import { createJobWaiter } from "@/sql/rag/job_events.ts";
import { budgetedRefusalAudit } from "./refusal_audit.ts";
import { readinessProbe } from "./readiness.ts";
import { watchRuntime } from "./metrics.ts";

/** A running instance of the service (without its HTTP listener). */
export interface Runtime {
  app: ReturnType<typeof createApp>;
  sql: Sql;
  redis: Redis;
  directory?: directory.DirectoryContext;
  jobs: JobDeps;
  stop(): Promise<void>;
}

/** Options for starting a runtime. */
export interface RuntimeOptions {
  workers?: boolean;
  consumerName?: string;
}

function authDeps(
  config: Config,
  ctx: directory.DirectoryContext | undefined,
  log: Logger,
  rateLimiter: RateLimiter,
): AuthDeps {
  const jwt = config.PORTAL_JWT_SECRET
    ? {
      secret: config.PORTAL_JWT_SECRET,
      issuer: config.PORTAL_JWT_ISSUER!,
      audience: config.PORTAL_JWT_AUDIENCE!,
      portalIds: config.PORTAL_JWT_PORTAL_IDS,
    }
    : undefined;
  return {
    authenticatePortal: jwt
      ? directory.createPortalAuthenticator(config.PORTAL_API_KEYS_JSON, jwt)
      : () => ({ failure: { reason: "portal API is disabled" } }),
    authenticateAdmin: directory.createAdminAuthenticator(config.CENTRAL_ADMIN_API_KEYS_JSON),
    rateLimiter,
    onPortalFailure: ({ portalId, reason }) => {
      if (!ctx) return;
      directory.recordCredentialFailure(ctx, portalId, reason).catch((err) =>
        log.warn("could not record a credential failure", errorFields(err))
      );
    },
  };
}

/** The retrieval service's context, token verifier and rate limiter. */
async function ragParts(
  config: Config,
  pools: { sql: Sql; system: SystemPool; search: Sql; replicas: Sql[] },
  redis: Redis,
  log: Logger,
  directoryFetch: (req: Request) => Response | Promise<Response>,
  limiter: RateLimiter,
) {
  const waiter = await createJobWaiter(pools.system);
  const ctx = createRagContext(config, pools, {
    directoryFetch,
    waitForJob: (jobId, timeoutMs) => waiter.wait(jobId, timeoutMs),
    log: log.child({ part: "rag" }),
  });
  const signed = await createTokenVerifier({
    secret: config.CENTRAL_JWT_SECRET,
    publicKey: config.CENTRAL_JWT_PUBLIC_KEY,
    issuer: config.CENTRAL_JWT_ISSUER,
    audience: config.CENTRAL_JWT_AUDIENCE,
    maxTtlSeconds: config.RAG_MAX_TOKEN_TTL_SECONDS,
  });
  // A good signature is not enough: the directory must not have let the token's subject go.
  const admitSubject = createUserGate(ctx);
  const verify = async (token: string | undefined) => {
    const principal = await signed(token);
    await admitSubject(principal.sub);
    return principal;
  };
  return {
    routes: {
      ctx,
      verify,
      limiter,
      queues: () => queueDepths(redis, config.REDIS_KEY_PREFIX, "rag"),
    },
    stop: async () => {
      await waiter.stop();
      await ctx.extractor.stop();
    },
  };
}

/** Starts everything but the HTTP listener. */
export async function startRuntime(config: Config, log: Logger, options: RuntimeOptions = {}): Promise<Runtime> {
  if (config.DATABASE_OWNER_URL) {
    await migrate(config.DATABASE_OWNER_URL, (msg) => log.info(msg));
  }
  const sql = connect(config.DATABASE_URL, { max: config.DATABASE_POOL_MAX, applicationName: "backbone-api" });
  // Work that may hold a connection long has pools of its own, so the shared one always has connections for the
  // directory's reads: publications (a body may trickle in for minutes) and searches (the heaviest statements).
  const publications = connect(config.DATABASE_URL, {
    max: config.SNAPSHOT_PUBLICATION_SLOTS,
    applicationName: "backbone-publications",
  });
  const search = connect(config.DATABASE_URL, { max: config.RAG_SEARCH_SLOTS, applicationName: "backbone-search" });
  const replicas = config.DATABASE_READ_URL.map((url) =>
    connect(url, { max: config.DATABASE_POOL_MAX, applicationName: "backbone-api-read" })
  );
  const pools = [sql, publications, search, ...replicas];
  let system: SystemPool | undefined;
  try {
    // A replica is the primary's copy, roles included; checking each still catches a URL that names another role.
    for (const pool of [sql, ...replicas]) await assertRequestRole(pool);
    if (config.SERVICES.has("rag")) {
      system = await openSystemPool(config.DATABASE_SYSTEM_URL!, {
        max: config.DATABASE_POOL_MAX,
        applicationName: "backbone-system",
      });
    }
  } catch (err) {
    await Promise.all(pools.map((p) => p.end({ timeout: 1 })));
    throw err;
  }
  const redis = connectRedis(config.REDIS_URL, log, "commands");

  const dirCtx = config.SERVICES.has("directory")
    ? await createDirectoryContext(config, { sql, publications }, {
      replicas,
      shown: redisShownVersions(redis, config.REDIS_KEY_PREFIX),
    })
    : undefined;

  // The directory client reaches this very process in memory when it serves the directory too.
  const self: { app?: ReturnType<typeof createApp> } = {};
  const directoryFetch = dirCtx && !config.DIRECTORY_URL
    ? (req: Request) => self.app!.fetch(req)
    : (req: Request) => fetch(req);
  // Every credential's budget lives in Redis, so N API processes hold one limit between them.
  const limiter = new RateLimiter(config.RATE_LIMIT_PER_MINUTE, { redis, prefix: config.REDIS_KEY_PREFIX });
  const rag = system
    ? await ragParts(config, { sql, system, search, replicas }, redis, log, directoryFetch, limiter)
    : undefined;

  // Each service audits the refusals of its own API in its own log.
  const refusals = budgetedRefusalAudit(config.AUDIT_REFUSALS_PER_MINUTE, (actor, details) => {
    const ragCtx = rag?.routes.ctx;
    const recorded = ragCtx && /^\/(api\/(v1|explore)\/|views\/|$)/.test(details.path)
      ? recordRagRefusal(ragCtx, actor, details)
      : dirCtx
      ? directory.recordRefusal(dirCtx, actor, details)
      : null;
    recorded?.catch((err) => log.warn("could not audit a refusal", errorFields(err)));
  });
  const deps: AppDeps = {
    config,
    log,
    ready: readinessProbe(sql, redis, rag?.routes.ctx),
    revokedSessions: redisRevokedSessions(redis, config.REDIS_KEY_PREFIX),
    directory: dirCtx ? { ctx: dirCtx, auth: authDeps(config, dirCtx, log, limiter) } : undefined,
    rag: rag?.routes,
    auditRefusal: refusals.audit,
  };
  const app = self.app = createApp(deps);
  const jobs: JobDeps = { config, sql, redis, log, directory: dirCtx, rag: rag?.routes.ctx };
  const workers: Workers | null = options.workers ?? config.RUN_WORKERS
    ? await startWorkers(jobs, options.consumerName ?? `${Deno.hostname()}-${Deno.pid}`)
    : null;

  const unwatch = [
    watchStreams(redis, config.REDIS_KEY_PREFIX, streamsOf(config.SERVICES)),
    watchRuntime({
      pools: {
        api: sql,
        publications,
        search,
        ...Object.fromEntries(replicas.map((r, i) => [`read${i}`, r])),
        ...(system ? { system } : {}),
      },
      directory: dirCtx,
      rag: rag?.routes.ctx,
    }),
  ];

  return {
    app,
    sql,
    redis,
    directory: dirCtx,
    jobs,
    async stop() {
      for (const stopWatching of unwatch) stopWatching();
      refusals.flush();
      await workers?.stop();
      await rag?.stop();
      redis.disconnect();
      await Promise.all([...pools, system].map((p) => p?.end({ timeout: 5 })));
    },
  };
}
