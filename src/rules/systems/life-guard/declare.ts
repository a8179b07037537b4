/**
 * What a Life & Guard combatant declares (seed 004, "Attacks": "All actions
 * are declared before being resolved"; "Actions and Modifiers": "Declare
 * actions before rolling dice"). Each declaration sets conditions (fight
 * marks) that the attack reads when it resolves.
 */
import type { DiceBag } from "../../dice/bag.js";
import { offered } from "../../round/economy.js";
import {
  RuleError,
  type Combatant,
  type Declaration,
  type DeclareInput,
  type DeclareResult,
  type Effect,
  type RoundContext,
} from "../types.js";
import { retreat } from "./checks.js";
import { treat } from "./damage.js";
import { engagedWith, moveRank } from "./ranks.js";
import { R } from "./refs.js";
import { doorwayCheck, DOORWAY, gridMove, shiftFrontLine } from "./grid.js";
import {
  armourEnchantmentCondition,
  canFight,
  enchantmentCondition,
  fieldCondition,
  fieldOf,
  rankCondition,
  RANKS,
  readState,
  type LifeGuardSheet,
  type Rank,
} from "./sheet.js";
import { argIn, argOf, attacking, hasFamily, marksIn, type Family, type Mark } from "../../marks.js";
import { blasting, front, oil } from "./marks.js";

type C = Combatant<LifeGuardSheet>;
type Ctx = RoundContext<LifeGuardSheet> & { phase: "declare" | "act" };

/** Declarations that spend the combatant's action this round (no attack after them). */
export const SPENDS_ACTION = ["move", "retreat", "oil", "enchant", "treat"] as const;
/** Applied before the first round's order, an oil or an Enchantment costs no action (see the Oils section of docs/rules/life-guard.md). */
export const freeBeforeFirstRound = (id: string, round: number) => (id === "oil" || id === "enchant") && round <= 1;

const d = (
  id: string,
  label: string,
  rule: string,
  when: Declaration["when"],
  extra: Partial<Declaration> = {},
): Declaration => ({ id, label, rule, when, ...extra });
// Declaring one of these replaces another this round; an oil stays on the weapon (it is not withdrawn by them).
const ACTION = { excludes: ["attack", "move", "retreat"] };

/** What `who` may declare now. */
export function declarations(who: C, ctx: Ctx): Declaration[] {
  if (!canFight(readState(who))) return [];
  const when: Declaration["when"] = ctx.phase === "declare" ? "before" : "turn";
  const tags = new Set(who.sheet.weapons.flatMap((w) => w.tags));
  const list: Declaration[] = [];
  if (ctx.round <= 1 && ctx.phase === "declare")
    list.push(d("place", "Start in a rank", R.positioning, "before", { detail: "rank: melee, reach or ranged" }));
  list.push(d("attack", "Attack a foe", R.attacks, when, { detail: "the foe's name", ...ACTION }));
  list.push(
    d("move", "Move a rank", R.movement, when, {
      detail: "rank: melee, reach, ranged, or battlefield (battlefield: its name)",
      ...ACTION,
    }),
  );
  list.push(d("step", "Move up to 3 squares", R.actions, when, { detail: "squares: 0 to 3" }));
  // "Setting occurs during the shooting phase", which opens the round: it is declared before the order is rolled.
  if ((tags.has("set") || tags.has("reach")) && ctx.phase === "declare")
    list.push(d("set", "Set weapon against a charge", R.actions, "before"));
  list.push(d("charge", "Charge", R.actions, when));
  if (tags.has("reach")) list.push(d("halfsword", "Halfsword", R.actions, when));
  if ((tags.has("reach") || tags.has("two-handed")) && who.state.conditions.includes("cramped"))
    list.push(d("thrust", "Thrust", R.actions, when));
  list.push(d("blast", "Blast", R.actions, when, { detail: "number of targets (blank: roll a d6)" }));
  if (who.sheet.oils.length)
    list.push(
      d("oil", "Apply an oil", R.oils, when, {
        detail: `monster type (${who.sheet.oils.join(", ")}), or weapon: type`,
      }),
    );
  // seed 004, "Enchantment": "PCs can apply Enchantments to their weapons".
  if (who.kind !== "monster" && (who.sheet.weapons.length || who.sheet.armour > 0))
    list.push(
      d("enchant", "Apply an Enchantment", R.enchantment, when, {
        detail: "weapon: condition (e.g. sword: flame), or armour: name",
      }),
    );
  list.push(d("retreat", "Retreat", R.retreat, when, { detail: "the safe destination you run to", ...ACTION }));
  list.push(d("beside", "Next to an ally", R.movement, when));
  list.push(d("cramped", "Cramped conditions", R.actions, when));
  list.push(d("doorway", "Hold a doorway", R.grid, when));
  list.push(d("front", "Shift the front line", R.theatre, when, { detail: "metres, towards the foe (−6 to 6)" }));
  // seed 004, "Scars", row 6: "Minus d6 maximum Life until you are treated": an action on one's turn.
  if (when === "turn")
    list.push(d("treat", "Treat a head wound", R.scars, "turn", { detail: "who (blank: yourself)", ...ACTION }));
  return list;
}

