// What a moderator is told to decide with, beside a card's reports: the next step of the sanction
// ladder for its player (moderation/ladder.ts), from the bans the bot knows of (ban-record.ts).
// Read from the store, in a few indexed look-ups, whenever a card is shown: for every post and
// edit of it, `report`, and the console's news. It suggests; it never acts.
import type { BanRecord } from "../moderation/ban-record.js";
import { type LadderStep, ladderStep } from "../moderation/ladder.js";
import type { Card } from "./report-store.js";

/** What a card shows about its player beside its reports. */
export interface CardAssessment {
  /** The ban the ladder suggests next: the card's first ban button. */
  ladder: LadderStep;
}

export class Triage {
  constructor(
    private readonly bans: BanRecord,
    /** BAN_LADDER_DAYS. */
    private readonly ladder: readonly number[],
  ) {}

  async assess(card: Pick<Card, "target">): Promise<CardAssessment> {
    return { ladder: await this.nextStep(card.target) };
  }

  /** The ladder's next step for the player; `liveCount`: his chat API ban count just read. */
  async nextStep(gamerId: string, liveCount?: number): Promise<LadderStep> {
    return ladderStep(this.ladder, await this.bans.earlierBans(gamerId, liveCount));
  }
}

/** A ladder step as `--json` shows it. */
export function ladderData(step: LadderStep) {
  return { days: step.days, offence: step.offence, earlier_bans: step.earlierBans };
}
