/** /dungeon set (rule mistakes arrive as RuleError, which the router shows like a UserError): the wandering table, the check's interval and chance, light durations, supplies and loads (referee). */
import { parseTable, setStock, SUPPLY_KINDS, type DungeonState, type Supplies } from "../../rules/dungeon/index.js";
import type { Actor } from "../actor.js";
import type { Services } from "../services.js";
import { requireCampaign } from "../campaigns/find.js";
import { updateCampaign } from "../campaigns/index.js";
import { parseSetting, type Settings } from "../campaigns/settings.js";
import type { SystemId } from "../../rules/systems/types.js";
import { campaignSystem } from "../campaigns/system.js";
import { UserError } from "../errors.js";
import { parseMonsters } from "../encounters/monsters.js";
import { requireReferee } from "../permissions.js";
import { loadClock, saveClock } from "./clock.js";
import { memberNamed, partyOf } from "./party.js";
import { dungeonView } from "./view.js";
import type { DungeonChange } from "./light.js";
import { settingsCodec } from "../codecs/campaign.js";

export interface DungeonSettings extends Partial<Record<keyof Supplies, number | null>> {
  /** "2d4 goblins; 1 ogre", or "none" to clear it. */
  table?: string | null;
  interval?: number | null;
  chance?: number | null;
  torch?: number | null;
  lantern?: number | null;
  /** A character whose carried coins (for bx encumbrance) are set to `coins`. */
  character?: string | null;
  coins?: number | null;
}

/** Each option of /dungeon set that is a campaign option: its key, and what players read once it is set. */
const OPTIONS: [keyof DungeonSettings, string, (v: number) => string][] = [
  ["interval", "wanderingEvery", (v) => `Wandering-monster checks now come every ${v} turn${v === 1 ? "" : "s"}.`],
  ["chance", "wanderingChance", (v) => `The wandering-monster chance is now ${v} in 6.`],
  ["torch", "torchTurns", (v) => `A torch now burns ${v} turn${v === 1 ? "" : "s"}.`],
  ["lantern", "lanternTurns", (v) => `A flask of lantern oil now burns ${v} turn${v === 1 ? "" : "s"}.`],
];

export async function setDungeon(s: Services, actor: Actor, input: DungeonSettings): Promise<DungeonChange> {
  return s.store.db.$transaction(async (tx) => {
    let campaign = await requireCampaign(tx, actor);
    requireReferee(campaign, actor, "set up the dungeon");
    const { clock, state } = await loadClock(tx, campaign.id);
    const lines: string[] = [];
    let next: DungeonState = state;
    const patch: Partial<Settings> = {};
    for (const [opt, key, said] of OPTIONS) {
      const v = input[opt];
      if (v == null) continue;
      Object.assign(patch, parseSetting(campaign.system as SystemId, key, String(v)));
      lines.push(said(Number(v)));
    }
    if (Object.keys(patch).length) campaign = await updateCampaign(tx, campaign, { settings: settingsCodec.encode({ ...settingsCodec.decode(campaign.settings), ...patch }) });
    if (input.table != null) {
      if (/^(none|clear|-)$/i.test(input.table.trim())) {
        next = { ...next, table: [] };
        lines.push("The wandering table is cleared: the referee picks wandering monsters.");
      } else {
        const entries = parseTable(input.table);
        const system = campaignSystem(campaign);
        for (const e of entries) parseMonsters(system, `1 ${e.what}`);
        next = { ...next, table: entries.map((e) => e.text) };
        lines.push(`Wandering table (1d${entries.length}): ${entries.map((e, i) => `${i + 1}. ${e.text}`).join(" · ")}`);
      }
    }
    for (const k of SUPPLY_KINDS) {
      const v = input[k];
      if (v === undefined || v === null) continue;
      next = { ...next, supplies: setStock(next.supplies, k, v) };
      lines.push(`The party has ${v} ${k}.`);
    }
    if (input.character || input.coins != null) {
      if (!input.character || input.coins == null) throw new UserError("Give both `character` and `coins` to set what someone carries.");
      const who = memberNamed(await partyOf(tx, campaign.id), input.character);
      next = { ...next, loads: { ...next.loads, [who.name.toLowerCase()]: input.coins } };
      lines.push(`${who.name} carries ${input.coins} coins of weight.`);
    }
    if (!lines.length) throw new UserError("Give at least one option to set: table, interval, chance, torch, lantern, rations, water, torches, oil, or character with coins.");
    await saveClock(tx, clock, { state: next });
    return { view: await dungeonView(tx, campaign, clock.rounds, next), lines };
  });
}
