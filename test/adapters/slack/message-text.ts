// Reading what the adapter posted, as a Slack user would see it.
/** Every `text` in a Slack message, blocks included: what a reader could see. */
export function textsOf(message: unknown): string[] {
  if (Array.isArray(message)) return message.flatMap(textsOf);
  if (message && typeof message === "object") {
    return Object.entries(message).flatMap(([key, value]) =>
      key === "text" && typeof value === "string" ? [value] : textsOf(value),
    );
  }
  return [];
}

/** Action ids of the buttons in a message, by their label. */
export function buttonsOf(message: unknown): Map<string, { actionId: string; value?: string }> {
  const buttons = new Map<string, { actionId: string; value?: string }>();
  const visit = (node: unknown) => {
    if (Array.isArray(node)) return node.forEach(visit);
    if (!node || typeof node !== "object") return;
    const record = node as Record<string, unknown>;
    if (record.type === "button") {
      const text = (record.text as { text?: string } | undefined)?.text ?? "";
      buttons.set(text, {
        actionId: String(record.action_id),
        value: typeof record.value === "string" ? record.value : undefined,
      });
      return;
    }
    Object.values(record).forEach(visit);
  };
  visit(message);
  return buttons;
}
