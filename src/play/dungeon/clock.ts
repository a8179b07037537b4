/** The campaign's Clock row: its rounds and its dungeon state (validated), written under its version. */
import type { Clock } from "../../generated/prisma/client.js";
import type { DungeonState } from "../../rules/dungeon/index.js";
import type { Db, Tx } from "../../store/client.js";
import { UserError } from "../errors.js";
import { clockCodec } from "../codecs/clock.js";

export interface LoadedClock {
  clock: Clock;
  state: DungeonState;
}

export async function loadClock(tx: Tx, campaignId: string): Promise<LoadedClock> {
  const clock = await tx.clock.upsert({ where: { campaignId }, create: { campaignId }, update: {} });
  return { clock, state: clockCodec.decode(clock.state) };
}

/** Reads without creating (for views outside a transaction). */
export async function peekClock(db: Db | Tx, campaignId: string): Promise<LoadedClock> {
  const clock = (await db.clock.findUnique({ where: { campaignId } })) ?? {
    campaignId,
    rounds: 0,
    state: "{}",
    version: 0,
  };
  return { clock, state: clockCodec.decode(clock.state) };
}

/** Writes the clock guarded by its version: a concurrent change makes this one fail and change nothing. */
export async function saveClock(tx: Tx, c: Clock, data: { rounds?: number; state?: DungeonState }): Promise<Clock> {
  const r = await tx.clock.updateMany({
    where: { campaignId: c.campaignId, version: c.version },
    data: {
      ...(data.rounds !== undefined ? { rounds: data.rounds } : {}),
      ...(data.state ? { state: clockCodec.encode(data.state) } : {}),
      version: { increment: 1 },
    },
  });
  if (r.count !== 1)
    throw new UserError("The dungeon's clock changed at the same moment: nothing was changed. Try again.");
  return tx.clock.findUniqueOrThrow({ where: { campaignId: c.campaignId } });
}
