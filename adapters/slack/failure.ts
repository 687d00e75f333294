// When something breaks after the ack, the moderator still gets an answer, and never a stack
// trace: the details go to the log.
import type { Logger, View } from "../../src/index.js";
import { answerWithNewMessage, type Respond } from "./reply.js";

const APOLOGY: View = {
  outcome: "error",
  title: "Something went wrong",
  description: "Something went wrong inside chatwarden; the details are in its log.",
  visibility: "private",
};

export async function answerFailure(
  respond: Respond | undefined,
  error: unknown,
  logger: Logger,
  work: string,
): Promise<void> {
  logger.error({ err: error, work }, "Slack request failed");
  if (!respond) return;
  try {
    await answerWithNewMessage(respond, APOLOGY);
  } catch (again) {
    logger.warn(
      { error: again instanceof Error ? again.message : String(again), work },
      "could not tell the Slack user about the failure either",
    );
  }
}
