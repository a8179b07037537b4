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
