/**
 * The only error the dice engine throws for bad input or an over-limit roll.
 * `position` is a 0-based index into the whole command string, when known.
 */
export class DiceError extends Error {
  override readonly name = "DiceError";
  readonly position?: number;
  constructor(message: string, position?: number) {
    super(message);
    if (position !== undefined) this.position = position;
  }
}

/** Shows the input in an error message without letting a long one flood the text. */
export function quoteInput(input: string): string {
  const shown = input.length > 60 ? `${input.slice(0, 57)}...` : input;
  return `"${shown}"`;
}

/** `"1d" — expected the number of sides after 'd' (at position 2)` */
export function diceError(input: string, message: string, position?: number): DiceError {
  const where = position === undefined ? "" : ` (at position ${position})`;
  return new DiceError(`${quoteInput(input)} — ${message}${where}`, position);
}
