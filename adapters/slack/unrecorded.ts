// A Slack request that the store could not record (the replay guard's write failed: the database
// is down, DATA_DIR is full). Acting on it could act twice, since a copy would not be recognised,
// so nothing is done; but the moderator hears why, through the response_url the request carries:
// a slash command's own, a button's, or the one a form keeps in its private_metadata, in the
// user's language when it is already known (else the team's). The HTTP request itself is acked
// with an empty 200, as every other one is.
import { parse as parseQueryString } from "node:querystring";
import { z } from "zod";
import { type Logger, type Presentation, presenting, storeDownView } from "../../src/index.js";
import { parseFormMetadata } from "./form.js";
import { blockActionSchema, viewSubmissionSchema } from "./payloads.js";
import { answerWithNewMessage, responseUrlPoster } from "./reply.js";
import { askerOf } from "./user-locale.js";

const formBodySchema = z.object({
  response_url: z.url().optional(),
  payload: z.string().optional(),
});

/** Where to answer the request whose form-encoded body is `body`, and who sent it, if it says. */
export interface UnrecordedRequest {
  responseUrl?: string;
  userId?: string;
}

/** Where to answer the request whose form-encoded body is `body`, and whom. */
export function unrecordedRequestOf(body: string): UnrecordedRequest {
  const fields = parseQueryString(body);
  const form = formBodySchema.safeParse(fields);
  if (!form.success) return {};
  // A slash command says who typed it in `user_id`; a click or a form, in its payload's `user`.
  if (form.data.response_url)
    return { responseUrl: form.data.response_url, userId: askerOf(fields) };
  if (form.data.payload === undefined) return {};
  let payload: unknown;
  try {
    payload = JSON.parse(form.data.payload);
  } catch {
    return {};
  }
  const userId = askerOf(payload);
  const click = blockActionSchema.safeParse(payload);
  if (click.success) return { responseUrl: click.data.response_url, userId };
  const submission = viewSubmissionSchema.safeParse(payload);
  return submission.success
    ? { responseUrl: parseFormMetadata(submission.data.view.private_metadata)?.responseUrl, userId }
    : {};
}

export interface UnrecordedAnswer {
  /** The request's form-encoded body. */
  body: string;
  /** The store's failure, in the language of the work running now. */
  shownProblem: () => string;
  /**
   * How to present the answer to the user (or to nobody known): bolt never sees the request, and
   * the answer must not wait for Slack to say which language the user reads (users.info).
   */
  presentationOf: (userId: string | undefined) => Presentation;
  logger: Logger;
}

/** Tells the sender of `body` that nothing was done, and why, in their language; never throws. */
export async function answerUnrecorded(answer: UnrecordedAnswer): Promise<void> {
  const { body, shownProblem, presentationOf, logger } = answer;
  const { responseUrl, userId } = unrecordedRequestOf(body);
  if (!responseUrl) {
    logger.warn("a Slack request the store could not record had no response_url to answer");
    return;
  }
  try {
    const view = presenting(presentationOf(userId), () => storeDownView(shownProblem()));
    await answerWithNewMessage(responseUrlPoster(responseUrl), view);
  } catch (error) {
    logger.warn(
      { error: error instanceof Error ? error.message : String(error) },
      "could not tell the Slack user that the store cannot record their request",
    );
  }
}