const result = (
  title: string,
  lines: string[],
  rule: string,
  effects: Effect[],
  rolls: DeclareResult["rolls"] = [],
): DeclareResult => ({
  title,
  lines,
  rules: [rule],
  rolls,
  effects,
});
const mark = (who: C, add: Mark[], remove: Mark[] = []): Effect => ({
  targetId: who.id,
  addConditions: add,
  ...(remove.length ? { removeConditions: remove } : {}),
});
const having = (who: C, family: Family) => marksIn(who.state.conditions, family);

function parseRank(detail: string | undefined, allowBattlefield: boolean, from?: Rank): Rank | "another battlefield" {
  const t = (detail ?? "").trim().toLowerCase();
  // A button press has no detail: from the Melee or Ranged rank the only adjacent rank is Reach.
  if (t === "" && from !== undefined && from !== "reach") return "reach";
  const r = RANKS.find((x) => x === t || (t.length >= 2 && x.startsWith(t)));
  if (r) return r;
  if (allowBattlefield && t.startsWith("battle")) return "another battlefield";
  throw new RuleError(
    `Say which rank: melee, reach or ranged${allowBattlefield ? " (or battlefield, from the Ranged rank)" : ""}.`,
  );
}

function findFoe(input: DeclareInput<LifeGuardSheet>): C {
  const t = (input.detail ?? "").trim().toLowerCase();
  const foes = input.others.filter((o) => o.side !== input.who.side && canFight(readState(o)));
  const foe =
    foes.find((o) => o.id === input.detail || o.name.toLowerCase() === t) ??
    (t ? foes.find((o) => o.name.toLowerCase().startsWith(t)) : foes.length === 1 ? foes[0] : undefined);
  if (!foe)
    throw new RuleError(
      `Name the foe to attack${foes.length ? `: one of ${foes.map((f) => f.name).join(", ")}` : ""}.`,
    );
  return foe;
}

/** Declares an attack on a foe: everyone declared on it resolves together, keeping the highest (seed 004, "Attacks"). */
function declareAttack(input: DeclareInput<LifeGuardSheet>): DeclareResult {
  const foe = findFoe(input);
  const allies = input.others.filter((o) => o.side === input.who.side && engagedWith(o, foe.id));
  if (foe.state.conditions.includes("holding a doorway")) doorwayCheck(allies.length + 1, 1);
  const lines = [`${input.who.name} will attack ${foe.name}.`];
  if (allies.length)
    lines.push(
      `With ${allies.map((a) => a.name).join(", ")}: all the damage dice are rolled and the single highest is kept.`,
    );
  return result("Attack declared", lines, R.attacks, [
    mark(input.who, [attacking(foe.id)], having(input.who, "attacking")),
  ]);
}

function declareMove(input: DeclareInput<LifeGuardSheet>): DeclareResult {
  const from = readState(input.who).rank;
  const to = parseRank(input.detail, true, from);
  const r = moveRank(from, to);
  if (to === "another battlefield") return moveField(input);
  const effects = [mark(input.who, [rankCondition(to), "moved"], having(input.who, "rank"))];
  return { ...result(r.title, [`${input.who.name}: ${r.lines[0]}`], R.movement, effects), spendsAction: true };
}

/**
 * seed 004, "Movement": "Characters spend an Action move … from Ranged rank to another battlefield": a move,
 * not an escape (running away is a Retreat, with its Guard test). The mover stays in the fight, in the Ranged
 * rank of the battlefield it goes to: the one named ("battlefield: bridge"), or with no name the other one in
 * use (the first, from any other; "second" when nobody is elsewhere yet).
 */
