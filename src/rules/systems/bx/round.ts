/**
 * seed 002, "Combat Sequence Per Round": the round as B/X plays it. Spells and
 * melee movement are declared before initiative ("Declare Spells and Melee
 * Movement"); PCs attack once a round ("Attacks Per Round"); a caster
 * attacks nothing that round ("Sole action") and a retreating combatant may
 * not attack ("In Melee").
 */
import { BX_FAMILIES } from "./marks.js";
import { baseRound, offered, oneAttack, routineAttacks } from "../../round/economy.js";
import { COMMON_CONDITIONS, REFEREE_CONDITIONS, isOut } from "../../round/words.js";
import type { DiceBag } from "../../dice/bag.js";
import { z } from "zod";
import {
  RuleError,
  type Allowance,
  type Combatant,
  type ConditionWord,
  type Declaration,
  type DeclareInput,
  type DeclareResult,
  type Lifetime,
  type RoundContext,
  type RoundRules,
  type RuleSystem,
  type SystemOption,
  type SystemWords,
} from "../types.js";
import { canCastSpell } from "./initiative.js";
import type { BxSettings } from "./settings.js";
import type { BxSheet } from "./sheet.js";
import { encounterMove, meleeMovement } from "./time.js";
import { encumberedRate, readEncumbrance } from "./load.js";
import { moveAway, moveToward } from "./distance.js";
import type { Mark } from "../../marks.js";
import { argIn, marksIn, parseMark } from "../../marks.js";
import { movedRounds, spellNamed } from "./marks.js";

const w = (label: string, lasts: Lifetime): ConditionWord => ({ label, lasts });

export const R_DECLARE = 'seed 002, "Declare Spells and Melee Movement"';
export const R_SPELL = 'seed 002, "Spell Casting"';
export const R_DISRUPT = 'seed 002, "Disrupting Spells"';
export const R_IN_MELEE = 'seed 002, "In Melee"';
export const R_PER_ROUND = 'seed 002, "Attacks Per Round"';
export const R_OUTSIDE = 'seed 002, "Outside of Melee"';

export const BX_CONDITIONS = {
  ...COMMON_CONDITIONS,
  casting: w("casting a spell (declared)", "round"),
  "spell lost": w("spell disrupted: lost from memory", "round"),
  "spell cast": w("has cast a spell this round", "round"),
  retreating: w("retreating: no attack, foes +2 and no shield", "round"),
  withdrawing: w("fighting withdrawal", "round"),
  moving: w("moving at encounter rate", "round"),
  gagged: w("gagged", "permanent"),
  bound: w("bound", "permanent"),
  silenced: w("in magical silence", "encounter"),
  // seed 002, "Spell Casting": "Line of sight: … the intended target … must be visible to the caster."
  unseen: w("unseen (no spell can be aimed at it)", "encounter"),
} satisfies Record<string, ConditionWord>;

declare module "../../marks.js" {
  interface DeclaredMarks {
    bx: keyof typeof BX_CONDITIONS;
  }
}

/**
 * seed 002, "Spell Casting": "cannot be cast if gagged, bound, or … silence", and a target "must be visible to the
 * caster": the referee sets these with /condition (unseen: invisible, hidden, in darkness, out of sight).
 */
export const BX_REFEREE_SETS = [...REFEREE_CONDITIONS, "gagged", "bound", "silenced", "unseen"];

export const bxWords: SystemWords = {
  conditions: BX_CONDITIONS,
  families: BX_FAMILIES,
  refereeSets: BX_REFEREE_SETS,
  // "at:<feet>": a place on the encounter's line (distance.ts), read by attacks, not a word on the board.
  describe: (c) => {
    const { family, arg } = parseMark(c);
    return family === "moved"
      ? w(`moved ${arg} rounds at encounter rate`, "encounter")
      : family === "at"
        ? w("", "encounter")
        : family === "spell"
          ? SPELL_WORD
          : undefined;
  },
};

/**
 * The spell's name, as the player gave it with "Cast a spell" ("spell:Sleep"): kept for the round, read by the
 * lines that tell of the spell (it goes off, it is disrupted) and by the refusals; the roster shows it beside
 * the declaration, so the mark itself shows nothing.
 */
