// A Slack request that the store could not record (the replay guard's write failed: the database
// is down, DATA_DIR is full). Acting on it could act twice, since a copy would not be recognised,
// so nothing is done; but the moderator hears why, through the response_url the request carries:
// a slash command's own, a button's, or the one a form keeps in its private_metadata. The HTTP
// request itself is acked with an empty 200, as every other one is.
import { parse as parseQueryString } from "node:querystring";
import { z } from "zod";
import { type Logger, storeDownView } from "../../src/index.js";
import { parseFormMetadata } from "./form.js";
import { blockActionSchema, viewSubmissionSchema } from "./payloads.js";
import { answerWithNewMessage, responseUrlPoster } from "./reply.js";

const formBodySchema = z.object({
  response_url: z.url().optional(),
  payload: z.string().optional(),
});

/** Where to answer the request whose form-encoded body is `body`; undefined if it has nowhere. */
export function responseUrlOf(body: string): string | undefined {
  const form = formBodySchema.safeParse(parseQueryString(body));
  if (!form.success) return undefined;
  if (form.data.response_url) return form.data.response_url;
  if (form.data.payload === undefined) return undefined;
  let payload: unknown;
  try {
    payload = JSON.parse(form.data.payload);
  } catch {
    return undefined;
  }
  const click = blockActionSchema.safeParse(payload);
  if (click.success) return click.data.response_url;
  const submission = viewSubmissionSchema.safeParse(payload);
  return submission.success
    ? parseFormMetadata(submission.data.view.private_metadata)?.responseUrl
    : undefined;
}

/** Tells the sender of `body` that nothing was done, and why; never throws. */
export async function answerUnrecorded(
  body: string,
  problem: string,
  logger: Logger,
): Promise<void> {
  const responseUrl = responseUrlOf(body);
  if (!responseUrl) {
    logger.warn("a Slack request the store could not record had no response_url to answer");
    return;
  }
  try {
    await answerWithNewMessage(responseUrlPoster(responseUrl), storeDownView(problem));
  } catch (error) {
    logger.warn(
      { error: error instanceof Error ? error.message : String(error) },
      "could not tell the Slack user that the store cannot record their request",
    );
  }
}
