// A moderation core against a real emulator over HTTP, with its SQLite in a fresh temp folder (or
// on a PostgreSQL database, for tests of replicas).
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { EmulatorOptions, RunningEmulator } from "../../emulator/server.js";
import type { AnyCommand } from "../../src/catalogue/command.js";
import type { CommandRequest } from "../../src/catalogue/runner.js";
import type { Config } from "../../src/config.js";
import { type Core, createCore } from "../../src/core.js";
import type { DestinationNames } from "../../src/feed/destination-names.js";
import { silentLogger } from "../../src/log.js";
import { Metrics } from "../../src/metrics/metrics.js";
import type { Actor } from "../../src/moderation/roles.js";
import type { View } from "../../src/view/view.js";
import { startTestEmulator, TEST_TOKEN } from "./emulator.js";

export const moderator: Actor = {
  platform: "discord",
  id: "100",
  displayName: "Mina",
  role: "moderator",
};
export const admin: Actor = { platform: "slack", id: "U0ADMIN", displayName: "Ari", role: "admin" };
export const player: Actor = {
  platform: "discord",
  id: "300",
  displayName: "Random",
  role: "anyone",
};

export interface Harness {
  emulator: RunningEmulator;
  core: Core;
  /** What the core counts (serve's /metrics shows the same series). */
  metrics: Metrics;
  dataDir: string;
  /** Runs a command as `actor` (the moderator by default). */
  run(
    command: string,
    args?: Record<string, unknown>,
    actor?: Actor,
    extra?: Partial<CommandRequest>,
  ): Promise<View>;
  /**
   * Records players as seen (as a report or a channel shows them), so that commands take their
   * ids without asking "ban anyway?" (player-argument.ts); with a name where it is given as
   * `id=Name`.
   */
  see(...players: string[]): Promise<void>;
  /** Presses the view's action with this label. */
  press(view: View, label: string, actor?: Actor): Promise<View>;
  /** Sent requests to the chat API with this method and path. */
  callsTo(method: string, path: string): number;
  close(): Promise<void>;
}

export interface TestCoreOptions {
  config?: Partial<
    {
      maxBanDays: number;
      confirmBanDaysOver: number;
      requireReason: boolean;
      chatApiTimeoutMs: number;
      chatTimeZone: string;
    } & Pick<Config, "banLadderDays" | "priority" | "priorityAlert" | "locale" | "displayTimeZone">
  >;
  extraCommands?: AnyCommand[];
  destinations?: DestinationNames;
  now?: () => Date;
  metrics?: Metrics;
  /** postgres://…: the core's store is this database instead of SQLite in dataDir. */
  databaseUrl?: string;
}

/**
 * The one core set-up of the tests: the configuration a deployment would have, on the chat API
 * at `baseUrl` and the store in `dataDir`. Harnesses (core, Discord, Slack, feed) all build on it.
 */
export function createTestCore(
  baseUrl: string,
  dataDir: string,
  options: TestCoreOptions = {},
): Promise<Core> {
  return createCore({
    config: {
      chatApiTimeoutMs: 2_000,
      chatTimeZone: "UTC",
      dataDir,
      databaseUrl: options.databaseUrl,
      maxBanDays: 3650,
      confirmBanDaysOver: 30,
      requireReason: false,
      ...options.config,
    },
    api: { baseUrl, token: TEST_TOKEN },
    logger: silentLogger,
    extraCommands: options.extraCommands,
    destinations: options.destinations,
    now: options.now,
    metrics: options.metrics,
  });
}

export async function startHarness(
  options: Omit<TestCoreOptions, "metrics"> & {
    emulator?: Partial<EmulatorOptions>;
    dataDir?: string;
  } = {},
): Promise<Harness> {
  const emulator = await startTestEmulator(options.emulator);
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), "chatwarden-test-"));
  const metrics = new Metrics();
  const core = await createTestCore(emulator.baseUrl, dataDir, {
    ...options,
    config: { chatTimeZone: options.emulator?.timeZone ?? "UTC", ...options.config },
    metrics,
  });
  return {
    emulator,
    core,
    metrics,
    dataDir,
    run: (command, args = {}, actor = moderator, extra = {}) =>
      core.runner.run({ command, args, actor, ...extra }),
    see: (...players) => seePlayers(core, ...players),
    press: (view, label, actor = moderator) => {
      const action = view.actions?.find((candidate) => candidate.label === label);
      if (!action) throw new Error(`no action "${label}" in view "${view.title}"`);
      return core.runner.press(action.id, actor);
    },
    callsTo: (method, path) =>
      emulator.requests.filter((r) => r.method === method && r.path === path).length,
    async close() {
      await core.close();
      await emulator.close();
      if (!options.dataDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Records players as seen by the bot: `gamer-42`, or `10003=ShadowFox` with the name. */
export function seePlayers(core: Pick<Core, "players">, ...players: string[]): Promise<void> {
  // One moment for all: players seen together tie, and a tie lists them by id. A clock read per
  // player could cross a millisecond between two, and list the later one first (seen last).
  const at = new Date();
  return core.players.saw(
    players.map((player) => {
      const [gamerId = player, name] = player.split("=");
      return { gamerId, name, at };
    }),
  );
}

/** The text a moderator would read, for assertions that do not care where it appears. */
export function textOf(view: View): string {
  const value = (v: unknown) =>
    typeof v === "object" && v && "time" in v
      ? String((v as { time: Date }).time.toISOString())
      : String(v);
  return [
    view.title,
    view.description ?? "",
    ...(view.fields ?? []).map((field) => `${field.label}: ${value(field.value)}`),
    ...(view.table?.rows ?? []).map((row) => Object.values(row).map(value).join(" | ")),
    ...(view.notices ?? []),
  ].join("\n");
}