export const SPELL_WORD: ConditionWord = w("", "round");

/** The name of the spell `c` declared this round, if the player gave one. */
export const spellName = <S>(c: Combatant<S>): string | undefined => argIn(c.state.conditions, "spell") || undefined;

/** "spell (Sleep)", or "spell" when no name was given: "the spell (Sleep) goes off", "Tamsin's spell (Sleep)". */
export const spellWords = <S>(c: Combatant<S>): string => {
  const name = spellName(c);
  return name ? `spell (${name})` : "spell";
};

/** "casting Sleep", or "casting" when no name was given: "Tamsin was casting Sleep: …". */
export const castingWords = <S>(c: Combatant<S>): string => {
  const name = spellName(c);
  return name ? `casting ${name}` : "casting";
};

const has = (c: Combatant<BxSheet>, cond: Mark) => c.state.conditions.includes(cond);

/**
 * The combatant a spell is aimed at, by the name given with it: "Sleep at Goblin 1", "Hold Person on Dorn" (the words
 * after the last "at" or "on" that name a combatant of the fight). None when no combatant is named (an area, oneself).
 */
export function spellTarget<S>(spell: string | undefined, others: Combatant<S>[]): Combatant<S> | undefined {
  if (!spell) return undefined;
  const re = /\s(?:at|on)\s+/gi;
  let found: Combatant<S> | undefined;
  for (let m = re.exec(spell); m; m = re.exec(spell)) {
    const named = spell
      .slice(m.index + m[0].length)
      .trim()
      .toLowerCase();
    found = others.find((o) => o.name.toLowerCase() === named) ?? found;
  }
  return found;
}

/** seed 002, "Spell Casting": why the spell cannot be aimed at `target` (unseen), or null. */
function unseenTarget<S>(who: Combatant<BxSheet>, target: Combatant<S> | undefined): string | null {
  if (!target) return null;
  const why = canCastSpell({ targetVisible: !target.state.conditions.includes("unseen") });
  return why.length
    ? `${who.name} cannot aim a spell at ${target.name}: ${target.name} is unseen, and the intended target must be visible to the caster (Basic/Expert · Spell Casting, "Line of sight"). A spell whose description says otherwise is declared without naming the target.`
    : null;
}

/** Rounds already spent moving at encounter rate this fight ("moved:<n>"). */
export function roundsMoved(c: Combatant<BxSheet>): number {
  return Number(argIn(c.state.conditions, "moved") ?? 0) || 0;
}

export const BX_DECLARATIONS: Declaration[] = [
  {
    id: "spell",
    label: "Cast a spell",
    rule: R_DECLARE,
    when: "before",
    detail: "the spell's name (and its target: Sleep at Goblin 1)",
    excludes: ["withdrawal", "retreat", "move"],
  },
  {
    id: "withdrawal",
    label: "Fighting withdrawal",
    rule: R_IN_MELEE,
    when: "before",
    excludes: ["spell", "retreat", "move"],
  },
  { id: "retreat", label: "Retreat", rule: R_IN_MELEE, when: "before", excludes: ["spell", "withdrawal", "move"] },
  {
    id: "move",
    label: "Move (encounter rate)",
    rule: R_OUTSIDE,
    when: "before",
    excludes: ["spell", "withdrawal", "retreat"],
  },
];
export const CAST_NOW: Declaration = { id: "cast", label: "The spell goes off", rule: R_SPELL, when: "turn" };

/** Spellcasting classes (B/X: cleric, magic-user, elf; and their kin). Monsters: the referee decides. */
const CASTERS = ["cleric", "magic-user", "magic user", "mage", "wizard", "elf", "druid", "illusionist"];
export const canCast = (c: Combatant<BxSheet>): boolean =>
  c.kind === "monster" || CASTERS.includes(c.sheet.class.trim().toLowerCase());

