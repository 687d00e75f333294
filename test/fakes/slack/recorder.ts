// A list that tests can wait on: everything recorded stays, and `waitFor` resolves with the first
// item, past or future, that matches. Waits are bounded so a missing answer fails the test with
// a sentence instead of hanging it.
export class Recorder<Item> {
  readonly items: Item[] = [];
  private readonly waiters = new Set<{
    match: (item: Item) => boolean;
    found: (item: Item) => void;
  }>();

  add(item: Item): void {
    this.items.push(item);
    for (const waiter of this.waiters) {
      if (waiter.match(item)) {
        this.waiters.delete(waiter);
        waiter.found(item);
      }
    }
  }

  waitFor(match: (item: Item) => boolean, what: string, timeoutMs = 5_000): Promise<Item> {
    const existing = this.items.find(match);
    if (existing !== undefined) return Promise.resolve(existing);
    return new Promise((resolve, reject) => {
      const waiter = {
        match,
        found: (item: Item) => {
          clearTimeout(timer);
          resolve(item);
        },
      };
      const timer = setTimeout(() => {
        this.waiters.delete(waiter);
        reject(new Error(`timed out after ${timeoutMs} ms waiting for ${what}`));
      }, timeoutMs);
      this.waiters.add(waiter);
    });
  }
}
