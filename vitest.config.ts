import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 180_000,
    // Browser and build tests are heavy; two files at a time suit a 2-core machine.
    maxWorkers: 2,
    reporters: ['default'],
  },
});
