/** Ability checks and saving throws (seed 002, "Ability Checks", "Saving Throws", "Destruction of Magic Items"). */
import type { DiceBag } from "../../dice/bag.js";
import { RuleError, type CheckInput, type Effect, type RuleResult, type SaveInput } from "../types.js";
import { spellDisrupted } from "./initiative.js";
import { castingWords } from "./round.js";
import { signed } from "./dice.js";
import { SAVE_KINDS, type BxSheet, type SaveKind } from "./sheet.js";
import { savesOf } from "./saves.js";
import { hpOf } from "./sheet.js";

export const BX_ATTRIBUTES = ["STR", "INT", "WIS", "DEX", "CON", "CHA"];
const KEY: Record<string, keyof BxSheet> = { str: "str", int: "int", wis: "wis", dex: "dex", con: "con", cha: "cha" };

const R_CHECK = 'seed 002, "Rolling an Ability Check"';
const R_CHECK_MOD = 'seed 002, "Modifiers"';
const R_CHECK_1_20 = 'seed 002, "1s and 20s"';

/**
 * d20 ≤ score succeeds. The modifier (−4 easy … +4 very difficult) is added
 * to the roll. A natural 1 always succeeds, a natural 20 always fails.
 */
export function bxCheck(input: CheckInput<BxSheet>, bag: DiceBag): RuleResult & { success: boolean } {
  const k = KEY[input.attribute.trim().toLowerCase()];
  if (!k) throw new RuleError(`Unknown ability "${input.attribute}": use one of ${BX_ATTRIBUTES.join(", ")}`);
  const mod = input.modifier ?? 0;
  // seed 002, "Modifiers": "-4 would be a relatively easy ability check, and a +4 would be very difficult" are
  // examples, not limits: any whole modifier the referee sets up to ±20 (past that the d20 cannot tell).
  if (!Number.isInteger(mod) || mod < -20 || mod > 20)
    throw new RuleError(
      "An ability check modifier is a whole number from -20 to +20 (the text's examples: -4 relatively easy, +4 very difficult)",
    );
  const scoreValue = input.who.sheet[k] as number;
  const mark = bag.log.length;
  const roll = bag.roll(`${k.toUpperCase()} check`, 1, 20, { modifier: mod });
  const nat = roll.dice[0]!.value;
  let success: boolean;
  let why: string;
  if (nat === 1) {
    success = true;
    why = "natural 1: always a success";
  } else if (nat === 20) {
    success = false;
    why = "natural 20: always a failure";
  } else {
    success = roll.total <= scoreValue;
    why = `${roll.total} ${success ? "≤" : ">"} ${k.toUpperCase()} ${scoreValue}`;
  }
  const rules = [R_CHECK];
  if (mod) rules.push(R_CHECK_MOD);
  if (nat === 1 || nat === 20) rules.push(R_CHECK_1_20);
  return {
    title: `${input.who.name}: ${k.toUpperCase()} check ${success ? "succeeds" : "fails"}`,
    lines: [
      `Rolled ${nat}${mod ? ` ${signed(mod)} = ${roll.total}` : ""} against ${k.toUpperCase()} ${scoreValue}: ${why}.`,
    ],
    rules,
    rolls: bag.since(mark),
    success,
  };
}

const SAVE_ALIASES: Record<string, SaveKind> = {
  d: "death",
  death: "death",
  poison: "death",
  "death ray": "death",
  "death or poison": "death",
  w: "wands",
  wand: "wands",
  wands: "wands",
  p: "paralysis",
  paralysis: "paralysis",
  petrification: "paralysis",
  paralyze: "paralysis",
  "paralysis or petrification": "paralysis",
  b: "breath",
  breath: "breath",
  "breath attacks": "breath",
  "breath attack": "breath",
  s: "spells",
  spell: "spells",
  spells: "spells",
  rod: "spells",
  rods: "spells",
  staff: "spells",
  staves: "spells",
  "spells, rods, or staves": "spells",
};
export const SAVE_LABEL: Record<SaveKind, string> = {
  death: "Death or Poison",
  wands: "Wands",
  paralysis: "Paralysis or Petrification",
  breath: "Breath Attacks",
  spells: "Spells, Rods, or Staves",
};

export function saveKindOf(kind: string | undefined): SaveKind {
  if (kind === undefined) throw new RuleError(`Say which saving throw: ${SAVE_KINDS.join(", ")}`);
  const k = SAVE_ALIASES[kind.trim().toLowerCase()];
  if (!k) throw new RuleError(`Unknown saving throw "${kind}": use one of ${SAVE_KINDS.join(", ")}`);
  return k;
}

/**
 * seed 002, "Rolling a Saving Throw": 1d20 ≥ the category's value succeeds.
 * `modifier` (a magic item's bonus, a PSY bonus…) is added to the roll.
 */
