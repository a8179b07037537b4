/**
 * The SIEGE engine (not in the seed: the standard Castles & Crusades check),
 * saving throws as SIEGE checks, and Wisdom-check surprise.
 */
import type { DiceBag } from "../../dice/bag.js";
import type { CheckInput, Combatant, RuleResult, SaveInput, Side, SurpriseResult } from "../types.js";
import { RuleError } from "../types.js";
import {
  ATTRIBUTE_NAMES,
  attributeKey,
  attributeModifier,
  ref,
  signed,
  type AttributeKey,
  type SiegeSheet,
} from "./sheet.js";

/** Not in seed 003 (see docs/rules/siege.md): the check of the Castles & Crusades Players Handbook. */
export const SIEGE_RULE = "Castles & Crusades Players Handbook · the SIEGE engine (outside the combat rules)";
export const PRIME_BASE = 12;
export const SECONDARY_BASE = 18;

/** The bonus a combatant adds to a SIEGE check: level (hit dice for monsters) + the attribute modifier. */
export const checkBonus = (sheet: SiegeSheet, key: AttributeKey): number => sheet.level + attributeModifier(sheet[key]);
/** The number to reach: 12 for a prime, 18 otherwise, plus the challenge level. */
export const challengeTarget = (sheet: SiegeSheet, key: AttributeKey, challengeLevel = 0): number =>
  (sheet.primes.includes(key) ? PRIME_BASE : SECONDARY_BASE) + challengeLevel;

export interface SiegeCheckResult extends RuleResult {
  success: boolean;
  total: number;
  target: number;
}

/** d20 + level + attribute modifier + modifier ≥ challenge base (12 prime / 18 secondary) + challenge level. */
export function siegeCheck(
  who: Pick<Combatant<SiegeSheet>, "name" | "sheet">,
  key: AttributeKey,
  dice: DiceBag,
  opts: {
    modifier?: number | undefined;
    challengeLevel?: number;
    label?: string;
    title?: string;
    rules?: string[];
  } = {},
): SiegeCheckResult {
  const mark = dice.log.length;
  const s = who.sheet;
  const attrMod = attributeModifier(s[key]);
  const modifier = opts.modifier ?? 0;
  const cl = opts.challengeLevel ?? 0;
  const prime = s.primes.includes(key);
  const target = challengeTarget(s, key, cl);
  const roll = dice.roll(opts.label ?? `${ATTRIBUTE_NAMES[key]} check (${who.name})`, 1, 20, {
    modifier: s.level + attrMod + modifier,
  });
  const success = roll.total >= target;
  const d20 = roll.dice[0]!.value;
  const lines = [
    `${who.name} rolls d20 ${d20} + level ${s.level} + ${ATTRIBUTE_NAMES[key]} ${signed(attrMod)}${modifier ? ` + modifier ${signed(modifier)}` : ""} = **${roll.total}**`,
    `Target ${target}: base ${prime ? `${PRIME_BASE} (prime)` : `${SECONDARY_BASE} (not a prime)`}${cl ? ` + challenge level ${cl}` : ""}.`,
    success ? `Success.` : `Failure.`,
  ];
  return {
    title: opts.title ?? `${ATTRIBUTE_NAMES[key]} check: ${success ? "success" : "failure"}`,
    lines,
    rules: opts.rules ?? [SIEGE_RULE],
    rolls: dice.since(mark),
    success,
    total: roll.total,
    target,
  };
}

export function check(input: CheckInput<SiegeSheet>, dice: DiceBag): SiegeCheckResult {
  const key = attributeKey(input.attribute);
  const cl = input.difficulty ?? 0;
  if (!Number.isInteger(cl) || cl < 0 || cl > 30)
    throw new RuleError("The challenge level must be a whole number between 0 and 30.");
  return siegeCheck(input.who, key, dice, { modifier: input.modifier, challengeLevel: cl });
}

/**
 * Castles & Crusades saves are SIEGE checks by the attribute of the threat.
 * The C&C kinds, then the classic B/X names mapped to them.
 */
export const SAVE_ATTRIBUTE: Record<string, AttributeKey> = {
  paralysis: "str",
  constriction: "str",
  breath: "dex",
  traps: "dex",
  wands: "dex",
  poison: "con",
  disease: "con",
  "energy drain": "con",
  "death ray": "con",
  "arcane magic": "int",
  illusion: "int",
  spells: "int",
  "divine magic": "wis",
  confusion: "wis",
  gaze: "wis",
  petrification: "wis",
  polymorph: "wis",
  "death attack": "cha",
  charm: "cha",
  fear: "cha",
};
export const SAVE_KINDS = Object.keys(SAVE_ATTRIBUTE);

export interface SiegeSaveInput extends SaveInput<SiegeSheet> {
  /** The challenge level (the monster's hit dice or the caster's level). */
  challengeLevel?: number;
}

