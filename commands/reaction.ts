import { SlashCommandBuilder } from "discord.js";
import type { CommandModule } from "../src/discord/command.js";
import { actorOf } from "../src/discord/actor.js";
import { respond } from "../src/discord/respond.js";
import { tableEmbed } from "../src/discord/embeds/table.js";
import { reactionRoll } from "../src/play/table.js";
import { characterChoices } from "../src/play/characters/index.js";

export const command: CommandModule = {
  data: new SlashCommandBuilder()
    .setName("reaction")
    .setDescription("Roll the monsters' reaction on the system's table (referee)")
    .addStringOption((o) =>
      o.setName("leader").setDescription("The party's leader or speaker (their Charisma counts)").setAutocomplete(true),
    )
    .addIntegerOption((o) =>
      o.setName("modifier").setDescription("Any other modifier").setMinValue(-10).setMaxValue(10),
    ),
  async execute(i, s) {
    await respond(i, {
      embeds: [
        tableEmbed(
          await reactionRoll(s, actorOf(i), {
            leader: i.options.getString("leader"),
            modifier: i.options.getInteger("modifier"),
          }),
        ),
      ],
    });
  },
  async autocomplete(i, s) {
    await i.respond(await characterChoices(s, actorOf(i), i.options.getFocused()));
  },
};
