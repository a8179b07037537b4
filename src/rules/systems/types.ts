/**
 * The contract every rule system implements. Pure: no I/O, no clock, no
 * Discord. Randomness arrives as a DiceBag; every result names the rule that
 * produced it and carries the dice it used, so the embed can show both.
 */
import type { z } from "zod";
import type { DiceBag, DiceRoll } from "../dice/bag.js";
import type { Mark } from "../marks.js";

/** A system's id: the registry (src/rules/systems/index.ts) is keyed by exactly these. */
export type SystemId = "third-age" | "bx" | "bx-house" | "siege" | "life-guard";

/** A citation of the seed text: `seed 000, "Attack Rolls"`. */
export type RuleRef = string;

/** What every resolved rule returns. */
export interface RuleResult {
  /** Short title for the embed ("Surprise", "Reaction: Unfriendly"). */
  title: string;
  /** The outcome in words, one line each. */
  lines: string[];
  /** The rules that produced it. */
  rules: RuleRef[];
  /** Every roll made, in order. */
  rolls: DiceRoll[];
}

/** A system that lacks a rule declares it; commands show `message` instead of failing. */
export interface Unsupported {
  unsupported: true;
  /** e.g. "The Third Age has no saving throws: use /check Body". */
  message: string;
}
export const isUnsupported = (x: unknown): x is Unsupported =>
  typeof x === "object" && x !== null && (x as Unsupported).unsupported === true;

export type Side = "party" | "foes";

/**
 * A fighter as rules see it: the sheet (validated by the system's schema) and
 * the mutable state for this fight / campaign (HP, Guard, stamina, conditions).
 */
export interface Combatant<Sheet = Record<string, unknown>, State = CombatState> {
  id: string;
  name: string;
  side: Side;
  kind: "pc" | "retainer" | "monster";
  sheet: Sheet;
  state: State;
}

/** The state every system keeps; systems add their own keys (guard, life, stamina, scars…). */
export interface CombatState {
  /** Conditions in words, lower-case: "prone", "unconscious", "dying", "dead", "surprised"… (src/rules/marks.ts) */
  conditions: Mark[];
  [key: string]: unknown;
}

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

/** Kinds of damage: "illusion" only where a system offers it (`damageKinds`: Castles & Crusades' illusory damage). */
export type DamageKind = "normal" | "subdual" | "illusion";

/** A change to apply to a combatant: what an attack costs or does, what a declaration or a round's end sets. */
export interface Effect {
  targetId: string;
  /** Damage before the target's own reductions (armour etc. are applied by `applyDamage`). */
  damage?: number;
  /** Damage already reduced by the system (applied as is). */
  damageKind?: DamageKind;
  staminaCost?: number;
  addConditions?: Mark[];
  removeConditions?: Mark[];
  /** Armour-piercing (Life & Guard): the target's Armour soaks at most this much of `damage`. */
  armourCap?: number;
  /** Fields of the target's sheet that change for good (Life & Guard: a torch expended leaves the weapons list). */
  sheet?: Record<string, unknown>;
  note?: string;
}

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
/** How an attack's outcome goes for the attacker: good (it lands), neutral (in part), bad (it fails or goes astray). */
export type Tone = "good" | "neutral" | "bad";

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
export const modifierLabel = (by: AttackInput["modifierBy"], referee: string): string => (by === "referee" ? referee : by === "player" ? "player's modifier" : "modifier");

export interface CheckInput<S = Record<string, unknown>> {
  who: Combatant<S>;
  /** One of the system's `attributes` (case-insensitive). */
  attribute: string;
  modifier?: number;
  /** For opposed/target numbers where the system needs one (difficulty, challenge level). */
  difficulty?: number;
}

export interface SaveInput<S = Record<string, unknown>> {
  who: Combatant<S>;
  kind?: string;
  modifier?: number;
  /** In a fight: the place acting now against the one who saves ("attacker first": its turn has not come yet this round). */
  order?: PlaceOrder;
  /** Optional: the damage of the effect saved against (a breath, a spell), already rolled; a system that ties it to the save returns it as a damage effect. */
  damage?: number;
}

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

export interface SurpriseResult extends RuleResult {
  surprised: Record<Side, boolean>;
  /** When members check one by one (Castles & Crusades): exactly who is surprised; play marks these instead of whole sides. */
  surprisedIds?: string[];
}

export interface ReactionRollResult extends RuleResult {
  /** The band in words: "Immediate Hostility", "Friendly"… */
  reaction: string;
}

