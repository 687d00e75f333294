// Who the bot is on Slack. bolt normally asks auth.test while the App is being constructed and
// again before events, and a failure there kills the process or every event. The bot token is
// all bolt needs to answer; the bot's ids only serve bolt's "ignore my own messages", which
// slash commands and clicks never need. So authorize answers at once from the token, and
// auth.test runs once in the background to say in the log whether the token works.
import type { App, AuthorizeResult } from "@slack/bolt";
import type { Logger } from "../../src/index.js";

export class SlackIdentity {
  private known: { botId?: string; botUserId?: string; teamId?: string } = {};

  constructor(private readonly botToken: string) {}

  /** bolt's authorize: never waits for the network. */
  readonly authorize = async (): Promise<AuthorizeResult> => ({
    botToken: this.botToken,
    ...this.known,
  });

  /** Calls auth.test and logs the answer; never throws. */
  async check(app: App, logger: Logger): Promise<boolean> {
    try {
      const answer = await app.client.auth.test({ token: this.botToken });
      this.known = {
        botId: answer.bot_id,
        botUserId: answer.user_id,
        teamId: answer.team_id,
      };
      logger.info({ team: answer.team, bot: answer.user }, "Slack bot token accepted");
      return true;
    } catch (error) {
      logger.warn(
        { error: error instanceof Error ? error.message : String(error) },
        "Slack auth.test failed: check SLACK_BOT_TOKEN and SLACK_API_URL; commands will work once Slack answers",
      );
      return false;
    }
  }
}
