// The discord.js client as this bot needs it: the Guilds intent only (interactions need no
// intent; guilds bring the channels and roles), caches only for guilds, channels and roles,
// no mention ever parsed, and REST at DISCORD_API_URL.
import { Client, GatewayIntentBits, Options } from "discord.js";
import { NO_MENTIONS } from "./render.js";

export function createDiscordClient(apiUrl: string): Client {
  return new Client({
    intents: [GatewayIntentBits.Guilds],
    allowedMentions: NO_MENTIONS,
    rest: { api: apiUrl },
    // Guilds, channels (the audit channel) and roles (members' roles) stay; everything the
    // bot never reads is not kept. The bot's own user and member are kept as discord.js expects.
    makeCache: Options.cacheWithLimits({
      ApplicationCommandManager: 0,
      ApplicationEmojiManager: 0,
      AutoModerationRuleManager: 0,
      BaseGuildEmojiManager: 0,
      DMMessageManager: 0,
      EntitlementManager: 0,
      GuildBanManager: 0,
      GuildEmojiManager: 0,
      GuildForumThreadManager: 0,
      GuildInviteManager: 0,
      GuildMessageManager: 0,
      GuildScheduledEventManager: 0,
      GuildStickerManager: 0,
      GuildTextThreadManager: 0,
      MessageManager: 0,
      PresenceManager: 0,
      ReactionManager: 0,
      ReactionUserManager: 0,
      StageInstanceManager: 0,
      ThreadManager: 0,
      ThreadMemberManager: 0,
      VoiceStateManager: 0,
      GuildMemberManager: {
        maxSize: 0,
        keepOverLimit: (member) => member.id === member.client.user.id,
      },
      UserManager: {
        maxSize: 0,
        keepOverLimit: (user) => user.id === user.client.user.id,
      },
    }),
  });
}
