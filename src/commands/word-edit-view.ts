// The answer to `badwords add` and `badwords remove`: what changed, what already was so, and
// whether the API really holds the intended list afterwards.

import { plural } from "../moderation/plural.js";
import type { View } from "../moderation/view.js";
import { containsWord, type WordListEdit } from "./word-list-edit.js";

export function wordEditView(kind: "add" | "remove", words: string[], edit: WordListEdit): View {
  const adding = kind === "add";
  const changed = words.filter((word) => containsWord(edit.before, word) !== adding);
  const unchanged = words.filter((word) => containsWord(edit.before, word) === adding);
  const notices: string[] = [];
  if (edit.after === undefined) {
    notices.push("The list could not be read back; check it with badwords list.");
  } else {
    const missed = changed.filter((word) => containsWord(edit.after ?? [], word) !== adding);
    if (missed.length > 0) {
      notices.push(
        adding
          ? `The chat API does not list ${missed.join(", ")} after the change.`
          : `The chat API still lists ${missed.join(", ")}: it seems to merge lists rather than replace them, so words cannot be removed through it.`,
      );
    }
  }
  return {
    outcome: notices.length > 0 ? "warning" : changed.length > 0 ? "success" : "info",
    title: adding
      ? `Added ${plural(changed.length, "word")} to the ${edit.language} filter`
      : `Removed ${plural(changed.length, "word")} from the ${edit.language} filter`,
    fields: [
      { label: adding ? "Added" : "Removed", value: changed.join(", ") || "none" },
      {
        label: adding ? "Already there" : "Not in the list",
        value: unchanged.join(", ") || "none",
      },
      { label: "Words in the list now", value: (edit.after ?? edit.sent).length, inline: true },
    ],
    notices,
    visibility: "public",
    data: {
      language: edit.language,
      changed,
      unchanged,
      list: edit.after ?? edit.sent,
      answer: edit.answer,
    },
  };
}
