/**
 * User tokens of the retrieval service (CONTRACT 2.1): signed by the central console
 * with HS256 (CENTRAL_JWT_SECRET) or RS256/ES256/EdDSA (CENTRAL_JWT_PUBLIC_KEY, PEM or
 * JWKS). The principal comes only from the claims sub, tenant_id, organization_id,
 * clearance_level, portal_id, the admin marks and `installation_operator`; no header, body or form
 * field can set it. A token must say when it was issued, and live no longer than RAG_MAX_TOKEN_TTL_SECONDS.
 */
import { createPublicKey } from "node:crypto";
import { createLocalJWKSet, errors as joseErrors, importSPKI, type JWK, type JWTPayload, jwtVerify } from "jose";
import { AppError } from "@/domain/errors.ts";
import { isPortalId } from "@/lib/portal_ids.ts";

/** Who a request acts for. */
export interface Principal {
  sub: string;
  tenantId: string | null;
  organizationId: string | null;
  clearance: number;
  /** A tenant administrator: `directory_admin: true`, or `rag:admin` in scope or roles. */
  isAdmin: boolean;
  /**
   * The installation operator (`installation_operator: true`, which the directory issues only to the users in
   * INSTALLATION_OPERATORS): it alone changes what every tenant shares (endpoints, models, ingestion, defaults).
   */
  isOperator: boolean;
  /** The portal this token speaks for (claim `portal_id`): it may register and replace that portal's documents. */
  portalId: string | null;
  /** A console session's person as audit rows name them (`Name <email>`); never set from a token. */
  person?: string;
}

const LEVELS = ["PUBLIC", "INTERNAL", "CONFIDENTIAL", "RESTRICTED"];
/** Seconds of clock difference allowed between the issuer and this service. */
const CLOCK_TOLERANCE = 60;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Reads a clearance claim: 0-3 or a level name; anything else is the lowest level. */
export function clearanceOf(claim: unknown): number {
  if (typeof claim === "number" && Number.isInteger(claim) && claim >= 0 && claim <= 3) return claim;
  if (typeof claim === "string") {
    const byName = LEVELS.indexOf(claim.toUpperCase());
    if (byName >= 0) return byName;
    if (/^[0-3]$/.test(claim)) return Number(claim);
  }
  return 0;
}

/** Rank of a security level name. */
export function levelRank(level: string): number {
  return LEVELS.indexOf(level);
}

function isAdmin(p: JWTPayload): boolean {
  const scope = typeof p.scope === "string" ? p.scope.split(" ") : [];
  const roles = Array.isArray(p.roles) ? p.roles : [];
  return p.directory_admin === true || scope.includes("rag:admin") || roles.includes("rag:admin");
}

const uuidClaim = (v: unknown) => typeof v === "string" && UUID.test(v) ? v.toLowerCase() : null;

/** Builds a principal from verified claims only. */
export function principalOf(p: JWTPayload): Principal {
  return {
    sub: p.sub!,
    tenantId: uuidClaim(p.tenant_id),
    organizationId: uuidClaim(p.organization_id),
    clearance: clearanceOf(p.clearance_level),
    isAdmin: isAdmin(p),
    isOperator: p.installation_operator === true,
    // A claim that is not a portal id binds the token to no portal.
    portalId: isPortalId(p.portal_id) ? p.portal_id : null,
  };
}

/** Token settings. */
export interface TokenSettings {
  secret?: string;
  publicKey?: string;
  issuer: string;
  audience: string[];
  /** The longest lifetime (exp - iat) a token may have. */
  maxTtlSeconds: number;
}

type VerifyKey = Awaited<ReturnType<typeof importSPKI>> | Uint8Array;
type KeyResolver = (header: { alg?: string }) => Promise<VerifyKey> | VerifyKey;

/** The algorithm a PEM public key signs with: RS256 for RSA, ES256 for P-256, EdDSA for Ed25519. */
function algorithmOf(pem: string): string {
  const key = createPublicKey(pem);
  if (key.asymmetricKeyType === "rsa") return "RS256";
  if (key.asymmetricKeyType === "ec") return "ES256";
  if (key.asymmetricKeyType === "ed25519") return "EdDSA";
  throw new Error(`CENTRAL_JWT_PUBLIC_KEY: unsupported key type ${key.asymmetricKeyType}`);
}

/**
 * The key for a token's algorithm: the secret only for HS256, the public key only for
 * the asymmetric algorithm it belongs to, so no token can pick the wrong kind (HS/RS confusion).
 */
async function keyResolver(s: TokenSettings): Promise<{ resolve: KeyResolver; algorithms: string[] }> {
  const algorithms: string[] = [];
  let asymmetric: KeyResolver | undefined;
  const text = s.publicKey?.trim();
  if (text?.startsWith("{")) {
    const jwks = createLocalJWKSet(JSON.parse(text) as { keys: JWK[] });
    asymmetric = (header) => jwks(header as never);
    algorithms.push("RS256", "ES256", "EdDSA");
  } else if (text) {
    const alg = algorithmOf(text);
    const key = await importSPKI(text, alg);
    asymmetric = (header) => {
      if (header.alg !== alg) throw new joseErrors.JOSEAlgNotAllowed("algorithm not allowed");
      return key;
    };
    algorithms.push(alg);
  }
  const secret = s.secret ? new TextEncoder().encode(s.secret) : undefined;
  if (secret) algorithms.push("HS256");
  return {
    algorithms,
    resolve: (header) => {
      if (header.alg === "HS256" && secret) return secret;
      if (header.alg !== "HS256" && asymmetric) return asymmetric(header);
      throw new joseErrors.JOSEAlgNotAllowed("algorithm not allowed");
    },
  };
}

/** Creates the verifier of user tokens; with no key configured every token is refused. */
export async function createTokenVerifier(s: TokenSettings) {
  const { resolve, algorithms } = await keyResolver(s);
  return async function verify(token: string | undefined): Promise<Principal> {
    if (!token) throw new AppError("unauthorized", "A bearer user token is required");
    if (algorithms.length === 0) throw new AppError("unauthorized", "No key is configured to verify user tokens");
    try {
      const { payload } = await jwtVerify(token, resolve as never, {
        algorithms,
        issuer: s.issuer,
        audience: s.audience,
        clockTolerance: CLOCK_TOLERANCE,
        requiredClaims: ["exp", "iat", "sub"],
      });
      if (typeof payload.sub !== "string" || payload.sub === "") {
        throw new AppError("unauthorized", "The token has no subject");
      }
      // Both bounds: a token issued "later" would otherwise carry an allowed lifetime from any time in the future.
      if (payload.iat! > Math.floor(Date.now() / 1000) + CLOCK_TOLERANCE) {
        throw new AppError("unauthorized", "The user token says it was issued in the future");
      }
      if (payload.exp! - payload.iat! > s.maxTtlSeconds) {
        throw new AppError("unauthorized", `The user token lives longer than the ${s.maxTtlSeconds} s allowed`);
      }
      return principalOf(payload);
    } catch (err) {
      if (err instanceof AppError) throw err;
      const reason = err instanceof joseErrors.JOSEError ? err.code : "malformed";
      throw new AppError("unauthorized", `The user token was refused (${reason})`);
    }
  };
}

/** Verifies a user token into a principal. */
export type TokenVerifier = Awaited<ReturnType<typeof createTokenVerifier>>;
