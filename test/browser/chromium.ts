// A real browser for the tests: Debian's chromium driven by playwright-core, never a downloaded one,
// headless, with a fresh profile, kept off the network: every request it makes is checked against
// the origins a test allows, and anything else is aborted and recorded.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { chromium, type BrowserContext, type BrowserContextOptions } from "playwright-core";

export const CHROMIUM = process.env.SWITCHYARD_CHROMIUM ?? "/usr/bin/chromium";

/** Why the browser tests cannot run here, or null when they can. */
export function chromiumMissing(): string | null {
  return fs.existsSync(CHROMIUM)
    ? null
    : `no chromium binary at ${CHROMIUM} (apt-get install -y chromium, or set SWITCHYARD_CHROMIUM)`;
}

const FLAGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

export interface Browser {
  readonly context: BrowserContext;
  /** URLs of requests the page tried outside the allowed origins (aborted). */
  readonly offsite: string[];
  /** Allows requests to this origin (`http://127.0.0.1:PORT`). */
  allow(origin: string): void;
  close(): Promise<void>;
}

/** Launches chromium with a fresh user-data-dir; `close` removes it. */
export async function launch(options: BrowserContextOptions = {}): Promise<Browser> {
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), "switchyard-chromium-"));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    headless: true,
    args: FLAGS,
    ...options,
  });
  const allowed = new Set<string>();
  const offsite: string[] = [];
  await context.route("**/*", (route) => {
    const url = route.request().url();
    if (url.startsWith("data:") || url === "about:blank" || allowed.has(new URL(url).origin)) return route.continue();
    offsite.push(url);
    return route.abort();
  });
  return {
    context,
    offsite,
    allow: (origin) => void allowed.add(origin),
    close: async () => {
      await context.close();
      fs.rmSync(profile, { recursive: true, force: true });
    },
  };
}