export function bxDeclarations(
  who: Combatant<BxSheet>,
  ctx: RoundContext<BxSheet> & { phase: "declare" | "act" },
  all = false,
): Declaration[] {
  if (isOut(who)) return [];
  if (ctx.phase === "declare") return BX_DECLARATIONS.filter((d) => all || d.id !== "spell" || canCast(who));
  // The spell goes off by itself when the caster's place comes (bxOnTurn): no button; `cast` stays for /declare's checks.
  return all && has(who, "casting") ? [CAST_NOW] : [];
}

/**
 * The rate a combatant moves at in this fight: its movement, slowed by what it carries under the campaign's
 * encumbrance option (seed 002, "Option 1"/"Option 2", the same rate the dungeon turn uses). Over the maximum
 * load it cannot move at all.
 */
export function fightRate(input: { who: Combatant<BxSheet>; settings?: Record<string, unknown> }): number {
  const e = encumberedRate(input.who.sheet, readEncumbrance(input.settings));
  if (!e.canMove) throw new RuleError(`${input.who.name} cannot move: ${e.why}.`);
  return e.perTurn;
}

const result = (
  title: string,
  lines: string[],
  rules: string[],
  effects: DeclareResult["effects"] = [],
): DeclareResult => ({ title, lines, rules, rolls: [], effects });

/** seed 002, "Declare Spells and Melee Movement": a spell is declared before initiative, if the caster can speak, move its hands and see the target. */
function declareSpell(input: DeclareInput<BxSheet>): DeclareResult {
  const who = input.who;
  const why = canCastSpell({
    gagged: has(who, "gagged"),
    bound: has(who, "bound"),
    silenced: has(who, "silenced"),
    movedThisRound: ["withdrawal", "retreat", "move"].some((x) => input.declared.includes(x)),
  });
  if (why.length) throw new RuleError(`${who.name} cannot cast a spell: ${why.join(" ")}`);
  const spell = input.detail?.replace(/\s+/g, " ").trim().slice(0, 60);
  const unseen = unseenTarget(who, spellTarget(spell, input.others));
  if (unseen) throw new RuleError(unseen);
  const effects: DeclareResult["effects"] = [
    { targetId: who.id, addConditions: ["casting", ...(spell ? [spellNamed(spell)] : [])] },
  ];
  return {
    ...result(
      `${who.name} prepares ${spell ? spell : "a spell"}`,
      [
        "Casting is the round's sole action and the caster cannot move. If the caster's side loses initiative and the caster is hit before acting, the spell is lost.",
      ],
      [R_DECLARE, R_SPELL],
      effects,
    ),
    ...(spell ? { shows: spell } : {}),
  };
}

/** seed 002, "Spell Casting": the declared spell goes off at the caster's turn, unless disrupted or the caster is now gagged, bound, silenced or blind to the target. */
function castSpell(input: DeclareInput<BxSheet>): DeclareResult {
  const who = input.who;
  if (has(who, "spell lost"))
    throw new RuleError(`${who.name}'s ${spellWords(who)} was disrupted this round: it is lost.`);
  const why = canCastSpell({
    gagged: has(who, "gagged"),
    bound: has(who, "bound"),
    silenced: has(who, "silenced"),
  });
  if (why.length) throw new RuleError(`${who.name} cannot cast a spell: ${why.join(" ")}`);
  const unseen = unseenTarget(who, spellTarget(spellName(who), input.others));
  if (unseen) throw new RuleError(unseen);
  return result(
    `${who.name}'s ${spellWords(who)} goes off`,
    ["The spell is cast as intended."],
    [R_SPELL],
    [{ targetId: who.id, removeConditions: ["casting"], addConditions: ["spell cast"] }],
  );
}

/** seed 002, "In Melee": a fighting withdrawal or a retreat backs away from the foe. */
function declareMeleeMove(input: DeclareInput<BxSheet>, kind: "withdrawal" | "retreat"): DeclareResult {
  const who = input.who;
  const m = meleeMovement(kind, fightRate(input));
  const away = moveAway(who, input.others, m.distance);
  return result(
    kind === "withdrawal" ? `${who.name} makes a fighting withdrawal` : `${who.name} retreats`,
    [...m.lines, ...(away.line ? [away.line] : [])],
    [R_IN_MELEE],
    [{ targetId: who.id, addConditions: [kind === "withdrawal" ? "withdrawing" : "retreating"] }, ...away.effects],
  );
}

