#!/usr/bin/env node
// Prints the path of a Chromium to drive in tests: $CHROMIUM_PATH, Debian's, or Playwright's own
// download when the machine has one. Exits 1 when there is none.
import { existsSync, readdirSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';

/**
 * Arguments for headless Chromium here: no QUIC and no background networking (the network is
 * closed), no sandbox (runs as root), and WebGL through SwiftShader (no GPU).
 */
export const CHROMIUM_ARGS = [
  '--disable-quic',
  '--no-sandbox',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--use-gl=angle',
  '--use-angle=swiftshader',
  '--enable-unsafe-swiftshader',
  '--ignore-gpu-blocklist',
];

/** The first usable Chromium executable, or null. */
export function findChromium() {
  const candidates = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'];
  const cache = process.env.PLAYWRIGHT_BROWSERS_PATH || join(homedir(), '.cache', 'ms-playwright');
  if (existsSync(cache)) {
    for (const dir of readdirSync(cache).filter((d) => d.startsWith('chromium')).sort().reverse()) {
      candidates.push(join(cache, dir, 'chrome-linux', 'chrome'), join(cache, dir, 'chrome-linux64', 'chrome'));
    }
  }
  return candidates.find((p) => p && existsSync(p)) ?? null;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const path = findChromium();
  if (!path) process.exit(1);
  console.log(path);
}
