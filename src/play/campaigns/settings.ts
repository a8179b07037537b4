/**
 * A campaign's options: the shared ones (initiative, the reaction window, the
 * dungeon's clock), with each system's defaults and its own options from its
 * row (`campaignOptions`). Play never asks which system it is.
 */
import { z } from "zod";
import { SYSTEM_IDS, systemOf } from "../../rules/systems/index.js";
import type { SystemOption } from "../../rules/systems/types.js";
import type { SystemId } from "../../rules/systems/index.js";
import { UserError } from "../errors.js";
import { settingsCodec } from "../codecs/campaign.js";
import type { Settings } from "./settings-shape.js";

const opt = (words: string, allowed: string, schema: z.ZodType): SystemOption => ({ words, allowed, schema });

/** Options every system has. */
export const SHARED_OPTIONS = {
  initiative: opt("initiative method", "group or individual", z.enum(["group", "individual"])),
  initiativeDex: opt("add Dexterity to individual initiative", "on or off", z.boolean()),
  reactionWindow: opt("seconds a reaction stays open", "10 to 3600", z.number().int().min(10).max(3600)),
  wanderingEvery: opt("wandering-monster check every N dungeon turns", "1 to 12", z.number().int().min(1).max(12)),
  wanderingChance: opt("wandering-monster chance, X in 6", "0 to 6", z.number().int().min(0).max(6)),
  torchTurns: opt("turns a torch burns", "1 to 144", z.number().int().min(1).max(144)),
  lanternTurns: opt("turns a flask of lantern oil burns", "1 to 144", z.number().int().min(1).max(144)),
} satisfies Record<string, SystemOption>;

export type { Settings } from "./settings-shape.js";

const BASE: Settings = {
  initiative: "group",
  initiativeDex: false,
  reactionWindow: 60,
  wanderingEvery: 2,
  wanderingChance: 1,
  torchTurns: 6,
  lanternTurns: 24,
};

export function defaultSettings(system: SystemId): Settings {
  return { ...BASE, ...systemOf(system).campaignOptions.defaults };
}

export function readSettings(system: SystemId, json: string): Settings {
  return { ...defaultSettings(system), ...settingsCodec.decode(json) };
}

/**
 * The options of one system's campaigns: the shared ones, narrowed or added to by the system, less those its
 * text gives no meaning (the system's `unused`): what its campaign card lists and /campaign set accepts.
 */
export function optionsOf(system: SystemId): Record<string, SystemOption> {
  const { own, unused = {} } = systemOf(system).campaignOptions;
  return Object.fromEntries(Object.entries({ ...SHARED_OPTIONS, ...own }).filter(([k]) => !(k in unused)));
}

/** Every option any system has, for /campaign set's list (each campaign accepts its own). */
export function allOptions(): [string, SystemOption][] {
  const seen = new Map<string, SystemOption>(Object.entries(SHARED_OPTIONS));
  for (const id of SYSTEM_IDS)
    for (const [k, v] of Object.entries(systemOf(id).campaignOptions.own)) if (!seen.has(k)) seen.set(k, v);
  return [...seen];
}

export function parseSetting(system: SystemId, key: string, raw: string): Partial<Settings> {
  const options = optionsOf(system);
  const o = options[key];
  const unused = systemOf(system).campaignOptions.unused?.[key];
  const shared = (SHARED_OPTIONS as Record<string, SystemOption>)[key];
  if (unused && shared)
    throw new UserError(`"${shared.words}" does nothing in ${systemOf(system).name}: ${unused}. Nothing was changed.`);
  if (!o) {
    const owners = SYSTEM_IDS.filter((id) => key in systemOf(id).campaignOptions.own).map((id) => systemOf(id).name);
    // Players read an option by its words (the /campaign set choice's name), never by its key.
    const here = Object.values(options)
      .map((x) => x.words)
      .join("; ");
    const theirs = SYSTEM_IDS.map((id) => systemOf(id).campaignOptions.own[key]?.words).find(Boolean);
    if (owners.length)
      throw new UserError(
        `"${theirs}" is an option of ${owners.join(" and ")}, not of ${systemOf(system).name}. Options here: ${here}.`,
      );
    throw new UserError(`There is no option "${key}". Options: ${here}.`);
  }
  const v = raw.trim().toLowerCase();
  const candidate: unknown = /^(on|yes|true)$/.test(v)
    ? true
    : /^(off|no|false)$/.test(v)
      ? false
      : /^-?\d+$/.test(v)
        ? Number(v)
        : v;
  const parsed = o.schema.safeParse(candidate);
  if (!parsed.success) throw new UserError(`"${raw}" is not a value for the option "${o.words}": use ${o.allowed}.`);
  return { [key]: parsed.data } as Partial<Settings>;
}