export interface MoraleResult extends RuleResult {
  holds: boolean;
  /** Marks the roll leaves on those who rolled ("morale made once", "fights to the death", "fled"); play applies them in a fight. */
  effects?: Effect[];
}

export interface LoyaltyResult extends RuleResult {
  outcome: "stays" | "hesitates" | "deserts";
}

export interface DamageResult {
  state: CombatState;
  result: RuleResult;
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

export interface StateView {
  /** "HP 5/8", "Guard 3/7 · Life 7/7". */
  summary: string;
  /** 0..1 for a bar. */
  fraction: number;
  /**
   * Where it stands, in the system's words: "dead", "unconscious", "dying", "wounded", "out of
   * stamina"…; "" when there is nothing to say (unhurt). Never "fine" for someone who is not.
   */
  status: string;
}

/**
 * How long a mark lasts. "attack": only while one attack resolves; "round": to
 * the end of the round it was set in; "next-round": to the end of the round
 * after; "turn": the campaign's 10-minute turn (kept across fights in it);
 * "encounter": until the fight ends; "healed": until healing or rest removes it;
 * "permanent": for good. Fight marks ("attack" to "encounter") are never written
 * onto a sheet.
 */
export type Lifetime = "attack" | "round" | "next-round" | "turn" | "encounter" | "healed" | "permanent";

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

/** A campaign option the system adds (or one of the shared ones it narrows, like Third Age's wandering interval). */
export interface SystemOption {
  /** In words, for /campaign show: "initiative ties". */
  words: string;
  /** The values allowed, in words: "reroll or simultaneous". */
  allowed: string;
  /** Validates a typed value (already turned into a boolean or number where it reads as one). */
  schema: z.ZodType;
}

/** The campaign's options as this system sees them: its defaults and its own options. */
export interface CampaignOptions {
  /** Defaults this text sets for the shared options (initiative method, wandering interval…) and its own. */
  defaults: Record<string, unknown>;
  /** Options only this system has (or shared ones it narrows), by key. */
  own: Record<string, SystemOption>;
  /** The system built with the campaign's options, when its rules read them (B/X: ties, variable damage). */
  configure?(settings: Record<string, unknown>): RuleSystem;
}

/** A party member for the dungeon's rules: a name and a sheet. */
export interface DungeonMember {
  name: string;
  sheet: Record<string, unknown>;
}

/** How far the party moves in a dungeon turn, in the system's words. */
export interface PartyMovement {
  /** Feet per dungeon turn, or null when the system gives no rate. */
  perTurn: number | null;
  line: string;
  rules: RuleRef[];
}

/** A wandering-monster check: whether it was made and whether something comes. */
export interface WanderingResult extends RuleResult {
  checked: boolean;
  encounter: boolean;
}

/** The dungeon as this system's text plays it (each optional: the shared procedure applies without it). */
export interface DungeonRules {
  /** The party's movement in a dungeon turn (`settings`: the campaign's options, e.g. B/X's encumbrance). */
  movement?(input: { members: DungeonMember[]; settings: Record<string, unknown>; loads: Record<string, number> }): PartyMovement;
  /** The text's own check, or null to use the shared "X in 6 every N turns". */
  wandering?(input: { turn: number; every: number; chance: number }, dice: DiceBag): WanderingResult | null;
  /**
   * What a dungeon turn is in this text (its heading), or the ruling followed where it has none; and the
   * same for light and supplies. Absent: B/X's "Time: Rounds and Turns" and "Resources".
   */
  cites?: { time: string; light: string; supplies: string };
  /** A faster pace the text offers and what it costs (The Third Age: no forewarning); the turn's movement at it. Absent: the text has none. */
  fast?: PartyMovement;
}

export interface RuleSystem<Sheet extends Record<string, unknown> = Record<string, unknown>> {
  id: SystemId;
  name: string;
  /** The sheet of a PC or retainer. Errors must name the field and the allowed range. */
  sheet: z.ZodType<Sheet>;
  /** The sheet of a monster (custom stats). */
  monster: z.ZodType<Sheet>;
  /** Monster presets by lower-case name ("standard", "goblin"). */
  presets: Record<string, Sheet>;
  /** Attribute names for /check, as the system spells them. */
  attributes: string[];
  /** Saving-throw kinds for /save, or Unsupported with what to use instead. */
  saves: string[] | Unsupported;
  /** Reactions / situation keys this system understands (for help and the "ignored" list). */
  situations: SituationKey[];
  /** The rule text's file number ("000"): code cites `seed 000, "Heading"`, players read the book's name. */
  seed: string;
  /** Conditions in words, with their lifetimes. */
  words: SystemWords;
  /** The campaign's options this system sets or adds. */
  campaignOptions: CampaignOptions;
  /** The dungeon's rules this text gives (movement, its wandering check). */
  dungeon?: DungeonRules;
  /** The combat round: declarations, the action economy, the round's end. */
  round: RoundRules<Sheet>;
  /** Fields shown on the sheet embed, in order: [label, value]. */
  describeSheet(sheet: Sheet): [string, string][];
  /** Fresh state for a new combatant from its sheet. */
  initialState(sheet: Sheet): CombatState;
  view(c: Combatant<Sheet>): StateView;

