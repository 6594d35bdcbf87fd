import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { AppError } from "@/domain/errors.ts";
import { type ContentFetcher, createContentFetcher } from "@/domain/rag/fetch/content.ts";
import { checkAddresses, checkContentUrl, type UrlPolicy } from "@/domain/rag/fetch/url_policy.ts";
import { parseAllowedHosts } from "@/lib/allowed_hosts.ts";
import { classifyAddress } from "@/domain/rag/fetch/ip_ranges.ts";
import { type InterfaceAddress, ownAddressCheck } from "@/domain/rag/fetch/own_addresses.ts";

const ALLOWED = ["allowed.example", "docs.corp.example:8443", "*.files.corp.example", "10.1.2.3", "[fd00::5]"];
const ANY_SHA = "0".repeat(64);
/** Policies of the bypass table: the host's own interface addresses have their own tests below. */
const NO_OWN_ADDRESS = () => false;

/** What the fake resolver answers; every other name "resolves" to the counting listener. */
const DNS: Record<string, string[]> = {
  "mixed.example": ["10.0.0.7", "127.0.0.1"],
  "v6loop.example": ["::1"],
  "mapped.example": ["::ffff:127.0.0.1"],
  "meta.files.corp.example": ["169.254.169.254"],
  "half.files.corp.example": ["10.0.0.7", "169.254.169.254"],
  "zero.files.corp.example": ["0.0.0.0"],
  "mappedmeta.files.corp.example": ["::ffff:169.254.169.254"],
  "linklocal.files.corp.example": ["fe80::1"],
  "junk.files.corp.example": ["not-an-address"],
  "octal.files.corp.example": ["0177.0.0.1"],
};

/**
 * Bypass forms, each refused with content_host_not_allowed. `{P}` becomes the port of a
 * listener that counts connections: every name resolves to it and every loopback literal
 * reaches it, so a form that slipped through would be counted.
 * Policies: `listed` has ALLOWED and permits loopback (only the list refuses), `open` has no
 * list and refuses loopback, `openLoopback` has no list and permits loopback (only the
 * forbidden ranges refuse).
 */
