/**
 * seed 000, "Combat Steps", "Initiative", "Movement", "Two-Weapon Fighting and
 * One Hand Free": the round as The Third Age plays it.
 *
 * 1. Declare movement in melee (group initiative: "first declare if a character
 *    will move out of melee"); 2. roll initiative; 3. each turn: morale,
 *    movement, attack/spell/improvised action. A move while engaged costs −2 AC
 *    for the round; standing up from prone uses the turn's movement; two light
 *    weapons give two attacks, −2 then −4.
 */
import type { DiceBag } from "../../dice/bag.js";
import { baseCannotAct, baseRound, offered, oneAttack } from "../../round/economy.js";
import { COMMON_CONDITIONS } from "../../round/words.js";
import {
  RuleError,
  type Declaration,
  type DeclareInput,
  type CampaignOptions,
  type DeclareResult,
  type Effect,
  type InitiativeInput,
  type RoundContext,
  type RoundRules,
  type RoundStartResult,
  type SystemWords,
} from "../types.js";
import { parseDice } from "./dice.js";
import { clearRoundConditions, moveInMelee, standUp } from "./damage.js";
import { movementAllowance } from "./dungeon.js";
import { settingsSchema } from "./settings.js";
import { REF } from "./refs.js";
import { isDown, stateOf, type TAC, type ThirdAgeSheet } from "./sheet.js";
import { argOf } from "../../marks.js";

/** Condition keys the round sets. */
export const MOVED = "moved-in-melee";
export const TWO_WEAPONS = "two-weapons";

export const words = {
  conditions: {
    ...COMMON_CONDITIONS,
    surprised: { label: "surprised (cannot act in the first round)", lasts: "round" },
    [MOVED]: { label: "moved while engaged in melee (−2 AC this round)", lasts: "round" },
    [TWO_WEAPONS]: { label: "fighting with two weapons (−2, then −4)", lasts: "round" },
    prone: { label: "prone (−2 AC, −2 to attack; standing up uses the turn's movement)", lasts: "encounter" },
    unconscious: { label: "unconscious (0 HP or below)", lasts: "healed" },
    dead: { label: "dead", lasts: "permanent" },
  },
  describe: (c, name) => {
    const foe = argOf(c, "shield vs");
    return foe === undefined ? undefined : { label: `shielded against ${name(foe)}`, lasts: "round" };
  },
} satisfies SystemWords;

declare module "../../marks.js" {
  interface DeclaredMarks {
    "third-age": keyof typeof words.conditions;
  }
}

/** Weapons of d6 damage or less held in one hand (seed 000, "Two-Weapon Fighting": "2 weapons of d6 damage or less"); bows need both hands. */
export function lightWeapons(sheet: ThirdAgeSheet): ThirdAgeSheet["weapons"] {
  return sheet.weapons.filter((w) => {
    if (w.kind === "ranged") return false;
    const e = parseDice(w.damage);
    return e.count <= 1 && e.sides <= 6;
  });
}

/** Whether this attack is made with two weapons: declared this round, or asked for on the attack. */
export function fightsWithTwo(c: TAC, situation: { twoWeapons?: boolean }): boolean {
  return situation.twoWeapons === true || stateOf(c).conditions.includes(TWO_WEAPONS);
}

const MOVE_OUT: Declaration = {
  id: "move-out",
  label: "Move out of melee (−2 AC)",
  rule: REF.initiative,
  when: "before",
  excludes: ["stand"],
};
const MOVE: Declaration = {
  id: "move",
  label: "Move while engaged (−2 AC)",
  rule: REF.movement,
  when: "turn",
  excludes: ["stand"],
};
const STAND: Declaration = {
  id: "stand",
  label: "Stand up (uses movement)",
  rule: REF.movement,
  when: "turn",
  excludes: ["move", "move-out"],
};
const TWO: Declaration = { id: "two-weapons", label: "Two weapons (−2, then −4)", rule: REF.twoWeapons, when: "turn" };

const moved = (declared: string[]) => declared.some((d) => d === "move" || d === "move-out" || d === "stand");

/** What `who` may declare now: before initiative a move out of melee; on its turn a move, standing up, two weapons. */
function declarations(who: TAC, ctx: RoundContext<ThirdAgeSheet> & { phase: "declare" | "act" }): Declaration[] {
  if (baseCannotAct({ isDown, rule: REF.combatSteps })(who, ctx)) return [];
  const prone = stateOf(who).conditions.includes("prone");
  const out: Declaration[] = [];
  if (ctx.phase === "declare") {
    if (!prone && !moved(ctx.declared)) out.push(MOVE_OUT);
    return out;
  }
  if (prone && !moved(ctx.declared)) out.push(STAND);
  if (!prone && !moved(ctx.declared)) out.push(MOVE);
  if (
    lightWeapons(who.sheet).length >= 2 &&
    !ctx.declared.includes(TWO.id) &&
    !stateOf(who).conditions.includes(TWO_WEAPONS)
  )
    out.push(TWO);
  return out;
}

