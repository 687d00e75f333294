// The discord.js client as this bot needs it: the Guilds intent only (interactions need no
// intent; guilds bring the channels and roles), caches only for guilds, channels and roles,
// no mention ever parsed, and REST at DISCORD_API_URL, waiting exactly as the rate-limit
// headers say.
import { Client, GatewayIntentBits, Options } from "discord.js";
import { NO_MENTIONS } from "./render.js";

export function createDiscordClient(apiUrl: string): Client {
  return new Client({
    intents: [GatewayIntentBits.Guilds],
    allowedMentions: NO_MENTIONS,
    // offset 0: discord.js times each wait from X-RateLimit-Reset-After, which is relative, so
    // no clock skew needs covering; its default 50 ms is added twice in @discordjs/rest 2.x and
    // would cost a tenth of a second per 5-message window of the report channel (discord.js
    // PR 5511, which moved to Reset-After, was tested with offset 0).
    rest: { api: apiUrl, offset: 0 },
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
