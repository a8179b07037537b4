import { SlashCommandBuilder, type ButtonInteraction, type StringSelectMenuInteraction } from "discord.js";
import type { CommandModule } from "../src/discord/command.js";
import type { Services } from "../src/play/services.js";
import { actorOf } from "../src/discord/actor.js";
import { boardBelow, closeBoard, followBoardOf, pressedBy, recordOf, replyBoard } from "../src/discord/board.js";
import { attachAttackMessage, showLapsed } from "../src/discord/lapsed.js";
import { attackButtons, attackEmbed } from "../src/discord/embeds/attack.js";
import { encounterEndEmbed } from "../src/discord/embeds/encounter.js";
import { tableEmbed } from "../src/discord/embeds/table.js";
import { nextTurn } from "../src/play/encounters/turns.js";
import { foesAttack } from "../src/play/encounters/foes.js";
import { endEncounter, showEncounter } from "../src/play/encounters/index.js";
import { boardRef } from "../src/play/encounters/board.js";
import { moraleCheck } from "../src/play/table.js";
import { resolveWaiting } from "../src/play/attacks/lapse.js";
import { StaleError } from "../src/play/errors.js";
import { ids } from "../src/discord/ids.js";

type Pressed = ButtonInteraction | StringSelectMenuInteraction;

/**
 * "Foes attack ▶" and the menu that sends foes at someone: each attack is its own message with its
 * reactions, as a typed /attack gives (the pressed board becomes the first), and the board follows below.
 */
async function sendFoes(
  i: Pressed,
  s: Services,
  at: { encounterId: string; round: number; turn: number },
  picks?: { foe: string; target: string }[],
) {
  await i.deferUpdate();
  const r = await foesAttack(s, actorOf(i), { ...at, ...(picks ? { picks } : {}) });
  for (const [n, v] of r.views.entries()) {
    const body = { embeds: [attackEmbed(v)], components: attackButtons(v) };
    // The pressed board becomes the first attack: it says whose press sent the foes (it was posted under another's command).
    const m =
      n === 0
        ? await i.editReply({ ...body, content: pressedBy(i), allowedMentions: { parse: [] } })
        : await i.followUp(body);
    if (v.pendingId) await attachAttackMessage(i.client, s, v.pendingId, m.id);
  }
  const notes = [...r.views.flatMap((v) => [...v.notes, ...(v.boardNotes ?? [])]), ...r.notes];
  // The foes were the last to act: the same press ended the round and rolled the next order, for the log.
  if (r.next) {
    const record = recordOf(r.next);
    if (record.length) await i.followUp({ embeds: record });
    else notes.push(...r.next.notes);
  }
  await boardBelow(i, s, r.encounterId, [...new Set(notes)], i.message.id);
  if (r.next) await showLapsed(i.client, r.next.lapsed ?? [], s.log);
}

/** Whether the press belongs to the encounter running here (an ended one's buttons change nothing). */
async function sameEncounter(i: Pressed, s: Services, encounterId: string) {
  const ev = await showEncounter(s, actorOf(i)).catch(() => null);
  if (!ev || ev.fight.encounter.id !== encounterId)
    throw new StaleError("That encounter has ended: nothing was changed.");
  return ev;
}

export const command: CommandModule = {
  data: new SlashCommandBuilder()
    .setName("next")
    .setDescription("Next turn; once everyone has acted, the round's end and the next round's order (referee)"),
  async execute(i, s) {
    const ev = await nextTurn(s, actorOf(i));
    await replyBoard(i, s, ev);
    await showLapsed(i.client, ev.lapsed ?? [], s.log);
  },

  /**
   * The board's buttons (src/discord/ids.ts): Next, Foes attack, Morale, Resolve N waiting, End the fight.
   * A press with nothing for the log edits the board in place; one with rule results leaves them as the record.
   */
  async press(i, s) {
    const id = ids.next.parse(i.customId);
    if (!id)
      throw new StaleError(
        "This button is from an older board: nothing was changed. /encounter show posts the board again.",
      );
    switch (id.kind) {
      case "resolve": {
        const ev = await resolveWaiting(s, actorOf(i), id.encounterId);
        await followBoardOf(i, s, ev);
        return showLapsed(i.client, ev.lapsed ?? [], s.log);
      }
      case "foes":
        return sendFoes(i, s, id);
      case "pick":
        throw new StaleError("Pick from the menu: nothing was changed.");
      case "morale": {
        const ev = await sameEncounter(i, s, id.encounterId);
        const r = await moraleCheck(s, actorOf(i), { side: id.side, onlyIfDue: true });
        return followBoardOf(i, s, await showEncounter(s, actorOf(i)).catch(() => ev), [tableEmbed(r)]);
      }
      case "end": {
        await sameEncounter(i, s, id.encounterId);
        const summary = await endEncounter(s, actorOf(i));
        // The pressed board becomes the end's summary: the fight's record.
        await i.update({
          content: pressedBy(i),
          embeds: [encounterEndEmbed(summary)],
          components: [],
          allowedMentions: { parse: [] },
        });
        await closeBoard(i, i.client, s, boardRef(summary.encounter.board), i.message.id);
        return showLapsed(i.client, summary.lapsed, s.log);
      }
      case "next": {
        const ev = await nextTurn(s, actorOf(i), {
          encounterId: id.encounterId,
          round: id.round,
          turn: id.turn,
          phase: id.phase,
        });
        await followBoardOf(i, s, ev);
        return showLapsed(i.client, ev.lapsed ?? [], s.log);
      }
    }
  },

  /** The board's menu: these foes attack these targets ("Goblin 3 attacks…"). */
  async choose(i, s) {
    const id = ids.next.parse(i.customId);
    if (id?.kind !== "pick")
      throw new StaleError(
        "This menu is from an older board: nothing was changed. /encounter show posts the board again.",
      );
    const picks = i.values.map((v) => v.split(">")).map(([foe, target]) => ({ foe: foe ?? "", target: target ?? "" }));
    return sendFoes(i, s, id, picks);
  },
};
