/** `high` → `High`: the first letter upper-cased, the rest as it is. */
export function capitalised(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
