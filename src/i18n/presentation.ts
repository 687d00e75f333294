// How the answer being built is presented: in which language, and in which time zone its times
// are shown. Each front end sets it around the work it does for one person (a Discord
// interaction in its user's locale, a Slack command in its user's, a console line in the
// terminal's) and the feed around what everyone sees (CHATWARDEN_LOCALE). The texts deep in the
// core (a ban's answer, a card's line, a question) read it here rather than every function on
// the way taking a language argument: an AsyncLocalStorage follows the awaits of that one piece
// of work, so two moderators answered at once each get their own, and nothing else is shared.
// A process that speaks one way throughout (a one-shot command, `help`) says so once instead:
// the AsyncLocalStorage is made only when first needed, because while one exists Node tracks
// every promise (async hooks), a cost a one-shot's start-up cannot afford.
import { AsyncLocalStorage } from "node:async_hooks";
import { DEFAULT_LOCALE, type Locale } from "./locales.js";

export interface Presentation {
  locale: Locale;
  /** The IANA zone times are shown in (DISPLAY_TIMEZONE). */
  timeZone: string;
}

/** What is shown outside any front end's work (a test, a log-free helper): today's English and UTC. */
export const PLAIN_PRESENTATION: Presentation = { locale: DEFAULT_LOCALE, timeZone: "UTC" };

let throughout: Presentation = PLAIN_PRESENTATION;
let current: AsyncLocalStorage<Presentation> | undefined;

/** Runs `work` (and every await inside it) presented as `presentation` says. */
export function presenting<T>(presentation: Presentation, work: () => T): T {
  current ??= new AsyncLocalStorage<Presentation>();
  return current.run(presentation, work);
}

/** How everything this process does is presented, outside any `presenting` (a one-shot's terminal). */
export function presentThroughout(presentation: Presentation): void {
  throughout = presentation;
}

/** The presentation of the work running now. */
export function presentation(): Presentation {
  return current?.getStore() ?? throughout;
}
