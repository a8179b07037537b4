/** What /dungeon status shows, and every dungeon answer ends with. */
import type { Campaign } from "../../generated/prisma/client.js";
import {
  nextCheckTurn,
  partyMovement,
  turnOf,
  type DungeonState,
  type PartyMovement,
} from "../../rules/dungeon/index.js";
import { RULING } from "../../rules/ruling.js";
import type { SystemId } from "../../rules/systems/index.js";
import type { Db, Tx } from "../../store/client.js";
import { campaignSystem } from "../campaigns/system.js";
import { readSettings, type Settings } from "../campaigns/settings.js";
import { partyOf, type PartyMember } from "./party.js";

export interface DungeonView {
  campaign: Campaign;
  rounds: number;
  state: DungeonState;
  settings: Settings;
  party: PartyMember[];
  movement: PartyMovement;
  /** The turn on which the next wandering-monster check falls. */
  nextCheck: number;
  /** The text has light rules of its own (else light burns by a ruling, and darkness is told only once someone lit one: `state.lit`). */
  lightRules: boolean;
  /** The text has supplies rules of its own (else rations and water are kept only once the referee sets them). */
  suppliesRules: boolean;
}

export async function dungeonView(
  db: Db | Tx,
  campaign: Campaign,
  rounds: number,
  state: DungeonState,
): Promise<DungeonView> {
  const system = campaign.system as SystemId;
  const settings = readSettings(system, campaign.settings);
  const party = await partyOf(db, campaign);
  return {
    campaign,
    rounds,
    state,
    settings,
    party,
    movement: partyMovement({
      dungeon: campaignSystem(campaign).dungeon,
      members: party,
      settings,
      loads: state.loads,
    }),
    nextCheck: nextCheckTurn(turnOf(rounds), settings.wanderingEvery),
    lightRules: !RULING.test(campaignSystem(campaign).dungeon?.cites?.light ?? ""),
    suppliesRules: !RULING.test(campaignSystem(campaign).dungeon?.cites?.supplies ?? ""),
  };
}
