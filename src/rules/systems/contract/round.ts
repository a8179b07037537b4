/** The combat round: initiative, marks and their words, declarations, the action economy. Part of the contract in ../types.ts. */
import type { DiceBag } from "../../dice/bag.js";
import type { Combatant, Effect, Lifetime } from "./combatant.js";
import type { RuleRef, RuleResult } from "./results.js";
import type { FamilyTable } from "../../marks.js";

export interface InitiativeInput<S = Record<string, unknown>> {
  combatants: Combatant<S>[];
  method: "group" | "individual";
  round: number;
  /** The campaign's options (systems read those they know, e.g. initiativeDexterity, ties). */
  settings?: Record<string, unknown>;
}
export interface InitiativeResult extends RuleResult {
  /** Groups of combatant ids in acting order; ids in one group act simultaneously. */
  order: string[][];
}

/** What a round's start does in this system (Life & Guard: first-round act roll, siege: new d10…). */
export interface RoundStartResult extends RuleResult {
  /** Combatant ids that cannot act this round. */
  cannotAct: string[];
  /** Initiative order, if the system rerolls it each round. */
  order?: string[][];
  /** Changes to apply at the round's start (conditions ending, bleeding…). */
  effects?: Effect[];
}

export type { Lifetime } from "./combatant.js";

/** A condition in words players read, and how long it lasts. */
export interface ConditionWord {
  label: string;
  lasts: Lifetime;
}

/** The words a system uses for its conditions. */
export interface SystemWords {
  /** Conditions by their stored key ("prone", "charging"). */
  conditions: Record<string, ConditionWord>;
  /** Keys with a parameter ("evading:<id>"): `name` turns a combatant id into a name. */
  describe?(condition: string, name: (id: string) => string): ConditionWord | undefined;
  /**
   * Conditions the referee sets and ends by hand (/condition), by key: those the text's rules read
   * (blind, stunned…). Absent: the common ones (`REFEREE_CONDITIONS` in src/rules/round/words.ts).
   */
  refereeSets?: string[];
  /** The families of marks this system declares (`DeclaredFamilies`, src/rules/marks.ts), with their shapes. */
  families?: FamilyTable;
}

/** Something a combatant may declare (before initiative, or on its own turn). */
export interface Declaration {
  /** Stable id: "charge", "dodge", "stand". */
  id: string;
  label: string;
  rule: RuleRef;
  /** "before": before initiative, in the declare phase; "turn": on the combatant's own turn (an action or a move). */
  when: "before" | "turn";
  /** A short prompt when the declaration takes a detail ("distance in feet", "rank: melee, reach or ranged"). */
  detail?: string;
  /** Other ids it cannot be combined with this round (declaring one replaces the other). */
  excludes?: string[];
}

export interface DeclareInput<S = Record<string, unknown>> {
  who: Combatant<S>;
  id: string;
  detail?: string;
  /** Everyone else in the encounter. */
  others: Combatant<S>[];
  round: number;
  /** What `who` already declared this round. */
  declared: string[];
  settings?: Record<string, unknown>;
  /** Whether this round's initiative is rolled yet ("declare": before it; "act": on one's turn). */
  phase?: "declare" | "act";
  /** Attacks `who` has made this round (Castles & Crusades: no long move after an attack). */
  attacked?: number;
  /** Those whose place in this round's order has come and gone, or who have attacked this round (Castles & Crusades: who may still strike first). */
  acted?: string[];
}

/** What a declaration does now: changes to apply (conditions it sets) and the words for the round's message. Throws RuleError when not allowed. */
export interface DeclareResult extends RuleResult {
  effects: Effect[];
  /** The declaration uses the combatant's action this round (a move between ranks): no attack after it. */
  spendsAction?: boolean;
  /** What the roster shows beside the declaration's label this round, in the player's words: a spell's name. */
  shows?: string;
  /** Who now fights whom: the board's foes' routine sends each attacker at its defender (a free attack the declaration gives). */
  faces?: { attackerId: string; defenderId: string }[];
}

export interface RoundContext<S = Record<string, unknown>> {
  round: number;
  /** What the combatant declared this round. */
  declared: string[];
  others: Combatant<S>[];
  settings?: Record<string, unknown>;
  /** Optional: "declare" before this round's initiative, "act" after (a declared Dodge keeps a combatant out of the acting, not out of declaring). */
  phase?: "declare" | "act";
  /** Optional: attacks the combatant has made this round (a move after an attack may be limited). */
  attacked?: number;
}

/** The combatant's action economy this round. */
export interface Allowance {
  /** Attacks it may make this round (0: it may not attack). */
  attacks: number;
  /** Why, in words: "one attack", "two weapons: −2 then −4", "declared Dodge: no attack this round". */
  why: string;
  rule?: RuleRef;
  /** With no attacks left: the whole refusal, when the system says it better than "cannot attack this round (why)". */
  refusal?: string;
}

/** The round as this system plays it: what may be declared, the action economy, the round's end. */
export interface RoundRules<S = Record<string, unknown>> {
  /** What `who` may declare now (`phase` says whether initiative is rolled yet this round). */
  declarations(who: Combatant<S>, ctx: RoundContext<S> & { phase: "declare" | "act" }): Declaration[];
  declare(input: DeclareInput<S>, dice: DiceBag): DeclareResult;
  allowance(who: Combatant<S>, ctx: RoundContext<S>): Allowance;
  /** Why `who` cannot act this round, or null when it can (down, fled, surprised in round 1…). */
  cannotAct?(who: Combatant<S>, ctx: RoundContext<S>): string | null;
  /** A few words the board shows beside `who` (Life & Guard: the chance to act in the first round), or null. */
  note?(who: Combatant<S>, ctx: RoundContext<S>): string | null;
  /** The end of a round: the dying bleed, reloading, marks the system ends itself. */
  end?(input: InitiativeInput<S>, dice: DiceBag): RoundStartResult;
  /** Whether initiative is rolled again at each round's start (the system's rule and the campaign's options). */
  rerolls(settings: Record<string, unknown>): boolean;
  /**
   * Those slain during a simultaneous exchange (both sides sharing a place in the order) still make their
   * attack in it: the ruling in the text's words, said on that attack. Absent: the slain do not act.
   */
  fallenStrike?: string;
  /**
   * What happens by itself when `who`'s place in the order comes (B/X: a declared spell goes off), without a tap;
   * null when nothing does. It rolls no dice. Play shows the lines on the board.
   */
  onTurn?(who: Combatant<S>, ctx: RoundContext<S>): { lines: string[]; effects: Effect[] } | null;
}

/** The order of acting and the round, as a rule system gives them. */
export interface OrderRules<Sheet> {
  /** Conditions in words, with their lifetimes. */
  words: SystemWords;
  /** The combat round: declarations, the action economy, the round's end. */
  round: RoundRules<Sheet>;
  initiative(input: InitiativeInput<Sheet>, dice: DiceBag): InitiativeResult;
  roundStart(input: InitiativeInput<Sheet>, dice: DiceBag): RoundStartResult;
}