/** seed 002, "Outside of Melee": a move at encounter rate, for at most 60 rounds. */
function declareEncounterMove(input: DeclareInput<BxSheet>): DeclareResult {
  const who = input.who;
  const moved = roundsMoved(who);
  const m = encounterMove(fightRate(input), moved);
  if (!m.allowed) throw new RuleError(`${who.name} cannot move at encounter rate any more: ${m.reason}.`);
  const prev = marksIn(who.state.conditions, "moved");
  // Toward the nearest foe on the encounter's line (distance.ts), stopping at it.
  const toward = moveToward(who, input.others, m.perRound);
  return result(
    `${who.name} moves`,
    [`Up to ${m.perRound}' this round (round ${moved + 1} of at most 60).`, ...(toward.line ? [toward.line] : [])],
    [R_OUTSIDE],
    [
      { targetId: who.id, addConditions: ["moving", movedRounds(moved + 1)], removeConditions: prev },
      ...toward.effects,
    ],
  );
}

/** The declarations both bx and the house rules share. */
export function bxDeclare(input: DeclareInput<BxSheet>, _dice: DiceBag): DeclareResult {
  const who = input.who;
  const d = offered(
    bxDeclarations(
      who,
      {
        round: input.round,
        declared: input.declared,
        others: input.others,
        phase: input.id === "cast" ? "act" : "declare",
      },
      true,
    ),
    input.id,
    who.name,
  );
  switch (d.id) {
    case "spell":
      return declareSpell(input);
    case "cast":
      return castSpell(input);
    case "withdrawal":
    case "retreat":
      return declareMeleeMove(input, d.id);
    default:
      return declareEncounterMove(input);
  }
}

/**
 * PCs attack once a round; a monster its routine; nothing while casting or retreating. seed 002, "Spell Casting":
 * "No other actions may be taken in the round when casting a spell", and "Disrupting Spells": a disrupted spell
 * is gone "as if it had been cast": the caster has spent the round on it and has lost it.
 */
export function bxAllowance(who: Combatant<BxSheet>, _ctx: RoundContext<BxSheet>): Allowance {
  if (has(who, "retreating")) return { attacks: 0, why: "retreating: may not attack this round", rule: R_IN_MELEE };
  if (has(who, "spell lost")) {
    const spell = spellWords(who);
    return {
      attacks: 0,
      why: `the ${spell} was disrupted: casting was the round's sole action, and the round is lost`,
      refusal: `${who.name}'s ${spell} was disrupted: ${who.name} has lost this round (casting a spell is the round's sole action).`,
      rule: R_DISRUPT,
    };
  }
  if (has(who, "casting") || has(who, "spell cast"))
    return { attacks: 0, why: `casting ${spellName(who) ?? "a spell"}: no other action this round`, rule: R_SPELL };
  if (who.kind === "monster") {
    const n = routineAttacks(who.sheet);
    if (n > 1) return { attacks: n, why: `${n} attacks (the monster's routine)`, rule: R_PER_ROUND };
  }
  return oneAttack(R_PER_ROUND);
}

export const bxRound: RoundRules<BxSheet> = {
  ...baseRound<BxSheet>({ isDown: isOut, rule: R_PER_ROUND, rerolls: () => true }),
  declarations: bxDeclarations,
  declare: bxDeclare,
  allowance: bxAllowance,
  // seed 002, "Initiative": ties "resolved simultaneously … both sides may inflict deadly blows".
  fallenStrike: "a tie is resolved simultaneously: both sides may inflict deadly blows",
  onTurn: bxOnTurn,
};

/**
 * seed 002, "Spell Casting" in "Combat Sequence Per Round": the winning side acts (… spell casting …).
 * A spell declared before initiative goes off when the caster's place in the order comes, without a tap;
 * a spell disrupted before then is already gone.
 */
