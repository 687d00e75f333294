// Runs tasks one at a time per key (a word-list language), in arrival order, while tasks of
// different keys run freely. Read-modify-write of a whole list is only safe this way.

/** Runs tasks one at a time per key; what the word-list edits need from a lock. */
export interface Serialiser {
  run<T>(key: string, task: () => Promise<T>): Promise<T>;
}

export class KeyedLock implements Serialiser {
  private readonly tails = new Map<string, Promise<unknown>>();

  run<T>(key: string, task: () => Promise<T>): Promise<T> {
    const previous = this.tails.get(key) ?? Promise.resolve();
    const result = previous.then(task, task);
    const tail = result.catch(() => undefined);
    this.tails.set(key, tail);
    // Forget the key once its queue drains, so the map does not grow with every language ever seen.
    void tail.then(() => {
      if (this.tails.get(key) === tail) this.tails.delete(key);
    });
    return result;
  }
}
