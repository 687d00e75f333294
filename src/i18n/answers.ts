// The words that answer a yes-or-no question where a moderator types (the console, a one-shot
// command's "Go ahead?"), in every language chatwarden speaks: a Korean moderator types 예 or
// 아니오 (or 네, 아니요) as naturally as y or n. Both languages are always accepted, so the
// answer never depends on which language asked.
const YES = new Set(["y", "yes", "예", "네", "응"]);
const NO = new Set(["n", "no", "아니오", "아니요", "아니"]);

/** "yes", "no", or undefined for anything else; case and surrounding spaces do not matter. */
export function yesOrNo(typed: string): "yes" | "no" | undefined {
  const word = typed.trim().toLowerCase();
  if (YES.has(word)) return "yes";
  if (NO.has(word)) return "no";
  return undefined;
}
