import { SlashCommandBuilder } from "discord.js";
import type { CommandModule } from "../src/discord/command.js";
import { respond } from "../src/discord/respond.js";
import { helpEmbed, helpTopics } from "../src/discord/embeds/help.js";

export const command: CommandModule = {
  // Built when the bot registers it: its topics are the registry's systems then (as /campaign start's).
  data: {
    name: "help",
    toJSON: () =>
      new SlashCommandBuilder()
        .setName("help")
        .setDescription("What the bot does, per system")
        .addStringOption((o) =>
          o
            .setName("topic")
            .setDescription("A topic or a system")
            .addChoices(...helpTopics().map((t) => ({ name: t, value: t }))),
        )
        .toJSON(),
  },
  async execute(i) {
    await respond(i, { embeds: [helpEmbed(i.options.getString("topic"))], ephemeral: true });
  },
};
