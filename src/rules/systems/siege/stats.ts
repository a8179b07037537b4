/**
 * A custom monster as one line in Castles & Crusades terms, the way its
 * modules and Monsters & Treasure write one: `Ogre HD 4 (d8) AC 16 ATK club
 * 2d8 SIZE large SAVES P` → the key=value fields the monster sheet reads.
 * Forgiving: `HD 4d8` or `HD 4 (d10)`, `ATK 2 claws 1d4, bite (1d10)` or
 * `claw 1d4/claw 1d4/bite 1d10`, `fist 1d4 subdual`, `MOVE 30 ft.`; the words that describe
 * rather than fight (SPECIAL, INT as a rating, ALIGNMENT, TYPE, TREASURE, XP)
 * are read and left aside (docs/rules/siege.md, "A monster in one line").
 */
import { RuleError } from "../types.js";
import { ATTRIBUTE_KEYS, DICE_RE, HIT_DICE, SIZES, type AttributeKey } from "./sheet.js";
import { leadThen } from "../../lead-then.js";

export const STAT_EXAMPLE = "HD 4 (d8) AC 16 ATK club 2d8 SIZE large";

type Read = (value: string, word: string) => Record<string, string>;

const whole = (word: string, value: string, example: string, signed = false): string => {
  const v = value.replace(/\s/g, "");
  if (!(signed ? /^[+-]?\d{1,3}$/ : /^\d{1,3}$/).test(v))
    throw new RuleError(`${word} needs a number, e.g. \`${word} ${example}\` (not "${value}").`);
  return String(Number(v));
};

function hitDice(value: string): Record<string, string> {
  const m = /^(\d{1,2})(?:\(?d(\d{1,2})\)?)?$/i.exec(value.replace(/\s/g, ""));
  if (!m)
    throw new RuleError(
      `HD is the number of hit dice, with the die if it is not a d8: \`HD 4\`, \`HD 4 (d10)\` or \`HD 4d10\` (not "${value}").`,
    );
  const die = m[2] ? Number(m[2]) : undefined;
  if (die !== undefined && !(HIT_DICE as readonly number[]).includes(die))
    throw new RuleError(`A hit die is a d4, d6, d8, d10 or d12 (not d${die}).`);
  return { level: String(Number(m[1])), ...(die ? { hitDie: String(die) } : {}) };
}

const SAVES: Record<string, AttributeKey[]> = { p: ["str", "dex", "con"], m: ["int", "wis", "cha"], n: [] };

/** SAVES P, M, P+M (or P/M), N — or the prime attributes by name. */
function primes(value: string): Record<string, string> {
  const parts = value
    .toLowerCase()
    .split(/[\s,+/&]+|\band\b/)
    .filter(Boolean);
  const out = new Set<AttributeKey>();
  for (const p of parts) {
    if (p in SAVES) for (const k of SAVES[p]!) out.add(k);
    else if ((ATTRIBUTE_KEYS as readonly string[]).includes(p.slice(0, 3))) out.add(p.slice(0, 3) as AttributeKey);
    else if (p !== "none")
      throw new RuleError(
        `SAVES is P (physical), M (mental), P+M or N, or the prime attributes, e.g. \`SAVES P\` (not "${value}").`,
      );
  }
  return { primes: out.size ? [...out].join("|") : "-" };
}

function size(value: string): Record<string, string> {
  const v = value.trim().toLowerCase().replace(/\.$/, "");
  const found = SIZES.find((s) => s === v || (v.length === 1 && s[0] === v));
  if (!found)
    throw new RuleError(`SIZE is one of ${SIZES.join(", ")} (or S, M, L), e.g. \`SIZE large\` (not "${value}").`);
  return { size: found };
}

const COUNT = /^(\d{1,2})(?:\s*[x×]\s*|\s+)/i;
const ATTACK_TAIL = /(?:\(\s*)?(\d*d\d+(?:\s*[+-]\s*\d+)?)\s*\)?$/i;

/** `2 claws 1d4` → [whole, "2", "claws", "1d4"]: an optional count, the name, the dice (perhaps in brackets). */
function countThenAttack(part: string): (string | undefined)[] | null {
  const count = COUNT.exec(part);
  const counted = count && leadThen(part.slice(count[0].length), ATTACK_TAIL);
  if (count && counted) return [part, count[1], ...counted.slice(1)];
  const plain = leadThen(part, ATTACK_TAIL);
  return plain && [part, undefined, ...plain.slice(1)];
}

/** "If a monster's attack causes subdual rather than normal damage, the monster description will note it": `fist 1d4 subdual`. */
const SUBDUAL_TAIL = /(?:\(\s*subdual(?:\s+damage)?\s*\)|\bsubdual(?:\s+damage)?)$/i;

