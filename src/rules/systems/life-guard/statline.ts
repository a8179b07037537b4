/**
 * A custom foe as one stat line in Life & Guard's own terms, the columns of
 * "Enemy Types" (seed 004) plus its attack:
 * `Ogre (Advanced) Life 10 Attack club d10` or `Brute Life 3 Guard 2 Morale 7 Armour 1 Attack d6`.
 * An enemy type in brackets fills what the line does not give from the table;
 * without one, what is missing is a Standard enemy's (docs/rules/life-guard.md,
 * "Monsters"). The result is the key=value text the monster schema reads.
 */
import { RuleError } from "../types.js";
import { ENEMY_TYPES, isEnemyType, type EnemyType } from "./monsters.js";
import { DIE_PATTERN, WEAPON_TAGS, type WeaponTag } from "./sheet.js";

export const STAT_LINE_EXAMPLE = "Life 9 Guard 4 Morale 8 Armour 2 Attack club d8";

type Field = "life" | "guard" | "morale" | "armour" | "attack" | "type";
type Flag = "warband" | "flying" | "slayImmune";

/** The words that take a value, as the text writes them (GRD is its short Guard). */
const VALUE_WORDS: Record<string, Field> = {
  life: "life",
  guard: "guard",
  grd: "guard",
  morale: "morale",
  armour: "armour",
  armor: "armour",
  attack: "attack",
  attacks: "attack",
  damage: "attack",
  dmg: "attack",
  type: "type",
};
/** Words that stand alone. */
const FLAGS: Record<string, Flag> = { warband: "warband", flying: "flying", "slay-immune": "slayImmune" };
const LABEL: Record<Field | Flag | "tier", string> = {
  life: "Life",
  guard: "Guard",
  morale: "Morale",
  armour: "Armour",
  attack: "Attack",
  type: "Type",
  warband: "Warband",
  flying: "Flying",
  slayImmune: "Slay-immune",
  tier: "The enemy type",
};
const TIERS = Object.keys(ENEMY_TYPES)
  .map((t) => `(${t[0]!.toUpperCase()}${t.slice(1)})`)
  .join(", ");
const WORD_LIST = `Life, Guard, Morale, Armour, Attack (or Damage), Type, the words Warband, Flying and Slay-immune, and an enemy type in brackets: ${TIERS}`;

const has = (o: object, k: string) => Object.hasOwn(o, k);
const isDie = (t: string) => /^\d*d\d+$/i.test(t);

/** "(Advanced)" → "advanced"; an unknown word in brackets is refused; anything else is not a tier. */
function tierOf(token: string): EnemyType | undefined {
  const m = /^\((.*)\)$/.exec(token);
  if (!m) return undefined;
  const t = m[1]!.toLowerCase();
  if (!isEnemyType(t)) throw new RuleError(`"${token}" is not an enemy type: in brackets write one of ${TIERS}.`);
  return t;
}

const isStatWord = (t: string) =>
  has(VALUE_WORDS, t.toLowerCase()) || has(FLAGS, t.toLowerCase()) || tierOf(t) !== undefined;

const unknownWord = (t: string) =>
  new RuleError(`"${t}" is not a stat this line knows: use ${WORD_LIST}; e.g. \`${STAT_LINE_EXAMPLE}\`.`);

