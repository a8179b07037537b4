import { SlashCommandBuilder } from "discord.js";
import type { CommandModule } from "../src/discord/command.js";
import { actorOf } from "../src/discord/actor.js";
import { followBoardOf, replyBoard } from "../src/discord/board.js";
import { showLapsed } from "../src/discord/lapsed.js";
import { nextTurn } from "../src/play/encounters/turns.js";
import { resolveWaiting } from "../src/play/attacks/lapse.js";
import { StaleError } from "../src/play/errors.js";
import { ids } from "../src/discord/ids.js";

export const command: CommandModule = {
  data: new SlashCommandBuilder()
    .setName("next")
    .setDescription("Next turn; at a round's end, its steps and the next round (declare, then roll its order) (referee)")
    .setDMPermission(false),
  async execute(i, s) {
    const ev = await nextTurn(s, actorOf(i));
    await replyBoard(i, s, ev);
    await showLapsed(i.client, ev.lapsed ?? [], s.log);
  },

  /**
   * The board's buttons (src/discord/ids.ts): "Next ▶" and "Resolve N waiting". The pressed board keeps its
   * text and loses its buttons; the new board follows below.
   */
  async press(i, s) {
    const id = ids.next.parse(i.customId);
    if (id?.kind === "resolve") {
      const ev = await resolveWaiting(s, actorOf(i), id.encounterId);
      await followBoardOf(i, s, ev);
      await showLapsed(i.client, ev.lapsed ?? [], s.log);
      return;
    }
    if (!id) throw new StaleError("This button is from an older board: nothing was changed. /encounter show posts the board again.");
    const ev = await nextTurn(s, actorOf(i), { encounterId: id.encounterId, round: id.round, turn: id.turn, phase: id.phase });
    await followBoardOf(i, s, ev);
    await showLapsed(i.client, ev.lapsed ?? [], s.log);
  },
};
