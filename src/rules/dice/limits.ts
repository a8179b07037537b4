/** Hard limits that keep every command cheap to parse, roll and render. */
export const LIMITS = {
  /** Longest command string accepted. */
  maxInputLength: 200,
  /** Dice drawn per whole command, counting explosions, rerolls, `;` parts and repeats. */
  maxDice: 1000,
  /** Largest die. */
  maxSides: 1_000_000,
  /** Deepest parenthesis nesting. */
  maxDepth: 10,
  /** Most repeats in `6x 3d6`. */
  maxRepeats: 20,
} as const;
