/**
 * The encounter's live board in the channel (docs/design.md, "The board"): one message, always the lowest of the
 * fight's, with the roster and the round's controls. A typed action posts its answer, then the board anew
 * below it, and deletes the board before (a bot may delete its own messages): the channel reads as the
 * fight's log with one live board at its bottom. A press on the board edits it in place; a press whose rule
 * results belong in the log (the order rolled, a round's end, a morale check) turns the pressed board into
 * that record and posts the board below it. Rule results are never on the board itself, so deleting it loses
 * nothing of the log.
 */
import {
  DiscordAPIError,
  type EmbedBuilder,
  type ButtonInteraction,
  type Client,
  type RepliableInteraction,
  type StringSelectMenuInteraction,
} from "discord.js";
import type { Services } from "../play/services.js";
import type { EncounterEvent } from "../play/encounters/index.js";
import type { Fight } from "../play/encounters/load.js";
import {
  boardOf,
  encounterHere,
  recordBoard,
  waitingIn,
  type BoardRef,
  type Waiting,
} from "../play/encounters/board.js";
import { actorOf } from "./actor.js";
import { post } from "./respond.js";
import { encounterEmbed, encounterStartRecord } from "./embeds/encounter.js";
import { ruleEmbed } from "./embeds/rules.js";
import { Embed } from "./embeds/embed.js";
import { clip, COLOURS, LIMITS } from "./embeds/style.js";
import { roundButtons } from "./embeds/round.js";

/** Discord codes for a message or channel that is gone: nothing left to edit. */
const GONE = new Set([10003, 10008]);
/** Missing Access, Missing Permissions: the bot may not read or manage messages in that channel. */
const NO_ACCESS = new Set([50001, 50013]);

/** The board's message: the roster (with the action's notes on top) and the round's controls. */
export function boardBody(fight: Fight, waiting: Waiting[], notes: string[] = []) {
  return { embeds: [encounterEmbed(fight, undefined, notes, waiting)], components: roundButtons(fight, waiting) };
}

/** "alice pressed Next round ▶": a press's record, in a message first posted under another's command. */
export function pressedBy(i: ButtonInteraction | StringSelectMenuInteraction): string {
  const who =
    (i.member && "displayName" in i.member ? i.member.displayName : null) ?? i.user.displayName ?? i.user.username;
  const label = i.isButton() && "label" in i.component ? i.component.label : null;
  return i.isButton() ? `*${who} pressed ${label ?? "a button"}:*` : `*${who} picked from the board's menu:*`;
}

/** The log's record of an action's rule results (initiative, a round's end…), with what else it did: none when it rolled nothing. */
export const recordOf = (ev: EncounterEvent): EmbedBuilder[] => {
  if (!ev.results.length) return [];
  const embeds = ev.results.slice(0, 8).map((r) => ruleEmbed(r));
  if (ev.notes.length)
    embeds.push(new Embed({ color: COLOURS.referee }).setDescription(clip(ev.notes.join("\n"), LIMITS.description)));
  return embeds;
};

/**
 * One encounter's board work (post, record, delete, edit) runs one step after another in this process: an
 * edit that read the board before a newer one was posted must not bring the old one back. An encounter's
 * guild is served by one shard, so one process.
 */
const queues = new Map<string, Promise<unknown>>();
function serial<T>(encounterId: string, work: () => Promise<T>): Promise<T> {
  const before = queues.get(encounterId) ?? Promise.resolve();
  const run = before.catch(() => {}).then(work);
  const tail = run.catch(() => {});
  queues.set(encounterId, tail);
  void tail.then(() => {
    if (queues.get(encounterId) === tail) queues.delete(encounterId);
  });
  return run;
}

/** Channels already told that the bot cannot tidy its old boards there (told once per channel while it runs). */
const told = new Set<string>();