function moveField(input: DeclareInput<LifeGuardSheet>): DeclareResult {
  const who = input.who;
  const here = fieldOf(who.state);
  const named = (input.detail ?? "")
    .trim()
    .toLowerCase()
    .replace(/^battle ?fields?\b\s*:?\s*/, "")
    .trim();
  if (named.length > 20) throw new RuleError("Name the battlefield in 20 characters or fewer.");
  const elsewhere = input.others.map((o) => fieldOf(o.state)).find((f) => f !== here);
  const to = named ? (named === "first" ? "" : named) : here ? "" : (elsewhere ?? "second");
  if (to === here)
    throw new RuleError(`${who.name} is on that battlefield already: name another (battlefield: its name).`);
  const name = (f: string) => (f ? `the ${f} battlefield` : "the first battlefield");
  const effects = [mark(who, ["moved", ...(to ? [fieldCondition(to)] : [])], having(who, "field"))];
  const line = `${who.name} moves from the Ranged rank of ${name(here)} to the Ranged rank of ${name(to)}: that is the action this turn. Still in the fight (to run away, Retreat).`;
  return { ...result("Move to another battlefield", [line], R.movement, effects), spendsAction: true };
}

function declarePlace(input: DeclareInput<LifeGuardSheet>): DeclareResult {
  const to = parseRank(input.detail, false) as Rank;
  return result(
    "Starting rank",
    [`${input.who.name} starts in the ${to[0]!.toUpperCase()}${to.slice(1)} rank.`],
    R.positioning,
    [mark(input.who, [rankCondition(to)], having(input.who, "rank"))],
  );
}

function declareOil(input: DeclareInput<LifeGuardSheet>): DeclareResult {
  const who = input.who;
  const [a, b] = (input.detail ?? "").split(":").map((x) => x.trim().toLowerCase());
  const type = b ?? a ?? "";
  const weaponName = b !== undefined ? a! : (who.sheet.weapons[0]?.name ?? "");
  const weapon = who.sheet.weapons.find((w) => w.name.toLowerCase() === weaponName.toLowerCase());
  if (!weapon) throw new RuleError(`${who.name} has no weapon "${weaponName}" to oil: write weapon: type.`);
  if (!who.sheet.oils.includes(type))
    throw new RuleError(
      `${who.name} carries no oil against "${type}": carried oils are ${who.sheet.oils.join(", ") || "none"}.`,
    );
  const free = input.round <= 1;
  const say = free ? " (before the first round: no action spent)" : ": that is the action this turn";
  return {
    ...result(
      "Oil applied",
      [`${who.name} oils the ${weapon.name} against ${type} for this encounter${say}.`],
      R.oils,
      [mark(who, [oil(weapon.name.toLowerCase(), type)])],
    ),
    ...(free ? {} : { spendsAction: true }),
  };
}

/** seed 004, "Enchantment": an Enchantment applied to a weapon; single use, until the PC rests. */
function declareEnchant(input: DeclareInput<LifeGuardSheet>): DeclareResult {
  const who = input.who;
  const [a, ...rest] = (input.detail ?? "").split(":");
  const named = (a ?? "").trim();
  const weapon = named
    ? who.sheet.weapons.find((w) => w.name.toLowerCase() === named.toLowerCase())
    : who.sheet.weapons[0];
  // "Enchantments to their weapons and armour": the word armour names the armour, unless a weapon bears that name.
  if (!weapon && /^armou?r$/i.test(named)) return enchantArmour(input, rest.join(":").trim().toLowerCase());
  if (!weapon)
    throw new RuleError(
      `${who.name} has no weapon "${named}" to enchant: write weapon: condition (weapons: ${who.sheet.weapons.map((w) => w.name).join(", ")}).`,
    );
  const condition = rest.join(":").trim().toLowerCase();
  if (condition.length > 30) throw new RuleError("Name the Enchantment's condition in 30 characters or fewer.");
  const had = who.state.conditions.filter((c) => argOf(c, "enchanted", `${weapon.name.toLowerCase()}:`) !== undefined);
  const free = freeBeforeFirstRound("enchant", input.round);
  const say = free ? " (before the first round: no action spent)" : ": that is the action this turn";
  const line = `${who.name} applies an Enchantment${condition ? ` (${condition})` : ""} to the ${weapon.name}: its next blow deals 2d6${condition ? ` and applies ${condition}` : ""}, once, until a rest${say}.`;
  return {
    ...result("Enchantment applied", [line], R.enchantment, [
      mark(who, [enchantmentCondition(weapon.name, condition)], had),
    ]),
    ...(free ? {} : { spendsAction: true }),
  };
}

