import type { Services } from "./services.js";
import { inInteraction } from "../store/processed.js";
import { isStoreUnreachable } from "../store/unreachable.js";

export interface Once {
  /** Record the interaction in the handler's first transaction (one commit on the hot path) rather than before it runs. */
  recordInFirstTransaction: boolean;
  /** Called before each of the handler's transactions commits: throwing rolls that transaction back. */
  beforeCommit: () => void;
}

/**
 * Runs an interaction's handler once: false when the interaction was handled before (a redelivery).
 * The handler's services carry a store whose every transaction asks `beforeCommit` first, so the
 * router decides in one place whether work may still be applied.
 */
export function handleOnce(
  s: Services,
  interactionId: string,
  once: Once,
  handle: (s: Services) => Promise<void>,
): Promise<boolean> {
  return inInteraction(s.store.db, interactionId, (db) => handle({ ...s, store: { ...s.store, db } }), {
    beforeCommit: once.beforeCommit,
    recordFirst: !once.recordInFirstTransaction,
  });
}

/** Whether an error says the database could not be reached (nothing was committed: trying again is safe). */
export const storeUnreachable = (err: unknown): boolean => isStoreUnreachable(err);
