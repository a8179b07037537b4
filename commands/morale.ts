import { SlashCommandBuilder } from "discord.js";
import type { CommandModule } from "../src/discord/command.js";
import { actorOf } from "../src/discord/actor.js";
import { respond } from "../src/discord/respond.js";
import { followBoard } from "../src/discord/board.js";
import { tableEmbed } from "../src/discord/embeds/table.js";
import { moraleCheck, parleyCheck } from "../src/play/table.js";
import { characterChoices } from "../src/play/characters/index.js";

export const command: CommandModule = {
  data: new SlashCommandBuilder()
    .setName("morale")
    .setDescription("Check a side's morale by the system's rules (referee)")
    .addStringOption((o) =>
      o
        .setName("side")
        .setDescription("Which side (default: foes)")
        .addChoices({ name: "foes", value: "foes" }, { name: "party", value: "party" }),
    )
    .addIntegerOption((o) =>
      o
        .setName("rating")
        .setDescription("Morale rating to roll against (default: the side's)")
        .setMinValue(2)
        .setMaxValue(12),
    )
    .addIntegerOption((o) =>
      o.setName("modifier").setDescription("Situational modifier").setMinValue(-6).setMaxValue(6),
    )
    .addStringOption((o) =>
      o
        .setName("group")
        .setDescription("Only this creature type or combatant (default: each type rolls, where the system says so)")
        .setMaxLength(60),
    )
    .addStringOption((o) =>
      o
        .setName("talk")
        .setDescription("Instead: a party member tries to talk the foes into surrender")
        .addChoices({ name: "intimidate", value: "intimidate" }, { name: "persuade", value: "persuade" }),
    )
    .addStringOption((o) =>
      o
        .setName("speaker")
        .setDescription("Who speaks for the party (with talk)")
        .setAutocomplete(true)
        .setMaxLength(60),
    ),
  async execute(i, s) {
    const talk = i.options.getString("talk");
    if (talk === "intimidate" || talk === "persuade") {
      const r = await parleyCheck(s, actorOf(i), {
        intent: talk,
        speaker: i.options.getString("speaker"),
        rating: i.options.getInteger("rating"),
        modifier: i.options.getInteger("modifier"),
      });
      await respond(i, { embeds: [tableEmbed(r)] });
      await followBoard(i, s);
      return;
    }
    const side = i.options.getString("side") === "party" ? "party" : "foes";
    await respond(i, {
      embeds: [
        tableEmbed(
          await moraleCheck(s, actorOf(i), {
            side,
            rating: i.options.getInteger("rating"),
            modifier: i.options.getInteger("modifier"),
            group: i.options.getString("group"),
          }),
        ),
      ],
    });
    // Who fled or surrendered leaves the order: the board shows it.
    await followBoard(i, s);
  },
  async autocomplete(i, s) {
    return i.respond(await characterChoices(s, actorOf(i), i.options.getFocused(true).value));
  },
};
