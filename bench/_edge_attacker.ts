/**
 * The attacks of `bench/edge_attacks.ts`, run in a process of their own: the attacker's requests must not share an
 * event loop with the caller whose latency is measured (a real attacker is another machine; here it is at least
 * another process on the same 2 cores). Run as `_edge_attacker.ts <service url> <attack index>`: it prints "ready",
 * waits for a line on stdin, runs the attack and exits.
 */
import { DIR } from "@/tests/_helpers/app.ts";
import { ADMIN_KEY } from "@/tests/_helpers/tokens.ts";
import { gzipBomb, rawRequest, sleep } from "@/tests/_helpers/attack.ts";

/** Runs `count` calls of `one`, `width` at a time. */
async function burst(count: number, width: number, one: () => Promise<void>): Promise<void> {
  let left = count;
  await Promise.all(Array.from({ length: width }, async () => {
    while (left-- > 0) await one().catch(() => {});
  }));
}

/** An attack on the service at `url`. */
export type Attack = { name: string; run: (url: string) => Promise<void> };

const json = { "content-type": "application/json" };

/** The attacks of issue 16 at the size the issue reports them. */
export async function attacks(): Promise<Attack[]> {
  const bomb = await gzipBomb(10 * 1024 * 1024 - 1024);
  const unknownKeys = JSON.stringify(Object.fromEntries(Array.from({ length: 200_000 }, (_, i) => [`k${i}`, ""])));
  const madeUp = () => `X${crypto.randomUUID().replaceAll("-", "").toUpperCase()}`;
  return [{
    name: `40 unauthenticated gzip bodies (${(bomb.byteLength / 1024).toFixed(1)} KB -> 10 MiB), sent slowly`,
    run: (url) =>
      burst(40, 40, async () => {
        const headers = { ...json, "content-encoding": "gzip", "content-length": String(bomb.byteLength) };
        const r = await rawRequest(url, "POST", "/api/v1/search", headers, bomb.subarray(0, 100));
        for (let at = 100; at < bomb.byteLength; at += 1000) {
          await r.send(bomb.subarray(at, at + 1000));
          await sleep(20);
        }
        await r.answer;
        r.close();
      }),
  }, {
    name: "40 authenticated bodies trickling 1 byte per 100 ms until cut off (408 / 429)",
    run: (url) =>
      burst(40, 40, async () => {
        const r = await rawRequest(url, "POST", `${DIR}/admin/users`, {
          ...json,
          "x-directory-admin-key": ADMIN_KEY,
          "content-length": "100000",
        }, new TextEncoder().encode("{"));
        let done = false;
        r.answer.finally(() => done = true);
        while (!done) {
          await r.send(new TextEncoder().encode(" "));
          await sleep(100);
        }
        r.close();
      }),
  }, {
    name: "300 refused requests with 4000-character paths",
    run: (url) =>
      burst(300, 20, async () => {
        await (await fetch(`${url}${DIR}/admin/users/${"a".repeat(4000)}`)).body?.cancel();
      }),
  }, {
    name: "2000 requests with made-up methods",
    run: (url) =>
      burst(2000, 20, async () => {
        await (await fetch(`${url}/healthz`, { method: madeUp() })).body?.cancel();
      }),
  }, {
    name: `one body of 200,000 unknown keys (${(unknownKeys.length / 1024 / 1024).toFixed(1)} MB)`,
    run: (url) =>
      burst(1, 1, async () => {
        const res = await fetch(`${url}${DIR}/admin/users`, {
          method: "POST",
          headers: { ...json, "x-directory-admin-key": ADMIN_KEY },
          body: unknownKeys,
        });
        await res.body?.cancel();
      }),
  }];
}

if (import.meta.main) {
  const [url, index] = Deno.args;
  const attack = (await attacks())[Number(index)];
  console.log("ready");
  for await (const _ of Deno.stdin.readable) break;
  await attack.run(url);
}
