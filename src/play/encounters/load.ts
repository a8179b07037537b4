/** Loading the running encounter of the actor's campaign, and its combatants as rules see them. */
import { campaignSystem } from "../campaigns/system.js";
import type { Campaign, Combatant as CombatantRow, Encounter } from "../../generated/prisma/client.js";
import type { Combatant, RuleSystem } from "../../rules/systems/types.js";
import type { SystemId } from "../../rules/systems/index.js";
import type { Db, Hot } from "../../store/client.js";
import type { Actor } from "../actor.js";
import { StaleError, UserError } from "../errors.js";
import { didYouMean } from "../nearest.js";
import { combatantsOf } from "../../store/hot.js";
import { findTable, noCampaign } from "../campaigns/find.js";
import { readSettings, type Settings } from "../campaigns/settings.js";
import { isOut } from "../../rules/round/words.js";
import { sheetCodecFor, stateCodecFor } from "../codecs/sheets.js";

export interface Fight {
  campaign: Campaign;
  encounter: Encounter;
  rows: CombatantRow[];
  combatants: Combatant[];
  system: RuleSystem;
  settings: Settings;
}

/** A combatant's row as its system's rules see it (its sheet and state read through the system's codecs). */
export function toRule(row: CombatantRow, system: RuleSystem): Combatant {
  return {
    id: row.id,
    name: row.name,
    side: row.side as Combatant["side"],
    kind: row.kind as Combatant["kind"],
    sheet: sheetCodecFor(system).decode(row.sheet),
    state: stateCodecFor(system).decode(row.state),
  };
}

export async function loadFight(tx: Hot | Db, campaign: Campaign, encounter: Encounter): Promise<Fight> {
  return fightOf(campaign, encounter, await combatantsOf(tx, encounter.id));
}

/** A fight of rows already read. */
export function fightOf(campaign: Campaign, encounter: Encounter, rows: CombatantRow[]): Fight {
  const system = campaignSystem(campaign);
  return {
    campaign,
    encounter,
    rows,
    combatants: rows.map((r) => toRule(r, system)),
    system,
    settings: readSettings(campaign.system as SystemId, campaign.settings),
  };
}

export async function requireFight(tx: Hot | Db, actor: Actor, opts: { lock?: boolean } = {}): Promise<Fight> {
  // The campaign, its encounter and the combatants in one read (one round trip on PostgreSQL); with
  // `lock` (about to draw dice), the campaign's and encounter's rows locked as they are read (store/hot.ts).
  const { campaign, encounter, combatants } = await findTable(tx, actor, true, opts.lock);
  if (!campaign) throw noCampaign();
  if (!encounter) throw new UserError("No encounter is running here. A referee starts one with /encounter start.");
  return fightOf(campaign, encounter, combatants);
}

/**
 * The running encounter a button belongs to. A button of an encounter that has ended (the running one,
 * if any, is another) changes nothing and says so.
 */
export async function requireFightOf(tx: Hot | Db, actor: Actor, encounterId: string): Promise<Fight> {
  const ended = () => new StaleError("That encounter has ended: nothing was changed.");
  const fight = await requireFight(tx, actor).catch((err) => {
    throw err instanceof UserError ? ended() : err;
  });
  if (fight.encounter.id !== encounterId) throw ended();
  return fight;
}

/** A combatant by id or (case-insensitive) name. */
export function findCombatant(f: Fight, key: string): CombatantRow {
  const k = key.trim().toLowerCase();
  const row = f.rows.find((r) => r.id === key) ?? f.rows.find((r) => r.name.toLowerCase() === k);
  if (!row)
    throw new UserError(
      `There is no "${key}" in this encounter.${
        didYouMean(
          key,
          f.rows.map((r) => r.name),
        ) || " Pick one from the list (see /encounter show)."
      }`,
    );
  return row;
}

/** Out of the fight (dead, unconscious, fled…), in every system's words. */
export const isDown = (c: Combatant): boolean => isOut(c);
