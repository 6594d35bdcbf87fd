import { after, before, describe, it } from "node:test";
import assert from "node:assert/strict";
import { createHash } from "node:crypto";
import { AppError, type ErrorCode } from "@/domain/errors.ts";
import { boundedResolver, type ContentFetcherOptions, createContentFetcher } from "@/domain/rag/fetch/content.ts";
import { parseAllowedHosts } from "@/lib/allowed_hosts.ts";
import { createLogger } from "@/lib/log.ts";

const MiB = 1024 * 1024;
/** A body far over the 1 MiB limit the tests use. */
const BIG = 128 * MiB;

function sha256(data: string | Uint8Array): string {
  return createHash("sha256").update(data).digest("hex");
}

async function rejectsWith(promise: Promise<unknown>, code: ErrorCode): Promise<AppError> {
  let caught: unknown;
  await assert.rejects(promise, (err) => {
    caught = err;
    return err instanceof AppError && err.code === code;
  });
  return caught as AppError;
}

interface TestServer {
  port: number;
  url(path: string): string;
  close(): Promise<void>;
}

/** A real content host on loopback, as the house style asks for fakes at the edge. */
function serve(
  handler: (req: Request) => Response | Promise<Response>,
  tls?: { cert: string; key: string },
): TestServer {
  const server = Deno.serve({ hostname: "127.0.0.1", port: 0, onListen() {}, ...tls }, handler);
  const port = server.addr.port;
  return { port, url: (path) => `http://127.0.0.1:${port}${path}`, close: () => server.shutdown() };
}

/** A TCP listener that only counts the connections it accepts, to prove none was made. */
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

/** A body stream of `total` bytes that records how much the server was asked to produce. */
function meteredBody(total: number) {
  const meter = { produced: 0, cancelled: false };
  const chunk = new Uint8Array(64 * 1024).fill(97);
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (meter.produced >= total) return controller.close();
      meter.produced += chunk.length;
      controller.enqueue(chunk);
    },
    cancel() {
      meter.cancelled = true;
    },
  });
  return { stream, meter };
}

const settle = () => new Promise((r) => setTimeout(r, 100));

function fetcherFor(
  servers: TestServer[],
  { allowedHosts, allowLoopback, ...extra }: Partial<ContentFetcherOptions> & {
    allowedHosts?: string[];
    allowLoopback?: boolean;
  } = {},
) {
  return createContentFetcher({
    policy: {
      allowedHosts: parseAllowedHosts(allowedHosts ?? servers.map((s) => `127.0.0.1:${s.port}`)),
      allowLoopback: allowLoopback ?? true,
      isOwnAddress: () => false,
    },
    maxBytes: MiB,
    timeoutMs: 2000,
    ...extra,
  });
}

