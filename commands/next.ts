import { SlashCommandBuilder } from "discord.js";
import type { CommandModule } from "../src/discord/command.js";
import { actorOf } from "../src/discord/actor.js";
import { followBoardOf, replyBoard } from "../src/discord/board.js";
import { showLapsed } from "../src/discord/lapsed.js";
import { nextTurn } from "../src/play/encounters/turns.js";
import { resolveWaiting } from "../src/play/attacks/lapse.js";
import { StaleError } from "../src/play/errors.js";

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
   * The board's buttons (src/discord/embeds/round.ts): "Next ▶" is `next:<encounterId>:<round>:<turn>:<phase>`,
   * "Resolve N waiting" is `next:<encounterId>:resolve`. The pressed board keeps its text and loses its buttons;
   * the new board follows below.
   */
  async press(i, s) {
    const [, encounterId, round, turn, phase] = i.customId.split(":");
    if (encounterId && round === "resolve") {
      const ev = await resolveWaiting(s, actorOf(i), encounterId);
      await followBoardOf(i, s, ev);
      await showLapsed(i.client, ev.lapsed ?? [], s.log);
      return;
    }
    if (!encounterId || !round || !turn || !phase) throw new StaleError("This button is from an older board: nothing was changed. /encounter show posts the board again.");
    const ev = await nextTurn(s, actorOf(i), { encounterId, round: Number(round), turn: Number(turn), phase });
    await followBoardOf(i, s, ev);
    await showLapsed(i.client, ev.lapsed ?? [], s.log);
  },
};