/** The name in front of the first stat; a number or die there has lost its stat word. */
function readName(tokens: string[]): string | null {
  const lead: string[] = [];
  while (tokens.length && !isStatWord(tokens[0]!)) {
    const t = tokens.shift()!;
    if (/^[+-]?\d+$/.test(t) || isDie(t)) {
      if (lead.length) throw unknownWord(lead[lead.length - 1]!);
      throw new RuleError(`"${t}" has no stat in front of it: write it after ${WORD_LIST}.`);
    }
    lead.push(t);
  }
  const name = lead.join(" ").replace(/["|]/g, "").trim();
  return name || null;
}

function readValue(field: Field, word: string, tokens: string[]): string {
  const v = tokens[0];
  const eg = field === "type" ? "Type undead" : `${LABEL[field]} 7`;
  if (v === undefined || isStatWord(v)) throw new RuleError(`${word} needs a value, e.g. \`${eg}\`.`);
  tokens.shift();
  if (field === "type") {
    if (!/^[\p{L}][\p{L}\d-]*$/u.test(v))
      throw new RuleError(
        `Type is one word, the kind of monster an oil is made for, e.g. \`Type undead\` (not "${v}").`,
      );
    return v.toLowerCase();
  }
  if (!/^\d+$/.test(v)) throw new RuleError(`${LABEL[field]} must be a whole number, e.g. \`${eg}\` (not "${v}").`);
  return v;
}

interface Attack {
  name: string | null;
  die: string;
  tag: WeaponTag | null;
}

/** One attack: `d8`, `club d8`, `spear d8 reach` (a name, the die, at most one tag). */
function readAttack(part: string[]): Attack {
  const at = part.findIndex(isDie);
  if (at < 0)
    throw new RuleError(
      `An attack is its damage die, with a name in front and a tag after if you like: \`d8\`, \`club d8\`, \`spear d8 reach\` (not "${part.join(" ")}").`,
    );
  const die = part[at]!.toLowerCase();
  if (!DIE_PATTERN.test(die))
    throw new RuleError(
      `"${part[at]}" is not a die of this game: d2, d3, d4, d6, d8, d10 or d12, 1 to 3 of them (2d6).`,
    );
  const tags = part.slice(at + 1).map((t) => {
    const tag = t.toLowerCase();
    if (!(WEAPON_TAGS as readonly string[]).includes(tag))
      throw new RuleError(
        `"${t}" is neither a weapon tag (${WEAPON_TAGS.join(", ")}) nor a stat this line knows (${WORD_LIST}).`,
      );
    return tag as WeaponTag;
  });
  if (tags.length > 1)
    throw new RuleError(
      `A stat line gives an attack one tag (not "${tags.join(" ")}"): give the rest on the monster's weapons as key=value.`,
    );
  const name = part.slice(0, at).join(" ").replace(/[:|"]/g, "").trim();
  return { name: name || null, die, tag: tags[0] ?? null };
}

/** Attacks up to the next stat word, several split by "/": `claw d6 / bite d10`. */
function readAttacks(word: string, tokens: string[]): Attack[] {
  const taken: string[] = [];
  while (tokens.length && !isStatWord(tokens[0]!)) taken.push(tokens.shift()!);
  if (!taken.length) throw new RuleError(`${word} needs a die, e.g. \`${word} club d8\`.`);
  return taken
    .join(" ")
    .split("/")
    .map((p) => p.trim().split(/\s+/).filter(Boolean))
    .map(readAttack);
}

type Read = Partial<Record<Exclude<Field, "attack"> | Flag, string>> & { tier?: EnemyType; attack?: Attack[] };

function readStatWords(tokens: string[]): Read {
  const got: Read = {};
  while (tokens.length) {
    const t = tokens.shift()!;
    const w = t.toLowerCase();
    const tier = tierOf(t);
    const key = tier ? "tier" : (FLAGS[w] ?? VALUE_WORDS[w]);
    if (!key) throw unknownWord(t);
    if (has(got, key)) throw new RuleError(`${LABEL[key]} is given twice in the stat line: give it once.`);
    if (tier) got.tier = tier;
    else if (key === "attack") got.attack = readAttacks(t, tokens);
    else if (has(FLAGS, w)) got[key as Flag] = "yes";
    else got[key as Exclude<Field, "attack">] = readValue(key as Field, t, tokens);
  }
  return got;
}

function toFields(got: Read): string {
  const base = got.tier ? ENEMY_TYPES[got.tier] : undefined;
  const out: string[] = [];
  for (const f of ["life", "guard", "morale", "armour"] as const) {
    const v = got[f] ?? base?.[f];
    if (v !== undefined) out.push(`${f}=${v}`);
  }
  const a = got.attack;
  if (a && (a.length > 1 || a[0]!.name || a[0]!.tag)) {
    out.push(`weapons="${a.map((x) => [x.name ?? "Attack", x.die, ...(x.tag ? [x.tag] : [])].join(":")).join("|")}"`);
  } else if (a || base) out.push(`damage=${a ? a[0]!.die : base!.damage}`);
  for (const f of ["type", "warband", "flying", "slayImmune"] as const) if (got[f]) out.push(`${f}=${got[f]}`);
  return out.join(" ");
}

/**
 * One stat line → the monster's key=value fields and the name in front, if any.
 * Throws RuleError naming the word or value it could not read.
 */
export function statLine(line: string): { name: string | null; fields: string } {
  const tokens = line.replace(/[,;]/g, " ").trim().split(/\s+/).filter(Boolean);
  const name = readName(tokens);
  if (!tokens.length) throw new RuleError(`A stat line reads like \`${STAT_LINE_EXAMPLE}\` (words: ${WORD_LIST}).`);
  return { name, fields: toFields(readStatWords(tokens)) };
}
