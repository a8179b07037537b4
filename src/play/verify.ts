/**
 * /verify: replays an ended encounter's (or campaign's) rolls from its revealed
 * seed and reports, roll by roll, whether each matches the log.
 */
import { commitment } from "../rules/dice/stream.js";
import { replay, type ReplayEntry } from "../rules/dice/verify.js";
import type { Actor } from "./actor.js";
import type { Services } from "./services.js";
import { UserError } from "./errors.js";
import { campaignChannels } from "./actor.js";
import { facesCodec } from "./codecs/roll.js";

export interface VerifyReport {
  what: string;
  seed: string;
  seedHash: string;
  /** The commitment posted at the start matches the revealed seed. */
  commitmentOk: boolean;
  /** In the order they were rolled; `n` counts from 1 within the encounter (or the campaign's rolls outside encounters). */
  entries: (ReplayEntry & { n: number; purpose: string })[];
  matched: number;
}

/**
 * The encounter players name (case aside): the newest ended one of that name in these campaigns, else a running
 * one (which /verify refuses until it ends), else none.
 */
async function byName(db: Services["store"]["db"], campaignIds: string[], name: string) {
  const n = name.toLowerCase();
  const rows = await db.encounter.findMany({
    where: { campaignId: { in: campaignIds } },
    orderBy: [{ endedAt: "desc" }, { createdAt: "desc" }],
    take: 1000,
  });
  const same = rows.filter((e) => e.name.toLowerCase() === n);
  return same.find((e) => e.revealed) ?? same[0] ?? null;
}

/** `checked` runs once every refusal is past, before the (possibly long) replay. */
export async function verify(
  s: Services,
  actor: Actor,
  opts: { encounterId?: string | null },
  checked: () => Promise<unknown> = async () => {},
): Promise<VerifyReport> {
  const db = s.store.db;
  const channels = campaignChannels(actor);
  const campaigns = await db.campaign.findMany({
    where: { guildId: actor.guildId, channelId: { in: channels } },
    select: { id: true, name: true, seed: true, seedHash: true, status: true },
  });
  if (!campaigns.length)
    throw new UserError("No campaign has been played in this channel, so there is nothing to verify.");
  const ids = campaigns.map((c) => c.id);

  const named = opts.encounterId?.trim();
  const encounter = named
    ? ((await db.encounter.findFirst({ where: { id: named, campaignId: { in: ids } } })) ??
      (await byName(db, ids, named)))
    : await db.encounter.findFirst({
        where: { campaignId: { in: ids }, revealed: true },
        orderBy: { endedAt: "desc" },
      });
  if (named && !encounter)
    throw new UserError("That encounter was not played in this channel: pick one from the list.");
  if (encounter && !encounter.revealed)
    throw new UserError(`"${encounter.name}" is still running: its seed is revealed when it ends (/encounter end).`);

  let what: string,
    seed: string,
    seedHash: string,
    where: { encounterId: string } | { campaignId: string; encounterId: null };
  if (encounter) {
    what = `encounter "${encounter.name}"`;
    ({ seed, seedHash } = encounter);
    where = { encounterId: encounter.id };
  } else {
    const ended = campaigns.find((c) => c.status === "ended");
    if (!ended)
      throw new UserError(
        "Nothing here has ended yet: an encounter's seed is revealed by /encounter end, a campaign's by /campaign end.",
      );
    what = `campaign "${ended.name}" (rolls outside encounters)`;
    ({ seed, seedHash } = ended);
    where = { campaignId: ended.id, encounterId: null };
  }
  await checked();
  const rolls = await db.roll.findMany({ where, orderBy: { id: "asc" } });
  const entries = replay(
    seed,
    rolls.map((r) => ({ expression: r.expression, faces: facesCodec.decode(r.faces) })),
  ).map((e, i) => ({ ...e, n: i + 1, purpose: rolls[i]!.purpose }));
  return {
    what,
    seed,
    seedHash,
    commitmentOk: commitment(seed) === seedHash,
    entries,
    matched: entries.filter((e) => e.ok).length,
  };
}