  check(input: CheckInput<Sheet>, dice: DiceBag): RuleResult & { success: boolean } | Unsupported;
  save(input: SaveInput<Sheet>, dice: DiceBag): SaveResult | Unsupported;
  /** `modifiers`: the referee's bonus or penalty to each side's roll; `settings`: the campaign's options (systems read those they know). */
  surprise(input: { party: Combatant<Sheet>[]; foes: Combatant<Sheet>[]; modifiers?: Partial<Record<Side, number>>; settings?: Record<string, unknown> }, dice: DiceBag): SurpriseResult | Unsupported;
  reaction(input: { leader?: Combatant<Sheet>; modifier?: number }, dice: DiceBag): ReactionRollResult | Unsupported;
  initiative(input: InitiativeInput<Sheet>, dice: DiceBag): InitiativeResult;
  roundStart(input: InitiativeInput<Sheet>, dice: DiceBag): RoundStartResult;
  /** `side`: whose morale (a text may give morale to monsters only). */
  morale(input: { who: Combatant<Sheet>[]; rating?: number; modifier?: number; side?: Side }, dice: DiceBag): MoraleResult | Unsupported;
  loyalty(input: { loyalty: number; modifier?: number }, dice: DiceBag): LoyaltyResult | Unsupported;
  /**
   * Talking foes into surrender, for systems whose text has it (The Third Age: a Charisma roll above the
   * monsters' morale). On success `effects` mark them surrendered.
   */
  parley?(input: { who: Combatant<Sheet>; targets: Combatant<Sheet>[]; intent: "intimidate" | "persuade"; rating?: number; modifier?: number }, dice: DiceBag): RuleResult & { success: boolean; effects: Effect[] };
  /** Starting loyalty of a retainer hired by `employer`. */
  startingLoyalty(employer: Combatant<Sheet> | undefined, retainerSheet?: Sheet): number;

  attack: {
    begin(input: AttackInput<Sheet>, dice: DiceBag): AttackState;
    /** Press an option (including "take"); returns the next state. Throws RuleError for an option not open. */
    react(state: AttackState, optionId: string, input: AttackInput<Sheet>, dice: DiceBag): AttackState;
    /** No one reacted in time: make it final as if "take" were pressed, and skip follow-ups (from "followups" it gives nothing new). */
    lapse(state: AttackState, input: AttackInput<Sheet>, dice: DiceBag): AttackState;
  };
  /** Exact chance to hit and the damage spread, before rolling (for /odds). */
  odds?(input: AttackInput<Sheet>): RuleResult | Unsupported;

  applyDamage(c: Combatant<Sheet>, amount: number, dice: DiceBag, kind?: DamageKind, opts?: { armourCap?: number }): DamageResult;
  /** The kinds of damage /damage offers beyond normal (absent: subdual only). */
  damageKinds?: DamageKind[];
  /** What rest restores, for systems that say: a dungeon turn of rest, or a long rest. */
  rest?(c: Combatant<Sheet>, kind: "turn" | "long"): DamageResult;
  /**
   * Treating a wound the text says lasts "until you are treated" (Life & Guard's Head Wound), between fights.
   * `by`: who treats (a name, or null for the referee). Throws RuleError when there is nothing to treat.
   */
  treat?(c: Combatant<Sheet>, by: string | null): DamageResult;
  /** Dungeon turns of rest in a row that make a long rest (Life & Guard: "rest for a few hours"); without it, rest is a turn's. */
  longRestTurns?: number;
  applyHealing(c: Combatant<Sheet>, amount: number): DamageResult;