const BYPASS_FORMS: [string, string, Policy][] = [
  ["dotted loopback", "http://127.0.0.1{P}/", "listed"],
  ["decimal loopback", "http://2130706433{P}/", "listed"],
  ["octal loopback", "http://0177.0.0.1{P}/", "listed"],
  ["zero-padded octal loopback", "http://0177.0000.0000.0001{P}/", "listed"],
  ["single octal number", "http://017700000001{P}/", "listed"],
  ["dotted hex loopback", "http://0x7f.0x0.0x0.0x1{P}/", "listed"],
  ["single hex number", "http://0x7f000001{P}/", "listed"],
  ["mixed hex and octal parts", "http://0x7f.0.01{P}/", "listed"],
  ["two-part short form", "http://127.1{P}/", "listed"],
  ["three-part short form", "http://127.0.1{P}/", "listed"],
  ["full-width digits", "http://１２７.０.０.１{P}/", "listed"],
  ["percent-encoded digits", "http://%31%32%37.0.0.1{P}/", "listed"],
  ["percent-encoded dots", "http://127%2e0%2e0%2e1{P}/", "listed"],
  ["IPv4 with a trailing dot", "http://127.0.0.1.{P}/", "listed"],
  ["another loopback address", "http://127.127.127.127{P}/", "listed"],
  ["IPv6 loopback", "http://[::1]{P}/", "listed"],
  ["IPv6 loopback written out", "http://[0:0:0:0:0:0:0:1]{P}/", "listed"],
  ["IPv4-mapped loopback, dotted", "http://[::ffff:127.0.0.1]{P}/", "listed"],
  ["IPv4-mapped loopback, hex", "http://[::ffff:7f00:1]{P}/", "listed"],
  ["IPv4-mapped loopback written out", "http://[0:0:0:0:0:ffff:127.0.0.1]{P}/", "listed"],
  ["IPv4-compatible loopback", "http://[::127.0.0.1]{P}/", "listed"],
  ["IPv4-translated loopback", "http://[::ffff:0:127.0.0.1]{P}/", "listed"],
  ["NAT64 loopback", "http://[64:ff9b::127.0.0.1]{P}/", "listed"],
  ["6to4 loopback", "http://[2002:7f00:1::]{P}/", "listed"],
  ["IPv4-mapped form of a listed IPv4", "http://[::ffff:10.1.2.3]/", "listed"],
  ["listed IPv4 as a name prefix", "http://10.1.2.3.evil.example{P}/", "listed"],
  ["unlisted IPv6", "http://[fd00::6]{P}/", "listed"],
  ["metadata address", "http://169.254.169.254/", "openLoopback"],
  ["metadata as a decimal", "http://2852039166/", "openLoopback"],
  ["metadata as hex", "http://0xa9fea9fe/", "openLoopback"],
  ["metadata as dotted hex", "http://0xa9.0xfe.0xa9.0xfe/", "openLoopback"],
  ["metadata as octal", "http://0251.0376.0251.0376/", "openLoopback"],
  ["metadata as a short form", "http://169.254.43518/", "openLoopback"],
  ["metadata IPv4-mapped, dotted", "http://[::ffff:169.254.169.254]/", "openLoopback"],
  ["metadata IPv4-mapped, hex", "http://[::ffff:a9fe:a9fe]/", "openLoopback"],
  ["metadata through NAT64", "http://[64:ff9b::a9fe:a9fe]/", "openLoopback"],
  ["metadata through 6to4", "http://[2002:a9fe:a9fe::]/", "openLoopback"],
  ["AWS IPv6 metadata", "http://[fd00:ec2::254]/", "openLoopback"],
  ["Alibaba metadata", "http://100.100.100.200/", "openLoopback"],
  ["IPv6 link-local", "http://[fe80::1]/", "openLoopback"],
  ["IPv6 link-local with a zone id", "http://[fe80::1%25eth0]/", "openLoopback"],
  ["0.0.0.0, which reaches the local host", "http://0.0.0.0{P}/", "openLoopback"],
  ["0 as a single number", "http://0{P}/", "openLoopback"],
  ["IPv6 unspecified", "http://[::]{P}/", "openLoopback"],
  ["IPv4-mapped 0.0.0.0", "http://[::ffff:0.0.0.0]{P}/", "openLoopback"],
  ["multicast", "http://224.0.0.1/", "openLoopback"],
  ["limited broadcast", "http://255.255.255.255/", "openLoopback"],
  ["IPv6 multicast", "http://[ff02::1]/", "openLoopback"],
  ["Teredo", "http://[2001:0:4136:e378:8000:63bf:3fff:fdd2]/", "openLoopback"],
  ["loopback without a list", "http://127.0.0.1{P}/", "open"],
  ["decimal loopback without a list", "http://2130706433{P}/", "open"],
  ["IPv6 loopback without a list", "http://[::1]{P}/", "open"],
  ["mapped loopback without a list", "http://[::ffff:7f00:1]{P}/", "open"],
  ["localhost", "http://localhost{P}/", "open"],
  ["a name that resolves to loopback", "http://127.0.0.1.nip.io{P}/", "open"],
  ["a name with one loopback address among others", "http://mixed.example{P}/", "open"],
  ["a name that resolves to IPv6 loopback", "http://v6loop.example{P}/", "open"],
  ["a name that resolves to mapped loopback", "http://mapped.example{P}/", "open"],
  ["listed name resolving to metadata", "http://meta.files.corp.example{P}/", "listed"],
  ["listed name with one metadata address", "http://half.files.corp.example{P}/", "listed"],
  ["listed name resolving to 0.0.0.0", "http://zero.files.corp.example{P}/", "listed"],
  ["listed name resolving to mapped metadata", "http://mappedmeta.files.corp.example{P}/", "listed"],
  ["listed name resolving to link-local", "http://linklocal.files.corp.example{P}/", "listed"],
  ["listed name resolving to garbage", "http://junk.files.corp.example{P}/", "listed"],
  ["listed name resolving to a non-canonical IP", "http://octal.files.corp.example{P}/", "listed"],
  ["allowed host as user-info", "http://allowed.example@evil.example{P}/", "listed"],
  ["allowed host as user and password", "http://allowed.example:secret@evil.example{P}/", "listed"],
  ["credentials for an allowed host", "http://user:pass@allowed.example{P}/", "listed"],
  ["encoded @ in the host", "http://allowed.example%40evil.example{P}/", "listed"],
  ["encoded slash in user-info", "http://allowed.example%2f@evil.example{P}/", "listed"],
  ["allowed host after a fragment", "http://evil.example{P}#@allowed.example/", "listed"],
  ["allowed host after a query", "http://evil.example{P}?@allowed.example/", "listed"],
  ["allowed host after a backslash", "http://evil.example{P}\\@allowed.example/", "listed"],
  ["backslashes for slashes", "http:\\\\evil.example{P}\\@allowed.example/", "listed"],
  ["allowed host in the path", "http://evil.example{P}/@allowed.example/", "listed"],
  ["allowed host as a prefix", "http://allowed.example.evil.example{P}/", "listed"],
  ["allowed host as an unseparated suffix", "http://evilallowed.example{P}/", "listed"],
  ["unlisted host with a trailing dot", "http://evil.example.{P}/", "listed"],
  ["allowed host with two trailing dots", "http://allowed.example..{P}/", "listed"],
  ["unlisted host in capitals", "http://EVIL.EXAMPLE{P}/", "listed"],
  ["Cyrillic homoglyph", "http://аllowed.example{P}/", "listed"],
  ["punycode of the homoglyph", "http://xn--llowed-2nf.example{P}/", "listed"],
  ["capital I for l", "http://allowed.exampIe{P}/", "listed"],
  ["port-pinned host on another port", "http://docs.corp.example{P}/", "listed"],
  ["port-pinned host on the default port", "https://docs.corp.example/", "listed"],
  ["apex of a subdomain entry", "http://files.corp.example{P}/", "listed"],
  ["subdomain entry without its dot", "http://evilfiles.corp.example{P}/", "listed"],
  ["subdomain entry as a prefix", "http://files.corp.example.evil.example{P}/", "listed"],
  ["file scheme", "file:///etc/passwd", "listed"],
  ["ftp scheme", "ftp://allowed.example/", "listed"],
  ["gopher scheme", "gopher://allowed.example{P}/_GET", "listed"],
  ["data scheme", "data:text/plain,hello", "listed"],
  ["javascript scheme", "javascript:alert(1)", "listed"],
  ["ws scheme", "ws://allowed.example{P}/", "listed"],
  ["wss scheme", "wss://allowed.example/", "listed"],
  ["blob scheme", "blob:http://allowed.example/x", "listed"],
  ["dict scheme", "dict://allowed.example{P}/", "listed"],
  ["scheme-relative URL", "//allowed.example{P}/", "listed"],
  ["bare host", "allowed.example", "listed"],
  ["leading space", " http://allowed.example{P}/", "listed"],
  ["tab inside the host", "http://allow\ted.example{P}/", "listed"],
  ["CR LF header injection", "http://allowed.example{P}/\r\nX-Injected: 1", "listed"],
  ["NUL inside the host", "http://allowed.example\u0000.evil.example{P}/", "listed"],
  ["DEL in the path", "http://allowed.example{P}/\u007f", "listed"],
  ["double-encoded dot", "http://allowed%252eexample{P}/", "listed"],
  ["encoded dot in an unlisted host", "http://evil%2eexample{P}/", "listed"],
  ["empty authority", "http:///doc", "listed"],
  ["host of a single dot", "http://./", "openLoopback"],
  ["empty host with a port", "http://:80/", "openLoopback"],
  ["URL over 8 KiB", `http://allowed.example{P}/${"a".repeat(9000)}`, "listed"],
  ["host over 253 characters", `http://${"a".repeat(60).concat(".").repeat(4)}files.corp.example{P}/`, "listed"],
];