export function bxOnTurn(
  who: Combatant<BxSheet>,
  ctx: RoundContext<BxSheet>,
): { lines: string[]; effects: DeclareResult["effects"] } | null {
  if (!has(who, "casting") || has(who, "spell lost")) return null;
  // seed 002, "Spell Casting": gagged, bound or silenced since the declaration: the spell cannot be cast.
  const why = canCastSpell({ gagged: has(who, "gagged"), bound: has(who, "bound"), silenced: has(who, "silenced") });
  if (why.length)
    return {
      lines: [`${who.name}'s turn: the ${spellWords(who)} cannot be cast. ${why.join(" ")}`],
      effects: [{ targetId: who.id, removeConditions: ["casting"] }],
    };
  // "Line of sight": a target the referee marked unseen since the declaration: the spell is not cast (nor lost).
  const unseen = unseenTarget(who, spellTarget(spellName(who), ctx.others));
  if (unseen)
    return {
      lines: [`${who.name}'s turn: the ${spellWords(who)} is not cast. ${unseen}`],
      effects: [{ targetId: who.id, removeConditions: ["casting"] }],
    };
  return {
    lines: [`${who.name}'s turn: the ${spellWords(who)} goes off.`],
    effects: [{ targetId: who.id, removeConditions: ["casting"], addConditions: ["spell cast"] }],
  };
}

/** seed 002's optional rules, as campaign options: initiative ties, variable weapon damage, encumbrance. */
export const BX_OPTIONS: Record<string, SystemOption> = {
  ties: { words: "initiative ties", allowed: "simultaneous or reroll", schema: z.enum(["simultaneous", "reroll"]) },
  damage: {
    words: "damage dice (weapon: Variable Weapon Damage; d6: every attack 1d6)",
    allowed: "weapon or d6",
    schema: z.enum(["weapon", "d6"]),
  },
  encumbrance: {
    words: "encumbrance",
    allowed: "none, basic or detailed",
    schema: z.enum(["none", "basic", "detailed"]),
  },
};

/** The campaign's options as createBx takes them. */
export function bxSettingsFrom(st: Record<string, unknown>): Partial<BxSettings> {
  return {
    ...(st.ties ? { initiativeTies: st.ties as BxSettings["initiativeTies"] } : {}),
    ...(st.damage ? { variableDamage: st.damage === "weapon" } : {}),
    ...(st.encumbrance ? { encumbrance: st.encumbrance as BxSettings["encumbrance"] } : {}),
    ...(st.monsterHp ? { monsterHp: st.monsterHp as BxSettings["monsterHp"] } : {}),
    ...(st.distance ? { distance: st.distance as BxSettings["distance"] } : {}),
  };
}

/** The encounter's distance as a campaign option (B/X and the house rules built on it). */
export const DISTANCE_OPTION: SystemOption = {
  words:
    "the encounter's distance (kept: the sides start at the rolled distance, moves change it and every attack checks it; referee: only a distance typed on an attack is checked)",
  allowed: "kept or referee",
  schema: z.enum(["kept", "referee"]),
};

export function bxCampaignOptions(
  build: (st: Record<string, unknown>) => RuleSystem<BxSheet>,
): RuleSystem<BxSheet>["campaignOptions"] {
  return {
    // seed 002: group initiative; "1d6 unless variable damage is chosen"; ties are rerolled.
    defaults: {
      initiative: "group",
      initiativeDex: true,
      wanderingEvery: 2,
      ties: "reroll",
      damage: "d6",
      encumbrance: "none",
      monsterHp: "rolled",
      distance: "referee",
    },
    own: {
      ...BX_OPTIONS,
      // seed 002, "Individual Initiative (Optional Rule)": each roll adds the DEX modifier, always; the option shows it and cannot turn it off.
      initiativeDex: {
        words: "add Dexterity to individual initiative (always, as the text's individual initiative does)",
        allowed: "on (the text always adds it)",
        schema: z.literal(true),
      },
      monsterHp: {
        words: "monsters' hit points (rolled from their hit dice, or the preset's listed average)",
        allowed: "rolled or listed",
        schema: z.enum(["rolled", "listed"]),
      },
      distance: DISTANCE_OPTION,
    },
    configure: (st) => build(st),
  };
}
