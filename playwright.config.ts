/** Playwright: Debian's Chromium (headless, WebGL through SwiftShader) against a production build. */
import { defineConfig } from '@playwright/test';

const finder = './scripts/find-chromium.mjs';
const { findChromium, CHROMIUM_ARGS } = (await import(finder)) as { findChromium(): string | null; CHROMIUM_ARGS: string[] };
/** Debian's Chromium when there is one; otherwise Playwright's own browser. */
const executablePath = findChromium();

export default defineConfig({
  testDir: 'e2e',
  outputDir: 'test-results',
  workers: 2,
  fullyParallel: true,
  retries: 0,
  reporter: 'line',
  timeout: 90_000,
  expect: { timeout: 15_000 },
  use: {
    baseURL: 'http://127.0.0.1:4173/',
    viewport: { width: 1024, height: 768 },
    launchOptions: {
      ...(executablePath ? { executablePath } : {}),
      args: CHROMIUM_ARGS,
    },
  },
  webServer: {
    command: 'npm run -s build && npx vite preview --host 127.0.0.1 --port 4173 --strictPort',
    url: 'http://127.0.0.1:4173/',
    reuseExistingServer: !process.env.CI,
    timeout: 120_000,
  },
});
