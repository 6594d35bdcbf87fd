/**
 * User tokens (CONTRACT 1.4 and 2.1): the directory signs, from its own data, the
 * token the retrieval service accepts. Tenant is the user's company, organization
 * the department, clearance the user's level; only active employees get one, and
 * short lifetimes bound access after a user retires. The installation operator's mark
 * (`installation_operator: true`: it may change what every tenant shares in the
 * retrieval service) goes only to users the configuration lists in INSTALLATION_OPERATORS.
 */
import { createPrivateKey, type KeyObject } from "node:crypto";
import { SignJWT } from "jose";
import { getUser } from "@/sql/directory/users.ts";
import { type Actor, insertAudit } from "@/sql/directory/audit.ts";
import { AppError, notFound } from "@/domain/errors.ts";
import type { DirectoryContext } from "./context.ts";
import type { IssuedUserToken, UserTokenRequest } from "./schemas.ts";

/** Signs user tokens with the configured key. */
export interface UserTokenSigner {
  alg: string;
  issuer: string;
  audience: string[];
  sign(claims: Record<string, unknown>, subject: string, ttlSeconds: number, jti: string): Promise<string>;
}

/** The algorithm for a PEM private key: RS256 for RSA, ES256 for P-256, EdDSA for Ed25519. */
function algorithmOf(key: KeyObject): string {
  const type = key.asymmetricKeyType;
  if (type === "rsa") return "RS256";
  if (type === "ec" && key.asymmetricKeyDetails?.namedCurve === "prime256v1") return "ES256";
  if (type === "ed25519") return "EdDSA";
  throw new Error(`CENTRAL_JWT_PRIVATE_KEY: unsupported key type ${type}; use RSA, EC P-256 or Ed25519`);
}

/** Builds the signer from CENTRAL_JWT_PRIVATE_KEY (preferred) or CENTRAL_JWT_SECRET; undefined when neither is set. */
export function createUserTokenSigner(options: {
  secret?: string;
  privateKeyPem?: string;
  issuer: string;
  audience: string[];
}): UserTokenSigner | undefined {
  let key: KeyObject | Uint8Array;
  let alg: string;
  if (options.privateKeyPem) {
    key = createPrivateKey(options.privateKeyPem);
    alg = algorithmOf(key);
  } else if (options.secret) {
    key = new TextEncoder().encode(options.secret);
    alg = "HS256";
  } else return undefined;
  return {
    alg,
    issuer: options.issuer,
    audience: options.audience,
    sign: (claims, subject, ttlSeconds, jti) =>
      new SignJWT(claims).setProtectedHeader({ alg, typ: "JWT" }).setIssuer(options.issuer).setAudience(
        options.audience,
      )
        .setSubject(subject).setJti(jti).setIssuedAt().setExpirationTime(`${ttlSeconds}s`).sign(key),
  };
}

/** Whether the configuration names `user` (by id or login id) as an installation operator. */
function isInstallationOperator(ctx: DirectoryContext, user: { id: string; loginId: string }): boolean {
  return ctx.installationOperators.includes(user.id.toLowerCase()) ||
    ctx.installationOperators.includes(user.loginId.toLowerCase());
}

/** Issues a user token for an ACTIVE, active user; 422 otherwise, 503 when no signing key is configured. */
export async function issueUserToken(
  ctx: DirectoryContext,
  actor: Actor,
  req: UserTokenRequest,
): Promise<IssuedUserToken> {
  const signer = ctx.userTokens;
  if (!signer) {
    throw new AppError(
      "unavailable",
      "No CENTRAL_JWT_SECRET or CENTRAL_JWT_PRIVATE_KEY is configured to sign user tokens",
    );
  }
  const user = await getUser(ctx.sql, req.userId);
  if (!user) throw notFound("The user");
  if (user.employmentStatus !== "ACTIVE" || !user.isActive) {
    throw new AppError(
      "unprocessable",
      `User tokens are issued only to active employees (this user is ${
        user.isActive ? user.employmentStatus : "deactivated"
      })`,
    );
  }
  if (req.operator && !isInstallationOperator(ctx, user)) {
    throw new AppError(
      "operator_required",
      "The installation operator's mark is issued only to users listed in INSTALLATION_OPERATORS",
    );
  }
  const ttl = req.ttlSeconds ?? 900;
  const jti = crypto.randomUUID();
  const claims: Record<string, unknown> = {
    tenant_id: user.companyId,
    ...(user.departmentId ? { organization_id: user.departmentId } : {}),
    clearance_level: user.clearanceLevel,
    companyId: user.companyId,
    companyDefaultLocale: user.companyDefaultLocale,
    ...(req.ragAdmin ? { scope: "rag:admin" } : {}),
    ...(req.operator ? { installation_operator: true } : {}),
    ...(req.portalId ? { portal_id: req.portalId } : {}),
  };
  const token = await signer.sign(claims, user.id, ttl, jti);
  await insertAudit(ctx.sql, {
    actor,
    action: "user_token.issue",
    targetType: "user",
    targetId: user.id,
    details: {
      jti,
      ttlSeconds: ttl,
      ragAdmin: req.ragAdmin ?? false,
      operator: req.operator ?? false,
      portalId: req.portalId ?? null,
      alg: signer.alg,
    },
  });
  const expiresAt = new Date(Date.now() + ttl * 1000).toISOString();
  return {
    token,
    tokenType: "Bearer",
    expiresAt,
    claims: { ...claims, sub: user.id, iss: signer.issuer, aud: signer.audience, jti },
  };
}
