/** The round's bookkeeping as stored on the Encounter row: its shape alone, read by its codec and by state.ts. */
import type { Mark } from "../../rules/marks.js";

export interface RoundState {
  /** "declare": before this round's initiative; "act": combatants act in order. */
  phase: "declare" | "act";
  /** Declaration ids by combatant id, this round. */
  declared: Record<string, string[]>;
  /** Attacks made this round, by combatant id. */
  attacks: Record<string, number>;
  /** Rounds stored before marks kept their sources: the conditions each declaration set, by combatant and declaration (read as their sources). */
  marks: Record<string, Record<string, Mark[]>>;
  /** Declaration ids → their labels, for the roster. */
  labels?: Record<string, string>;
  /** What the roster shows beside a declaration's label, by combatant id and declaration id (a spell's name: the system's `shows`). */
  details?: Record<string, Record<string, string>>;
  /** Conditions each declaration took off its own combatant this round, by combatant id and declaration id (given back when it is withdrawn). */
  restores?: Record<string, Record<string, Mark[]>>;
  /** Rounds stored before marks kept their sources: the conditions each declaration put on others, by declarer, declaration and target (read as their sources). */
  given?: Record<string, Record<string, Record<string, Mark[]>>>;
  /** Whom each combatant fought last (attacked, or was attacked by): its current opponent. Kept from round to round. */
  foes?: Record<string, string>;
  /** How many of each side had fallen when its morale was last checked (or its trigger let pass): a check is due past it. Kept from round to round. */
  moraleAt?: Partial<Record<"foes" | "party", number>>;
  /** Declarations made once everyone has acted, for the next round: applied when the referee moves on. */
  ahead?: Record<string, AheadDeclaration[]>;
  /**
   * The sides the encounter's surprise roll (or the last /surprise) left surprised, kept through the surprise
   * round (round 0 and round 1; a new round starts without it): who joins a side now is surprised with it.
   */
  surprise?: Record<"party" | "foes", boolean>;
}

/** A declaration for the next round, made while the round is over: what was tapped, with its detail, and by whom. */
export interface AheadDeclaration {
  action: string;
  label: string;
  detail?: string;
  /** The Discord user who declared it (the player, or the referee for them). */
  by: string;
}
