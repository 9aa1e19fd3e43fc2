import fs from 'node:fs';
import { chromium, type Browser, type LaunchOptions } from 'playwright-core';

/** Where CI (apt) and the dev image install Chromium; CHROMIUM_PATH overrides it. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Quiet, reproducible Chromium: no sandbox (containers), no GPU, no background traffic of its own. */
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export const DESKTOP = { width: 1280, height: 800 } as const;
export const MOBILE = { width: 360, height: 740 } as const;

/**
 * Launches the system Chromium. Playwright gives every launch a fresh temporary user-data dir and
 * removes it on close; each browser context on top is isolated again (own localStorage, cookies).
 */
export async function launchChromium(options: LaunchOptions = {}): Promise<Browser> {
  if (!fs.existsSync(CHROMIUM_PATH))
    throw new Error(
      `Chromium not found at ${CHROMIUM_PATH} (apt-get install chromium, or set CHROMIUM_PATH)`,
    );
  return chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: CHROMIUM_ARGS, ...options });
}
