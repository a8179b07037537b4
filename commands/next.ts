import { SlashCommandBuilder } from "discord.js";
import type { CommandModule } from "../src/discord/command.js";
import { actorOf } from "../src/discord/actor.js";
import { respond } from "../src/discord/respond.js";
import { roundMessage } from "../src/discord/embeds/encounter.js";
import { showLapsed } from "../src/discord/lapsed.js";
import { nextTurn } from "../src/play/encounters/turns.js";
import { StaleError } from "../src/play/errors.js";

export const command: CommandModule = {
  data: new SlashCommandBuilder()
    .setName("next")
    .setDescription("Next turn; at a round's end, its steps and the next round (declare, then roll its order) (referee)")
    .setDMPermission(false),
  async execute(i, s) {
    const ev = await nextTurn(s, actorOf(i));
    await respond(i, roundMessage(ev));
    await showLapsed(i.client, ev.lapsed ?? [], s.log);
  },

  /** The round message's "Next ▶": `next:<encounterId>:<version>`. The old message keeps its text and loses its buttons. */
  async press(i, s) {
    const [, encounterId, version] = i.customId.split(":");
    if (!encounterId || !version) throw new StaleError("This button is no longer in use: nothing was changed.");
    const ev = await nextTurn(s, actorOf(i), { encounterId, version: Number(version) });
    await i.update({ components: [] });
    await i.followUp(roundMessage(ev));
    await showLapsed(i.client, ev.lapsed ?? [], s.log);
  },
};
