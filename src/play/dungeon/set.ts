/** /dungeon set (rule mistakes arrive as RuleError, which the router shows like a UserError): the wandering table, the check's interval and chance, light durations, supplies and loads (referee). */
import { parseTable, setStock, SUPPLY_KINDS, type DungeonState, type Supplies } from "../../rules/dungeon/index.js";
import type { Actor } from "../actor.js";
import type { Services } from "../services.js";
import { requireCampaign } from "../campaigns/find.js";
import { updateCampaign } from "../campaigns/index.js";
import { parseSetting, type Settings } from "../campaigns/settings.js";
import type { SystemId } from "../../rules/systems/index.js";
import { campaignSystem } from "../campaigns/system.js";
import { UserError } from "../errors.js";
import { parseMonsters } from "../encounters/monsters.js";
import { requireReferee } from "../permissions.js";
import { loadClock, saveClock } from "./clock.js";
import { memberNamed, partyOf, type PartyMember } from "./party.js";
import type { Campaign } from "../../generated/prisma/client.js";
import type { Tx } from "../../store/client.js";
import { shapeOf } from "../sheets.js";
import { sheetCodecFor } from "../codecs/sheets.js";
import { applySheetToFight } from "../characters/fight.js";
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
    if (Object.keys(patch).length)
      campaign = await updateCampaign(tx, campaign, {
        settings: settingsCodec.encode({ ...settingsCodec.decode(campaign.settings), ...patch }),
      });
    if (input.table != null) {
      if (/^(none|clear|-)$/i.test(input.table.trim())) {
        next = { ...next, table: [] };
        lines.push("The wandering table is cleared: the referee picks wandering monsters.");
      } else {
        const entries = parseTable(input.table);
        const system = campaignSystem(campaign);
        for (const e of entries) parseMonsters(system, `1 ${e.what}`);
        next = { ...next, table: entries.map((e) => e.text) };
        lines.push(
          `Wandering table (1d${entries.length}): ${entries.map((e, i) => `${i + 1}. ${e.text}`).join(" · ")}`,
        );
      }
    }
    for (const k of SUPPLY_KINDS) {
      const v = input[k];
      if (v === undefined || v === null) continue;
      next = { ...next, supplies: setStock(next.supplies, k, v) };
      lines.push(`The party has ${v} ${k}.`);
    }
    if (input.character || input.coins != null) {
      if (!input.character || input.coins == null)
        throw new UserError("Give both `character` and `coins` to set what someone carries.");
      const who = memberNamed(await partyOf(tx, campaign), input.character);
      lines.push(...(await setLoad(tx, campaign, who, input.coins)));
      // One load per character, on its sheet: an older load kept on the clock for it goes.
      const { [who.name.toLowerCase()]: _old, ...rest } = next.loads;
      next = { ...next, loads: rest };
    }
    if (!lines.length)
      throw new UserError(
        "Give at least one option to set: table, interval, chance, torch, lantern, rations, water, torches, oil, or character with coins.",
      );
    await saveClock(tx, clock, { state: next });
    return { view: await dungeonView(tx, campaign, clock.rounds, next), lines };
  });
}

/**
 * seed 002, "Tracking Encumbrance": what a member carries, in coins of weight, written onto its sheet (`load`): the one
 * load the dungeon turn, the fight (a fight running now included) and the sheet read. A system whose sheet keeps no load
 * (its movement does not depend on what is carried) refuses it.
 */
async function setLoad(tx: Tx, campaign: Campaign, who: PartyMember, coins: number): Promise<string[]> {
  const system = campaignSystem(campaign);
  if (!("load" in shapeOf(system.sheet)))
    throw new UserError(`${system.name} does not slow characters by what they carry: there is no load to set.`);
  const parsed = system.sheet.safeParse({ ...who.sheet, load: coins });
  const sheet: Record<string, unknown> = parsed.success
    ? (parsed.data as Record<string, unknown>)
    : { ...who.sheet, load: coins };
  const data = { sheet: sheetCodecFor(system).encode(sheet), version: { increment: 1 } };
  if (who.kind === "pc") await tx.character.update({ where: { id: who.id }, data });
  else await tx.retainer.update({ where: { id: who.id }, data });
  const fight = await applySheetToFight(tx, system, who.id, sheet, who.kind === "pc" ? "characterId" : "retainerId");
  return [
    `${who.name} carries ${coins} coins of weight (on ${who.name}'s sheet: the dungeon turn and the fight both read it; \`/character edit name:${who.name} sheet:load=-\` takes it back to what the sheet lists).`,
    ...(fight ? [`The running fight (${fight.encounter}) moves ${who.name} by it at once.`] : []),
  ];
}
