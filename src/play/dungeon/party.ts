/** The party between fights: every living character of the campaign's players (characters/party.ts) and its active retainers. */
import type { Campaign } from "../../generated/prisma/client.js";
import type { Combatant } from "../../rules/systems/types.js";
import { campaignSystem } from "../campaigns/system.js";
import type { Db, Tx } from "../../store/client.js";
import { isDead, partyCharacters } from "../characters/party.js";
import { UserError } from "../errors.js";
import { requireCampaign } from "../campaigns/find.js";
import { sheetCodecFor } from "../codecs/sheets.js";

export interface PartyMember {
  /** The character's or the retainer's row. */
  id: string;
  name: string;
  kind: "pc" | "retainer";
  /** The player who plays it (a retainer's employer). */
  ownerId: string;
  sheet: Record<string, unknown>;
}

export async function partyOf(db: Db | Tx, campaign: Campaign): Promise<PartyMember[]> {
  const out: PartyMember[] = [];
  const system = campaignSystem(campaign);
  const sheets = sheetCodecFor(system);
  for (const c of await partyCharacters(db, campaign, { living: true }))
    out.push({ id: c.id, name: c.name, kind: "pc", ownerId: c.ownerId, sheet: sheets.decode(c.sheet) });
  const retainers = await db.retainer.findMany({
    where: { campaignId: campaign.id, status: "active" },
    orderBy: { createdAt: "asc" },
  });
  for (const r of retainers)
    if (!isDead(r.state, system))
      out.push({ id: r.id, name: r.name, kind: "retainer", ownerId: r.employerId, sheet: sheets.decode(r.sheet) });
  return out;
}

export function memberNamed(party: PartyMember[], name: string): PartyMember {
  const m = party.find((x) => x.name.toLowerCase() === name.trim().toLowerCase());
  if (!m)
    throw new UserError(
      `"${name}" is not in the party (${party.map((x) => x.name).join(", ") || "nobody yet"}): name a character or retainer.`,
    );
  return m;
}

const cha = (m: PartyMember) =>
  typeof m.sheet.charisma === "number" ? m.sheet.charisma : typeof m.sheet.cha === "number" ? m.sheet.cha : 0;

/** The party's face for a reaction roll: the highest Charisma among the characters. */
export function leaderOf(party: PartyMember[]): Combatant | undefined {
  const m = party.filter((x) => x.kind === "pc").sort((a, b) => cha(b) - cha(a))[0];
  return m && { id: m.name, name: m.name, side: "party", kind: "pc", sheet: m.sheet, state: { conditions: [] } };
}

/** Autocomplete: party members (characters and retainers) whose name contains what was typed. */
export async function partyChoices(
  db: Db,
  actor: Parameters<typeof requireCampaign>[1],
  typed: string,
): Promise<{ name: string; value: string }[]> {
  const campaign = await requireCampaign(db, actor).catch(() => null);
  if (!campaign) return [];
  const t = typed.toLowerCase();
  return (await partyOf(db, campaign))
    .filter((m) => m.name.toLowerCase().includes(t))
    .slice(0, 25)
    .map((m) => ({ name: m.name, value: m.name }));
}
