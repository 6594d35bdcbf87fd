/**
 * Credentials inside URLs are cut out wherever a URL is shown (lib/url_credentials.ts, the logger), and the
 * settings' endpoints pass the content fetches' URL policy (domain/rag/fetch/endpoint_policy.ts).
 */
import { describe, it } from "node:test";
import assert from "node:assert/strict";
import { redactUrl, withoutUrlCredentials } from "@/lib/url_credentials.ts";
import { createLogger } from "@/lib/log.ts";
import { AppError } from "@/domain/errors.ts";
import { checkEndpoint, type EndpointPolicy, trustedEndpointHosts } from "@/domain/rag/fetch/endpoint_policy.ts";
import { parseAllowedHosts } from "@/lib/allowed_hosts.ts";

describe("credentials inside URLs", () => {
  it("redacts user-info and key-like query parameters of a URL, keeping the rest", () => {
    const cases: Array<[string, string]> = [
      ["http://svc:pw@llm:11434/", "http://llm:11434/"],
      [
        "https://api.example/v1/embeddings?api_key=abc&model=m",
        "https://api.example/v1/embeddings?api_key=REDACTED&model=m",
      ],
      [
        "https://h/x?token=1&key=2&Access_Token=3&sig=4&code=5",
        "https://h/x?token=REDACTED&key=REDACTED&Access_Token=REDACTED&sig=REDACTED&code=REDACTED",
      ],
      [
        "https://h/x?subscription-key=s&x-api-key=k&password=p",
        "https://h/x?subscription-key=REDACTED&x-api-key=REDACTED&password=REDACTED",
      ],
      ["http://h:8081/v1/embeddings", "http://h:8081/v1/embeddings"],
    ];
    for (const [url, shown] of cases) assert.equal(redactUrl(url), shown, url);
  });

  it("cuts them out of every URL inside a text, and of every log line", () => {
    const text = "failed: error sending request for url (http://u:p4ss@h/v1?api_key=k3y&x=1): refused";
    assert.equal(
      withoutUrlCredentials(text),
      "failed: error sending request for url (http://h/v1?api_key=REDACTED&x=1): refused",
    );
    const lines: string[] = [];
    const log = createLogger("info", {}, (l) => lines.push(l));
    log.warn("model failed", { error: text, endpoint: "https://a:b@llm/?token=t0k" });
    assert.doesNotMatch(lines[0], /p4ss|k3y|t0k|a:b@/);
    assert.equal(JSON.parse(lines[0]).endpoint, "https://llm/?token=REDACTED");
  });
});

describe("the URL policy of settings endpoints", () => {
  const resolveTo = (addresses: Record<string, string[]>) => (host: string) => Promise.resolve(addresses[host] ?? []);
  const policy = (o: Partial<EndpointPolicy> & { hosts?: string[]; loopback?: boolean } = {}): EndpointPolicy => ({
    content: {
      allowedHosts: parseAllowedHosts(o.hosts ?? []),
      allowLoopback: o.loopback ?? false,
      isOwnAddress: () => false,
    },
    trustedHosts: o.trustedHosts ?? trustedEndpointHosts(["http://127.0.0.1:8081/v1/embeddings", null]),
    resolve: o.resolve ??
      resolveTo({ "llm.corp": ["10.0.0.5"], "meta.corp": ["169.254.169.254"], "lo.corp": ["127.0.0.1"] }),
  });
  const refused = async (url: string, p: EndpointPolicy) => {
    await assert.rejects(
      checkEndpoint("llm.endpoint", url, p),
      (err) =>
        err instanceof AppError && err.code === "endpoint_not_allowed" && err.errors?.[0].path === "llm.endpoint",
      url,
    );
  };

  it("admits ordinary hosts, and the environment's own endpoints on loopback", async () => {
    await checkEndpoint("llm.endpoint", "http://llm.corp:11434", policy());
    await checkEndpoint("llm.endpoint", "http://user:pw@10.1.2.3:11434/?api_key=x", policy());
    await checkEndpoint("embedding.endpoint", "http://127.0.0.1:8081/v1/embeddings", policy());
    await checkEndpoint("embedding.endpoint", "http://svc:pw@127.0.0.1:8081/other", policy());
  });

  it("refuses forbidden addresses, loopback unless allowed, names that do not resolve, hosts off the list", async () => {
    for (
      const url of [
        "http://169.254.169.254/latest",
        "http://meta.corp/",
        "http://127.0.0.1:9999/",
        "http://lo.corp:11434",
        "http://[::1]:11434",
        "http://nowhere.corp/",
        "http://0.0.0.0:8081/",
      ]
    ) await refused(url, policy());
    await checkEndpoint("llm.endpoint", "http://127.0.0.1:9999/", policy({ loopback: true }));
    await refused("http://10.1.2.3/", policy({ hosts: ["llm.corp"] }));
    await checkEndpoint("llm.endpoint", "http://llm.corp/", policy({ hosts: ["llm.corp"] }));
  });
});
