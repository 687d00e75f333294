// Starts the real emulator on 127.0.0.1 with its test controls, for tests that need a chat API.

import {
  type EmulatorOptions,
  type RunningEmulator,
  startEmulator,
} from "../../emulator/server.js";
import type { EmulatorState } from "../../emulator/state.js";
import { ChatApiClient, type ChatApiClientOptions } from "../../src/chat-api/client.js";

/** Obviously fake: the emulator checks it like the real service checks the master token. */
export const TEST_TOKEN = "test-master-token-do-not-use";

export function startTestEmulator(options: Partial<EmulatorOptions> = {}) {
  return startEmulator({ token: TEST_TOKEN, seed: "empty", controls: true, ...options });
}

/** A client with short backoff so retry tests stay fast; the policy's shape is unchanged. */
export function clientFor(
  baseUrl: string,
  options: Partial<ChatApiClientOptions> = {},
): ChatApiClient {
  return new ChatApiClient({
    baseUrl,
    token: TEST_TOKEN,
    timeoutMs: 2_000,
    ...options,
    retry: { baseDelayMs: 5, maxDelayMs: 20, ...options.retry },
  });
}

/**
 * Opens `numbers` channel numbers named `name` in `group` (an autoscaled channel has several), of
 * 50 players each, none the default.
 */
export function openChannel(
  emulator: Pick<RunningEmulator, "state">,
  group: string,
  name: string,
  numbers = 1,
): void {
  for (let number = 0; number < numbers; number++) {
    emulator.state.createChannel({
      channel_group: group,
      channel_name: name,
      max_count: 50,
      is_default: false,
    });
  }
}

/** Each of `reporters` reports `gamerId` once, for `keyword`: people, not one person repeating. */
export function reportedBy(
  state: RunningEmulator["state"],
  gamerId: string,
  reporters: readonly string[],
  keyword = "SPAM",
): void {
  for (const reporter of reporters) {
    state.injectReport({ to_gamer_id: gamerId, from_gamer_id: reporter, keyword });
  }
}

/** The channel `seatPlayers` puts players in. */
export const PLAYERS_CHANNEL = { channel_group: "players", channel_name: "lobby" } as const;

/**
 * Puts players in a channel of their own, as a game would: the bot finds them in its member list
 * (player-lookup.ts), so a command acts on them without asking whether an id it never saw is
 * meant. For tests whose subject is not that question.
 */
export function seatPlayers(state: EmulatorState, ...gamerIds: string[]): void {
  const { channel_group, channel_name } = PLAYERS_CHANNEL;
  if (!state.listChannels(channel_group).some((channel) => channel.channel_name === channel_name)) {
    state.createChannel({ channel_group, channel_name, max_count: 10_000, is_default: false });
  }
  for (const gamer_id of gamerIds) {
    state.joinPlayer(channel_group, channel_name, { gamer_id, gamer_name: gamer_id });
  }
}