export function bxSave(
  input: SaveInput<BxSheet>,
  bag: DiceBag,
): RuleResult & { success: boolean; kind: SaveKind; total: number; effects?: Effect[] } {
  const kind = saveKindOf(input.kind);
  const mod = input.modifier ?? 0;
  const saves = savesOf(input.who.sheet);
  const target = saves.values[kind];
  const mark = bag.log.length;
  const roll = bag.roll(`save vs ${SAVE_LABEL[kind]}`, 1, 20, { modifier: mod });
  const success = roll.total >= target;
  return {
    title: `${input.who.name}: save vs ${SAVE_LABEL[kind]} ${success ? "succeeds" : "fails"}`,
    lines: [
      `Rolled ${roll.dice[0]!.value}${mod ? ` ${signed(mod)} = ${roll.total}` : ""} against ${target} (${saves.source}): ${success ? "greater or equal, a success" : "lower, a failure"}.`,
      input.damage !== undefined
        ? damageLine(input.who.name, input.damage, success, kind)
        : success
          ? kind === "death"
            ? "A damaging effect is halved, another effect avoided; poison's own damage is not changed by the save."
            : "A damaging effect is halved; any other effect is avoided entirely."
          : kind === "death"
            ? "Failed: a failed save against poison is usually fatal."
            : "Failed: the full effect applies.",
    ],
    rules: [
      'seed 002, "Categories"',
      'seed 002, "Rolling a Saving Throw"',
      input.damage !== undefined && kind === "death" ? R_POISON : 'seed 002, "Successful Saves"',
    ],
    rolls: bag.since(mark),
    success,
    kind,
    total: roll.total,
    ...(input.damage !== undefined
      ? {
          effects: [
            {
              targetId: input.who.id,
              damage: damageTaken(input.damage, success, kind),
              ...destroyedBy(input.who, damageTaken(input.damage, success, kind), kind),
            },
          ],
        }
      : {}),
  };
}

/**
 * seed 002, "Destruction of Items": "If a character is killed by a destructive spell or special attack (e.g., a
 * lightning bolt spell or a dragon's breath), their equipment is assumed to be destroyed." Damage tied to a save vs
 * Breath Attacks, Spells (rods, staves) or Wands is such an attack; poison and paralysis are not. When it kills, the
 * sheet lists the equipment as destroyed (`destroyed`), which the referee may undo by editing the sheet.
 */
export const DESTRUCTIVE: readonly SaveKind[] = ["breath", "spells", "wands"];
const R_ITEMS = 'seed 002, "Destruction of Items"';

/** The sheet's equipment by name: its weapons, its armour, its shield, its adventuring gear. */
export function equipmentOf(s: BxSheet): string[] {
  return [
    ...s.weapons.map((w) => w.name),
    ...(s.armour !== "none" ? [`${s.armour} armour`] : []),
    ...(s.shield ? ["shield"] : []),
    ...(s.gear ? ["adventuring gear"] : []),
  ];
}

function destroyedBy(who: SaveInput<BxSheet>["who"], taken: number, kind: SaveKind): Pick<Effect, "sheet" | "note"> {
  if (!DESTRUCTIVE.includes(kind) || who.state.conditions.includes("dead") || hpOf(who).hp - taken > 0) return {};
  const items = equipmentOf(who.sheet);
  const magic = who.sheet.weapons.some((w) => w.magic > 0);
  const undo =
    who.kind === "monster"
      ? ""
      : ` The sheet marks it; the referee undoes it with \`/character edit name:${who.name} sheet:destroyed=-\``;
  const save = magic ? ` Magic items may save: \`/save character:${who.name} kind:${kind}\`.` : "";
  return {
    ...(items.length ? { sheet: { destroyed: items } } : {}),
    note: `${who.name} is killed by a destructive attack: ${who.name}'s equipment is destroyed${items.length ? ` (${items.join(", ")})` : ""} (${R_ITEMS}).${items.length ? `${undo}.` : ""}${save}`,
  };
}

const R_POISON = 'seed 002, "Saving Throws Versus Poison"';

/**
 * seed 002, "Successful Saves": "A successful save against an effect that causes damage means that the damage is halved"
 * (rounded down); but "Saving Throws Versus Poison": "If a poisonous attack also inflicts damage, the damage is not
 * affected by the success or failure of the saving throw". Damage tied to a Death or Poison save is poison's (a death
 * ray kills, it does not wound): it is never halved.
 */
export const damageTaken = (damage: number, saved: boolean, kind?: SaveKind): number =>
  saved && kind !== "death" ? Math.floor(damage / 2) : damage;
