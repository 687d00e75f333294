/** The store could not be opened: the message names where it is and what to do. */
export class StoreUnavailableError extends Error {
  override name = "StoreUnavailableError";
}
