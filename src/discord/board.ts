/**
 * The encounter's live board in the channel (DESIGN.md, "The board"). A typed action posts it anew
 * below its answer; a press edits it where it is. Whichever message becomes the board, the one before
 * loses its buttons, so the newest board in the channel always works.
 */
import { DiscordAPIError, type EmbedBuilder, type APIEmbed, type APIMessage, type ButtonInteraction, type Client, type RepliableInteraction } from "discord.js";
import type { Logger } from "pino";
import type { Services } from "../play/services.js";
import type { EncounterEvent } from "../play/encounters/index.js";
import { boardOf, encounterHere, recordBoard, waitingIn, type BoardRef, type Waiting } from "../play/encounters/board.js";
import { actorOf } from "./actor.js";
import { respond } from "./respond.js";
import { encounterEmbed, encounterStartEmbeds, roundMessage, withRoster } from "./embeds/encounter.js";
import { roundButtons } from "./embeds/round.js";

/** Discord codes for a message or channel that is gone: nothing left to edit. */
const GONE = new Set([10003, 10008]);

async function patch(client: Client, ref: BoardRef, body: Record<string, unknown>, log: Logger): Promise<void> {
  try {
    await client.rest.patch(`/channels/${ref.channelId}/messages/${ref.messageId}`, { body });
  } catch (err) {
    if (!(err instanceof DiscordAPIError && GONE.has(Number(err.code)))) log.warn({ err, message: ref.messageId }, "could not edit the encounter's board");
  }
}

/**
 * One encounter's board work (post, record, strip, edit) runs one step after another in this process:
 * an edit that read the board before a newer one was posted must not put buttons back on it. An
 * encounter's guild is served by one shard, so one process.
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

/** Records a posted message as the encounter's board; the board before it (or this one, if a later one won) loses its buttons. */
export async function boardPosted(client: Client, s: Services, encounterId: string, ref: BoardRef, pressed?: string, known?: BoardRef | null): Promise<void> {
  const stale = await recordBoard(s, encounterId, ref, known);
  if (stale && stale.messageId !== pressed) await patch(client, stale, { components: [] }, s.log);
}

type Body = { embeds: EmbedBuilder[]; components: ReturnType<typeof roundButtons> };

/** Answers a command with the round's message (the board, or `render`'s version of it) and records it. */
export async function replyBoard(i: RepliableInteraction, s: Services, ev: EncounterEvent, render: (waiting: Waiting[]) => Body = (w) => roundMessage(ev, undefined, w)): Promise<void> {
  const body = render(await waitingIn(s.store.db, ev.fight));
  const id = ev.fight.encounter.id;
  if (i.replied) {
    const m = await i.followUp(body);
    return serial(id, () => boardPosted(i.client, s, id, { channelId: m.channelId, messageId: m.id }));
  }
  await respond(i, body);
  const m = await i.fetchReply();
  await serial(id, () => boardPosted(i.client, s, id, { channelId: m.channelId, messageId: m.id }));
}

/** A new encounter's message, as `/encounter start` and a wandering monster's button give it: the start's rolls, the roster, the seed's commitment, and the board's buttons. */
export function replyEncounterStart(i: RepliableInteraction, s: Services, ev: EncounterEvent & { seedHash: string }): Promise<void> {
  return replyBoard(i, s, ev, (w) => ({ embeds: encounterStartEmbeds(ev, w), components: roundButtons(ev.fight, w) }));
}

/** A press on the board: the pressed message keeps its text and loses its buttons; the board follows below. */
export async function followBoardOf(i: ButtonInteraction, s: Services, ev: EncounterEvent): Promise<void> {
  if (!i.replied && !i.deferred) await i.update({ components: [] });
  const waiting = await waitingIn(s.store.db, ev.fight);
  const m = await i.followUp(roundMessage(ev, undefined, waiting));
  const id = ev.fight.encounter.id;
  await serial(id, () => boardPosted(i.client, s, id, { channelId: m.channelId, messageId: m.id }, i.message.id));
}

/** After a typed action in a fight (an attack, damage, healing, morale): the board again, below its answer. */
export async function followBoard(i: RepliableInteraction, s: Services, notes: string[] = [], encounterId?: string): Promise<void> {
  const id = encounterId ?? (await encounterHere(s, actorOf(i)));
  if (!id) return;
  await serial(id, async () => {
    // Read in turn: an edit queued before this one may have changed what the board shows.
    const b = await boardOf(s, id);
    if (!b) return;
    const m = await i.followUp({ embeds: [encounterEmbed(b.fight, undefined, notes, b.waiting)], components: roundButtons(b.fight, b.waiting) });
    await boardPosted(i.client, s, id, { channelId: m.channelId, messageId: m.id }, undefined, b.ref);
  });
}

/** After a press elsewhere (a reaction) or a lapse: the board edited where it is, its rule results kept. */
export function refreshBoard(client: Client, s: Services, encounterId: string, notes: string[] = []): Promise<void> {
  return serial(encounterId, () => editBoard(client, s, encounterId, notes));
}

async function editBoard(client: Client, s: Services, encounterId: string, notes: string[]): Promise<void> {
  const b = await boardOf(s, encounterId);
  if (!b?.ref) return;
  let embeds: APIEmbed[] = [];
  try {
    embeds = ((await client.rest.get(`/channels/${b.ref.channelId}/messages/${b.ref.messageId}`)) as APIMessage).embeds ?? [];
  } catch (err) {
    if (!(err instanceof DiscordAPIError && GONE.has(Number(err.code)))) s.log.warn({ err }, "could not read the encounter's board");
    return;
  }
  const roster = encounterEmbed(b.fight, undefined, notes, b.waiting).toJSON();
  await patch(client, b.ref, { embeds: withRoster(embeds, roster), components: roundButtons(b.fight, b.waiting).map((r) => r.toJSON()) }, s.log);
}

/** The encounter ended: its last board keeps its text and loses its buttons. */
export async function closeBoard(client: Client, s: Services, ref: BoardRef | null): Promise<void> {
  if (ref) await patch(client, ref, { components: [] }, s.log);
}
