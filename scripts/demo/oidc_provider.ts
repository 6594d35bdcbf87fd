/**
 * A local OpenID provider for the demo and the tests only (never the production image): oidc-provider on
 * loopback, one confidential client for the consoles, and accounts that sign in with one shared demo
 * password. Each account's ID token carries `name`, `email`, `roles`, `tenant_id` and `clearance_level`, the
 * claims the consoles' sign-in maps (CONSOLE_OIDC_ROLE_CLAIM, _TENANT_CLAIM, _CLEARANCE_CLAIM).
 *
 *   deno run -A --env-file=.env.local scripts/demo/oidc_provider.ts
 *
 * As a program it serves the demo company's people (demo_accounts.ts) with DEMO_PASSWORD at CONSOLE_OIDC_ISSUER,
 * for the client CONSOLE_OIDC_CLIENT_ID/SECRET, redirecting to the service on PORT, and prints one line once
 * it listens.
 */
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import Provider from "oidc-provider";
import { demoAccounts } from "./demo_accounts.ts";
import { DEMO_OIDC_ISSUER, DEMO_PASSWORD } from "../_env_file.ts";

/** A person the provider signs in. */
export interface DemoAccount {
  login: string;
  name: string;
  email: string;
  roles: string[];
  tenantId?: string;
  clearance?: number;
}

/** What the provider serves. */
export interface ProviderOptions {
  port: number;
  clientId: string;
  clientSecret: string;
  redirectUris: string[];
  accounts: DemoAccount[];
  password: string;
}

const escape = (s: string) => s.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

function loginPage(uid: string, error: string) {
  return `<!DOCTYPE html><html><head><meta charset="utf-8"><title>Demo sign-in</title></head><body>
<h1>Demo identity provider</h1>${error ? `<p id="error">${escape(error)}</p>` : ""}
<form method="post" action="/interaction/${escape(uid)}/login">
<label>Login <input name="login" autocomplete="username" required></label>
<label>Password <input name="password" type="password" required></label>
<button type="submit">Sign in</button></form></body></html>`;
}

async function formOf(req: IncomingMessage): Promise<URLSearchParams> {
  let text = "";
  for await (const chunk of req) text += chunk;
  return new URLSearchParams(text);
}

type Interaction = Awaited<ReturnType<Provider["interactionDetails"]>>;

async function grantConsent(provider: Provider, details: Interaction) {
  const grant = new provider.Grant({
    accountId: details.session!.accountId,
    clientId: details.params.client_id as string,
  });
  grant.addOIDCScope(String(details.params.scope));
  return { consent: { grantId: await grant.save() } };
}

/** Our own login and consent steps: login checks the password, consent is given for the one client. */
async function interaction(provider: Provider, o: ProviderOptions, req: IncomingMessage, res: ServerResponse) {
  const details = await provider.interactionDetails(req, res);
  if (details.prompt.name === "consent") {
    return await provider.interactionFinished(req, res, await grantConsent(provider, details));
  }
  if (req.method === "POST") {
    const form = await formOf(req);
    const account = o.accounts.find((a) => a.login === form.get("login"));
    if (account && form.get("password") === o.password) {
      return await provider.interactionFinished(req, res, { login: { accountId: account.login } });
    }
    res.writeHead(401, { "content-type": "text/html; charset=utf-8" }).end(loginPage(details.uid, "Wrong login"));
    return;
  }
  res.writeHead(200, { "content-type": "text/html; charset=utf-8" }).end(loginPage(details.uid, ""));
}

/** Starts the provider on 127.0.0.1:`port` (0 picks one); returns its issuer and a stop function. */
export async function startProvider(o: ProviderOptions): Promise<{ issuer: string; close: () => Promise<void> }> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(o.port, "127.0.0.1", resolve));
  const issuer = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  const provider = new Provider(issuer, {
    clients: [{
      client_id: o.clientId,
      client_secret: o.clientSecret,
      redirect_uris: o.redirectUris,
      grant_types: ["authorization_code"],
      response_types: ["code"],
    }],
    claims: { openid: ["sub"], profile: ["name"], email: ["email"], roles: ["roles", "tenant_id", "clearance_level"] },
    scopes: ["openid", "profile", "email", "roles"],
    // The consoles read their claims from the ID token, as they would from Entra ID or a mapped Keycloak client.
    conformIdTokenClaims: false,
    features: { devInteractions: { enabled: false } },
    interactions: { url: (_ctx: unknown, i: { uid: string }) => `/interaction/${i.uid}` },
    pkce: { required: () => true },
    findAccount: (_ctx: unknown, id: string) => {
      // Looked up at each sign-in: a caller may fill in an account's tenant once it exists.
      const a = o.accounts.find((x) => x.login === id);
      if (!a) return undefined;
      return {
        accountId: id,
        claims: () => ({
          sub: id,
          name: a.name,
          email: a.email,
          roles: a.roles,
          tenant_id: a.tenantId,
          clearance_level: a.clearance,
        }),
      };
    },
  });
  const callback = provider.callback();
  server.on("request", (req: IncomingMessage, res: ServerResponse) => {
    if (!req.url?.startsWith("/interaction/")) return callback(req, res);
    interaction(provider, o, req, res).catch((err) => {
      res.writeHead(400, { "content-type": "text/plain" }).end(String(err?.message ?? err));
    });
  });
  return { issuer, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

if (import.meta.main) {
  const env = Deno.env.toObject();
  const issuer = new URL(env.CONSOLE_OIDC_ISSUER ?? DEMO_OIDC_ISSUER);
  const port = env.PORT ?? "8080";
  const accounts = await demoAccounts(env.DATABASE_OWNER_URL ?? "");
  const provider = await startProvider({
    port: Number(issuer.port),
    clientId: env.CONSOLE_OIDC_CLIENT_ID ?? "consoles",
    clientSecret: env.CONSOLE_OIDC_CLIENT_SECRET ?? "",
    redirectUris: [`http://127.0.0.1:${port}/auth/callback`, `http://localhost:${port}/auth/callback`],
    accounts,
    password: DEMO_PASSWORD,
  });
  console.log(`demo sign-in: ${provider.issuer} serves ${accounts.length} people of DEMO, password ${DEMO_PASSWORD}`);
}
