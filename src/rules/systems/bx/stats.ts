/**
 * Monsters by their hit dice, and custom monsters as one stat line. Seed 002
 * gives monsters hit points but no way to roll them; a B/X referee rolls d8s per
 * hit die, the "+N" added once, at least 1 HP, and half a hit die as 1d4
 * (docs/rules/bx.md, "Monsters by their hit dice").
 */
import { countAs, type DiceBag } from "../../dice/bag.js";
import { RuleError, type RuleResult } from "../types.js";
import type { BxSheet } from "./sheet.js";
import { leadThen } from "../../lead-then.js";

export const R_MONSTER_HP = "classic B/X monster hit points (d8 per hit die)";

/** "4+1" → 4 dice +1; "1-1" → 1 die −1; "1/2" → a d4. */
export function hitDiceRoll(hd: string): { count: number; sides: number; modifier: number } {
  const m = /^\s*(\d+|1\/2|½)(?:\s*([+-]\s*\d+))?\s*$/.exec(hd);
  if (!m) throw new RuleError(`Hit dice must look like 1, 1/2, 4+1 or 1-1 (not "${hd}")`);
  const half = m[1] === "1/2" || m[1] === "½";
  return {
    count: half ? 1 : Math.max(1, Number(m[1])),
    sides: half ? 4 : 8,
    modifier: m[2] ? Number(m[2].replace(/\s/g, "")) : 0,
  };
}

/** A monster entering a fight: its hit points rolled from its hit dice, unless the referee typed them. */
export function bxRollMonster(
  sheet: BxSheet,
  dice: DiceBag,
  typed: Record<string, unknown>,
): { sheet: BxSheet; result: RuleResult } | null {
  if (typed.hp !== undefined) return null;
  const h = hitDiceRoll(sheet.hd ?? String(sheet.level));
  const r = dice.roll("hit points", h.count, h.sides, { modifier: h.modifier });
  const hp = Math.max(1, r.total);
  countAs(r, hp, "at least 1");
  const faces = r.dice.map((d) => d.value).join(", ");
  const mod = h.modifier ? ` ${h.modifier > 0 ? "+" : "−"} ${Math.abs(h.modifier)}` : "";
  const line = `HD ${sheet.hd}: ${h.count}d${h.sides} (${faces})${mod} = ${r.total < 1 ? `${r.total} → ${hp} HP (at least 1)` : `${hp} HP`}`;
  return {
    sheet: { ...sheet, hp },
    result: { title: `Hit points: ${hp}`, lines: [line], rules: [R_MONSTER_HP], rolls: [r] },
  };
}

const unknown = (word: string) =>
  new RuleError(
    `"${word.toUpperCase()}" is not a stat this line knows: use ${Object.keys(WORDS)
      .map((w) => w.toUpperCase())
      .join(", ")}, e.g. \`HD 4+1 AC 5 ATK 1d10 ML 10\`.`,
  );

/** The stat line's words, as B/X modules print them, and the sheet field each fills. */
const WORDS: Record<string, string> = {
  hd: "hd",
  hp: "hp",
  ac: "ac",
  aac: "aac",
  thac0: "thac0",
  atk: "weapons",
  att: "weapons",
  dmg: "weapons",
  ml: "morale",
  mv: "movement",
  mov: "movement",
  sz: "size",
  size: "size",
};

/**
 * One stat line in B/X terms → the key=value form sheets read:
 * `HD 4+1 AC 5 ATK 1d10 ML 10` → `hd=4+1 ac=5 weapons=attack:1d10 morale=10`.
 * Several attacks: `ATK claw 1d6/claw 1d6/bite 1d10` (or 1d6/1d6/1d10).
 * A name in front (`Ogre HD 4+1 …`) is left to the caller.
 */
export function bxStatLine(line: string): { name: string | null; fields: string } {
  const tokens = line.trim().split(/\s+/);
  const lead: string[] = [];
  while (tokens.length && !(tokens[0]!.toLowerCase() in WORDS)) lead.push(tokens.shift()!);
  if (!tokens.length)
    throw new RuleError(
      `A stat line reads like \`HD 4+1 AC 5 ATK 1d10 ML 10\` (words: ${Object.keys(WORDS)
        .map((w) => w.toUpperCase())
        .join(", ")}).`,
    );
  const out: string[] = [];
  while (tokens.length) {
    const word = tokens.shift()!.toLowerCase();
    const field = WORDS[word];
    if (!field) throw unknown(word);
    const value: string[] = [];
    while (tokens.length && !(tokens[0]!.toLowerCase() in WORDS)) {
      // A stat word in capitals this line does not know (XP, SV, NA…): say so rather than read it as a value.
      if (/^[A-Z]{2,6}$/.test(tokens[0]!)) throw unknown(tokens[0]!);
      value.push(tokens.shift()!);
    }
    if (!value.length) throw new RuleError(`${word.toUpperCase()} needs a value, e.g. \`${word.toUpperCase()} 5\`.`);
    const v = value.join(" ");
    if (field === "weapons") {
      const attacks = v
        .split("/")
        .map((a) => a.trim())
        .filter(Boolean)
        .map((a) => {
          const m = leadThen(a, /(\d*d\d+(?:\s*[+-]\s*\d+)?)$/i);
          if (!m)
            throw new RuleError(
              `An attack is its damage dice, with a name in front if you like: \`1d10\`, \`bite 1d10\` (not "${a}").`,
            );
          return `${(m[1] || "attack").replace(/[:|]/g, " ").trim()}:${m[2]!.replace(/\s/g, "")}`;
        });
      out.push(`weapons="${attacks.join("|")}"`);
    } else out.push(`${field}=${v.replace(/\s/g, "")}`);
  }
  return { name: lead.length ? lead.join(" ") : null, fields: out.join(" ") };
}

/** How many attacks a read stat line lists: `weapons="claw:1d6|claw:1d6|bite:1d10"` → 3. */
export function routineLength(fields: string): number {
  return /weapons="([^"]*)"/.exec(fields)?.[1]?.split("|").length ?? 1;
}

/**
 * bx's stat line: B/X's words, and an attack routine of several attacks
 * (`ATK claw 1d6/claw 1d6/bite 1d10`) is that many attacks a round (seed 002,
 * "Attacks Per Round": "Some monsters have multiple attacks"); one attack sets
 * nothing, so the sheet's default stands.
 */
export function bxMonsterLine(line: string): { name: string | null; fields: string } {
  const read = bxStatLine(line);
  const n = routineLength(read.fields);
  return n > 1 ? { name: read.name, fields: `${read.fields} attacks=${n}` } : read;
}
