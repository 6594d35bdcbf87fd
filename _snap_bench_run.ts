import { run } from "@/bench/directory_snapshots.ts";
import { table } from "@/bench/_report.ts";
const f = await run();
console.log(table(f));
console.log(f.map((x) => x.note).join("\n"));