describe("content fetch", () => {
  const body = "portal document body\n";
  let hops = 0;
  let host: TestServer;
  let other: TestServer;
  let counter: ReturnType<typeof countingListener>;
  before(() => {
    counter = countingListener();
    other = serve(() => new Response("from the other host"));
    host = serve((req) => {
      const path = new URL(req.url).pathname;
      if (path === "/doc") return new Response(body, { headers: { "content-type": "text/plain; charset=utf-8" } });
      if (path === "/exact") return new Response(new Uint8Array(MiB));
      if (path === "/relative") return new Response(null, { status: 302, headers: { location: "../doc?v=2" } });
      if (path === "/to-other") return Response.redirect(other.url("/final"), 307);
      if (path === "/to-unlisted") return Response.redirect(`http://127.0.0.1:${counter.port}/x`, 302);
      if (path === "/to-rebound") return Response.redirect(`http://rebound.test:${counter.port}/x`, 302);
      if (path === "/to-file") return new Response(null, { status: 301, headers: { location: "file:///etc/passwd" } });
      if (path === "/loop") {
        hops++;
        return new Response(null, { status: 302, headers: { location: "/loop" } });
      }
      if (path === "/nowhere") return new Response(null, { status: 302 });
      return new Response("nope", { status: path === "/broken" ? 500 : 404 });
    });
  });
  after(async () => {
    await Promise.all([host.close(), other.close(), counter.close()]);
  });

  it("fetches a body with its content type, final URL and SHA-256", async () => {
    const got = await fetcherFor([host])(host.url("/doc"), sha256(body));
    assert.equal(new TextDecoder().decode(got.body), body);
    assert.equal(got.contentType, "text/plain; charset=utf-8");
    assert.equal(got.finalUrl, host.url("/doc"));
    assert.equal(got.sha256, sha256(body));
  });

  it("refuses a body whose SHA-256 differs with checksum_mismatch", async () => {
    await rejectsWith(fetcherFor([host])(host.url("/doc"), sha256("another body")), "checksum_mismatch");
  });

  it("accepts a body of exactly the size limit", async () => {
    const got = await fetcherFor([host])(host.url("/exact"), sha256(new Uint8Array(MiB)));
    assert.equal(got.body.byteLength, MiB);
  });

  it("follows a relative redirect within the allowed hosts", async () => {
    const got = await fetcherFor([host])(host.url("/relative"), sha256(body));
    assert.equal(got.finalUrl, host.url("/doc?v=2"));
  });

  it("follows a redirect to another allowed host", async () => {
    const got = await fetcherFor([host, other])(host.url("/to-other"), sha256("from the other host"));
    assert.equal(got.finalUrl, other.url("/final"));
  });

  it("refuses a redirect to a host outside the list before connecting to it", async () => {
    await rejectsWith(fetcherFor([host])(host.url("/to-unlisted"), sha256(body)), "content_host_not_allowed");
    assert.equal(counter.accepted(), 0);
  });

  it("refuses a redirect to a name that resolves to a forbidden address before connecting", async () => {
    // No allow-list: only the address rules stand between the redirect and the counting listener.
    const fetch = fetcherFor([], { resolve: () => Promise.resolve(["127.0.0.1", "169.254.169.254"]) });
    await rejectsWith(fetch(host.url("/to-rebound"), sha256(body)), "content_host_not_allowed");
    assert.equal(counter.accepted(), 0);
  });

  it("refuses a redirect to a file: URL", async () => {
    await rejectsWith(fetcherFor([host])(host.url("/to-file"), sha256(body)), "content_host_not_allowed");
  });

  it("stops after the maximum number of redirects", async () => {
    hops = 0;
    await rejectsWith(fetcherFor([host], { maxRedirects: 3 })(host.url("/loop"), sha256(body)), "content_unreachable");
    assert.equal(hops, 4);
  });

  it("refuses a redirect without a Location", async () => {
    await rejectsWith(fetcherFor([host])(host.url("/nowhere"), sha256(body)), "content_unreachable");
  });

  it("reports a 404 and a 500 alike, as content_unreachable", async () => {
    await rejectsWith(fetcherFor([host])(host.url("/missing"), sha256(body)), "content_unreachable");
    await rejectsWith(fetcherFor([host])(host.url("/broken"), sha256(body)), "content_unreachable");
  });
});