const yards = () => {
  const m = movementAllowance("combat");
  return `${m.feet}' (${m.squares} squares)`;
};

function declare(input: DeclareInput<ThirdAgeSheet>, _dice: DiceBag): DeclareResult {
  const who = input.who;
  const ctx = {
    round: input.round,
    declared: input.declared,
    others: input.others,
    ...(input.settings ? { settings: input.settings } : {}),
  };
  const open = [...declarations(who, { ...ctx, phase: "declare" }), ...declarations(who, { ...ctx, phase: "act" })];
  const d = offered(open, input.id, who.name);
  const effects: Effect[] = [];
  const lines: string[] = [];
  if (d.id === "move" || d.id === "move-out") {
    const r = moveInMelee(who);
    effects.push({ targetId: who.id, addConditions: [MOVED] });
    lines.push(
      `${who.name} ${d.id === "move-out" ? "will move out of melee" : "moves while engaged"} (up to ${yards()}): ${r.result.lines[0]}`,
    );
    lines.push("A character who begins the turn adjacent to an enemy and uses movement has −2 AC for the round.");
  } else if (d.id === "stand") {
    const r = standUp(who);
    effects.push({ targetId: who.id, removeConditions: ["prone"] });
    lines.push(
      `${r.result.title}: ${(r.result.lines[0] ?? "").replace("this round's movement", `this turn's movement (${yards()})`)}`,
    );
  } else {
    const light = lightWeapons(who.sheet);
    if (light.length < 2)
      throw new RuleError(`${who.name} needs two weapons of d6 damage or less on the sheet to fight with two weapons.`);
    effects.push({ targetId: who.id, addConditions: [TWO_WEAPONS] });
    lines.push(
      `${who.name} fights with ${light[0]!.name} and ${light[1]!.name}: two attacks this round, the first at −2 and the second at −4.`,
    );
  }
  const rules = d.id === "stand" ? [REF.movement, REF.choice("standing up uses movement")] : [d.rule];
  return { title: `${who.name}: ${d.label}`, lines, rules, rolls: [], effects };
}

/** One attack; two when fighting with two weapons of d6 or less. */
function allowance(who: TAC, ctx: RoundContext<ThirdAgeSheet>) {
  if (ctx.declared.includes(TWO.id) || stateOf(who).conditions.includes(TWO_WEAPONS))
    return { attacks: 2, why: "two weapons: the first attack at −2, the second at −4", rule: REF.twoWeapons };
  const one = oneAttack(REF.combatSteps);
  return lightWeapons(who.sheet).length >= 2
    ? { ...one, why: `${one.why}; declare Two weapons on your turn for two, at −2 and −4` }
    : one;
}

/** The round's end: the −2 AC of moving in melee and two-weapon fighting end; surprise lasts only the first round. */
function end(input: InitiativeInput<ThirdAgeSheet>, _dice: DiceBag): RoundStartResult {
  const effects: Effect[] = [];
  const ended: string[] = [];
  for (const c of input.combatants) {
    const before = stateOf(c).conditions;
    const after = clearRoundConditions(stateOf(c), input.round + 1).conditions;
    const gone = before.filter((x) => !after.includes(x));
    if (!gone.length) continue;
    effects.push({ targetId: c.id, removeConditions: gone });
    if (gone.includes(MOVED)) ended.push(`${c.name}'s −2 AC for moving in melee`);
  }
  const lines = [`Round ${input.round} ends.`];
  if (ended.length) lines.push(`Ends: ${ended.join(", ")}.`);
  return {
    title: `End of round ${input.round}`,
    lines,
    rules: [REF.combatSteps, REF.movement],
    rolls: [],
    cannotAct: [],
    effects,
  };
}

export const round: RoundRules<ThirdAgeSheet> = {
  // "Combat Steps" lists "Roll Initiative" in every round: the order is rolled again each round.
  ...baseRound<ThirdAgeSheet>({
    isDown: (c) => isDown(c),
    rule: REF.combatSteps,
    surpriseRule: REF.surprise,
    rerolls: () => true,
  }),
  declarations,
  declare,
  allowance,
  end,
};

/** seed 000, "Random Encounters": a check "every turn to every three turns"; group initiative is the default. */
export const campaignOptions: CampaignOptions = {
  defaults: { initiative: "group", wanderingEvery: 1 },
  own: {
    wanderingEvery: {
      words: "wandering-monster check every N dungeon turns (the text: every turn to every three turns)",
      allowed: "1, 2 or 3",
      schema: settingsSchema.shape.wanderingEvery,
    },
  },
};