/** seed 004, "Enchantment": an Enchantment applied to the armour: its next hit is soaked by 2d6 (docs/rules/life-guard.md, "Enchanted armour"). */
function enchantArmour(input: DeclareInput<LifeGuardSheet>, name: string): DeclareResult {
  const who = input.who;
  if (who.sheet.armour <= 0)
    throw new RuleError(`${who.name} wears no armour (Armour 0) to enchant: enchant a weapon (weapon: condition).`);
  if (name.length > 30) throw new RuleError("Name the armour's Enchantment in 30 characters or fewer.");
  const free = freeBeforeFirstRound("enchant", input.round);
  const say = free ? " (before the first round: no action spent)" : ": that is the action this turn";
  const line = `${who.name} applies an Enchantment${name ? ` (${name})` : ""} to the armour: the next hit ${who.name} takes is soaked by 2d6 in place of Armour ${who.sheet.armour} (never less), once, until a rest${say}.`;
  const had = marksIn(who.state.conditions, "enchanted armour");
  return {
    ...result("Enchantment applied", [line], R.enchantment, [mark(who, [armourEnchantmentCondition(name)], had)]),
    ...(free ? {} : { spendsAction: true }),
  };
}

function declareRetreat(input: DeclareInput<LifeGuardSheet>, dice: DiceBag): DeclareResult {
  const where = (input.detail ?? "").trim();
  if (!where)
    throw new RuleError("Retreat needs a safe destination to run to: name it in the detail (e.g. the stairs).");
  const r = retreat(input.who, { safeDestination: true }, dice);
  const lines = [
    `${input.who.name} runs for ${where}: ${r.lines.join(" ")} ${r.escaped ? "Escaped." : "Caught: the action is spent."}`,
  ];
  return {
    ...result(r.title, lines, R.retreat, [mark(input.who, r.escaped ? ["fled"] : ["retreat failed"])], r.rolls),
    spendsAction: true,
  };
}

function declareFront(input: DeclareInput<LifeGuardSheet>): DeclareResult {
  const t = (input.detail ?? "").trim();
  const wanted = t === "" ? 6 : Number(t);
  if (!Number.isFinite(wanted))
    throw new RuleError("Say how many metres the front line shifts towards the foe (−6 to 6).");
  const everyone = [input.who, ...input.others];
  if (everyone.some((c) => c.side === input.who.side && c.state.conditions.includes("front shifted")))
    throw new RuleError("Your side has already shifted the front line this round.");
  const holder = everyone.find((c) => having(c, "front").length);
  const at = holder ? Number(argIn(holder.state.conditions, "front")) : 0;
  const sign = input.who.side === "party" ? 1 : -1;
  const r = shiftFrontLine(at, sign * wanted);
  const effects: Effect[] =
    holder && holder.id !== input.who.id ? [{ targetId: holder.id, removeConditions: having(holder, "front") }] : [];
  effects.push(mark(input.who, [front(r.position), "front shifted"], having(input.who, "front")));
  return result(r.title, [...r.lines, `The front line stands at ${r.position} m.`], R.theatre, effects);
}

function declareDoorway(input: DeclareInput<LifeGuardSheet>): DeclareResult {
  const holding = input.others.filter(
    (o) => o.side === input.who.side && o.state.conditions.includes("holding a doorway"),
  );
  doorwayCheck(0, holding.length + 1);
  return result(
    "Doorway",
    [`${input.who.name} holds the doorway: at most ${DOORWAY.attackers} foes can attack each defender there.`],
    R.grid,
    [mark(input.who, ["holding a doorway"])],
  );
}

function declareBlast(input: DeclareInput<LifeGuardSheet>): DeclareResult {
  const t = (input.detail ?? "").trim();
  const n = t === "" ? undefined : Number(t);
  if (n !== undefined && !(Number.isInteger(n) && n >= 1 && n <= 20))
    throw new RuleError("Say how many targets the blast takes (1 to 20), or leave it blank to roll a d6.");
  const say = n === undefined ? "a d6 decides how many targets it takes" : `it takes ${n} target${n === 1 ? "" : "s"}`;
  return result("Blast", [`${input.who.name}'s next attack is a Blast: ${say}, each rolled separately.`], R.actions, [
    mark(input.who, [n === undefined ? "blasting" : blasting(n)]),
  ]);
}

