/** `1 day`, `3 days`: counts in titles read as sentences. */
export function plural(count: number, noun: string): string {
  return `${count} ${count === 1 ? noun : `${noun}s`}`;
}
