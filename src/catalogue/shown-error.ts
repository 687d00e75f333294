// An error a person may read: its message is English, for the log and whatever only logs it;
// `shown()` says the same in the language of the work showing it (a Korean moderator's answer,
// the terminal's line), looked up when shown rather than when thrown.
import { say, sayInEnglish, type Wording } from "./wording.js";

export class ShownError extends Error {
  constructor(
    readonly wording: Wording,
    options?: ErrorOptions,
  ) {
    super(sayInEnglish(wording), options);
  }

  /** The message in the language of the work running now. */
  shown(): string {
    return say(this.wording);
  }
}
