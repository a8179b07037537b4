/**
 * The encounter's live board (docs/design.md, "The board"): which message it is, and what it shows beyond
 * the roster, the attacks still waiting for an answer. Every action posts the board anew or edits it;
 * the previous board loses its buttons, so the newest one in the channel always works.
 */
import type { Actor } from "../actor.js";
import type { Services } from "../services.js";
import { findCampaign } from "../campaigns/find.js";
import {
  activeEncounter,
  campaignOfEncounter,
  combatantsOf,
  encounterById,
  openAttackPage,
  recordedBoard,
  swapBoard,
} from "../../store/hot.js";
import type { PendingAction } from "../../generated/prisma/client.js";
import type { Hot } from "../../store/client.js";
import { fightOf, type Fight } from "./load.js";
import { readPending } from "../attacks/pending.js";

/** An attack waiting for its defender's answer, as the board lists it. */
export interface Waiting {
  attacker: string;
  defender: string;
  /** What may be pressed ("Parry", "Take it"). */
  choices: string[];
  /** Who answers: a player's mention, or "the referee". */
  answers: string;
}

/** The attacks the board lists (the oldest few), and how many wait in all. */
export type WaitingList = Waiting[] & { total?: number };

/** How many waiting attacks the board lists by name. */
const LISTED = 10;

export interface Board {
  fight: Fight;
  waiting: WaitingList;
}

/** Where a board was posted: "channelId/messageId". */
export interface BoardRef {
  channelId: string;
  messageId: string;
}

export const boardRef = (stored: string | null): BoardRef | null => {
  const [channelId, messageId] = (stored ?? "").split("/");
  return channelId && messageId ? { channelId, messageId } : null;
};

export async function waitingIn(db: Hot, f: Fight): Promise<WaitingList> {
  return waitingList(f, await openAttackPage(db, f.encounter.id, LISTED));
}

function waitingList(f: Fight, { rows: open, total }: { rows: PendingAction[]; total: number }): WaitingList {
  const row = (id: string) => f.rows.find((r) => r.id === id);
  const list: WaitingList = open.map((p) => {
    const { state, input } = readPending(p);
    const by = state.options[0]?.by;
    const controller = by ? row(by)?.controllerId : null;
    return {
      attacker: row(input.attackerId)?.name ?? "someone",
      defender: row(input.defenderId)?.name ?? "someone",
      choices: state.options.map((o) => o.label),
      answers: controller ? `<@${controller}>` : "the referee",
    };
  });
  list.total = total;
  return list;
}

/** The id of the actor's campaign's running encounter, or null when none runs. */
export async function encounterHere(s: Services, actor: Actor): Promise<string | null> {
  const campaign = await findCampaign(s.store.db, actor);
  if (!campaign) return null;
  return (await activeEncounter(s.store.db, campaign.id))?.id ?? null;
}

/** The board of an encounter by id, or null when it has ended (or is gone). */
export async function boardOf(s: Services, encounterId: string): Promise<(Board & { ref: BoardRef | null }) | null> {
  // Read together: one round trip on PostgreSQL.
  const db = s.store.db;
  const [encounter, campaign, rows, page] = await Promise.all([
    encounterById(db, encounterId).catch(() => null),
    campaignOfEncounter(db, encounterId),
    combatantsOf(db, encounterId),
    openAttackPage(db, encounterId, LISTED),
  ]);
  if (!encounter || !campaign || encounter.status !== "active") return null;
  const fight = fightOf(campaign, encounter, rows);
  return { fight, waiting: waitingList(fight, page), ref: boardRef(encounter.board) };
}

/** Discord's ids grow with time: the later of two messages has the larger id. */
const later = (a: string, b: string) => (a.length !== b.length ? a.length > b.length : a > b);

/**
 * Records `ref` as the encounter's board, unless a later board is recorded already, and returns the
 * board that must lose its buttons: the one it replaces, or `ref` itself when it came too late (two
 * boards posted at once, or the encounter ended meanwhile). Compare-and-set: each failed try means
 * another board was recorded first, or the encounter ended.
 */
export async function recordBoard(
  s: Services,
  encounterId: string,
  ref: BoardRef,
  known?: BoardRef | null,
): Promise<BoardRef | null> {
  const stored = `${ref.channelId}/${ref.messageId}`;
  // The board the caller read just before posting is the first guess: no read unless it moved on.
  let guess: { board: string | null; status: string } | null =
    known === undefined ? null : { board: known ? `${known.channelId}/${known.messageId}` : null, status: "active" };
  for (;;) {
    const row = guess ?? (await recordedBoard(s.store.db, encounterId));
    guess = null;
    if (row?.board === stored) return null;
    // The encounter ended meanwhile (its end closed the board it knew): this one goes too.
    if (row?.status !== "active") return ref;
    const old = boardRef(row.board);
    if (old && old.channelId === ref.channelId && later(old.messageId, ref.messageId)) return ref;
    if ((await swapBoard(s.store.db, encounterId, row.board, stored)) === 1) return old;
  }
}
