/** An attack as a small state machine, what it is given and what it gives back. Part of the contract in ../types.ts. */
import type { DiceBag } from "../../dice/bag.js";
import type { Combatant, Effect } from "./combatant.js";
import type { RuleRef, RuleResult } from "./results.js";

/** Situation options a player may give /attack. Systems read the ones they know and list the rest as ignored. */
export interface Situation {
  mode?: "melee" | "ranged" | "thrown" | "spell";
  range?: "short" | "medium" | "long";
  cover?: "none" | "light" | "partial" | "heavy" | "full";
  charge?: boolean;
  flank?: boolean;
  rear?: boolean;
  highGround?: boolean;
  lowGround?: boolean;
  twoWeapons?: boolean;
  oneHandFree?: boolean;
  enchanted?: boolean;
  oiled?: boolean;
  impaired?: boolean;
  enhanced?: boolean;
  mounted?: boolean;
  /** Free modifier added to the attack roll: the referee's, or a player's (AttackInput.modifierBy says whose). */
  modifier?: number;

  // ---- Optional (added for Castles & Crusades; any system may read them) ----
  /** How much of the defender is concealed: fog, darkness (nothing blocks the blow, something spoils the aim). */
  concealment?: "none" | "quarter" | "half" | "three-quarters" | "full";
  /** A missile shot at a foe fighting in melee. */
  intoMelee?: boolean;
  /** Distance to the target in feet: the range band from the weapon's increment. */
  distance?: number;
  /** A weapon used to subdue: its damage is subdual damage (Castles & Crusades, "Subdual Damage"). */
  subdue?: boolean;
}
export type SituationKey = keyof Situation;

/** A button the defender (or an ally, or the attacker) may press. */
export interface ReactionOption {
  /** Stable id used in custom ids: "parry", "counter", "getdown:<allyId>", "take". */
  id: string;
  label: string;
  /** Who may press it: a combatant id. The play layer maps it to a Discord user. */
  by: string;
  /** In words: "1 stamina", "no cost". */
  cost: string;
  rule: RuleRef;
}

/** How an attack's outcome goes for the attacker: good (it lands), neutral (in part), bad (it fails or goes astray). */
export type Tone = "good" | "neutral" | "bad";

/**
 * An attack in progress: a small state machine. `begin` rolls it; while
 * `phase` is "reactions" the defender may react (each press re-resolves);
 * "take" (or a lapse) makes it final; then "followups" may be offered
 * (Counter, counterattack); "done" ends it. All of it is JSON so the play
 * layer can persist it between presses.
 *
 * Each step (begin, react, lapse) says what it changes, and only that step's:
 * play applies `pay`, then `final`, then `followup` of every state it is handed,
 * each once, in that order, and never compares one step with another.
 */
export interface AttackState {
  phase: "reactions" | "followups" | "done";
  attackerId: string;
  defenderId: string;
  /** The outcome it would have now, in the system's words: "hit", "partial", "miss", "slain"… */
  outcome: string;
  /** How that outcome goes for the attacker, said by the system (embeds colour by it, never by the words). */
  tone: Tone;
  /** System-private data (rolls so far, modifiers, who reacted). Must be JSON. */
  data: Record<string, unknown>;
  /** Options open now. Empty in "done". */
  options: ReactionOption[];
  /**
   * What this step costs, paid at once (a reaction's stamina, a Get Down's fall,
   * a parry's lost attack, a counter's cost). Only this step's: a later step never
   * repeats it, and a second reaction of the same kind is a second cost.
   */
  pay: Effect[];
  /**
   * What the attack does (damage, conditions): given only by the step whose state
   * first leaves "reactions" (a begin that is final at once, "take", a reaction that
   * ends the choice, a lapse); every other step gives [].
   */
  final: Effect[];
  /** What this follow-up step adds after the attack was final (a counter's damage). Only this step's. */
  followup: Effect[];
  /** Situation keys this system did not use. */
  ignored: SituationKey[];
  result: RuleResult;
}

/** An attack's state with nothing of its own to apply (a step that changes nothing, a lapse of an attack already over). */
export const nothingNew = (state: AttackState): AttackState => ({ ...state, pay: [], final: [], followup: [] });

export interface AttackInput<S = Record<string, unknown>> {
  attacker: Combatant<S>;
  defender: Combatant<S>;
  /** Attacks the attacker already made this round (0 for the first): two weapons' second blow, a routine's next attack. */
  attackIndex?: number;
  /** The encounter's round (0 before initiative). */
  round?: number;
  /** Everyone else in the encounter (allies for Get Down, flank counts…). */
  others: Combatant<S>[];
  /** A weapon from the attacker's sheet by name, or a dice expression like "1d8". */
  weapon?: string;
  situation: Situation;
  /** Who gave `situation.modifier`: only the referee's carries the referee's label. */
  modifierBy?: "referee" | "player";
  /**
   * The attacker's place in this round's order against the defender's: "attacker first" (won initiative),
   * "same" (a tie, simultaneous), "defender first". Absent before the order is rolled.
   */
  order?: PlaceOrder;
  /** The referee's `override:true`: a rule that would refuse this attack (a B/X house rules extra attack at one who is not a Normal Man) lets it through, with a note. */
  override?: boolean;
}

export type PlaceOrder = "attacker first" | "same" | "defender first";

/** The label of `situation.modifier` on the roll: the referee's in the book's word for the referee, a player's as the player's. */
export const modifierLabel = (by: AttackInput["modifierBy"], referee: string): string =>
  by === "referee" ? referee : by === "player" ? "player's modifier" : "modifier";

/** The attack, as a rule system gives it (its odds are a capability, ./capabilities.ts). */
export interface AttackRules<Sheet> {
  attack: {
    begin(input: AttackInput<Sheet>, dice: DiceBag): AttackState;
    /** Press an option (including "take"); returns the next state. Throws RuleError for an option not open. */
    react(state: AttackState, optionId: string, input: AttackInput<Sheet>, dice: DiceBag): AttackState;
    /** No one reacted in time: make it final as if "take" were pressed, and skip follow-ups (from "followups" it gives nothing new). */
    lapse(state: AttackState, input: AttackInput<Sheet>, dice: DiceBag): AttackState;
  };
}
