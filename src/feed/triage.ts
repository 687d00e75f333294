// What a moderator is told to decide with, beside a card's reports: how urgent the card is and
// why (moderation/priority.ts), and the next step of the sanction ladder for its player
// (moderation/ladder.ts), from the bans the bot knows of (ban-record.ts). Read from the store
// whenever a card is shown (every post and edit of it, `report`, `reports --open`, the console's
// news), in a few look-ups along indexes that each stop after a bounded number of entries: a
// player with ten thousand earlier reports and cases costs what a new one does. It suggests; it
// never acts.
import { BANS_COUNTED, type BanRecord } from "../moderation/ban-record.js";
import { type LadderStep, ladderStep } from "../moderation/ladder.js";
import {
  assessPriority,
  type Priority,
  type PriorityInputs,
  type PriorityRules,
} from "../moderation/priority.js";
import type { Card } from "./report-store.js";

const DAY_MS = 86_400_000;
/** Reports counted in a card's 24 h at most: past this many, "50+" says enough. */
export const REPORTS_COUNTED = 50;
/** Dismissed cards of a player counted at most (their reports are summed). */
export const DISMISSED_CARDS_COUNTED = 20;

/** What a card shows about its player beside its reports. */
export interface CardAssessment {
  /** The ban the ladder suggests next: the card's first ban button. */
  ladder: LadderStep;
  /** How urgent it is and why; none on a settled card, which asks nothing of anyone. */
  priority: (Priority & { inputs: PriorityInputs }) | undefined;
}

export interface TriageRules {
  /** BAN_LADDER_DAYS. */
  ladder: readonly number[];
  /** PRIORITY_CATEGORY_WEIGHTS, PRIORITY_WEIGHTS, PRIORITY_LEVELS. */
  priority: PriorityRules;
}

/** The parts of a card triage reads: its player, state, reports' categories and newest time. */
export type TriagedCard = Pick<Card, "target" | "state" | "reports" | "latest" | "latestSeenAt">;

/** The reports of a card and of its player: what ReportStore answers. */
interface PlayerReportsRead {
  reportersOf(target: string, until: Date, windowMs: number, atMost: number): Promise<string[]>;
  dismissedAgainst(
    target: string,
    atMostCards: number,
  ): Promise<{ reports: number; cards: number }>;
}

export class Triage {
  constructor(
    private readonly reports: PlayerReportsRead,
    private readonly bans: BanRecord,
    private readonly rules: TriageRules,
    private readonly now: () => Date,
  ) {}

  async assess(card: TriagedCard): Promise<CardAssessment> {
    const earlierBans = await this.bans.earlierBans(card.target);
    const ladder = ladderStep(this.rules.ladder, earlierBans);
    if (card.state === "banned" || card.state === "dismissed")
      return { ladder, priority: undefined };
    const inputs = await this.inputsOf(card, earlierBans);
    return { ladder, priority: { ...assessPriority(inputs, this.rules.priority), inputs } };
  }

  /** The ladder's next step for the player; `liveCount`: his chat API ban count just read. */
  async nextStep(gamerId: string, liveCount?: number): Promise<LadderStep> {
    return ladderStep(this.rules.ladder, await this.bans.earlierBans(gamerId, liveCount));
  }

  private async inputsOf(card: TriagedCard, earlierBans: number): Promise<PriorityInputs> {
    // The 24 h up to the card's newest report: the same card reads the same until reports join.
    const until = card.latestSeenAt ?? this.now();
    const reporters = await this.reports.reportersOf(card.target, until, DAY_MS, REPORTS_COUNTED);
    const dismissed = await this.reports.dismissedAgainst(card.target, DISMISSED_CARDS_COUNTED);
    const categories = new Set(
      [...card.reports, ...(card.latest ? [card.latest] : [])].map((report) => report.keyword),
    );
    return {
      // The card's own reports are among them, so never fewer than one: a report seen this
      // instant by a clock behind the store's is still the card's.
      reporters: Math.max(1, new Set(reporters).size),
      reports: Math.max(1, reporters.length),
      earlierBans,
      dismissed: dismissed.reports,
      atLeast: {
        reports: reporters.length >= REPORTS_COUNTED,
        bans: earlierBans >= BANS_COUNTED,
        dismissed: dismissed.cards >= DISMISSED_CARDS_COUNTED,
      },
      categories: [...categories],
    };
  }
}

/** A ladder step as `--json` shows it. */
export function ladderData(step: LadderStep) {
  return { days: step.days, offence: step.offence, earlier_bans: step.earlierBans };
}

/** A priority as `--json` shows it: the level, score and reasons, and what was counted. */
export function priorityData(priority: CardAssessment["priority"]) {
  if (!priority) return null;
  const { inputs } = priority;
  return {
    level: priority.level,
    score: priority.score,
    reasons: priority.reasons,
    counted: {
      reporters_24h: inputs.reporters,
      reports_24h: inputs.reports,
      earlier_bans: inputs.earlierBans,
      dismissed_before: inputs.dismissed,
      // Counts that stopped at their cap: there may be more.
      at_least: {
        reports_24h: inputs.atLeast.reports,
        earlier_bans: inputs.atLeast.bans,
        dismissed_before: inputs.atLeast.dismissed,
      },
      categories: inputs.categories,
    },
  };
}
