// In-process news of cards, for front ends that show the feed live without an outbox of their
// own (the console prints each new card above its prompt). Platforms get cards through the
// outbox instead, which survives restarts; this is only what happened in this process.
import { EventEmitter } from "node:events";

export type CardChange = "opened" | "updated";

export class CardEvents {
  private readonly emitter = new EventEmitter();

  emit(cardId: number, change: CardChange): void {
    this.emitter.emit("card", cardId, change);
  }

  /** Returns the unsubscribe function. */
  on(listener: (cardId: number, change: CardChange) => void): () => void {
    this.emitter.on("card", listener);
    return () => this.emitter.off("card", listener);
  }
}
