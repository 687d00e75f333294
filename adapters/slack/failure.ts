// When something breaks after the ack, the moderator still gets an answer, and never a stack
// trace: the details go to the log.
import { type Logger, t, type View } from "../../src/index.js";
import { answerWithNewMessage, type Respond } from "./reply.js";

/** Worded when it is answered, in the language of the one it answers. */
function apology(): View {
  return {
    outcome: "error",
    title: t("common.internalError.title"),
    description: t("common.internalError.description"),
    visibility: "private",
  };
}

export async function answerFailure(
  respond: Respond | undefined,
  error: unknown,
  logger: Logger,
  work: string,
): Promise<void> {
  logger.error({ err: error, work }, "Slack request failed");
  if (!respond) return;
  try {
    await answerWithNewMessage(respond, apology());
  } catch (again) {
    logger.warn(
      { error: again instanceof Error ? again.message : String(again), work },
      "could not tell the Slack user about the failure either",
    );
  }
}
