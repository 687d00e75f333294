// Starts the real emulator on 127.0.0.1 with its test controls, for tests that need a chat API.

import { type EmulatorOptions, startEmulator } from "../../emulator/server.js";
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