  // ---- Optional: time, falls and rolled monsters (added for Castles & Crusades; any system may provide them) ----
  /** A monster's sheet as it enters a fight, its hit points rolled from its hit dice; null when `typed` (the referee's own fields) already sets them. */
  rollMonster?(sheet: Sheet, dice: DiceBag, typed: Record<string, unknown>): { sheet: Record<string, unknown>; result: RuleResult } | null;
  /** Falling damage from a height in feet, as the referee applies it (/damage fall). */
  fall?(who: Combatant<Sheet>, heightFt: number, dice: DiceBag): RuleResult & { damage: number };
  /** What game time outside a fight does to a combatant (subdual damage healing, waking up); null when nothing changes. */
  timePasses?(c: Combatant<Sheet>, minutes: number, dice: DiceBag): DamageResult | null;
  // ---- Morale cues and experience (added for The Third Age) ----
  /**
   * When the referee should be prompted to check a side's morale, after damage: `down` of `of`
   * non-player combatants of `side` are down. Null: no prompt. Absent: play's usual triggers.
   */
  moraleCue?(side: Side, down: number, of: number): MoraleCue | null;
  /** New XP for a character: the sheet fields that change (XP placed where the text says), and the words. */
  awardXp?(sheet: Sheet, amount: number): { patch: Record<string, unknown>; result: RuleResult };
  // ---- Distance, appearance, rest days and morale groups (added for B/X and its house rules) ----
  /** The distance between the sides when an encounter starts, by the text (surprise may change it). Play uses 2d6 × 10 feet without it. */
  encounterDistance?(input: { surprise: boolean; outdoors?: boolean }, dice: DiceBag): RuleResult;
  /**
   * The encounter keeps the distance between the sides (B/X): play places each combatant on the line with a mark
   * "at:<feet>" (the party at 0, the foes at the rolled distance; one added later with its side), the system's
   * moves change it and its attacks read it.
   */
  keepsDistance?: boolean;
  /** Where the foes come in, among `entries` ways in (the B/X house rules' "direction of appearance"): a roll the referee calls. */
  appearance?(input: { entries: number }, dice: DiceBag): RuleResult;
  /** Full days of complete rest: natural healing by the text (seed 002, "Healing"). */
  restDays?(c: Combatant<Sheet>, days: number, dice: DiceBag): DamageResult;
  /**
   * Who checks morale together (B/X: each creature type on its own, an ogre apart from its orcs), each group
   * named: play rolls once per group, and each roll's marks go to that group. Absent: the side rolls as one.
   */
  moraleGroups?(who: Combatant<Sheet>[]): { name: string; who: Combatant<Sheet>[] }[];
  // ---- Stat lines, silences and filled sheets (the table's comfort) ----
  /**
   * One stat line in the system's terms (B/X: `HD 4+1 AC 5 ATK 1d10 ML 10`) as the
   * key=value fields the monster schema reads, and the name in front if any.
   * Throws RuleError naming what it could not read.
   */
  statLine?(line: string): { name: string | null; fields: string };
  /** An example of that stat line, shown when a monster is not found (B/X: `HD 4+1 AC 5 ATK 1d10 ML 10`). */
  statLineExample?: string;
  /** Where the text is silent, what the bot uses, said once (in /help for the system) rather than on every number. */
  silent?: string;
  /**
   * A new sheet filled by the rules: what the text rolls (ability scores, hit
   * points by class and level) and derives from its tables, around what the
   * player typed (`typed` wins). Null when the text gives nothing to roll.
   */
  fillSheet?(typed: Record<string, unknown>, dice: DiceBag): FilledSheet | null;
}

// ---- Optional: a save that changes the one who rolled ---------------------------
/** A save's result; `effects` (optional) are applied to the one who rolled (Life & Guard: a Doomed PC's failed Life save kills). */
export interface SaveResult extends RuleResult {
  success: boolean;
  effects?: Effect[];
}
// ---- end of the optional save block --------------------------------------------

/** An error a player caused (bad option, reaction not open); the message says what to do. */
export class RuleError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "RuleError";
  }
}

/** A referee's prompt to check morale, and the rule behind it. */
export interface MoraleCue {
  words: string;
  rule: RuleRef;
}

/** What the rules fill in on a new sheet: rolled, derived, and what stays the player's own. */
export interface FilledSheet {
  /** The sheet's fields as rolled or derived, merged under what the player typed. */
  fields: Record<string, unknown>;
  /** How each was rolled or derived, one line each. */
  result: RuleResult;
  /** Fields the rules filled (rolled or from a table). */
  filled: string[];
}

