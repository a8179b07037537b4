/**
 * Attribute rolls (seed 000 never states the mechanic; see the doc): 2d10 +
 * attribute + modifier against a difficulty, with three levels of success
 * mirroring the attack roll's success AC and partial AC.
 */
import type { DiceBag, DiceRoll } from "../../dice/bag.js";
import { RuleError, type CheckInput, type RuleResult, type SaveInput, type Unsupported } from "../types.js";
import { showRoll, signed } from "./dice.js";
import { REF } from "./refs.js";
import { ATTRIBUTES, attributeLabel, parseAttribute, type AttributeKey, type ThirdAgeSheet } from "./sheet.js";

export type Level = "success" | "partial" | "failure";
export const LEVELS: readonly Level[] = ["failure", "partial", "success"];

/** Default difficulty of an attribute roll (choice): 2d10 + 0 reaches 12 45% of the time. */
export const DEFAULT_DIFFICULTY = 12;
/** A partial success is within this many points below the difficulty (mirrors success AC − partial AC). */
export const PARTIAL_GAP = 4;

export function levelOf(total: number, successAt: number, partialAt: number): Level {
  if (total >= successAt) return "success";
  if (total >= partialAt) return "partial";
  return "failure";
}

/** Lower a level of success by `steps` (Counterspell). */
export function lowerLevel(level: Level, steps: number): Level {
  const i = Math.max(0, LEVELS.indexOf(level) - Math.max(0, steps));
  return LEVELS[i]!;
}

export const LEVEL_WORDS: Record<Level, string> = {
  success: "Success",
  partial: "Partial success",
  failure: "Failure",
};

export interface AttributeRollResult {
  attribute: AttributeKey;
  roll: DiceRoll;
  total: number;
  difficulty: number;
  partialAt: number;
  level: Level;
  line: string;
}

/** One attribute roll: 2d10 + attribute + modifier vs difficulty. */
export function attributeRoll(
  sheet: ThirdAgeSheet,
  attribute: AttributeKey,
  bag: DiceBag,
  opts: { difficulty?: number | undefined; modifier?: number | undefined; label?: string } = {},
): AttributeRollResult {
  const difficulty = opts.difficulty ?? DEFAULT_DIFFICULTY;
  if (!Number.isInteger(difficulty) || difficulty < 2 || difficulty > 40)
    throw new RuleError("Difficulty must be a whole number between 2 and 40");
  const modifier = opts.modifier ?? 0;
  const value = sheet[attribute];
  const roll = bag.roll(opts.label ?? `${attributeLabel(attribute)} roll`, 2, 10, { modifier: value + modifier });
  const partialAt = difficulty - PARTIAL_GAP;
  const level = levelOf(roll.total, difficulty, partialAt);
  const mods = `${attributeLabel(attribute)} ${signed(value, "−")}${modifier ? `, modifier ${signed(modifier, "−")}` : ""}`;
  const line = `${attributeLabel(attribute)} roll ${showRoll(roll)} (${mods}) vs difficulty ${difficulty} (partial from ${partialAt}) → ${LEVEL_WORDS[level]}`;
  return { attribute, roll, total: roll.total, difficulty, partialAt, level, line };
}

export type CheckResult = RuleResult & { success: boolean; level: Level; total: number; difficulty: number };

function requireAttribute(name: string): AttributeKey {
  const key = parseAttribute(name);
  if (!key) throw new RuleError(`"${name}" is not a Third Age attribute: use one of ${ATTRIBUTES.join(", ")}`);
  return key;
}

const LEVEL_MEANING: Record<Level, string> = {
  success: "You do it.",
  partial: "Partial success: you do it at a cost, or only in part (the referee says which).",
  failure: "It does not work.",
};

/** /check: an attribute roll; `success` is true on a full success only (`level` tells partial apart). */
export function check(input: CheckInput<ThirdAgeSheet>, bag: DiceBag, rule: string = REF.attributeRoll): CheckResult {
  const key = requireAttribute(input.attribute);
  const mark = bag.log.length;
  const r = attributeRoll(input.who.sheet, key, bag, { difficulty: input.difficulty, modifier: input.modifier });
  return {
    title: `${input.who.name}: ${attributeLabel(key)} roll — ${LEVEL_WORDS[r.level]}`,
    lines: [r.line, LEVEL_MEANING[r.level]],
    rules: [rule, REF.choice("attribute roll 2d10 + attribute vs difficulty, partial within 4 below")],
    rolls: bag.since(mark),
    success: r.level === "success",
    level: r.level,
    total: r.total,
    difficulty: r.difficulty,
  };
}

/** Classic saving throws and their Third Age attribute (seed 000, "Converting Saving Throws"). */
export const SAVE_KINDS = ["death/poison", "wands", "paralysis/petrify", "breath", "spells/rods/staves"] as const;
export type SaveKind = (typeof SAVE_KINDS)[number];