/** `2 claws 1d4, bite (1d10)` or `claw 1d4/claw 1d4/bite 1d10` → each attack as a weapon, and how many a round. */
function attacks(value: string): Record<string, string> {
  const out: string[] = [];
  for (const whole of value
    .split(/[/,;]|\band\b/)
    .map((p) => p.trim())
    .filter(Boolean)) {
    const subdual = SUBDUAL_TAIL.test(whole);
    const part = subdual ? whole.replace(SUBDUAL_TAIL, "").trimEnd() : whole;
    const m = countThenAttack(part);
    if (!m)
      throw new RuleError(
        `An attack is its name and damage dice: \`club 2d8\`, or several as \`2 claws 1d4, bite 1d10\` (not "${part}").`,
      );
    const damage = m[3]!.replace(/\s/g, "").toLowerCase();
    if (!DICE_RE.test(damage)) throw new RuleError(`"${m[3]}" is not a damage roll: write it like 1d8 or 2d4+1.`);
    const count = m[1] ? Number(m[1]) : 1;
    let name = (m[2] || "attack").replace(/[:|"]/g, " ").replace(/\s+/g, " ").trim().toLowerCase();
    if (count > 1) name = name.replace(/([^s])s$/, "$1");
    // The weapon's fields by position: name, damage, kind, range, bonus, reach, crossbow, subdual.
    for (let i = 0; i < count; i++) out.push(`${name}:${damage}${subdual ? "::::::true" : ""}`);
  }
  if (!out.length || out.length > 10)
    throw new RuleError(`ATK lists 1 to 10 attacks, e.g. \`ATK club 2d8\` (not "${value}").`);
  return { weapons: `"${out.join("|")}"`, ...(out.length > 1 ? { attacks: String(out.length) } : {}) };
}

const attribute =
  (key: AttributeKey): Read =>
  (value, word) => ({ [key]: whole(word, value, "18") });
const leftAside: Read = () => ({});

/** The line's words, as C&C writes them, and how each is read. */
const WORDS: Record<string, Read> = {
  hd: hitDice,
  hp: (v, word) => ({ hpMax: whole(word, v, "22") }),
  ac: (v, word) => ({ ac: whole(word, v, "16") }),
  atk: attacks,
  attack: attacks,
  attacks,
  bth: (v, word) => ({ bth: whole(word, v, "+4", true) }),
  // "Use an Ability": "Some monsters can perform more than one ability per round".
  abilities: (v, word) => ({ abilities: whole(word, v, "2") }),
  move: (v, word) => ({ move: whole(word, /^\s*(\d+)/.exec(v)?.[1] ?? v, "30") }),
  mv: (v, word) => ({ move: whole(word, /^\s*(\d+)/.exec(v)?.[1] ?? v, "30") }),
  size,
  saves: primes,
  primes,
  str: attribute("str"),
  dex: attribute("dex"),
  con: attribute("con"),
  // Monsters & Treasure's INT is a rating (Animal, Low, Average…): a number is the score, a word is left aside.
  int: (v, word) => (/^\s*\d+\s*$/.test(v) ? attribute("int")(v, word) : {}),
  wis: attribute("wis"),
  cha: attribute("cha"),
  special: leftAside,
  alignment: leftAside,
  type: leftAside,
  treasure: leftAside,
  xp: leftAside,
};

/** Words of other games a referee may paste from habit, and why this one has none. */
const FOREIGN: Record<string, string> = {
  thac0: "Castles & Crusades has no THAC0: a monster's BtH is its hit dice (`BTH +4` if it differs)",
  ml: "Castles & Crusades monsters have no morale score: leave ML out",
  morale: "Castles & Crusades monsters have no morale score: leave it out",
  aac: "Castles & Crusades armour class already counts up: write `AC 16`",
};

const wordOf = (token: string): string => token.toLowerCase().replace(/[.,;]+$/, "");
const KNOWN = Object.keys(WORDS)
  .filter((w) => w !== "attack")
  .map((w) => w.toUpperCase())
  .join(", ");

function splitLine(line: string): { name: string | null; pairs: [string, string][] } {
  const tokens = line.trim().split(/\s+/).filter(Boolean);
  const isWord = (t: string) => wordOf(t) in WORDS || wordOf(t) in FOREIGN;
  const lead: string[] = [];
  while (tokens.length && !isWord(tokens[0]!)) lead.push(tokens.shift()!);
  if (!tokens.length) throw new RuleError(`A monster's line reads like \`${STAT_EXAMPLE}\` (words: ${KNOWN}).`);
  const pairs: [string, string][] = [];
  while (tokens.length) {
    const word = wordOf(tokens.shift()!);
    if (word in FOREIGN) throw new RuleError(`${FOREIGN[word]}. This line reads ${KNOWN}.`);
    const value: string[] = [];
    while (tokens.length && !isWord(tokens[0]!)) value.push(tokens.shift()!);
    if (!value.length && WORDS[word] !== leftAside)
      throw new RuleError(`${word.toUpperCase()} needs a value, e.g. \`${STAT_EXAMPLE}\`.`);
    pairs.push([word, value.join(" ").replace(/[,;]$/, "")]);
  }
  return { name: lead.length ? lead.join(" ") : null, pairs };
}

/** One monster line in C&C terms → `{ name, fields }`, the fields as key=value pairs for the monster sheet. */
export function siegeStatLine(line: string): { name: string | null; fields: string } {
  const { name, pairs } = splitLine(line);
  const fields: Record<string, string> = {};
  const seen = new Set<string>();
  for (const [word, value] of pairs) {
    const read = WORDS[word]!(value, word.toUpperCase());
    for (const key of Object.keys(read)) {
      if (seen.has(key)) throw new RuleError(`The line gives ${word.toUpperCase()} twice: keep one.`);
      seen.add(key);
    }
    Object.assign(fields, read);
  }
  return {
    name,
    fields: Object.entries(fields)
      .map(([k, v]) => `${k}=${v}`)
      .join(" "),
  };
}