type Policy = "listed" | "open" | "openLoopback";

/** A TCP listener that only counts the connections it accepts. */
function countingListener() {
  const listener = Deno.listen({ hostname: "127.0.0.1", port: 0 });
  let accepted = 0;
  const loop = (async () => {
    try {
      for await (const conn of listener) {
        accepted++;
        conn.close();
      }
    } catch {
      // The listener was closed.
    }
  })();
  return {
    port: listener.addr.port,
    accepted: () => accepted,
    close: async () => {
      listener.close();
      await loop;
    },
  };
}

function fetcher(allowedHosts: string[], allowLoopback: boolean): ContentFetcher {
  const resolve = (name: string) => Promise.resolve(DNS[name] ?? ["127.0.0.1"]);
  return createContentFetcher({
    policy: { allowedHosts: parseAllowedHosts(allowedHosts), allowLoopback, isOwnAddress: NO_OWN_ADDRESS },
    resolve,
    maxBytes: 1024,
    timeoutMs: 3000,
  });
}

describe("content URL policy refuses bypass forms before connecting", () => {
  let listener: ReturnType<typeof countingListener>;
  let fetchers: Record<Policy, ContentFetcher>;
  before(() => {
    listener = countingListener();
    fetchers = { listed: fetcher(ALLOWED, true), open: fetcher([], false), openLoopback: fetcher([], true) };
  });
  after(() => listener.close());

  it(`has a table of at least 50 forms (${BYPASS_FORMS.length})`, () => {
    assert.ok(BYPASS_FORMS.length >= 50);
  });

  for (const [name, form, policy] of BYPASS_FORMS) {
    it(`refuses ${name} (${policy})`, async () => {
      const url = form.replace("{P}", `:${listener.port}`);
      await assert.rejects(
        fetchers[policy](url, ANY_SHA),
        (err) => err instanceof AppError && err.code === "content_host_not_allowed",
      );
    });
  }

  it("made no connection for any of them", () => {
    assert.equal(listener.accepted(), 0);
  });

  it("would have counted a connection that got through", async () => {
    await assert.rejects(fetchers.listed(`http://allowed.example:${listener.port}/`, ANY_SHA));
    assert.equal(listener.accepted(), 1);
  });
});

