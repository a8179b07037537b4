/** A campaign's options: validated, with each system's defaults. */
import { z } from "zod";
import type { RuleSystem, SystemId } from "../../rules/systems/types.js";
import { UserError } from "../errors.js";

export const settingsSchema = z.object({
  initiative: z.enum(["group", "individual"]),
  initiativeDex: z.boolean(),
  reactionWindow: z.number().int().min(10).max(3600),
  wanderingEvery: z.number().int().min(1).max(12),
  wanderingChance: z.number().int().min(0).max(6),
  ties: z.enum(["simultaneous", "reroll"]),
  damage: z.enum(["weapon", "d6"]),
  encumbrance: z.enum(["none", "basic", "detailed"]),
  torchTurns: z.number().int().min(1).max(144),
  lanternTurns: z.number().int().min(1).max(144),
});
export type Settings = z.infer<typeof settingsSchema>;

const BASE: Settings = {
  initiative: "group",
  initiativeDex: false,
  reactionWindow: 60,
  wanderingEvery: 2,
  wanderingChance: 1,
  ties: "simultaneous",
  damage: "weapon",
  encumbrance: "none",
  torchTurns: 6,
  lanternTurns: 24,
};

/** What each system's text sets as its default (see docs/rules/<id>.md). */
const BY_SYSTEM: Record<SystemId, Partial<Settings>> = {
  "third-age": { initiative: "group", wanderingEvery: 1 }, // seed 000: every turn to every three turns
  bx: { initiative: "group", wanderingEvery: 2, ties: "reroll", damage: "d6" }, // seed 002: 1d6 unless variable damage is chosen
  "bx-house": { initiative: "individual", wanderingEvery: 2 },
  siege: { initiative: "individual", wanderingEvery: 2 },
  "life-guard": { initiative: "group", wanderingEvery: 2 },
};

export function defaultSettings(system: SystemId): Settings {
  return { ...BASE, ...BY_SYSTEM[system] };
}

export function readSettings(system: SystemId, json: string): Settings {
  const stored = JSON.parse(json) as Partial<Settings>;
  return { ...defaultSettings(system), ...stored };
}

/** What `/campaign set option value` accepts: the option's words, its allowed values, and how to parse. */
export const SETTING_HELP: Record<keyof Settings, { words: string; allowed: string }> = {
  initiative: { words: "initiative method", allowed: "group or individual" },
  initiativeDex: { words: "add Dexterity to individual initiative", allowed: "on or off" },
  reactionWindow: { words: "seconds a reaction stays open", allowed: "10 to 3600" },
  wanderingEvery: { words: "wandering-monster check every N dungeon turns", allowed: "1 to 12" },
  wanderingChance: { words: "wandering monster on X in 6", allowed: "0 to 6" },
  ties: { words: "initiative ties", allowed: "simultaneous or reroll" },
  damage: { words: "damage dice (B/X)", allowed: "weapon or d6" },
  encumbrance: { words: "encumbrance (B/X)", allowed: "none, basic or detailed" },
  torchTurns: { words: "turns a torch burns", allowed: "1 to 144" },
  lanternTurns: { words: "turns a flask of lantern oil burns", allowed: "1 to 144" },
};

/** A value outside the range the system's text sets (e.g. The Third Age's wandering check every 1 to 3 turns) is refused. */
export function keepToText(system: Pick<RuleSystem, "name" | "settingRanges">, patch: Partial<Settings>): Partial<Settings> {
  for (const [k, v] of Object.entries(patch)) {
    const range = system.settingRanges?.[k];
    if (!range || typeof v !== "number" || (v >= range.min && v <= range.max)) continue;
    const heading = /"([^"]+)"/.exec(range.rule)?.[1];
    throw new UserError(`${system.name}${heading ? ` · ${heading}` : ""}: ${range.says}. Use ${range.min} to ${range.max} for ${k}.`);
  }
  return patch;
}

export function parseSetting(key: string, raw: string): Partial<Settings> {
  if (!(key in SETTING_HELP)) throw new UserError(`There is no option "${key}". Options: ${Object.keys(SETTING_HELP).join(", ")}.`);
  const k = key as keyof Settings;
  const v = raw.trim().toLowerCase();
  const field = settingsSchema.shape[k];
  const candidate: unknown = /^(on|yes|true)$/.test(v) ? true : /^(off|no|false)$/.test(v) ? false : /^-?\d+$/.test(v) ? Number(v) : v;
  const parsed = field.safeParse(candidate);
  if (!parsed.success) throw new UserError(`"${raw}" is not a value for ${k} (${SETTING_HELP[k].words}): use ${SETTING_HELP[k].allowed}.`);
  return { [k]: parsed.data } as Partial<Settings>;
}
