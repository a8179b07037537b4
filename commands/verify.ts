import { SlashCommandBuilder } from "discord.js";
import type { CommandModule } from "../src/discord/command.js";
import { actorOf } from "../src/discord/actor.js";
import { respond } from "../src/discord/respond.js";
import { verifyEmbed } from "../src/discord/embeds/verify.js";
import { verify } from "../src/play/verify.js";
import { endedEncounterChoices } from "../src/play/encounters/choices.js";

export const command: CommandModule = {
  data: new SlashCommandBuilder()
    .setName("verify")
    .setDescription("Replay an ended encounter's rolls from its revealed seed and check each one")
    .addStringOption((o) =>
      o
        .setName("encounter")
        .setDescription("Which ended encounter, by its name (default: the last one)")
        .setAutocomplete(true),
    ),

  async execute(i, s) {
    // Replaying a long encounter's log can take a while: answer within Discord's 3 s first, but only
    // once the checks pass, so that a refusal is never preceded by a public "thinking…".
    const report = await verify(s, actorOf(i), { encounterId: i.options.getString("encounter") }, () => i.deferReply());
    await respond(i, { embeds: [verifyEmbed(report)] });
  },

  async autocomplete(i, s) {
    await i.respond(await endedEncounterChoices(s, actorOf(i), i.options.getFocused()));
  },
};
