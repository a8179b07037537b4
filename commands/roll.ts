import { SlashCommandBuilder } from "discord.js";
import type { CommandModule } from "../src/discord/command.js";
import { actorOf } from "../src/discord/actor.js";
import { respond } from "../src/discord/respond.js";
import { rollAgainRow, rollEmbed } from "../src/discord/embeds/roll.js";
import { rollDice } from "../src/play/rolls.js";
import { ids } from "../src/discord/ids.js";
import { StaleError } from "../src/play/errors.js";

export const command: CommandModule = {
  oneTransaction: true,
  data: new SlashCommandBuilder()
    .setName("roll")
    .setDescription("Roll any dice expression: 1d20+5, 4d6kh3, 1d6!, 5d6>4, 6x 3d6, 1d20+5; 1d8+3")
    .addStringOption((o) =>
      o
        .setName("dice")
        .setDescription("The dice expression, e.g. 2d20kl1+3 [to hit]")
        .setRequired(true)
        .setMaxLength(200),
    )
    .addStringOption((o) => o.setName("reason").setDescription("What the roll is for").setMaxLength(200))
    .addBooleanOption((o) => o.setName("hidden").setDescription("Only you see it; the referee can review it later")),

  async execute(i, s) {
    const actor = actorOf(i);
    const done = await rollDice(s, actor, {
      expression: i.options.getString("dice", true),
      reason: i.options.getString("reason"),
      hidden: i.options.getBoolean("hidden") ?? false,
    });
    const embed = rollEmbed(done, actor.displayName ?? "Someone");
    await respond(i, {
      embeds: [embed],
      components: done.hidden || !done.rollId ? [] : [rollAgainRow(done.rollId)],
      ephemeral: done.hidden,
    });
  },

  async press(i, s) {
    const again = ids.rollAgain.parse(i.customId);
    if (again === null) throw new StaleError("This button is no longer in use: nothing was changed.");
    const actor = actorOf(i);
    const done = await rollDice(s, actor, { again });
    await respond(i, {
      embeds: [rollEmbed(done, actor.displayName ?? "Someone")],
      components: done.rollId ? [rollAgainRow(done.rollId)] : [],
    });
  },
};
