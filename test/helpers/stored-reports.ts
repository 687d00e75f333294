// Reports put in the store as the report feed records them, with a create_at of the test's
// choosing (on the chat API's clock), for what reads the store's record: `stats`.
import type { Report } from "../../src/chat-api/schemas.js";
import type { Core } from "../../src/core.js";

/** A report against `target` in `keyword`'s category, made at `createAt` (YYYY-MM-DD HH:MM:SS). */
export function madeReport(id: number, target: string, keyword: string, createAt: string): Report {
  return {
    report_id: id,
    to_gamer_id: target,
    to_gamer_name: "",
    from_gamer_id: `reporter-${id}`,
    from_gamer_name: "",
    message: "message",
    keyword,
    reason: "reason",
    status: 0,
    value: 0,
    update_at: createAt,
    create_at: createAt,
  };
}

/** The reports on one new card against the first's player, opened (and seen) at `openedAt`. */
export async function onNewCard(
  core: Pick<Core, "reports">,
  reports: readonly Report[],
  openedAt: Date,
): Promise<number> {
  const cardId = await core.reports.openCard(reports[0]?.to_gamer_id ?? "", openedAt);
  await core.reports.recordAll(reports, openedAt, cardId);
  return cardId;
}