/** What the bot needs where it cannot delete or edit its own boards: said once, in the channel, to the referee. */
export const NEEDS_ACCESS =
  "I cannot delete or edit my earlier boards in this channel: I need the **View Channel** and **Read Message History** permissions here " +
  "(Server Settings → Roles, or this channel's Edit Channel → Permissions). Until then I keep working by posting a new board each time; an older board's buttons say when they have moved on.";

async function tellOnce(i: RepliableInteraction | null, s: Services, channelId: string): Promise<void> {
  if (!i || told.has(channelId)) return;
  told.add(channelId);
  await i
    .followUp({ content: NEEDS_ACCESS })
    .catch((err) => s.log.warn({ err }, "could not say that the bot lacks access to its boards"));
}

/** The board before is no longer the board: deleted (already gone: fine; not allowed: said once, left). */
async function retire(client: Client, s: Services, ref: BoardRef, i: RepliableInteraction | null): Promise<void> {
  try {
    await client.rest.delete(`/channels/${ref.channelId}/messages/${ref.messageId}`);
  } catch (err) {
    const code = err instanceof DiscordAPIError ? Number(err.code) : 0;
    if (GONE.has(code)) return;
    if (NO_ACCESS.has(code)) return tellOnce(i, s, ref.channelId);
    s.log.warn({ err, message: ref.messageId }, "could not delete the encounter's earlier board");
  }
}

/**
 * Records a posted message as the encounter's board; the board before it (or this one, if a later one won)
 * is deleted. `keep`: a message that is no longer a board but stays (a pressed board turned into a record).
 */
async function boardPosted(
  i: RepliableInteraction | null,
  client: Client,
  s: Services,
  encounterId: string,
  ref: BoardRef,
  known?: BoardRef | null,
  keep?: string,
): Promise<void> {
  const stale = await recordBoard(s, encounterId, ref, known);
  if (stale && stale.messageId !== keep) await retire(client, s, stale, i);
}

/**
 * Answers a command with the board: the action's rule results first as their own message (the log), then
 * the board; or, when it rolled nothing, the board as the answer. `record` replaces the results' embeds
 * (the encounter's start adds its seed commitment).
 */
export async function replyBoard(
  i: RepliableInteraction,
  s: Services,
  ev: EncounterEvent,
  record: EmbedBuilder[] = recordOf(ev),
): Promise<void> {
  const id = ev.fight.encounter.id;
  // In turn with the board's other work: a board read before this one must not be posted after it.
  await serial(id, async () => {
    const b = await boardOf(s, id);
    // What the action did is said once: in its record when it has one, else on the board.
    const notes = record.length ? [] : ev.notes;
    const body = b
      ? boardBody(b.fight, b.waiting, notes)
      : boardBody(ev.fight, await waitingIn(s.store.db, ev.fight), notes);
    if (record.length) await post(i, { embeds: record });
    // The board before goes while the new one is posted: one round trip, not two, and never two boards.
    const gone = b?.ref ? retire(i.client, s, b.ref, i) : Promise.resolve();
    const m = await post(i, body);
    await gone;
    await boardPosted(i, i.client, s, id, m, b?.ref ?? null, b?.ref?.messageId);
  });
}