describe("content fetch limits", () => {
  let chunked: ReturnType<typeof meteredBody>;
  let release = () => {};
  const stalled = new Promise<void>((resolve) => release = resolve);
  let host: TestServer;
  before(() => {
    host = serve(async (req) => {
      const path = new URL(req.url).pathname;
      if (path === "/declared") return new Response(stalling(), { headers: { "content-length": String(BIG) } });
      if (path === "/chunked") return new Response((chunked = meteredBody(BIG)).stream);
      if (path === "/trickle") return new Response(trickle(stalled));
      await stalled;
      return new Response("too late");
    });
  });
  after(async () => {
    release();
    await host.close();
  });

  it("refuses a declared Content-Length over the limit without waiting for the body", async () => {
    // The server sends a few bytes and then nothing: only the header can have decided.
    const started = Date.now();
    await rejectsWith(fetcherFor([host])(host.url("/declared"), sha256("")), "content_too_large");
    assert.ok(Date.now() - started < 1000);
  });

  it("stops reading a chunked body as soon as it passes the limit", async () => {
    await rejectsWith(fetcherFor([host])(host.url("/chunked"), sha256("")), "content_too_large");
    await settle();
    const meter = chunked.meter;
    assert.ok(meter.produced < BIG / 8, `server produced ${meter.produced} of ${BIG} bytes`);
    assert.ok(meter.cancelled, "the server saw the connection closed");
  });

  it("gives up on a host that does not answer within the time budget", async () => {
    const started = Date.now();
    const err = await rejectsWith(
      fetcherFor([host], { timeoutMs: 300 })(host.url("/stall"), sha256("")),
      "content_timeout",
    );
    assert.equal(err.message, "The content was not fetched within the time limit");
    assert.ok(Date.now() - started < 2000);
  });

  it("gives up on a body that trickles past the time budget", async () => {
    const started = Date.now();
    await rejectsWith(fetcherFor([host], { timeoutMs: 300 })(host.url("/trickle"), sha256("")), "content_timeout");
    assert.ok(Date.now() - started < 2000);
  });

  it("gives up on a body slower than the minimum rate long before the time budget", async () => {
    // The trickle brings 20 bytes a second; the floor asks 100 over each 300 ms window.
    const started = Date.now();
    const fetcher = fetcherFor([host], { timeoutMs: 30_000, minBytesPerSecond: 100, rateWindowMs: 300 });
    await rejectsWith(fetcher(host.url("/trickle"), sha256("")), "content_timeout");
    assert.ok(Date.now() - started < 5000);
  });

  it("lets the caller shorten the time budget (what is left of a job's)", async () => {
    const started = Date.now();
    await rejectsWith(
      fetcherFor([host], { timeoutMs: 30_000 })(host.url("/stall"), sha256(""), { timeoutMs: 300 }),
      "content_timeout",
    );
    assert.ok(Date.now() - started < 2000);
  });

  it("reports a body cut off before its Content-Length as content_unreachable", async () => {
    const listener = Deno.listen({ hostname: "127.0.0.1", port: 0 });
    const served = (async () => {
      const conn = await listener.accept();
      await conn.read(new Uint8Array(4096));
      await conn.write(new TextEncoder().encode("HTTP/1.1 200 OK\r\ncontent-length: 100\r\n\r\nonly ten b"));
      conn.close();
    })();
    const url = `http://127.0.0.1:${listener.addr.port}/cut`;
    await rejectsWith(fetcherFor([], { allowLoopback: true })(url, sha256("")), "content_unreachable");
    await served;
    listener.close();
  });
});

/** A few bytes, then nothing until the reader goes away. */
function stalling(): ReadableStream<Uint8Array> {
  return new ReadableStream({
    start(controller) {
      controller.enqueue(new Uint8Array(100));
    },
  });
}

/** One byte every 50 ms until the reader goes away or the test releases it. */
function trickle(stop: Promise<void>): ReadableStream<Uint8Array> {
  let timer: ReturnType<typeof setInterval> | undefined;
  return new ReadableStream({
    start(controller) {
      timer = setInterval(() => controller.enqueue(new Uint8Array([97])), 50);
      stop.then(() => clearInterval(timer));
    },
    cancel() {
      clearInterval(timer);
    },
  });
}

