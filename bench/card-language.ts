// What Korean costs a report card (issue 24: "a report card in Korean renders within 1.1× of the
// English one"): the same cards rendered as the feed renders them for every post and edit
// (`cardView`, its texts from the catalogue through `t()`, times in the team's zone), once in
// Korean and Asia/Seoul and once in English and UTC, in the same run, the English the baseline.
// Three cards a call: one report taken by a moderator with its priority's reasons, a flood of
// ten listed reports with its menu, and a settled card whose stored English outcome is said anew.
// Both catalogues are loaded and their texts compiled in the warm-up, as in a running feed.
import type { Report } from "../src/chat-api/schemas.js";
import { parseConfig } from "../src/config.js";
import { cardView } from "../src/feed/report-card.js";
import type { Card } from "../src/feed/report-store.js";
import type { CardAssessment } from "../src/feed/triage.js";
import { untouchedCard } from "../src/feed/untouched-card.js";
import { type Presentation, presenting } from "../src/i18n/presentation.js";
import { loadLocales } from "../src/i18n/translate.js";
import { assessPriority, type PriorityInputs } from "../src/moderation/priority.js";
import { type Comparison, compare } from "./measure.js";

const AT = new Date(Date.UTC(2026, 10, 22, 16, 40, 0));
const KOREAN: Presentation = { locale: "ko", timeZone: "Asia/Seoul" };
const ENGLISH: Presentation = { locale: "en", timeZone: "UTC" };

function report(reportId: number, target: string): Report {
  return {
    report_id: reportId,
    to_gamer_id: target,
    to_gamer_name: "달빛기사",
    from_gamer_id: `2000${reportId}`,
    from_gamer_name: "별빛",
    message: "골드 싸게 팝니다 gold cheap",
    keyword: "SPAM",
    reason: "도배",
    status: 1,
    value: 0,
    update_at: "2026-11-22 16:40:00",
    create_at: "2026-11-22 16:40:00",
  };
}

/** The feed's card of `reports`, with what has happened to it since. */
function card(id: number, reports: [Report, ...Report[]], changes: Partial<Card> = {}): Card {
  return { ...untouchedCard(reports, AT, id), ...changes };
}

const inputs: PriorityInputs = {
  reporters: 4,
  reports: 6,
  earlierBans: 2,
  dismissed: 1,
  atLeast: { reports: false, bans: false, dismissed: false },
  categories: ["CHEATING"],
};
/** The default rules (PRIORITY_WEIGHTS, PRIORITY_CATEGORY_WEIGHTS, PRIORITY_LEVELS). */
const RULES = parseConfig({}).priority;

/** The cards and what triage says of them, rendered in the language of the work running now. */
function renderCards(): string {
  // Assessed per render, as Triage.assess is for every post and edit: its reasons are words too.
  const assessment: CardAssessment = {
    ladder: { days: 30, offence: 3, earlierBans: 2 },
    priority: { ...assessPriority(inputs, RULES), inputs },
  };
  const settledAssessment: CardAssessment = { ...assessment, priority: undefined };
  const one: [Report] = [report(1, "10003")];
  const views = [
    cardView(
      card(1, one, {
        taken: { id: "100", name: "Mina", platform: "discord", at: AT, until: AT },
      }),
      "UTC",
      assessment,
    ),
    cardView(
      card(
        2,
        [report(10, "10003"), ...Array.from({ length: 9 }, (_, n) => report(11 + n, "10003"))],
        { reportCount: 240 },
      ),
      "UTC",
      assessment,
    ),
    cardView(
      card(3, one, {
        state: "banned",
        handler: { name: "Mina", platform: "discord", at: AT },
        outcome: "banned for 7 days",
        caseNumber: 12,
      }),
      "UTC",
      settledAssessment,
    ),
  ];
  return views.map((view) => `${view.title}\n${view.description}`).join("\n");
}

export async function benchCardLanguage(): Promise<Comparison> {
  await loadLocales(["ko"]);
  const korean = presenting(KOREAN, renderCards);
  const english = presenting(ENGLISH, renderCards);
  if (korean === english) throw new Error("the Korean cards read as the English ones");
  return compare({
    name: "three report cards rendered in Korean (Asia/Seoul) vs the same in English (UTC)",
    baseline: async () => presenting(ENGLISH, renderCards),
    subject: async () => presenting(KOREAN, renderCards),
    iterations: 1_000,
    rounds: 11,
    target: 1.1,
    cpu: true,
    sides: { baseline: "English", subject: "Korean" },
  });
}
