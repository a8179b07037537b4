/**
 * Seeded random streams, one per campaign and per encounter, whose state is
 * persisted with their owner so a restart continues a stream instead of
 * starting it again. Every draw is logged as a Roll row, which is what lets
 * /verify replay them from the revealed seed.
 *
 * Draws from one stream take turns: on PostgreSQL, where transactions run at once, the stream's
 * row (its encounter's, or its campaign's) is locked as its state is read, and held until the
 * transaction ends; the next one waits and reads the state the first left. SQLite runs one
 * transaction at a time. The write still checks that the state is the one read (a row read without
 * the lock would be caught there, never drawn from twice).
 */
import { randomBytes } from "node:crypto";
import { createStream, type Stream, type StreamState } from "../rules/dice/stream.js";
import { DiceBag } from "../rules/dice/bag.js";
import type { Hot } from "../store/client.js";
import type { Campaign, Encounter } from "../generated/prisma/client.js";
import type { Actor } from "./actor.js";
import { UserError } from "./errors.js";
import { locksRows } from "../store/lane.js";
import {
  campaignById,
  encounterById,
  insertRolls,
  readUnderLock,
  updateCampaignStream,
  updateEncounterLater,
  type Logged,
} from "../store/hot.js";
import { Later, type Check } from "../store/later.js";
import { streamCodec } from "./codecs/stream.js";
import { facesCodec, totalCodec } from "./codecs/roll.js";

/** A change to the stream's encounter, made only if its version is still `version`. */
export interface EncounterChange {
  version: number;
  data: Partial<Pick<Encounter, "round" | "turn" | "order" | "roundState">>;
}

export interface StreamOwner {
  campaignId: string | null;
  encounterId: string | null;
  seed: string;
  state: StreamState | null;
}

/** An open stream inside one transaction: draw from it, log what was drawn, then `close`. */
export interface OpenStream {
  stream: Stream;
  owner: StreamOwner;
  /** Logs a roll made from this stream (faces in draw order). */
  record(entry: {
    purpose: string;
    expression: string;
    faces: number[];
    total: number | number[];
    drawsBefore: number;
    hidden?: boolean;
  }): void;
  /**
   * Writes the logged rolls and the stream's new state; `also` folds the caller's change to the
   * encounter (checked against its version, which it bumps) into the same UPDATE; `numbered` counts
   * each roll's place in its stream. Sent with the transaction's next statement or its COMMIT: the
   * logged rolls may be taken after the COMMIT (store/later.ts), or awaited at once.
   */
  close(tx: Hot, actor: Actor, also?: EncounterChange, numbered?: boolean): Later<Logged[]>;
}

/** For rolls outside any campaign: one process-wide stream (not verifiable, not persisted). */
let loose: Stream | undefined;
function looseStream(): Stream {
  return (loose ??= createStream(randomBytes(16).toString("hex")));
}

/**
 * Rows the caller already read in this transaction, to save a query on the hot path (/roll). On
 * PostgreSQL only a row read under its lock (findTable's `lock`) is taken; another is read again, under it.
 */
type Loaded = { campaign?: Campaign | null; encounter?: Encounter | null };

