/**
 * A secret scanner for the repository's tracked files: private key blocks, signed JWTs, keys
 * shaped like the ones scripts/_env_file.ts generates (`adm_`, `ptl_`, `rag_`, `gw_` and 43
 * random base64url characters), literal values assigned to secret-named fields or variables,
 * passwords inside connection URLs, and files that hold nothing but a random secret (as Docker
 * secrets do). A value is let through only when it is obviously fake (it says so, or counts
 * 0123456789 like the fixtures) or is one of the fixtures' own values; in test code, where every
 * literal is a fixture, a named value counts only when it looks machine-generated.
 */

/** One suspected secret. */
export interface Finding {
  path: string;
  line: number;
  rule: string;
  /** The matched value with its middle masked, so a report never repeats a real secret. */
  masked: string;
}

/** The prefixes of generated keys (scripts/_env_file.ts). */
export const KEY_PREFIXES = ["adm_", "ptl_", "rag_", "gw_"];

/** A fixture says what it is as a whole word, or counts like one; a random key almost never does either. */
const FAKE_MARKERS =
  /(?:^|[^a-z])(?:test|fake|example|dummy|placeholder|changeme|sample|not-a-real|never-logged)(?:[^a-z]|$)|0123456789|abcdef|xxxxxx/i;
const PLACEHOLDER = /^(\$\{?|<|\*{3}|%\(|\{\{)|^(password|pass|secret|pw|user:pass)$/i;
/** Files read as KEY=value or key: value lines rather than as code. */
const CONFIG_FILE =
  /(^|\/)(\.env[^/]*|[^/.]+|Dockerfile[^/]*|[^/]+\.(ya?ml|sh|bash|env|ini|toml|conf|cfg|properties))$/;

/** Bits of entropy per character of `s` (Shannon). */
export function entropy(s: string): number {
  const counts = new Map<string, number>();
  for (const ch of s) counts.set(ch, (counts.get(ch) ?? 0) + 1);
  let h = 0;
  for (const n of counts.values()) h -= (n / s.length) * Math.log2(n / s.length);
  return h;
}

/** True when `s` looks machine-generated: 16 characters or more, of two classes or more (lower, upper, digits), high entropy. */
export function looksRandom(s: string): boolean {
  const classes = [/[a-z]/, /[A-Z]/, /[0-9]/].filter((r) => r.test(s)).length;
  return s.length >= 16 && classes >= 2 && entropy(s) >= Math.min(4, Math.log2(s.length) - 0.7);
}

/** True when a field or variable name says it holds a secret (`apiKey`, `PORTAL_JWT_SECRET`, `db_password`). */
export function isSecretName(name: string): boolean {
  const parts = name.replace(/([a-z0-9])([A-Z])/g, "$1_$2").toLowerCase().split(/[_-]+/).filter(Boolean);
  // A name ending in `at` is a time (`previousSecretExpiresAt`), never the secret itself.
  if (
    ["file", "path", "dir", "url", "name", "id", "kind", "type", "header", "store", "at"].includes(parts.at(-1) ?? "")
  ) {
    return false;
  }
  const single = ["secret", "password", "passwd", "pwd", "token", "apikey", "credential"];
  const pairs = [["api", "key"], ["private", "key"], ["access", "key"], ["client", "secret"], ["signing", "key"]];
  return parts.some((p, i) => single.includes(p) || pairs.some(([a, b]) => p === a && parts[i + 1] === b));
}

function mask(s: string): string {
  return s.length <= 8 ? "*".repeat(s.length) : `${s.slice(0, 4)}…${s.slice(-2)} (${s.length} chars)`;
}

/** Where a literal value is judged: test code is full of fixtures, so only random-looking values count there. */
function suspiciousLiteral(path: string, value: string, allowed: ReadonlySet<string>): boolean {
  if (PLACEHOLDER.test(value) || value.startsWith("/") || value.startsWith("./") || /^(true|false)$/i.test(value)) {
    return false;
  }
  if (allowed.has(value) || FAKE_MARKERS.test(value)) return false;
  return path.startsWith("tests/") ? looksRandom(value) : true;
}

interface Rule {
  name: string;
  pattern: RegExp;
  applies(path: string): boolean;
  /** The suspected value of a match, or null when the match is harmless. */
  value(m: RegExpMatchArray, path: string, allowed: ReadonlySet<string>): string | null;
}

const everywhere = () => true;

const RULES: Rule[] = [
  {
    name: "private key block",
    pattern: /-----BEGIN (?:[A-Z0-9]+ )*PRIVATE KEY(?: BLOCK)?-----/g,
    applies: everywhere,
    value: (m) => m[0],
  },
  {
    name: "signed JWT",
    pattern: /eyJ[A-Za-z0-9_-]{8,}\.eyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{16,}/g,
    applies: everywhere,
    value: (m) => m[0],
  },
  {
    name: "generated key",
    pattern: /(?<![A-Za-z0-9_-])(?:adm|ptl|rag|gw)_([A-Za-z0-9_-]{32,})(?![A-Za-z0-9_-])/g,
    applies: everywhere,
    value: (m, _p, allowed) => looksRandom(m[1]) && !allowed.has(m[0]) && !FAKE_MARKERS.test(m[0]) ? m[0] : null,
  },
  {
    name: "secret assignment",
    pattern: /["']?\b([A-Za-z_][A-Za-z0-9_-]*)["']?\s*[:=]\s*(["'`])([^"'`\s]{12,})\2/g,
    applies: everywhere,
    value: (m, path, allowed) => isSecretName(m[1]) && suspiciousLiteral(path, m[3], allowed) ? m[3] : null,
  },
  {
    name: "secret in a config line",
    pattern: /^\s*(?:export\s+|-\s+)?([A-Za-z_][A-Za-z0-9_]*)\s*[:=]\s*([A-Za-z0-9+/=_.~!@%^&*-]{12,})\s*$/gm,
    applies: (path) => CONFIG_FILE.test(path),
    value: (m, path, allowed) => isSecretName(m[1]) && suspiciousLiteral(path, m[2], allowed) ? m[2] : null,
  },
  {
    name: "a file holding a bare secret",
    pattern: /^\s*([A-Za-z0-9+/=_-]{32,})\s*$/g,
    applies: everywhere,
    value: (m, _p, allowed) => looksRandom(m[1]) && !allowed.has(m[1]) && !FAKE_MARKERS.test(m[1]) ? m[1] : null,
  },
  {
    name: "password in a URL",
    pattern: /\b[a-z][a-z0-9+.-]*:\/\/[^\s:/@'"`]+:([^\s@/'"`]+)@/gi,
    applies: everywhere,
    value: (m, path, allowed) => m[1].length >= 4 && suspiciousLiteral(path, m[1], allowed) ? m[1] : null,
  },
];

/** Scans one file's text; `allowed` holds exact values known to be fixtures. */
export function scanText(path: string, text: string, allowed: ReadonlySet<string> = new Set()): Finding[] {
  const findings: Finding[] = [];
  for (const rule of RULES) {
    if (!rule.applies(path)) continue;
    for (const m of text.matchAll(rule.pattern)) {
      const value = rule.value(m, path, allowed);
      if (value === null) continue;
      const line = text.slice(0, m.index).split("\n").length;
      findings.push({ path, line, rule: rule.name, masked: mask(value) });
    }
  }
  return findings;
}

/** The string literals of a fixture file: the values the scanner lets through anywhere. */
export function fixtureValues(text: string): Set<string> {
  return new Set([...text.matchAll(/"([^"\n]{8,})"/g)].map((m) => m[1]));
}

/** Every file git tracks, and every untracked one it does not ignore (one `git add` from a commit), relative to `root`. */
export async function trackedFiles(root: string): Promise<string[]> {
  const out = await new Deno.Command("git", {
    args: ["ls-files", "-z", "--cached", "--others", "--exclude-standard"],
    cwd: root,
    stdout: "piped",
  }).output();
  if (!out.success) throw new Error("git ls-files failed");
  return new TextDecoder().decode(out.stdout).split("\0").filter(Boolean);
}
