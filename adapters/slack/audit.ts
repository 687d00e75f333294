// The audit trail: every case, from every platform, posted to SLACK_AUDIT_CHANNEL_ID. Posting is
// best effort: a failure is logged with the case number and never reaches the command that
// recorded the case.
import type { App } from "@slack/bolt";
import type { Logger } from "../../src/log.js";
import { caseView } from "../../src/moderation/case-view.js";
import type { CaseStore } from "../../src/moderation/cases.js";
import { renderView } from "./render.js";

export interface AuditOptions {
  app: App;
  botToken: string;
  channelId: string;
  cases: CaseStore;
  logger: Logger;
  /** Keeps the post in the adapter's in-flight work, so stopping waits for it. */
  track: (work: Promise<void>) => void;
}

/** Subscribes to new cases; returns the unsubscribe function. */
export function postCasesToAuditChannel(options: AuditOptions): () => void {
  const { app, botToken, channelId, cases, logger, track } = options;
  return cases.onRecorded((recorded) => {
    const message = renderView(caseView(recorded));
    const post = app.client.chat
      .postMessage({
        token: botToken,
        channel: channelId,
        ...message,
        // Nothing in a case should grow a link preview.
        unfurl_links: false,
        unfurl_media: false,
      })
      .then(
        () => undefined,
        (error: unknown) => {
          logger.error(
            {
              case: recorded.number,
              channel: channelId,
              error: error instanceof Error ? error.message : String(error),
            },
            "could not post the case to the Slack audit channel",
          );
        },
      );
    track(post);
  });
}
