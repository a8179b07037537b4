/** /campaign: start, show, set, referee add/remove, end. Each runs in one transaction. */
import { randomUUID } from "node:crypto";
import type { Campaign } from "../../generated/prisma/client.js";
import { commitment, createStream } from "../../rules/dice/stream.js";
import { SYSTEM_IDS, SYSTEM_NAMES, type SystemId } from "../../rules/systems/index.js";
import type { Actor } from "../actor.js";
import type { Services } from "../services.js";
import type { Tx } from "../../store/client.js";
import { UserError } from "../errors.js";
import { refereeIds, requireReferee } from "../permissions.js";
import { findCampaign, requireCampaign } from "./find.js";
import { defaultSettings, parseSetting, readSettings, type Settings } from "./settings.js";
import { refereesCodec, settingsCodec } from "../codecs/campaign.js";
import { streamCodec } from "../codecs/stream.js";

export interface CampaignView {
  campaign: Campaign;
  settings: Settings;
  referees: string[];
  characters: number;
  activeEncounter: string | null;
}

function asSystem(id: string): SystemId {
  if (!(SYSTEM_IDS as readonly string[]).includes(id))
    throw new UserError(`"${id}" is not a system. Use one of: ${SYSTEM_IDS.join(", ")}.`);
  return id as SystemId;
}

export async function startCampaign(
  s: Services,
  actor: Actor,
  input: { system: string; name?: string | null },
): Promise<CampaignView> {
  const system = asSystem(input.system);
  const name = (input.name?.trim() || `${SYSTEM_NAMES[system]} campaign`).slice(0, 80);
  return s.store.db.$transaction(async (tx) => {
    const existing = await findCampaign(tx, actor);
    if (existing)
      throw new UserError(
        `This channel already has a live campaign, "${existing.name}". End it with /campaign end first, or start the new one in another channel.`,
      );
    const seed = s.newSeed();
    const campaign = await tx.campaign.create({
      data: {
        id: randomUUID(),
        guildId: actor.guildId,
        channelId: actor.channelId,
        liveChannelId: actor.channelId,
        system,
        name,
        creatorId: actor.userId,
        refereeIds: refereesCodec.encode([actor.userId]),
        settings: settingsCodec.encode({}),
        seed,
        seedHash: commitment(seed),
        streamState: streamCodec.encode(createStream(seed).save()),
      },
    });
    await tx.clock.create({ data: { campaignId: campaign.id } });
    return view(tx, campaign);
  });
}

async function view(tx: Tx | Services["store"]["db"], campaign: Campaign): Promise<CampaignView> {
  const [characters, enc] = await Promise.all([
    tx.character.count({ where: { campaignId: campaign.id, deletedAt: null, kind: { not: "monster" } } }),
    tx.encounter.findFirst({ where: { campaignId: campaign.id, status: "active" }, select: { name: true } }),
  ]);
  return {
    campaign,
    settings: readSettings(campaign.system as SystemId, campaign.settings),
    referees: refereeIds(campaign),
    characters,
    activeEncounter: enc?.name ?? null,
  };
}

export async function showCampaign(s: Services, actor: Actor): Promise<CampaignView> {
  const db = s.store.db;
  return view(db, await requireCampaign(db, actor));
}

/** Writes a campaign guarded by its version: a concurrent change makes this one fail and change nothing. */
export async function updateCampaign(tx: Tx, c: Campaign, data: Partial<Campaign>): Promise<Campaign> {
  const r = await tx.campaign.updateMany({
    where: { id: c.id, version: c.version },
    data: { ...data, version: { increment: 1 } } as never,
  });
  if (r.count !== 1) throw new UserError("The campaign changed at the same moment: nothing was changed. Try again.");
  return tx.campaign.findUniqueOrThrow({ where: { id: c.id } });
}

export async function setOption(s: Services, actor: Actor, key: string, value: string): Promise<CampaignView> {
  return s.store.db.$transaction(async (tx) => {
    const c = await requireCampaign(tx, actor);
    requireReferee(c, actor, "change the campaign's options");
    const patch = parseSetting(c.system as SystemId, key, value);
    const next = { ...settingsCodec.decode(c.settings), ...patch };
    return view(tx, await updateCampaign(tx, c, { settings: settingsCodec.encode(next) }));
  });
}

export async function setRefereeRole(s: Services, actor: Actor, roleId: string | null): Promise<CampaignView> {
  return s.store.db.$transaction(async (tx) => {
    const c = await requireCampaign(tx, actor);
    requireReferee(c, actor, "name the referee role");
    return view(tx, await updateCampaign(tx, c, { refereeRoleId: roleId }));
  });
}

export async function addReferee(s: Services, actor: Actor, userId: string): Promise<CampaignView> {
  return s.store.db.$transaction(async (tx) => {
    const c = await requireCampaign(tx, actor);
    requireReferee(c, actor, "add referees");
    const ids = refereeIds(c);
    if (ids.includes(userId)) throw new UserError("They are a referee already.");
    return view(tx, await updateCampaign(tx, c, { refereeIds: refereesCodec.encode([...ids, userId]) }));
  });
}

export async function removeReferee(s: Services, actor: Actor, userId: string): Promise<CampaignView> {
  return s.store.db.$transaction(async (tx) => {
    const c = await requireCampaign(tx, actor);
    requireReferee(c, actor, "remove referees");
    if (userId === c.creatorId)
      throw new UserError("The campaign's creator stays a referee: end the campaign instead.");
    const ids = refereeIds(c);
    if (!ids.includes(userId)) throw new UserError("They are not a referee of this campaign.");
    return view(tx, await updateCampaign(tx, c, { refereeIds: refereesCodec.encode(ids.filter((x) => x !== userId)) }));
  });
}

export interface CampaignEnded {
  campaign: Campaign;
  rolls: number;
  encountersEnded: number;
}

/** Ends the campaign: the channel is free again, and its seed is revealed so /verify can replay its rolls. */
export async function endCampaign(s: Services, actor: Actor): Promise<CampaignEnded> {
  return s.store.db.$transaction(async (tx) => {
    const c = await requireCampaign(tx, actor);
    requireReferee(c, actor, "end the campaign");
    const encountersEnded = (
      await tx.encounter.updateMany({
        where: { campaignId: c.id, status: "active" },
        data: { status: "ended", revealed: true, endedAt: s.now(), version: { increment: 1 } },
      })
    ).count;
    const campaign = await updateCampaign(tx, c, { status: "ended", liveChannelId: null, endedAt: s.now() });
    const rolls = await tx.roll.count({ where: { campaignId: c.id, encounterId: null } });
    return { campaign, rolls, encountersEnded };
  });
}

export { defaultSettings };
