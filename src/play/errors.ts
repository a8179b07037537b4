import { RuleError } from "../rules/systems/types.js";

/**
 * A mistake the user can fix. Its message is shown to them ephemerally and
 * says what to do instead; nothing was changed.
 */
export class UserError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "UserError";
  }
}

/** Somebody else's state moved on first (a stale button, a lost race): nothing changed. */
export class StaleError extends UserError {
  constructor(message = "This has moved on: nothing was changed. Look at the latest message.") {
    super(message);
    this.name = "StaleError";
  }
}

/** A write the store refused because a unique key (a name in a campaign) is taken: two requests raced for it. */
export function isUniqueViolation(err: unknown): boolean {
  return !!err && typeof err === "object" && (err as { code?: unknown }).code === "P2002";
}

/** Runs `write`, turning a unique-key refusal into `refusal` (the words a sequential duplicate gets). */
export async function uniquely<T>(write: () => Promise<T>, refusal: string): Promise<T> {
  try {
    return await write();
  } catch (err) {
    if (isUniqueViolation(err)) throw new UserError(refusal);
    throw err;
  }
}

/** Runs a rule; a RuleError (the rules refusing what was asked) reaches the user as a UserError in the same words. */
export function rule<T>(fn: () => T): T {
  try {
    return fn();
  } catch (err) {
    if (err instanceof RuleError) throw new UserError(err.message);
    throw err;
  }
}
