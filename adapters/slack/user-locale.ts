// Which language a Slack user reads chatwarden's answers in: the one they chose in Slack, as
// users.info tells it with `include_locale: true` ("Set this to true to receive the locale for
// this user. Defaults to false", https://api.slack.com/methods/users.info; the locale is "a IETF
// language code, such as en-US", https://api.slack.com/changelog/2017-09-locale-locale-locale),
// when chatwarden speaks it; otherwise the team's (CHATWARDEN_LOCALE). A listener acks first and
// looks up after (slash-commands.ts presentedFor), except a form's submission, whose ack may say
// its errors; the answer still waits for it, and a form button's modal must open within the
// trigger_id's 3 s, so the lookup is bounded (one try, LOOKUP_TIMEOUT_MS) and kept for an hour
// per user (a member rarely changes language; users.info is Tier 4, but a click should not wait
// for it twice). A failure (no users:read scope, Slack down or slow, an unknown user) never fails the
// command: the answer is in the team's language, and the user is asked about again a minute on.
import type { webApi } from "@slack/bolt";
import { z } from "zod";
import { type Locale, type Logger, localeOfTag, type Presentation } from "../../src/index.js";
import { classifySlackFailure } from "./delivery-failure.js";

/** How long a user's language is kept before Slack is asked again. */
export const LOCALE_KEPT_MS = 60 * 60_000;
/** How long a failed lookup stands before the next command asks again. */
export const FAILURE_KEPT_MS = 60_000;
/** Users kept at most; the longest kept is forgotten first. */
export const MAX_USERS_KEPT = 10_000;
/**
 * How long the lookup may hold an answer: a form submission's ack (Slack wants it within 3 s),
 * and a form button's modal (its trigger_id lasts 3 s from the click; views.open comes after).
 */
export const LOOKUP_TIMEOUT_MS = 1_000;

/** users.info's answer, as far as the language goes: `locale` only when it was asked for. */
const userInfoSchema = z.object({ user: z.object({ locale: z.string().optional() }) });

/** Who is asking: a slash command's `user_id`, a click's or a form submission's `user.id`. */
const askerSchema = z.union([
  z.object({ user_id: z.string().min(1) }).transform((body) => body.user_id),
  z.object({ user: z.object({ id: z.string().min(1) }) }).transform((body) => body.user.id),
]);

interface Kept {
  until: number;
  locale: Promise<Locale | undefined>;
  /** The language once Slack has told it (undefined while asking, or when it would not say). */
  known?: Locale;
}

export interface SlackUserLocalesOptions {
  /** A client that makes each call once (deliveryWebClient), with LOOKUP_TIMEOUT_MS. */
  client: webApi.WebClient;
  botToken: string;
  logger: Logger;
  now?: () => number;
  /** Users kept at most; MAX_USERS_KEPT unless a test keeps fewer. */
  maxUsers?: number;
}

export class SlackUserLocales {
  private readonly kept = new Map<string, Kept>();
  private readonly now: () => number;

  constructor(private readonly options: SlackUserLocalesOptions) {
    this.now = options.now ?? Date.now;
  }

  /**
   * The language `userId` chose in Slack, if chatwarden speaks it; undefined when it does not,
   * or when Slack would not say. Never rejects. Two commands at once share one lookup.
   */
  localeOf(userId: string): Promise<Locale | undefined> {
    const now = this.now();
    const hit = this.kept.get(userId);
    if (hit && hit.until > now) return hit.locale;
    this.kept.delete(userId);
    if (this.kept.size >= (this.options.maxUsers ?? MAX_USERS_KEPT)) {
      // A Map iterates in insertion order: the first key is the one kept longest.
      const [oldest] = this.kept.keys();
      if (oldest !== undefined) this.kept.delete(oldest);
    }
    const entry: Kept = { until: now + LOCALE_KEPT_MS, locale: Promise.resolve(undefined) };
    entry.locale = this.lookUp(userId, entry);
    this.kept.set(userId, entry);
    return entry.locale;
  }

  /**
   * The language `userId` is already known to read, without asking Slack: for an answer that
   * must not wait for users.info (the store-down answer, given before bolt sees the request).
   */
  knownLocaleOf(userId: string): Locale | undefined {
    const hit = this.kept.get(userId);
    return hit && hit.until > this.now() ? hit.known : undefined;
  }

  private async lookUp(userId: string, entry: Kept): Promise<Locale | undefined> {
    const { client, botToken, logger } = this.options;
    try {
      const answer = await client.users.info({
        token: botToken,
        user: userId,
        include_locale: true,
      });
      entry.known = localeOfTag(userInfoSchema.parse(answer).user.locale);
      return entry.known;
    } catch (error) {
      entry.until = this.now() + FAILURE_KEPT_MS;
      // missing_scope is named with its fix (delivery-failure.ts): users:read.
      logger.warn(
        { user: userId, reason: classifySlackFailure(error).reason },
        "could not look up a Slack user's language (users.info); answering in CHATWARDEN_LOCALE",
      );
      return undefined;
    }
  }
}

/** Who asks in the request `body` (a slash command's, a click's or a form's), if it says. */
export function askerOf(body: unknown): string | undefined {
  const asker = askerSchema.safeParse(body);
  return asker.success ? asker.data : undefined;
}

/**
 * How to present an answer to `userId` that cannot wait for Slack: in the language already
 * known for them, else the team's, in the team's zone.
 */
export function knownPresentation(
  userId: string | undefined,
  team: Presentation,
  locales: SlackUserLocales,
): Presentation {
  const locale = userId === undefined ? undefined : locales.knownLocaleOf(userId);
  return locale ? { ...team, locale } : team;
}

/**
 * How to present the work for the request `body`: in its user's language (else the team's), in
 * the team's zone. A request without a user (none is served today) gets the team's.
 */
export async function askerPresentation(
  body: unknown,
  team: Presentation,
  locales: SlackUserLocales,
): Promise<Presentation> {
  const asker = askerOf(body);
  if (asker === undefined) return team;
  const locale = await locales.localeOf(asker);
  return locale ? { ...team, locale } : team;
}
