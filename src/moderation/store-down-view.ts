// What a moderator reads when the store cannot record their request before anything is done
// (Slack's replay guard, a report button's claim): in words, that nothing was done and why,
// never an error page or silence. Nothing was sent to the chat API, so trying again later is safe.
import { t } from "../i18n/translate.js";
import type { View } from "../view/view.js";

/** `problem`: the store's failure in words (Store.describeFailure). */
export function storeDownView(problem: string): View {
  return {
    outcome: "error",
    title: t("runner.storeDown.title"),
    description: t("runner.storeDown.description", { problem }),
    visibility: "private",
  };
}
