import { daysArgument, gamerIdArgument, reasonArgument } from "../catalogue/arguments.js";
import { defineCommand, type ModerationSettings } from "../catalogue/command.js";
import { text } from "../catalogue/wording.js";
import type { ChatApiClient } from "../chat-api/client.js";
import { echoDifference } from "../chat-api/echo.js";
import type { BlockedUser } from "../chat-api/schemas.js";
import { parseUtcTimestamp } from "../chat-api/time.js";
import { displayMinute } from "../i18n/display-time.js";
import { t } from "../i18n/translate.js";
import { bothQuestions, takenQuestion } from "../moderation/taken-question.js";

const DAY_MS = 86_400_000;
/** Two ends this close are one: the API's clock and ours differ, and it counts in seconds. */
const SAME_END_MS = 60_000;

export const banCommand = (settings: ModerationSettings) =>
  defineCommand({
    name: "ban",
    summary: text("command.ban.summary"),
    args: {
      gamer_id: gamerIdArgument(text("command.ban.arg.gamerId")),
      days: daysArgument(settings.maxBanDays),
      reason: reasonArgument(settings.requireReason),
    },
    role: "moderator",
    mutates: true,
    confirm: ({ gamer_id, days }, limits) => longBanQuestion(gamer_id, days, limits),
    // A ban of a banned player replaces the running one: one that would end it sooner is asked
    // about first. When the bans cannot be read, the ban itself will tell (it needs the API too).
    // Asked now, the question names the player as answers do: Name (id). A ban settles every
    // open card against the player: one another moderator took is asked about too. A store that
    // cannot be read asks nothing: the ban's case then says it is down.
    async reviseConfirm(
      { gamer_id, days },
      { api, reports, actor, now, players, settings },
      question,
    ) {
      const player = await players.label(gamer_id);
      const long = question && longBanQuestion(player, days, settings);
      const cards = await reports
        .unsettledCards(gamer_id)
        .then((ids) => Promise.all(ids.map((cardId) => reports.card(cardId))))
        .catch(() => []);
      const taken = takenQuestion(cards, actor, now(), "actAnyway");
      const running = await runningBan(api, gamer_id).catch(() => undefined);
      const runningEnd = running && parseUtcTimestamp(running.end_time);
      const newEnd = new Date(now().getTime() + days * DAY_MS);
      if (!runningEnd || newEnd.getTime() >= runningEnd.getTime()) {
        return bothQuestions(long, taken);
      }
      const sooner = t("ban.questionSooner", {
        player,
        days,
        runningEnd: displayMinute(runningEnd),
        newEnd: displayMinute(newEnd),
      });
      return bothQuestions(bothQuestions(long, sooner), taken);
    },
    target: ({ gamer_id }) => gamer_id,
    async handle({ gamer_id, days, reason }, { api, players }) {
      // The list, read before and after, says which running ban this one replaces, when the new
      // one ends and how many bans the player has had; the echo says none of it. A failed read
      // must not hide the ban itself.
      const previous = await runningBan(api, gamer_id).catch(() => undefined);
      const answer = await api.banUser({ gamer_id, days });
      const ban = await runningBan(api, gamer_id).catch(() => undefined);
      const until = ban ? parseUtcTimestamp(ban.end_time) : undefined;
      const player = await players.label(gamer_id);
      // Written twice, for the moderator and for the case (HandlerAnswer): the warning is kept.
      return () => {
        const difference = echoDifference({ gamer_id, days }, answer);
        const warning = difference && t("ban.echoWarning", { difference });
        return {
          outcome: warning ? "warning" : "success",
          title: warning ? t("ban.titleUnconfirmed", { player }) : t("ban.title", { player, days }),
          description: warning || (previous && replacement(player, days, previous, ban)),
          fields: [
            { label: t("ban.field.player"), value: player, inline: true },
            { label: t("ban.field.days"), value: days, inline: true },
            ...(until
              ? [{ label: t("ban.field.until"), value: { time: until }, inline: true }]
              : []),
            ...(ban ? [{ label: t("ban.field.count"), value: ban.count, inline: true }] : []),
            ...(reason ? [{ label: t("ban.field.reason"), value: reason }] : []),
          ],
          visibility: "public",
          // The case keeps the ban replaced, and the warning with the answer.
          data: {
            answer,
            ban: ban ?? null,
            previous_ban: previous ?? null,
            ...(warning ? { warning } : {}),
          },
        };
      };
    },
  });

/** "Ban ShadowFox (10003) for 60 days? That is longer than 30 days.", or none for a short ban. */
function longBanQuestion(
  player: string,
  days: number,
  limits: ModerationSettings,
): string | undefined {
  return days > limits.confirmBanDaysOver
    ? t("ban.questionLong", { player, days, limit: limits.confirmBanDaysOver })
    : undefined;
}

async function runningBan(api: ChatApiClient, gamerId: string): Promise<BlockedUser | undefined> {
  const { items } = await api.readBans();
  return items.find((entry) => entry.gamer_id === gamerId);
}

/**
 * What became of the ban that was running, as the list read afterwards shows it: replaced (the
 * period restarts now), or extended by the new days (an API that stacks bans).
 */
function replacement(
  gamerId: string,
  days: number,
  previous: BlockedUser,
  after: BlockedUser | undefined,
): string {
  const previousEnd = parseUtcTimestamp(previous.end_time);
  const was = previousEnd
    ? t("ban.wasBannedUntil", { player: gamerId, end: displayMinute(previousEnd) })
    : t("ban.wasBanned", { player: gamerId });
  const afterEnd = after && parseUtcTimestamp(after.end_time);
  if (!after || !afterEnd) return t("ban.replacedUnknown", { was });
  const stacked =
    previousEnd !== undefined &&
    Math.abs(afterEnd.getTime() - previousEnd.getTime() - days * DAY_MS) < SAME_END_MS;
  return stacked
    ? t("ban.replacedStacked", { was, end: displayMinute(afterEnd), count: after.count })
    : t("ban.replaced", { was, count: after.count });
}
