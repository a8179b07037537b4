/** A campaign's options as stored: their shape alone, read by its codec and by settings.ts. */
export interface Settings {
  initiative: "group" | "individual";
  initiativeDex: boolean;
  reactionWindow: number;
  wanderingEvery: number;
  wanderingChance: number;
  torchTurns: number;
  lanternTurns: number;
  /** A system's own options (B/X: ties, damage, encumbrance…). */
  [key: string]: unknown;
}
