/**
 * A new character filled in by the rules. Seed 002 names ability scores, hit
 * points, THAC0 and class tables without giving them; a B/X referee uses the
 * classic ones (docs/rules/bx.md, "Sheets the rules fill in"): 3d6 in order for
 * each ability, hit points by the class's hit die at each level (levels 1–9,
 * CON modifier on each die, at least 1 a die; a fixed amount after 9th). What
 * the player typed is kept. THAC0 is not filled: without one typed, the sheet
 * reads the class's attack table at its current level (thac0.ts).
 */
import { countAs, type DiceBag } from "../../dice/bag.js";
import { perDieSum } from "../../dice/sum.js";
import type { FilledSheet } from "../types.js";
import { abilityModifier } from "./dice.js";

export const R_ABILITIES = "classic B/X ability scores (3d6 in order)";
export const R_CLASS_HP = "classic B/X hit dice by class";

const ABILITIES = ["str", "int", "wis", "dex", "con", "cha"] as const;

/** Hit die, and the fixed hit points a level after 9th. */
const HIT_DIE: Record<string, { die: number; after9: number }> = {
  fighter: { die: 8, after9: 2 },
  dwarf: { die: 8, after9: 3 },
  elf: { die: 6, after9: 2 },
  halfling: { die: 6, after9: 2 },
  cleric: { die: 6, after9: 1 },
  thief: { die: 4, after9: 2 },
  "magic-user": { die: 4, after9: 1 },
};
const ALIASES: Record<string, string> = {
  "magic user": "magic-user",
  mage: "magic-user",
  wizard: "magic-user",
  hobbit: "halfling",
};

export function bxFillSheet(typed: Record<string, unknown>, dice: DiceBag): FilledSheet {
  const mark = dice.log.length;
  const fields: Record<string, unknown> = {};
  const filled: string[] = [];
  const lines: string[] = [];
  const rules = new Set<string>();
  const rolled: string[] = [];
  const said: Record<string, string> = {};
  for (const a of ABILITIES) {
    if (typed[a] !== undefined) continue;
    const r = dice.roll(a.toUpperCase(), 3, 6);
    fields[a] = r.total;
    filled.push(a);
    rolled.push(`${a.toUpperCase()} ${r.total} (${r.dice.map((d) => d.value).join(", ")})`);
    said[a] = `rolled 3d6 [${r.dice.map((d) => d.value).join(", ")}]`;
  }
  if (rolled.length) {
    lines.push(`Abilities, 3d6 in order: ${rolled.join(" · ")}.`);
    rules.add(R_ABILITIES);
  }
  const cls = String(typed.class ?? "fighter")
    .trim()
    .toLowerCase();
  const key = ALIASES[cls] ?? cls;
  const hd = HIT_DIE[key];
  const level = typeof typed.level === "number" ? typed.level : 1;
  if (!hd) lines.push(`"${typed.class}" has no classic table here: give hp and thac0 yourself.`);
  if (hd && typed.hp === undefined) {
    const con = Number(typed.con ?? fields.con ?? 10);
    const mod = abilityModifier(con);
    const dieLevels = Math.min(level, 9);
    const r = dice.roll("hit points", dieLevels, hd.die);
    const perDie = r.dice.map((d) => Math.max(1, d.value + mod));
    const hp = perDie.reduce((a, b) => a + b, 0) + Math.max(0, level - 9) * hd.after9;
    const low = r.dice.some((d) => d.value + mod < 1);
    countAs(
      r,
      hp,
      [
        mod ? `${mod > 0 ? "+" : "−"}${Math.abs(mod)} CON a die` : "",
        low ? "at least 1 a die" : "",
        level > 9 ? `+ ${level - 9} × ${hd.after9} after 9th` : "",
      ]
        .filter(Boolean)
        .join(", "),
    );
    fields.hp = hp;
    filled.push("hp");
    const extra = [
      mod ? `${mod > 0 ? "+" : "−"}${Math.abs(mod)} CON a die` : "",
      low ? "at least 1 a die" : "",
      level > 9 ? `+ ${level - 9} × ${hd.after9} after 9th` : "",
    ].filter(Boolean);
    said.hp = `rolled ${dieLevels}d${hd.die} [${r.dice.map((d) => d.value).join(", ")}]${extra.length ? `, ${extra.join(", ")}` : ""} (${key})`;
    const modText = mod ? ` ${mod > 0 ? "+" : "−"} ${Math.abs(mod)} CON each` : "";
    // The sum shown in full, each die with its modifier: "5 + 2 = 7".
    const sum = perDieSum(
      r.dice.map((d) => d.value),
      mod,
    );
    lines.push(
      `Hit points, ${key} ${dieLevels}d${hd.die}${modText} (at least 1 a die): ${sum.terms}${level > 9 ? ` + ${level - 9} × ${hd.after9} after 9th` : ""} = ${hp}.`,
    );
    rules.add(R_CLASS_HP);
  }
  return {
    fields,
    filled,
    said,
    result: { title: "Rolled by the rules", lines, rules: [...rules], rolls: dice.since(mark) },
  };
}
