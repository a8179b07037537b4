/**
 * A custom monster as one stat line in The Third Age's terms: hit dice, the
 * success AC and partial AC ("Attack Rolls"), attack bonus, weapon dice,
 * morale rating ("Morale and Loyalty"), the five attributes and stamina:
 * `Ogre HD 4+1 AC 14/10 AB +4 ATK club 1d10 ML 10 BODY +2`.
 */
import { RuleError } from "../types.js";
import { HD_RE } from "./sheet.js";
import { leadThen } from "../../lead-then.js";

export const STAT_LINE_EXAMPLE = "HD 4+1 AC 14/10 AB +4 ATK club 1d10 ML 10 BODY +2";

/** The line's words and the sheet field each fills ("ac" fills the success AC and the partial AC). */
const WORDS: Record<string, string> = {
  hd: "hd",
  hp: "hp",
  ac: "ac",
  ab: "attackBonus",
  atk: "weapons",
  att: "weapons",
  ml: "morale",
  morale: "morale",
  body: "body",
  dex: "dexterity",
  dexterity: "dexterity",
  mind: "mind",
  soul: "soul",
  cha: "charisma",
  charisma: "charisma",
  sta: "stamina",
  stamina: "stamina",
};
const SHOWN = ["HD", "HP", "AC", "AB", "ATK", "ML", "BODY", "DEX", "MIND", "SOUL", "CHA", "STA"];
const EXAMPLES: Record<string, string> = { hp: "HP 9", attackBonus: "AB +2", morale: "ML 8", stamina: "STA 1" };
const NUMBER = /^[+\-−]?\d|^½/;

const unknown = (word: string) =>
  new RuleError(
    `"${word.toUpperCase()}" is not a stat this line knows: use ${SHOWN.join(", ")}, e.g. \`${STAT_LINE_EXAMPLE}\`.`,
  );

/** Words a monster's name may hold ("Mind flayer", "Soul eater"). */
const NAME_WORDS = new Set(["body", "mind", "soul", "morale", "dexterity", "charisma", "stamina"]);

/**
 * A stat word starts a field. Those a name may hold do so only in capitals or
 * before a number, so "Mind flayer" or "ATK soul blade 1d8" read as names.
 */
function isWordAt(tokens: string[], i: number): boolean {
  const token = tokens[i]!;
  const key = token.toLowerCase();
  if (!(key in WORDS)) return false;
  if (!NAME_WORDS.has(key) || token === token.toUpperCase()) return true;
  const next = tokens[i + 1];
  return next === undefined || NUMBER.test(next);
}

/**
 * One stat line → the key=value form sheets read:
 * `HD 4+1 AC 14/10 AB +4 ATK club 1d10 ML 10` → `hd=4+1 successAC=14 partialAC=10 attackBonus=4 weapons="club:1d10" morale=10`.
 * Several attacks: `ATK sword 1d8/shortbow 1d6 ranged`. A name in front (`Ogre HD 4+1 …`) is returned apart.
 */
export function statLine(line: string): { name: string | null; fields: string } {
  const tokens = line.trim().split(/\s+/).filter(Boolean);
  let i = 0;
  while (i < tokens.length && !isWordAt(tokens, i)) i++;
  const name = tokens.slice(0, i).join(" ") || null;
  if (i >= tokens.length)
    throw new RuleError(`A stat line reads like \`${STAT_LINE_EXAMPLE}\` (words: ${SHOWN.join(", ")}).`);
  const out: string[] = [];
  while (i < tokens.length) {
    const word = tokens[i++]!;
    const value: string[] = [];
    while (i < tokens.length && !isWordAt(tokens, i)) {
      // A stat word in capitals this line does not know (XP, SV, MV…): say so rather than read it as a value.
      if (/^[A-Z]{2,6}$/.test(tokens[i]!) && !(tokens[i]!.toLowerCase() in WORDS)) throw unknown(tokens[i]!);
      value.push(tokens[i++]!);
    }
    if (!value.length) throw new RuleError(`${word.toUpperCase()} needs a value, e.g. \`${exampleOf(word)}\`.`);
    out.push(field(word, value));
  }
  return { name, fields: out.join(" ") };
}

function exampleOf(word: string): string {
  const f = WORDS[word.toLowerCase()]!;
  if (f === "hd") return "HD 2+1";
  if (f === "ac") return "AC 13/9";
  if (f === "weapons") return "ATK club 1d10";
  return EXAMPLES[f] ?? `${word.toUpperCase()} +1`;
}

/** One word and its value as key=value pairs; a value it cannot read is a RuleError naming the word. */
function field(word: string, value: string[]): string {
  const f = WORDS[word.toLowerCase()]!;
  const v = value.join("").replace(/−/g, "-");
  const bad = (what: string) =>
    new RuleError(`${word.toUpperCase()} ${what}, e.g. \`${exampleOf(word)}\` (not "${value.join(" ")}").`);
  if (f === "weapons") return `weapons="${attacks(value.join(" "))}"`;
  if (f === "hd") {
    if (!HD_RE.test(v)) throw bad("is hit dice like 1, 1/2, 4+1 or 1-1");
    return `hd=${v}`;
  }
  if (f === "ac") {
    const ac = /^(\d+)(?:\/(\d+))?$/.exec(v);
    if (!ac) throw bad("is the success AC, or success/partial AC");
    return ac[2] ? `successAC=${ac[1]} partialAC=${ac[2]}` : `successAC=${ac[1]}`;
  }
  if (!/^[+-]?\d+$/.test(v)) throw bad("is a whole number");
  return `${f}=${Number(v)}`;
}

/** `club 1d10`, `sword 1d8/shortbow 1d6 ranged`, `1d6` → `club:1d10`, `sword:1d8|shortbow:1d6:ranged`, `attack:1d6`. */
function attacks(text: string): string {
  return text
    .split("/")
    .map((a) => a.trim())
    .filter(Boolean)
    .map((a) => {
      const x = leadThen(a, /(\d*d\d+(?:\s*[+-]\s*\d+)?)(?:\s+(melee|ranged|thrown))?$/i);
      if (!x)
        throw new RuleError(
          `An attack is a weapon's damage dice, with its name in front and ranged or thrown after if so: \`club 1d10\`, \`shortbow 1d6 ranged\` (not "${a}").`,
        );
      const name = (x[1] || "attack").replace(/[:|"]/g, " ").trim() || "attack";
      return `${name}:${x[2]!.replace(/\s/g, "")}${x[3] ? `:${x[3].toLowerCase()}` : ""}`;
    })
    .join("|");
}