function damageLine(name: string, damage: number, saved: boolean, kind: SaveKind): string {
  if (kind === "death")
    return `${saved ? "Saved" : "Failed: a failed save against poison is usually fatal"}; poison's damage is not affected by the save (${R_POISON}): ${name} takes the full ${damage} damage.`;
  return saved
    ? `Saved: the damage is halved, ${damage} → ${damageTaken(damage, true, kind)} (rounded down), and ${name} takes it.`
    : `Failed: ${name} takes the full ${damage} damage.`;
}

/**
 * seed 002, "Destruction of Magic Items": when the owner is killed by a
 * destructive spell or special attack, each magic item may save with the
 * owner's saving throw values (the category of the attack), adding the item's
 * combat bonus.
 */
export function magicItemSaves(
  owner: { name: string; sheet: BxSheet },
  items: { name: string; bonus?: number }[],
  kind: string,
  bag: DiceBag,
): RuleResult & { survivors: string[]; destroyed: string[] } {
  const k = saveKindOf(kind);
  const mark = bag.log.length;
  const target = savesOf(owner.sheet).values[k];
  const survivors: string[] = [];
  const destroyed: string[] = [];
  const lines: string[] = [];
  for (const it of items) {
    const bonus = it.bonus ?? 0;
    const r = bag.roll(`${it.name}: item save`, 1, 20, { modifier: bonus });
    const ok = r.total >= target;
    (ok ? survivors : destroyed).push(it.name);
    lines.push(
      `${it.name}: ${r.dice[0]!.value}${bonus ? ` ${signed(bonus)} = ${r.total}` : ""} vs ${target}: ${ok ? "survives" : "destroyed"}.`,
    );
  }
  return {
    title: `${owner.name}'s magic items`,
    lines,
    rules: ['seed 002, "Destruction of Magic Items"', 'seed 002, "Destruction of Items"'],
    rolls: bag.since(mark),
    survivors,
    destroyed,
  };
}

/**
 * /save for a character already killed (by a destructive spell or special
 * attack): its magic items save with its values, each adding its bonus
 * (seed 002, "Destruction of Magic Items"). Otherwise a saving throw.
 */
export function bxSaveOrItems(
  input: SaveInput<BxSheet>,
  bag: DiceBag,
): RuleResult & { success: boolean; effects?: Effect[] } {
  if (!input.who.state.conditions.includes("dead")) return disruptedBySave(input, bxSave(input, bag));
  if (input.damage !== undefined) throw new RuleError(`${input.who.name} is dead: no damage to save against.`);
  const items = input.who.sheet.weapons.filter((w) => w.magic > 0).map((w) => ({ name: w.name, bonus: w.magic }));
  if (!items.length)
    throw new RuleError(`${input.who.name} is dead and carries no magic items to save (magic weapons on the sheet).`);
  const r = magicItemSaves(input.who, items, input.kind ?? "", bag);
  // The sheet's list of destroyed equipment: the items that failed join it, those that saved leave it.
  const before = input.who.sheet.destroyed ?? [];
  const destroyed = [
    ...before.filter((x) => !r.survivors.includes(x)),
    ...r.destroyed.filter((x) => !before.includes(x)),
  ];
  const changed = destroyed.length !== before.length || destroyed.some((x, i) => x !== before[i]);
  return {
    ...r,
    lines: [
      `${input.who.name} is dead: each magic item saves with ${input.who.name}'s values and its own bonus.`,
      ...r.lines,
      ...(changed ? [`The sheet now lists as destroyed: ${destroyed.join(", ") || "nothing"}.`] : []),
    ],
    success: r.destroyed.length === 0,
    ...(changed ? { effects: [{ targetId: input.who.id, sheet: { destroyed } }] } : {}),
  };
}

/**
 * seed 002, "Disrupting Spells": a caster who "loses initiative and … fails a saving throw before their turn":
 * the spell is disrupted. Still casting means its turn has not come; it lost initiative when the place acting
 * now comes before its own (`order` "attacker first"); a save outside the round's order does not disrupt.
 */
function disruptedBySave<R extends RuleResult & { success: boolean; effects?: Effect[] }>(
  input: SaveInput<BxSheet>,
  r: R,
): R & { effects?: Effect[] } {
  if (r.success || input.order !== "attacker first" || !input.who.state.conditions.includes("casting")) return r;
  const d = spellDisrupted({ casterLostInitiative: true, hitBeforeActing: false, failedSaveBeforeActing: true });
  return {
    ...r,
    lines: [...r.lines, `${input.who.name} was ${castingWords(input.who)}: ${d.lines[0]}`],
    rules: [...r.rules, ...d.rules],
    effects: [
      ...(r.effects ?? []),
      { targetId: input.who.id, removeConditions: ["casting"], addConditions: ["spell lost"] },
    ],
  };
}