export async function openStream(
  tx: Hot,
  where: { campaignId: string | null; encounterId: string | null },
  loaded: Loaded = {},
): Promise<OpenStream> {
  let owner: StreamOwner;
  let stream: Stream;
  /** The stream's state as read: the write checks it is still that (store/hot.ts). */
  let was = "";
  const usable = <R extends { id: string }>(row: R | null | undefined, id: string): R | null =>
    row?.id === id && (!locksRows(tx) || readUnderLock(row)) ? row : null;
  if (where.encounterId) {
    const e = usable(loaded.encounter, where.encounterId) ?? (await encounterById(tx, where.encounterId, true));
    was = e.streamState;
    owner = { campaignId: e.campaignId, encounterId: e.id, seed: e.seed, state: streamCodec.decode(e.streamState) };
    stream = createStream(owner.seed, owner.state ?? undefined);
  } else if (where.campaignId) {
    const c = usable(loaded.campaign, where.campaignId) ?? (await campaignById(tx, where.campaignId, true));
    was = c.streamState;
    owner = { campaignId: c.id, encounterId: null, seed: c.seed, state: streamCodec.decode(c.streamState) };
    stream = createStream(owner.seed, owner.state ?? undefined);
  } else {
    owner = { campaignId: null, encounterId: null, seed: "", state: null };
    stream = looseStream();
  }
  const entries: Parameters<OpenStream["record"]>[0][] = [];
  const drawsAtOpen = stream.draws;
  return {
    stream,
    owner,
    record: (e) => void entries.push(e),
    close(tx, actor, also, numbered) {
      // One INSERT for every roll logged, one UPDATE for the owner's stream state (with the caller's
      // own change to the encounter folded in), and nothing when nothing was drawn or changed.
      const rows = entries.map((e) => ({
        campaignId: owner.campaignId,
        encounterId: owner.encounterId,
        guildId: actor.guildId,
        channelId: actor.channelId,
        userId: actor.userId,
        purpose: e.purpose.slice(0, 200),
        expression: e.expression,
        faces: facesCodec.encode(e.faces),
        total: totalCodec.encode(e.total),
        streamDraws: e.drawsBefore,
        hidden: e.hidden ?? false,
      }));
      const numberIn = !numbered
        ? undefined
        : owner.encounterId
          ? { encounterId: owner.encounterId }
          : owner.campaignId
            ? { campaignId: owner.campaignId }
            : undefined;
      const logged = insertRolls(tx, rows, new Date(), numberIn);
      const drew = stream.draws !== drawsAtOpen;
      const state = drew ? { streamState: streamCodec.encode(stream.save()) } : {};
      let written: Later<number> = Later.done(0);
      // Checked: another interaction at the same table may have drawn from the same state, or moved the encounter on.
      const streamWas = drew ? was : undefined;
      if (owner.encounterId && also)
        written = updateEncounterLater(
          tx,
          owner.encounterId,
          { ...state, ...also.data },
          also.version,
          CHANGED_AT_ONCE,
          streamWas,
        );
      else if (also) throw new Error("an encounter change folded into a stream that is not the encounter's");
      else if (drew && owner.encounterId)
        written = updateEncounterLater(tx, owner.encounterId, state, undefined, CHANGED_AT_ONCE, was);
      else if (drew && owner.campaignId)
        written = updateCampaignStream(tx, owner.campaignId, state.streamState!, was, CAMPAIGN_CHANGED);
      return logged.with(written, (ids) => ids);
    },
  };
}

/**
 * Another interaction wrote first: run again from fresh rows (on PostgreSQL; SQLite runs one transaction
 * at a time). The stream's own state cannot have moved under its lock; the encounter's version can.
 */
const CHANGED_AT_ONCE: Check = {
  rows: 1,
  retry: true,
  fail: () => new UserError("The encounter changed at the same moment: nothing was changed. Try again."),
};
const CAMPAIGN_CHANGED: Check = {
  rows: 1,
  retry: true,
  fail: () => new UserError("The campaign changed at the same moment: nothing was changed. Try again."),
};

/** A DiceBag for rules that records every roll it makes into the open stream's log. */
export function bagFor(open: OpenStream, purpose: string, hidden = false): DiceBag {
  const bag = new DiceBag(open.stream);
  const roll = bag.roll.bind(bag);
  bag.roll = (label, count, sides, opts) => {
    const before = open.stream.draws;
    const r = roll(label, count, sides, opts);
    open.record({
      purpose: `${purpose}: ${label}`,
      expression: r.notation,
      faces: r.dice.map((d) => d.value),
      total: r.total,
      drawsBefore: before,
      ...(hidden ? { hidden } : {}),
    });
    return r;
  };
  return bag;
}
