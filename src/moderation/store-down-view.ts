// What a moderator reads when the store cannot record their request before anything is done
// (Slack's replay guard, a report button's claim): in words, that nothing was done and why,
// never an error page or silence. Nothing was sent to the chat API, so trying again later is safe.
import type { View } from "../view/view.js";

/** `problem`: the store's failure in words (Store.describeFailure). */
export function storeDownView(problem: string): View {
  return {
    outcome: "error",
    title: "Nothing was done",
    description: `chatwarden cannot record anything right now: ${problem}; nothing was done. Try again once it is back.`,
    visibility: "private",
  };
}
