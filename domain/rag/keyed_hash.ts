/**
 * The installation's own secrets, and hashes keyed with them (rag.service_keys, read once per process by the system role):
 * askers as administrators see them, and questions as the audit log keeps them. Each is the same for the same input
 * every time (so rows can be grouped) but neither the input nor anything a list of guessed user ids or questions
 * could be hashed into without the installation's key.
 */
import { createHmac } from "node:crypto";
import { serviceKey } from "@/sql/rag/overview.ts";
import { withSystem } from "@/sql/rag/session.ts";
import type { RagContext } from "./context.ts";

type KeyName = Parameters<typeof serviceKey>[1];
const keys = new WeakMap<RagContext, Map<KeyName, Promise<Uint8Array>>>();

/** The installation's key `name`, read once per process (a failed read is tried again next time). */
export function installationKey(ctx: RagContext, name: KeyName): Promise<Uint8Array> {
  const ofContext = keys.get(ctx) ?? new Map<KeyName, Promise<Uint8Array>>();
  keys.set(ctx, ofContext);
  let key = ofContext.get(name);
  if (!key) {
    key = withSystem(ctx.system, (tx) => serviceKey(tx, name));
    key.catch(() => ofContext.delete(name));
    ofContext.set(name, key);
  }
  return key;
}

/** HMAC-SHA-256 of `text` with the installation's key `name`, in hex. */
async function keyedHash(ctx: RagContext, name: KeyName, text: string): Promise<string> {
  return createHmac("sha256", await installationKey(ctx, name)).update(text).digest("hex");
}

/** The pseudonym of `sub` in `tenantId`: 16 hex digits. */
export async function pseudonymOf(ctx: RagContext, tenantId: string | null, sub: string): Promise<string> {
  return (await keyedHash(ctx, "pseudonym", `${tenantId ?? ""}\n${sub}`)).slice(0, 16);
}

/** The audit log's hash of a question: 64 hex digits no one without the installation's key can reproduce. */
export function questionHashOf(ctx: RagContext, question: string): Promise<string> {
  return keyedHash(ctx, "question", question);
}