/** A press on the board: edited in place, or, when the press rolled something for the log, turned into that record with the board below. */
export async function followBoardOf(
  i: ButtonInteraction | StringSelectMenuInteraction,
  s: Services,
  ev: EncounterEvent,
  record: EmbedBuilder[] = recordOf(ev),
): Promise<void> {
  const id = ev.fight.encounter.id;
  const pressed = { channelId: i.message.channelId, messageId: i.message.id };
  const answer = (body: Parameters<ButtonInteraction["update"]>[0] & object) =>
    i.deferred || i.replied ? i.editReply(body) : i.update(body);
  // In turn with the board's other edits: a refresh read before this press must not land after it.
  await serial(id, async () => {
    const b = await boardOf(s, id);
    const notes = record.length ? [] : ev.notes;
    const body = b
      ? boardBody(b.fight, b.waiting, notes)
      : boardBody(ev.fight, await waitingIn(s.store.db, ev.fight), notes);
    if (!record.length && (!b?.ref || b.ref.messageId === pressed.messageId)) {
      // The pressed message is the board: it stays where it is.
      await answer(body);
      return boardPosted(i, i.client, s, id, pressed, b?.ref ?? null);
    }
    // The pressed board becomes the press's record (or, an older board, keeps its text without buttons); the board follows.
    // The message was posted under another's command: it says whose press this is.
    await answer({
      content: record.length ? pressedBy(i) : (i.message.content ?? ""),
      embeds: record.length ? record : i.message.embeds,
      components: [],
      allowedMentions: { parse: [] },
    });
    const m = await i.followUp(body);
    await boardPosted(
      i,
      i.client,
      s,
      id,
      { channelId: m.channelId, messageId: m.id },
      b?.ref ?? null,
      pressed.messageId,
    );
  });
}

/** After a typed action in a fight (an attack, damage, healing, morale): the board again, below its answer; the one before goes. */
export async function followBoard(
  i: RepliableInteraction,
  s: Services,
  notes: string[] = [],
  encounterId?: string,
): Promise<void> {
  const id = encounterId ?? (await encounterHere(s, actorOf(i)));
  if (id) await boardBelow(i, s, id, notes);
}

/** The board posted below what the interaction answered; the one before goes (unless it is `keep`, a pressed board turned into a record). */
export function boardBelow(
  i: RepliableInteraction,
  s: Services,
  encounterId: string,
  notes: string[] = [],
  keep?: string,
): Promise<void> {
  return serial(encounterId, async () => {
    // Read in turn: an edit queued before this one may have changed what the board shows.
    const b = await boardOf(s, encounterId);
    if (!b) return;
    // The board before goes while the new one is posted (a pressed board turned into a record stays).
    const old = b.ref && b.ref.messageId !== keep ? b.ref : null;
    const gone = old ? retire(i.client, s, old, i) : Promise.resolve();
    const m = await i.followUp(boardBody(b.fight, b.waiting, notes));
    await gone;
    await boardPosted(
      i,
      i.client,
      s,
      encounterId,
      { channelId: m.channelId, messageId: m.id },
      b.ref,
      old?.messageId ?? keep,
    );
  });
}

/** After a press elsewhere (a reaction) or a lapse: the board edited where it is. */
export function refreshBoard(client: Client, s: Services, encounterId: string, notes: string[] = []): Promise<void> {
  return serial(encounterId, async () => {
    const b = await boardOf(s, encounterId);
    if (!b?.ref) return;
    try {
      await client.rest.patch(`/channels/${b.ref.channelId}/messages/${b.ref.messageId}`, {
        body: toJSON(boardBody(b.fight, b.waiting, notes)),
      });
    } catch (err) {
      if (!(err instanceof DiscordAPIError && (GONE.has(Number(err.code)) || NO_ACCESS.has(Number(err.code)))))
        s.log.warn({ err, message: b.ref.messageId }, "could not edit the encounter's board");
    }
  });
}

const toJSON = (b: ReturnType<typeof boardBody>) => ({
  embeds: b.embeds.map((e) => e.toJSON()),
  components: b.components.map((r) => r.toJSON()),
});

/** The encounter ended: its last board goes, and the end's summary is the record (`keep`: the pressed board that became it). */
export async function closeBoard(
  i: RepliableInteraction | null,
  client: Client,
  s: Services,
  ref: BoardRef | null,
  keep?: string,
): Promise<void> {
  if (ref && ref.messageId !== keep) await retire(client, s, ref, i);
}

/** The encounter's start: its record for the log (surprise, reaction, who came, the seed's commitment), then the board. */
export function replyEncounterStart(
  i: RepliableInteraction,
  s: Services,
  ev: EncounterEvent & { seedHash: string },
): Promise<void> {
  return replyBoard(i, s, ev, encounterStartRecord(ev));
}
