// Typed arrays do not grow in place: the memory structures of the feed's poll (seen-reports.ts and
// its parts, fresh-reports.ts) grow by copying into a larger one.

type NumberArray = Uint16Array | Uint32Array | Float64Array;

/** A copy of `array` in a new array of the same kind, `length` long (at least as long as it). */
export function grown<T extends NumberArray>(array: T, length: number): T {
  const bigger = new (array.constructor as new (length: number) => T)(length);
  bigger.set(array);
  return bigger;
}
