import { SlashCommandBuilder } from "discord.js";
import type { CommandModule } from "../src/discord/command.js";
import { respond } from "../src/discord/respond.js";
import { HELP_TOPICS, helpEmbed } from "../src/discord/embeds/help.js";

export const command: CommandModule = {
  data: new SlashCommandBuilder()
    .setName("help")
    .setDescription("What the bot does, per system")
    .addStringOption((o) =>
      o
        .setName("topic")
        .setDescription("A topic or a system")
        .addChoices(...HELP_TOPICS.map((t) => ({ name: t, value: t }))),
    ),
  async execute(i) {
    await respond(i, { embeds: [helpEmbed(i.options.getString("topic"))], ephemeral: true });
  },
};
