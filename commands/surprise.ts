import { SlashCommandBuilder } from "discord.js";
import type { CommandModule } from "../src/discord/command.js";
import { actorOf } from "../src/discord/actor.js";
import { respond } from "../src/discord/respond.js";
import { tableEmbed } from "../src/discord/embeds/table.js";
import { surpriseRoll } from "../src/play/table.js";

export const command: CommandModule = {
  data: new SlashCommandBuilder()
    .setName("surprise")
    .setDescription("Roll surprise for both sides by the system's rules (referee)")
    .addIntegerOption((o) =>
      o
        .setName("party")
        .setDescription("Bonus (+) or penalty (−) to the party's roll: a bonus helps the party; usually −5 to +5")
        .setMinValue(-20)
        .setMaxValue(20),
    )
    .addIntegerOption((o) =>
      o
        .setName("foes")
        .setDescription("Bonus (+) or penalty (−) to the foes' roll: a bonus helps the foes; usually −5 to +5")
        .setMinValue(-20)
        .setMaxValue(20),
    ),
  async execute(i, s) {
    const modifiers = { party: i.options.getInteger("party") ?? 0, foes: i.options.getInteger("foes") ?? 0 };
    await respond(i, { embeds: [tableEmbed(await surpriseRoll(s, actorOf(i), { modifiers }))] });
  },
};