const listed: UrlPolicy = {
  allowedHosts: parseAllowedHosts(ALLOWED),
  allowLoopback: false,
  isOwnAddress: NO_OWN_ADDRESS,
};
const open: UrlPolicy = { allowedHosts: [], allowLoopback: false, isOwnAddress: NO_OWN_ADDRESS };

describe("content URL policy lets allowed hosts through", () => {
  const cases: [string, string][] = [
    ["http://allowed.example/doc?v=1", "http://allowed.example/doc?v=1"],
    ["http://ALLOWED.Example/doc", "http://allowed.example/doc"],
    ["http://allowed.example./doc", "http://allowed.example/doc"],
    ["http://allowed.example:8080/doc", "http://allowed.example:8080/doc"],
    ["http://%61llowed.example/doc", "http://allowed.example/doc"],
    ["http://ａｌｌｏｗｅｄ.example/doc", "http://allowed.example/doc"],
    ["https://docs.corp.example:8443/doc", "https://docs.corp.example:8443/doc"],
    ["http://docs.corp.example:8443/doc", "http://docs.corp.example:8443/doc"],
    ["http://a.files.corp.example/doc", "http://a.files.corp.example/doc"],
    ["http://a.b.files.corp.example/doc", "http://a.b.files.corp.example/doc"],
    ["http://10.1.2.3/doc", "http://10.1.2.3/doc"],
    ["http://012.1.2.3/doc", "http://10.1.2.3/doc"],
    [`http://${10 * 2 ** 24 + 2 ** 16 + 2 * 2 ** 8 + 3}/doc`, "http://10.1.2.3/doc"],
    ["http://[fd00::5]/doc", "http://[fd00::5]/doc"],
    ["http://[fd00:0:0::5]/doc", "http://[fd00::5]/doc"],
  ];
  for (const [url, canonical] of cases) {
    it(`allows ${url} as ${canonical}`, () => {
      assert.equal(checkContentUrl(url, listed).href, canonical);
    });
  }

  it("allows private networks and any name when no list is set", () => {
    for (const url of ["http://10.0.0.7/", "http://172.16.0.1/", "http://192.168.1.10/", "http://[fd12::1]/"]) {
      assert.equal(checkContentUrl(url, open).href, url);
    }
    const portal = checkContentUrl("http://portal.internal:8080/doc", open);
    assert.doesNotThrow(() => checkAddresses(portal, ["10.0.0.7", "fd12::1", "100.64.0.1"], open));
  });

  it("resolves a relative redirect against the current URL", () => {
    const base = new URL("http://a.files.corp.example/dir/doc");
    assert.equal(checkContentUrl("../other?x=1", listed, base).href, "http://a.files.corp.example/other?x=1");
  });
});

