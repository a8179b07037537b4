import { SlashCommandBuilder } from "discord.js";
import type { CommandModule } from "../src/discord/command.js";
import { actorOf } from "../src/discord/actor.js";
import { respond } from "../src/discord/respond.js";
import { tableEmbed } from "../src/discord/embeds/table.js";
import { surpriseRoll } from "../src/play/table.js";

export const command: CommandModule = {
  data: new SlashCommandBuilder().setName("surprise").setDescription("Roll surprise for both sides by the system's rules (referee)").setDMPermission(false),
  async execute(i, s) {
    await respond(i, { embeds: [tableEmbed(await surpriseRoll(s, actorOf(i)))] });
  },
};