const SIMPLE: Record<string, { condition: Mark; line: (n: string) => string; rule: string }> = {
  set: {
    condition: "set weapon",
    line: (n) =>
      `${n} sets a weapon: it deals normal damage to a charging foe, striking in the shooting phase before the sides' turns.`,
    rule: R.actions,
  },
  charge: { condition: "charging", line: (n) => `${n} charges.`, rule: R.actions },
  halfsword: {
    condition: "halfswording",
    line: (n) => `${n} halfswords: one die size less, and a long weapon works in the Melee rank.`,
    rule: R.actions,
  },
  thrust: {
    condition: "thrusting",
    line: (n) => `${n} thrusts: no long-weapon penalty in cramped conditions.`,
    rule: R.actions,
  },
  beside: {
    condition: "beside an ally",
    line: (n) => `${n} fights next to an ally: no counterattack against them.`,
    rule: R.movement,
  },
  cramped: {
    condition: "cramped",
    line: (n) => `${n} fights in cramped conditions: long weapons are impaired unless thrusting.`,
    rule: R.actions,
  },
};

/** Checks and records a declaration; throws a RuleError saying what to do when it is not open. */
/** Treatment: the head wound's loss of maximum Life ends (the condition goes; the sheet's effective maximum returns). */
function declareTreat(input: DeclareInput<LifeGuardSheet>): DeclareResult {
  const t = (input.detail ?? "").trim().toLowerCase();
  const who = !t ? input.who : [input.who, ...input.others].find((o) => o.name.toLowerCase() === t);
  if (!who) throw new RuleError(`There is no "${input.detail}" here to treat: name someone in the fight.`);
  const { lines } = treat(who, input.who.name).result;
  return {
    ...result("Treatment", lines, R.scars, [{ targetId: who.id, removeConditions: ["head wound"] }]),
    spendsAction: true,
  };
}

function declareStep(input: DeclareInput<LifeGuardSheet>): DeclareResult {
  const t = (input.detail ?? "").trim();
  const n = t === "" ? 3 : Number(t);
  gridMove(n);
  return result(
    "Move",
    [`${input.who.name} moves ${n} square${n === 1 ? "" : "s"} and may still take one action.`],
    R.actions,
    [mark(input.who, [`moved ${n} squares`])],
  );
}

/** What each declaration does, by its id; the others only set their mark (SIMPLE). */
const BY_ID: Record<string, (input: DeclareInput<LifeGuardSheet>, dice: DiceBag) => DeclareResult> = {
  attack: declareAttack,
  move: declareMove,
  place: declarePlace,
  oil: declareOil,
  enchant: declareEnchant,
  retreat: declareRetreat,
  front: declareFront,
  doorway: declareDoorway,
  blast: declareBlast,
  treat: declareTreat,
  step: declareStep,
};

const ACTION_WORD: Record<string, string> = {
  move: "a move between ranks",
  retreat: "a retreat",
  oil: "an oil",
  enchant: "an Enchantment",
  treat: "a treatment",
};

export function declare(input: DeclareInput<LifeGuardSheet>, dice: DiceBag, ctx: Ctx): DeclareResult {
  offered(declarations(input.who, ctx), input.id, input.who.name);
  // An oil applied in the first round's declarations is free (docs/rules/life-guard.md, "Oils").
  const free = (x: string) => freeBeforeFirstRound(x, input.round);
  const spent = input.declared.find(
    (x) => ((SPENDS_ACTION as readonly string[]).includes(x) || x === "attack") && !free(x),
  );
  if (
    spent &&
    (SPENDS_ACTION as readonly string[]).concat("attack").includes(input.id) &&
    spent !== input.id &&
    !free(input.id)
  )
    throw new RuleError(`${input.who.name} already declared "${spent}" this round: one action a turn.`);
  // "Take one action (attack, cast spell, etc.) per turn": after an attack, a move between ranks (or any other action) waits for the next round.
  const struckNow = (input.attacked ?? 0) > 0 || hasFamily(input.who.state.conditions, "struck");
  if (struckNow && (SPENDS_ACTION as readonly string[]).includes(input.id) && !free(input.id))
    throw new RuleError(
      `${input.who.name} has already attacked this round, and that was the action this turn: ${ACTION_WORD[input.id] ?? input.id} waits for the next round.`,
    );
  if (Object.hasOwn(BY_ID, input.id)) return BY_ID[input.id]!(input, dice);
  const s = SIMPLE[input.id]!;
  return result(`Declared: ${input.id}`, [s.line(input.who.name)], s.rule, [mark(input.who, [s.condition])]);
}
