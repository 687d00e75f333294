// What the operator of the console chooses from by number: a view's actions, then each option of
// its menu (a report card's "Dismiss one report…"), numbered on from the actions. The renderer
// shows them with these numbers and the REPL presses the one chosen, so the two always agree.
import type { View, ViewAction } from "../../src/index.js";

/** The actions, then the menu's options as actions pressing their ids. */
export function choicesOf(view: View): ViewAction[] {
  const options = (view.menu?.options ?? []).map(
    (option): ViewAction => ({
      id: option.id,
      // Neither a form nor a yes or no: a press like a report card's buttons.
      kind: "report",
      label: option.label,
      style: "secondary",
    }),
  );
  return [...(view.actions ?? []), ...options];
}
