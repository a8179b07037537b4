import { SlashCommandBuilder } from "discord.js";
import type { CommandModule } from "../src/discord/command.js";
import { actorOf } from "../src/discord/actor.js";
import { replyBoard } from "../src/discord/board.js";
import { showLapsed } from "../src/discord/lapsed.js";
import { rollInitiative } from "../src/play/encounters/turns.js";

export const command: CommandModule = {
  data: new SlashCommandBuilder()
    .setName("initiative")
    .setDescription("Roll the round's order by the campaign's method (referee)")
    .addBooleanOption((o) =>
      o.setName("reroll").setDescription("Roll this round's order again, when it is already rolled"),
    ),
  async execute(i, s) {
    const ev = await rollInitiative(s, actorOf(i), { reroll: i.options.getBoolean("reroll") ?? false });
    await replyBoard(i, s, ev);
    await showLapsed(i.client, ev.lapsed ?? [], s.log);
  },
};
