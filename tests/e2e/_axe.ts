/**
 * The accessibility check of the browser tests: axe-core runs inside the page (injected before the
 * page's own script, through the DevTools protocol, so the console's content security policy stays as
 * it is) and the serious and critical violations are returned as readable lines.
 */
import axe from "axe-core";
import type { BrowserContext, Page } from "playwright-core";

/** Makes every page of `context` carry axe-core. */
export async function withAxe(context: BrowserContext): Promise<void> {
  await context.addInitScript({ content: axe.source });
}

interface Violation {
  id: string;
  impact: string | null;
  help: string;
  nodes: string[];
}

/** The serious and critical violations on the page as it stands, as `rule (impact): help @ selectors`. */
export async function seriousViolations(page: Page): Promise<string[]> {
  const found: Violation[] = await page.evaluate(async () => {
    const run = globalThis as unknown as {
      axe: {
        run(context: unknown, options: unknown): Promise<{
          violations: { id: string; impact: string | null; help: string; nodes: { target: string[] }[] }[];
        }>;
      };
      document: unknown;
    };
    const r = await run.axe.run(run.document, { resultTypes: ["violations"] });
    return r.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      nodes: v.nodes.slice(0, 5).map((n) => n.target.join(" ")),
    }));
  });
  return found.filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id} (${v.impact}): ${v.help} @ ${v.nodes.join(", ")}`);
}
