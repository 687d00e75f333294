// The feed's cards as the console tells of them. Discord and Slack edit a card in place, so the
// reports that join it show there; a terminal cannot edit what it printed, so news of a card
// says what is new instead: each report that joined it since the console last showed it, with
// the columns the card lists (who reported, category, reason, message), at most as many as a
// card lists, and how many more. News with no new report (the card settled) stays one line.
// The text is plain here; renderView makes it inert for the terminal.
import {
  type CardChange,
  type Core,
  cardView,
  REPORTS_LISTED,
  reportsTable,
  t,
  type View,
} from "../../src/index.js";

export class CardNews {
  /** How many reports each card had when the console last showed it. */
  private readonly shown = new Map<number, number>();

  constructor(private readonly core: Core) {}

  /**
   * The news as a view; undefined when the card cannot be read. Called in the order of the news,
   * so that what counts as new is measured from the card as last shown.
   */
  async of(cardId: number, change: CardChange): Promise<View | undefined> {
    const card = await this.core.reports.card(cardId);
    if (!card) return undefined;
    const timeZone = this.core.settings.chatTimeZone;
    const view = cardView(card, timeZone, await this.core.triage.assess(card));
    // A card this console never showed (opened before it started): every report is news to it.
    const added = card.reportCount - (this.shown.get(cardId) ?? 0);
    this.shown.set(cardId, card.reportCount);
    if (change === "opened") {
      return {
        ...view,
        title: t("terminal.cardNews.opened", { title: view.title }),
        // The terminal acts through commands; the buttons are on the `report` command's view.
        actions: undefined,
        menu: undefined,
        notices: [
          ...(view.notices ?? []),
          t("terminal.cardNews.actionsHint", { reportId: card.reports[0]?.report_id ?? "" }),
        ],
      };
    }
    const news: View = {
      outcome: view.outcome,
      title: t("terminal.cardNews.updated", { title: view.title }),
      description: view.description,
      visibility: "private",
    };
    if (added <= 0) return news;
    const listed = await this.core.reports.newestOnCard(cardId, Math.min(added, REPORTS_LISTED));
    const unlisted = added - listed.length;
    return {
      ...news,
      description: `${view.description}\n${t("terminal.cardNews.newReports", { count: added })}`,
      table: reportsTable(listed, timeZone),
      notices:
        unlisted > 0 ? [t("terminal.cardNews.moreNewReports", { count: unlisted })] : undefined,
    };
  }
}