describe("content fetch name resolution", () => {
  let host: TestServer;
  before(() => {
    host = serve((req) => new Response(`host header ${req.headers.get("host")}`));
  });
  after(() => host.close());

  it("resolves once per hop and connects to the checked address, never asking the system", async () => {
    // rebound.test exists in no DNS: success proves the socket went to the address we checked,
    // and the second answer (what a rebinding resolver would give) is never requested.
    const answers = [["127.0.0.1"], ["169.254.169.254"]];
    let calls = 0;
    const fetch = fetcherFor([], { resolve: () => Promise.resolve(answers[calls++]) });
    const expected = `host header rebound.test:${host.port}`;
    const got = await fetch(`http://rebound.test:${host.port}/`, sha256(expected));
    assert.equal(new TextDecoder().decode(got.body), expected);
    assert.equal(calls, 1);
  });

  it("reports a name that does not resolve as content_unreachable", async () => {
    const fetch = fetcherFor([], { resolve: () => Promise.resolve([]) });
    await rejectsWith(fetch(`http://nowhere.test:${host.port}/`, sha256("")), "content_unreachable");
  });

  it("reads /etc/hosts through the default resolver", async () => {
    const expected = `host header localhost:${host.port}`;
    const got = await fetcherFor([])(`http://localhost:${host.port}/`, sha256(expected));
    assert.equal(got.finalUrl, `http://localhost:${host.port}/`);
  });
});