export function save(input: SiegeSaveInput, dice: DiceBag): SiegeCheckResult {
  const kind = input.kind?.trim().toLowerCase();
  if (!kind) throw new RuleError(`Name the kind of save: ${SAVE_KINDS.join(", ")}.`);
  const key = SAVE_ATTRIBUTE[kind];
  if (!key) throw new RuleError(`"${input.kind}" is not a save kind: use one of ${SAVE_KINDS.join(", ")}.`);
  const r = siegeCheck(input.who, key, dice, {
    modifier: input.modifier,
    challengeLevel: input.challengeLevel ?? 0,
    label: `save vs ${kind} (${input.who.name})`,
  });
  return { ...r, title: `Save vs ${kind} (${ATTRIBUTE_NAMES[key]}): ${r.success ? "saved" : "failed"}` };
}

const CANNOT_NOTICE = ["dead", "unconscious"];

export interface SiegeSurpriseInput {
  party: Combatant<SiegeSheet>[];
  foes: Combatant<SiegeSheet>[];
  /** Bonus (+) or penalty (−) to each side's Wisdom checks, normally −5..+5. */
  modifiers?: Partial<Record<Side, number>>;
  /** "best": the member with the best chance rolls for the group (default); "each": every member rolls. */
  mode?: "best" | "each";
  /** The campaign's options: `surpriseChecks` "each" is the per-member mode when `mode` is not given. */
  settings?: Record<string, unknown>;
}

export interface SiegeSurpriseResult extends SurpriseResult {
  /** Ids of the combatants who are surprised (each of them gets no action in the surprise round). */
  surprisedIds: string[];
}

/** The member with the best chance at a Wisdom check: highest bonus, a prime counting as +6 (18 − 12). */
export function bestWisdom(group: Combatant<SiegeSheet>[]): Combatant<SiegeSheet> | undefined {
  let best: Combatant<SiegeSheet> | undefined;
  let bestScore = -Infinity;
  for (const c of group) {
    if (c.state.conditions.some((x) => CANNOT_NOTICE.includes(x))) continue;
    const score = checkBonus(c.sheet, "wis") - challengeTarget(c.sheet, "wis");
    if (score > bestScore) {
      best = c;
      bestScore = score;
    }
  }
  return best;
}

export function surprise(input: SiegeSurpriseInput, dice: DiceBag): SiegeSurpriseResult {
  const mark = dice.log.length;
  const mode = input.mode ?? (input.settings?.surpriseChecks === "each" ? "each" : "best");
  const lines: string[] = [];
  const surprised: Record<Side, boolean> = { party: false, foes: false };
  const surprisedIds: string[] = [];
  for (const side of ["party", "foes"] as Side[]) {
    const group = input[side];
    const m = input.modifiers?.[side] ?? 0;
    if (!Number.isInteger(m)) throw new RuleError("A surprise modifier must be a whole number (usually -5 to +5).");
    const Side = side === "party" ? "Party" : "Foes";
    if (Math.abs(m) > 5)
      lines.push(`${Side}: modifier ${signed(m)} is beyond the usual −5..+5 (an extraordinary situation).`);
    if (group.length === 0) {
      lines.push(`${Side}: nobody there, nobody surprised.`);
      continue;
    }
    const checkers = mode === "best" ? [bestWisdom(group)].filter((c): c is Combatant<SiegeSheet> => !!c) : group;
    if (checkers.length === 0) {
      surprised[side] = true;
      surprisedIds.push(...group.map((c) => c.id));
      lines.push(`${Side}: nobody able to notice anything: surprised.`);
      continue;
    }
    if (m) lines.push(`${Side}: the Castle Keeper's ${signed(m)} to ${mode === "best" ? "the" : "each"} Wisdom check.`);
    let failures = 0;
    for (const c of checkers) {
      const r = siegeCheck(c, "wis", dice, { modifier: m, label: `surprise: Wisdom check (${c.name})` });
      const ok = r.success;
      lines.push(
        `${Side}: ${c.name}${mode === "best" ? " (best chance, for the group)" : ""} Wisdom ${r.total} vs ${r.target}: ${ok ? "not surprised" : "surprised"}.`,
      );
      if (!ok) {
        failures++;
        if (mode === "best") surprisedIds.push(...group.map((x) => x.id));
        else surprisedIds.push(c.id);
      }
    }
    // With "each", the side counts as surprised only if every member is.
    surprised[side] = mode === "best" ? failures > 0 : failures === checkers.length;
  }
  lines.push("The surprised get no action in the surprise round; then combat proceeds normally.");
  const all = [...input.party, ...input.foes];
  // Member by member, the title names who is surprised (a side may be split).
  const who = surprisedIds.map((id) => all.find((c) => c.id === id)?.name).filter(Boolean);
  const sides =
    surprised.party && surprised.foes
      ? "both sides"
      : surprised.party
        ? "the party is"
        : surprised.foes
          ? "the foes are"
          : "nobody is";
  return {
    title: `Surprise: ${mode === "each" && who.length && !(surprised.party && surprised.foes) ? `${who.join(", ")} ${who.length === 1 ? "is" : "are"}` : sides} surprised`,
    lines,
    rules: [ref("Surprise"), SIEGE_RULE],
    rolls: dice.since(mark),
    surprised,
    surprisedIds,
  };
}
