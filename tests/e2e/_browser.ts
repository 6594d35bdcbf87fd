/** Launches Debian's Chromium for the browser tests: headless, nothing downloaded, no background traffic. */
import { type Browser, chromium } from "playwright-core";

const CHROMIUM = Deno.env.get("CHROMIUM_PATH") ?? "/usr/bin/chromium";

/** A headless Chromium (CHROMIUM_PATH, else /usr/bin/chromium). */
export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      "--no-first-run",
    ],
  });
}