describe("allow-list entries", () => {
  it("canonicalise case, trailing dots, IDNA, IPv4 spellings and bare IPv6", () => {
    assert.deepEqual(parseAllowedHosts(["Docs.Corp.Example.:8443", "bücher.example", "0x0a.1.2.3", "fd00::6"]), [
      { host: "docs.corp.example", port: 8443, subdomains: false },
      { host: "xn--bcher-kva.example", port: null, subdomains: false },
      { host: "10.1.2.3", port: null, subdomains: false },
      { host: "[fd00::6]", port: null, subdomains: false },
    ]);
    assert.deepEqual(parseAllowedHosts([".corp.example", "*.corp.example:443"]), [
      { host: "corp.example", port: null, subdomains: true },
      { host: "corp.example", port: 443, subdomains: true },
    ]);
  });

  it("refuse malformed entries, naming them", () => {
    const bad = ["http://x.example", "x.example/path", "user@x.example", "*.", "*", "a*.example", "*.10.0.0.1"];
    for (const entry of [...bad, ".10.0.0.1", "x.example:0", "x.example:65536", "x.example:", "[fd00::5", "x y"]) {
      assert.throws(() => parseAllowedHosts([entry]), new RegExp(entry.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")));
    }
  });
});

describe("address classes", () => {
  it("judge IPv6 forms by the IPv4 address they reach", () => {
    assert.equal(classifyAddress("::ffff:10.0.0.7"), "ordinary");
    assert.equal(classifyAddress("2002:a00:7::"), "ordinary");
    assert.equal(classifyAddress("64:ff9b::7f00:1"), "loopback");
    assert.equal(classifyAddress("::ffff:0:a9fe:a9fe"), "forbidden");
  });

  it("refuse spellings no resolver returns", () => {
    for (const text of ["010.0.0.1", "127.1", "1.2.3.4::", "fe80::1%eth0", "1::2::3", "12345::", "example.com"]) {
      assert.equal(classifyAddress(text), null, text);
    }
  });
});

describe("the service's own addresses", () => {
  const interfaces: InterfaceAddress[] = [
    { address: "127.0.0.1" },
    { address: "192.0.2.2" },
    { address: "fd00::2" },
    { address: "fe80::fc:ff:fe00:1%eth0" },
  ];
  const policy = (allowLoopback: boolean): UrlPolicy => ({
    allowedHosts: [],
    allowLoopback,
    isOwnAddress: ownAddressCheck(() => interfaces),
  });
  const refused = (fn: () => unknown) =>
    assert.throws(fn, (err) => err instanceof AppError && err.code === "content_host_not_allowed");

  it("refuses every spelling of an interface address, private or not", () => {
    for (
      const url of ["http://192.0.2.2/", "http://3221225986/", "http://[::ffff:192.0.2.2]/", "http://[fd00:0::2]/"]
    ) {
      refused(() => checkContentUrl(url, policy(false)));
    }
  });

  it("refuses a name that resolves to one, and any other address passes", () => {
    const url = checkContentUrl("http://portal.internal/doc", policy(false));
    refused(() => checkAddresses(url, ["10.0.0.7", "192.0.2.2"], policy(false)));
    assert.doesNotThrow(() => checkAddresses(url, ["10.0.0.7", "192.0.2.3", "fd00::3"], policy(false)));
  });

  it("lets them through when RAG_CONTENT_ALLOW_LOOPBACK is set", () => {
    assert.equal(checkContentUrl("http://192.0.2.2/", policy(true)).href, "http://192.0.2.2/");
  });

  it("reads the interfaces again on every check, so an address added later counts at once", () => {
    const later: InterfaceAddress[] = [];
    const p = { allowedHosts: [], allowLoopback: false, isOwnAddress: ownAddressCheck(() => later) };
    assert.doesNotThrow(() => checkContentUrl("http://198.51.100.9/", p));
    later.push({ address: "198.51.100.9" });
    refused(() => checkContentUrl("http://198.51.100.9/", p));
  });

  it("knows every address of this host's interfaces", () => {
    const own = ownAddressCheck();
    const addresses = Deno.networkInterfaces().map((i) => i.address.replace(/%.*$/, ""));
    assert.ok(addresses.length > 0);
    for (const address of addresses) assert.ok(own(address), address);
    assert.equal(own("192.0.2.254"), addresses.includes("192.0.2.254"));
  });
});
