/**
 * The party: every character of the campaign's players, whichever each plays now (issue 42, point 30). Between
 * fights everything the party does counts them all: its pace and load, its rations and light, its rest and the
 * time that passes, the face for a reaction roll, a roll call of "party". A player's current character
 * (/character use) is the one they act with by default; a fight starts with each player's current character,
 * and another of theirs comes in with /encounter join (docs/play.md).
 */
import type { Campaign, Character } from "../../generated/prisma/client.js";
import type { RuleSystem } from "../../rules/systems/types.js";
import { campaignSystem } from "../campaigns/system.js";
import type { Db, Tx } from "../../store/client.js";
import { keptCodecFor } from "../codecs/sheets.js";

/** The dead no longer walk with the party, set its pace, or eat its rations. */
const DEAD = new Set(["dead", "slain", "destroyed"]);
export function isDead(stateJson: string, system: RuleSystem): boolean {
  return (
    keptCodecFor(system)
      .decode(stateJson || "{}")
      .conditions?.some((c) => DEAD.has(c)) ?? false
  );
}

/** Every character of the campaign (not the referee's bestiary), by player, oldest first; the dead too (`living` leaves them out). */
export async function partyCharacters(
  db: Db | Tx,
  campaign: Pick<Campaign, "id" | "system" | "settings">,
  opts: { living?: boolean } = {},
): Promise<Character[]> {
  const all = await db.character.findMany({
    where: { campaignId: campaign.id, deletedAt: null, kind: { not: "monster" } },
    orderBy: [{ ownerId: "asc" }, { createdAt: "asc" }, { id: "asc" }],
  });
  if (!opts.living) return all;
  const system = campaignSystem(campaign);
  return all.filter((c) => !isDead(c.state, system));
}
