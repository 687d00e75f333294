// An answer's body read to its end as the chunks it arrived in, counted against a cap as they
// arrive. Listening to 'data' costs less than `for await` over the stream, whose async iterator
// and end-of-stream watcher are about 6 µs of a 150 µs GET of 100 bans.
import type { Readable } from "node:stream";

/**
 * Resolves with the chunks once the body has ended; rejects with `tooLarge()` as soon as more than
 * `maxBytes` have come (the body is destroyed, so the rest is never read), or with the stream's
 * own error (an aborted request destroys the body with its reason).
 */
export function readBody(
  body: Readable,
  maxBytes: number,
  tooLarge: () => Error,
  onChunk?: (chunk: Buffer) => void,
): Promise<Buffer[]> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let settled = false;
    body.on("data", (chunk: Buffer) => {
      size += chunk.length;
      if (size > maxBytes) {
        // Destroying the body closes the connection: the pool opens a fresh one next time.
        settled = true;
        body.destroy();
        reject(tooLarge());
        return;
      }
      chunks.push(chunk);
      onChunk?.(chunk);
    });
    body.once("end", () => {
      settled = true;
      resolve(chunks);
    });
    body.once("error", (error) => {
      settled = true;
      reject(error);
    });
    // Closed with neither an end nor an error: what `for await` reports as a premature close.
    body.once("close", () => {
      if (!settled) reject(prematureClose());
    });
  });
}

function prematureClose(): Error {
  return Object.assign(new Error("Premature close"), { code: "ERR_STREAM_PREMATURE_CLOSE" });
}