const SAVE_NAMES: Record<SaveKind, string> = {
  "death/poison": "Death/Poison",
  wands: "Wands",
  "paralysis/petrify": "Paralysis/Petrify",
  breath: "Breath Attack",
  "spells/rods/staves": "Spells/Rods/Staves",
};
const SAVE_FIXED: Partial<Record<SaveKind, AttributeKey>> = {
  "death/poison": "body",
  "paralysis/petrify": "soul",
  breath: "dexterity",
};
/** Wands and spells use the spell's target attribute; when none is named, Soul (choice). */
export const DEFAULT_SPELL_TARGET: AttributeKey = "soul";

const ALIASES: [RegExp, SaveKind][] = [
  [/^(death|poison|death\/poison|death or poison|death and poison)$/, "death/poison"],
  [/^(wands?|magic wands?)$/, "wands"],
  [
    /^(paralysis|paralyze|paralyse|petrify|petrification|paralysis\/petrify|paralysis\/petrification)$/,
    "paralysis/petrify",
  ],
  [/^(breath|breath attack|breath weapon|dragon breath)$/, "breath"],
  [/^(spells?|rods?|staves|staff|spells\/rods\/staves|spell\/rod\/staff)$/, "spells/rods/staves"],
];

export interface ParsedSave {
  kind?: SaveKind;
  /** Target attribute named by the user ("spells:mind", "wands (Body)") or a bare attribute. */
  target?: AttributeKey;
}

/** "Breath Attack" → breath; "spells: mind" → spells with Mind; "body" → a bare Body roll. */
export function parseSaveKind(raw: string): ParsedSave {
  let text = raw
    .trim()
    .toLowerCase()
    .replace(/[()[\],:;]/g, " ")
    .replace(/\s+/g, " ")
    .trim();
  let target: AttributeKey | undefined;
  const words = text.split(" ");
  const rest: string[] = [];
  for (const w of words) {
    const a = w.length >= 3 ? parseAttribute(w) : undefined;
    if (a && !target) target = a;
    else rest.push(w);
  }
  text = rest.join(" ").trim();
  if (!text) return target ? { target } : {};
  for (const [re, kind] of ALIASES) if (re.test(text)) return { kind, ...(target ? { target } : {}) };
  throw new RuleError(
    `"${raw}" is not a classic saving throw: use death/poison, wands, paralysis/petrify, breath or spells (add the target attribute for wands/spells, e.g. "spells mind"), or /check an attribute`,
  );
}

export type SaveResult = RuleResult & {
  success: boolean;
  level: Level;
  total: number;
  attribute: AttributeKey;
  kind?: SaveKind;
};

export const SAVES_UNSUPPORTED: Unsupported = {
  unsupported: true,
  message:
    'The Third Age has no saving throws: it uses attribute rolls. Name the classic save to convert it (/save death/poison → Body, paralysis/petrify → Soul, breath → Dexterity, wands or spells → the spell\'s target attribute, e.g. "spells mind"), or use /check with an attribute.',
};

/** /save: converts a classic saving throw into the attribute roll and makes it. */
export function save(input: SaveInput<ThirdAgeSheet>, bag: DiceBag): SaveResult | Unsupported {
  if (!input.kind?.trim()) return SAVES_UNSUPPORTED;
  const parsed = parseSaveKind(input.kind);
  const notes: string[] = [];
  let attribute: AttributeKey;
  let heading: string;
  if (!parsed.kind) {
    attribute = parsed.target!;
    heading = `${attributeLabel(attribute)} attribute roll (no classic save named)`;
  } else {
    const fixed = SAVE_FIXED[parsed.kind];
    if (fixed) {
      attribute = fixed;
      if (parsed.target && parsed.target !== fixed)
        notes.push(
          `${SAVE_NAMES[parsed.kind]} always converts to ${attributeLabel(fixed)}; ${attributeLabel(parsed.target)} was not used.`,
        );
    } else if (parsed.target) {
      attribute = parsed.target;
    } else {
      attribute = DEFAULT_SPELL_TARGET;
      notes.push(
        `No target attribute given for ${SAVE_NAMES[parsed.kind]}: defaulting to Soul (name one, e.g. "${parsed.kind === "wands" ? "wands" : "spells"} mind").`,
      );
    }
    heading = `${SAVE_NAMES[parsed.kind]} → ${attributeLabel(attribute)} attribute roll`;
  }
  const mark = bag.log.length;
  const r = attributeRoll(input.who.sheet, attribute, bag, { modifier: input.modifier });
  const rules = [REF.saves, REF.choice("attribute roll 2d10 + attribute vs difficulty 12")];
  if (parsed.kind && !SAVE_FIXED[parsed.kind] && !parsed.target) rules.push(REF.choice("wands/spells default to Soul"));
  return {
    title: `${input.who.name}: ${heading} — ${LEVEL_WORDS[r.level]}`,
    lines: [heading, ...notes, r.line, LEVEL_MEANING[r.level]],
    rules,
    rolls: bag.since(mark),
    success: r.level === "success",
    level: r.level,
    total: r.total,
    attribute,
    ...(parsed.kind ? { kind: parsed.kind } : {}),
  };
}
