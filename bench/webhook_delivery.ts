/**
 * Commit to delivery: the time from a change's commit (the admin API's answer to the write) to its webhook
 * reaching a receiver on loopback, through the outbox, the relay, the Redis stream and the delivery worker, for
 * changes made one at a time (each its own delivery), beside a plain POST from this process to the same receiver
 * in the same run (the floor any delivery stands on). Medians of CHANGES changes.
 */
import { ADMIN_KEY, PORTAL_A_KEY } from "@/tests/_helpers/tokens.ts";
import { startReceiver } from "@/tests/_helpers/webhook_receiver.ts";
import { type Figure, median } from "./_report.ts";
import { benchInstance } from "./_env.ts";

const CHANGES = Number(Deno.env.get("BENCH_WEBHOOK_CHANGES") ?? 200);

async function post(url: string, headers: Record<string, string>, json: unknown): Promise<Record<string, unknown>> {
  const res = await fetch(url, {
    method: "POST",
    headers: { ...headers, "content-type": "application/json" },
    body: JSON.stringify(json),
  });
  const body = await res.json();
  if (!res.ok) throw new Error(`${url}: ${res.status} ${JSON.stringify(body)}`);
  return body.data;
}

/** Runs the benchmark. */
export async function run(): Promise<Figure[]> {
  const receiver = startReceiver();
  const instance = await benchInstance(
    { SERVICES: "directory", WEBHOOK_ALLOW_LOOPBACK: "true" },
    { workers: true },
  );
  try {
    const api = `${instance.url}/api/directory/v1`;
    await post(`${api}/subscriptions`, { authorization: `Bearer ${PORTAL_A_KEY}` }, {
      url: `${receiver.base}/bench`,
      resources: ["users"],
    });
    const lags: number[] = [];
    for (let i = 0; i < CHANGES; i++) {
      const user = await post(`${api}/admin/users`, { "x-directory-admin-key": ADMIN_KEY }, {
        loginId: `bench.hook.${i}`,
        koreanName: `벤치${i}`,
      });
      const committed = Date.now();
      const id = user.id as string;
      const deadline = committed + 30_000;
      let seen: number | undefined;
      while (seen === undefined && Date.now() < deadline) {
        seen = receiver.received.find((r) => r.event.ids.includes(id))?.at;
        if (seen === undefined) await new Promise((r) => setTimeout(r, 1));
      }
      if (seen === undefined) throw new Error(`change ${i} was not delivered within 30 s`);
      lags.push(seen - committed);
    }
    const floor: number[] = [];
    for (let i = 0; i < CHANGES; i++) {
      const started = performance.now();
      await (await fetch(`${receiver.base}/floor`, { method: "POST", body: "{}" })).body?.cancel();
      floor.push(performance.now() - started);
    }
    return [{
      bench: "webhooks",
      metric: `commit to delivery, median of ${CHANGES} changes made one at a time (outbox, relay, stream, worker)`,
      value: median(lags),
      unit: "ms",
      baseline: { metric: "a plain POST to the same receiver", value: median(floor) },
      ratio: median(lags) / median(floor),
      note: `p90 ${lags.sort((a, b) => a - b)[Math.floor(lags.length * 0.9)]} ms, from the admin API's answer to a ` +
        "user write until a receiver on loopback got the signed delivery listing the user (the change trigger's outbox " +
        "row, the relay woken by NOTIFY, the Redis stream, the delivery task: a lock, two reads, the POST, one write). " +
        "The baseline is only the receiver's own floor (an in-process POST), not a comparable path.",
    }];
  } finally {
    await instance.stop();
    await receiver.stop();
  }
}
