/**
 * A new character filled in by the rules. Seed 003 rolls hit points "At each
 * level, the hit die type is rolled ... The constitution modifier is added or
 * subtracted ... at least 1 hit point for each level" ("Hit Points"), but gives
 * neither the attributes' roll nor the class tables; a Castles & Crusades
 * referee uses the Players Handbook's (docs/rules/siege.md, "Sheets the rules
 * fill in"). What the player typed is kept; what cannot be derived is asked for.
 */
import type { DiceBag } from "../../dice/bag.js";
import { perDieSum } from "../../dice/sum.js";
import type { FilledSheet } from "../types.js";
import { rollHitPoints } from "./damage.js";
import {
  ATTRIBUTE_KEYS,
  ATTRIBUTE_NAMES,
  CLASS_HIT_DIE,
  CLASS_PRIME,
  FULL_BTH_CLASSES,
  attributeModifier,
  ref,
  signed,
} from "./sheet.js";

export const R_ATTRIBUTES =
  "Castles & Crusades Players Handbook: 3d6 for each attribute (the combat rules do not give it)";
export const R_CLASS_HD = "Castles & Crusades Players Handbook: hit dice by class (the combat rules do not give them)";
export const R_BTH =
  "BtH by class: fighter types their level, the others half (the class tables are not in the combat rules)";

type Filling = {
  fields: Record<string, unknown>;
  filled: string[];
  lines: string[];
  rules: Set<string>;
  said: Record<string, string>;
};

function rollAttributes(typed: Record<string, unknown>, dice: DiceBag, f: Filling): void {
  const rolled: string[] = [];
  for (const a of ATTRIBUTE_KEYS) {
    if (typed[a] !== undefined) continue;
    const r = dice.roll(ATTRIBUTE_NAMES[a], 3, 6);
    f.fields[a] = r.total;
    f.filled.push(a);
    rolled.push(`${a.toUpperCase()} ${r.total} (${r.dice.map((d) => d.value).join(", ")})`);
    f.said[a] = `rolled 3d6 [${r.dice.map((d) => d.value).join(", ")}]`;
  }
  if (!rolled.length) return;
  f.lines.push(`Attributes, 3d6 each: ${rolled.join(" · ")}.`);
  f.rules.add(R_ATTRIBUTES);
}

function rollHp(cls: string, level: number, die: number, con: number, dice: DiceBag, f: Filling): void {
  if (level > 9) {
    f.lines.push(
      `From 10th level a ${cls} gains a fixed number of hit points a level, from the class table (not in this text): give hpMax yourself.`,
    );
    return;
  }
  const mod = attributeModifier(con);
  const r = rollHitPoints(dice, { hitDie: die, level, conMod: mod });
  // Each level's die as it fell (its roll's total carries the CON modifier too).
  const dieValues = r.rolls.map((x) => x.dice[0]?.value ?? x.total);
  const faces = dieValues.join(", ");
  f.fields.hpMax = r.hp;
  f.filled.push("hpMax");
  f.said.hpMax = `rolled ${level}d${die} [${faces}]${mod ? `, ${mod > 0 ? "+" : "−"}${Math.abs(mod)} CON a level` : ""}, at least 1 a level (${cls})`;
  const modText = mod ? ` ${mod > 0 ? "+" : "−"} ${Math.abs(mod)} CON each` : "";
  // The sum shown in full, each level's die with its modifier: "5 + 2 = 7" (fixed levels after 9th are already counted in r.hp).
  const shown = r.rolls.length === level ? perDieSum(dieValues, mod).terms : faces;
  f.lines.push(`Hit points, ${cls} ${level}d${die}${modText} (at least 1 a level): ${shown} = ${r.hp}.`);
  f.rules.add(ref("Hit Points")).add(R_CLASS_HD);
}

export function siegeFillSheet(typed: Record<string, unknown>, dice: DiceBag): FilledSheet {
  const mark = dice.log.length;
  const f: Filling = { fields: {}, filled: [], lines: [], rules: new Set(), said: {} };
  rollAttributes(typed, dice, f);
  const cls = String(typed.class ?? "fighter")
    .trim()
    .toLowerCase();
  const level = typeof typed.level === "number" ? typed.level : 1;
  const die = CLASS_HIT_DIE[cls];
  if (!die) f.lines.push(`"${typed.class}" has no class table here: give hpMax and bth yourself.`);
  if (die && typed.hpMax === undefined) rollHp(cls, level, die, Number(typed.con ?? f.fields.con ?? 10), dice, f);
  if (die && typed.bth === undefined) {
    const bth = FULL_BTH_CLASSES.includes(cls) ? level : Math.floor(level / 2);
    f.fields.bth = bth;
    f.filled.push("bth");
    f.said.bth = `by class: a ${cls} of level ${level}`;
    f.lines.push(`BtH ${signed(bth)}: a ${cls} of level ${level} (type your class table's value if it differs).`);
    f.rules.add(R_BTH);
  }
  const prime = CLASS_PRIME[cls];
  if (prime && typed.primes === undefined)
    f.lines.push(
      `Primes: ${prime.toUpperCase()} by the class; the others are yours to choose (a human two more, a demi-human one): add them as primes.`,
    );
  return {
    fields: f.fields,
    filled: f.filled,
    said: f.said,
    result: { title: "Rolled and derived by the rules", lines: f.lines, rules: [...f.rules], rolls: dice.since(mark) },
  };
}
