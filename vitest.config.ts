import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['tests/**/*.test.ts'],
    exclude: ['e2e/**', 'node_modules/**'],
    testTimeout: 60_000,
    setupFiles: ['tests/strings.setup.ts'],
  },
});