/** A throwaway self-signed certificate for `name`, made with the openssl that Debian's ca-certificates brings. */
async function selfSignedCert(name: string): Promise<{ cert: string; key: string }> {
  const dir = await Deno.makeTempDir();
  try {
    const { success, stderr } = await new Deno.Command("openssl", {
      args: ["req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes", "-days", "2"]
        .concat(["-keyout", `${dir}/key.pem`, "-out", `${dir}/cert.pem`, "-subj", `/CN=${name}`])
        .concat(["-addext", `subjectAltName=DNS:${name}`]),
      stdout: "null",
      stderr: "piped",
    }).output();
    assert.ok(success, `openssl failed: ${new TextDecoder().decode(stderr)}`);
    return { cert: await Deno.readTextFile(`${dir}/cert.pem`), key: await Deno.readTextFile(`${dir}/key.pem`) };
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
}

describe("content fetch over HTTPS to a pinned address", () => {
  let tls: { cert: string; key: string };
  let host: TestServer;
  // Neither name exists in any DNS: the injected resolver is the only way to reach the server.
  const resolve = () => Promise.resolve(["127.0.0.1"]);
  before(async () => {
    tls = await selfSignedCert("docs.corp.test");
    host = serve((req) => new Response(`host header ${req.headers.get("host")}`), tls);
  });
  after(() => host.close());

  it("keeps the host name for the Host header and the certificate check", async () => {
    const fetch = fetcherFor([], { resolve, caCerts: [tls.cert], allowedHosts: ["docs.corp.test"] });
    const expected = `host header docs.corp.test:${host.port}`;
    const got = await fetch(`https://docs.corp.test:${host.port}/doc`, sha256(expected));
    assert.equal(new TextDecoder().decode(got.body), expected);
    assert.equal(got.finalUrl, `https://docs.corp.test:${host.port}/doc`);
  });

  it("refuses a certificate issued for another name", async () => {
    const fetch = fetcherFor([], { resolve, caCerts: [tls.cert] });
    await rejectsWith(fetch(`https://other.corp.test:${host.port}/doc`, sha256("")), "content_unreachable");
  });

  it("refuses a certificate no trusted authority issued", async () => {
    const fetch = fetcherFor([], { resolve });
    await rejectsWith(fetch(`https://docs.corp.test:${host.port}/doc`, sha256("")), "content_unreachable");
  });

  it("sends the host name, not the pinned address, as TLS SNI", async () => {
    const listener = Deno.listen({ hostname: "127.0.0.1", port: 0 });
    const hello = (async () => {
      const conn = await listener.accept();
      const buffer = new Uint8Array(4096);
      const read = await conn.read(buffer);
      conn.close();
      return new TextDecoder("latin1").decode(buffer.subarray(0, read ?? 0));
    })();
    const fetch = fetcherFor([], { resolve, caCerts: [tls.cert] });
    await rejectsWith(fetch(`https://docs.corp.test:${listener.addr.port}/`, sha256("")), "content_unreachable");
    assert.ok((await hello).includes("docs.corp.test"), "the ClientHello names docs.corp.test");
    listener.close();
  });
});

describe("what a caller of the fetcher learns", () => {
  const body = "a body the caller does not know\n";
  let host: TestServer;
  let closed: number;
  before(async () => {
    host = serve((req) => {
      const path = new URL(req.url).pathname;
      if (path === "/doc") return new Response(body);
      if (path === "/away") return Response.redirect("http://sso.internal.example/login?next=/doc", 302);
      return new Response("nope", { status: path === "/broken" ? 500 : 404 });
    });
    const listener = Deno.listen({ hostname: "127.0.0.1", port: 0 });
    closed = listener.addr.port;
    listener.close();
    await settle();
  });
  after(() => host.close());

  /** A fetcher whose log lines are kept, at debug level. */
  function logged() {
    const lines: Record<string, unknown>[] = [];
    const log = createLogger("debug", {}, (line) => lines.push(JSON.parse(line)));
    const resolve = (name: string) => Promise.resolve(name === "nowhere.test" ? [] : ["127.0.0.1"]);
    return { lines, fetch: fetcherFor([], { allowLoopback: true, resolve, log }) };
  }

  it("never hears the SHA-256 of a body whose checksum differs; only the debug log holds it", async () => {
    const { lines, fetch } = logged();
    const err = await rejectsWith(fetch(host.url("/doc"), sha256("a guess")), "checksum_mismatch");
    assert.equal(err.message, "The body's SHA-256 differs from the given checksum");
    assert.doesNotMatch(JSON.stringify({ ...err, message: err.message }), new RegExp(sha256(body)));
    const debug = lines.find((l) => l.level === "debug");
    assert.equal(debug?.sha256, sha256(body), "the server's debug log has it");
    assert.ok(lines.filter((l) => l.level !== "debug").every((l) => !JSON.stringify(l).includes(sha256(body))));
  });

  it("hears one code and one message for a refused port, an unknown name, a 404 and a 500", async () => {
    const { lines, fetch } = logged();
    const failures = [
      `http://127.0.0.1:${closed}/doc`,
      `http://nowhere.test:${host.port}/doc`,
      host.url("/missing"),
      host.url("/broken"),
    ];
    const seen = new Set<string>();
    for (const url of failures) {
      const err = await rejectsWith(fetch(url, sha256(body)), "content_unreachable");
      seen.add(JSON.stringify([err.code, err.message, err.status, err.extra, err.errors]));
    }
    assert.equal(seen.size, 1, [...seen].join("\n"));
    const details = lines.filter((l) => l.msg === "content fetch failed").map((l) => String(l.detail));
    assert.equal(new Set(details).size, failures.length, "the log tells them apart");
  });

  it("hears no redirect target, only that it was not allowed", async () => {
    const fetch = fetcherFor([host], { allowLoopback: true });
    const err = await rejectsWith(fetch(host.url("/away"), sha256(body)), "content_host_not_allowed");
    assert.doesNotMatch(err.message, /sso|internal|login/);
  });
});

describe("name resolution within a time", () => {
  it("counts a name that has not resolved in time as one that does not resolve, and passes a quick answer", async () => {
    const never = boundedResolver(() => new Promise<string[]>(() => {}), 50);
    assert.deepEqual(await never("slow.example"), []); // the lookup never answers: only the bound ends the wait
    const quick = boundedResolver(() => Promise.resolve(["192.0.2.1"]), 1000);
    assert.deepEqual(await quick("quick.example"), ["192.0.2.1"]);
    const failing = boundedResolver(() => Promise.reject(new Error("EAI_AGAIN")), 1000);
    await assert.rejects(failing("broken.example"), /EAI_AGAIN/);
  });
});
