import { SlashCommandBuilder } from "discord.js";
import type { CommandModule } from "../src/discord/command.js";
import { actorOf } from "../src/discord/actor.js";
import { respond } from "../src/discord/respond.js";
import { tableEmbed } from "../src/discord/embeds/table.js";
import { savingThrow } from "../src/play/table.js";
import { saveChoices } from "../src/play/encounters/choices.js";
import { characterChoices } from "../src/play/characters/index.js";
import { pressCall, startCall } from "../src/discord/rollcall.js";
import { UserError } from "../src/play/errors.js";
import { followBoard } from "../src/discord/board.js";

export const command: CommandModule = {
  data: new SlashCommandBuilder()
    .setName("save")
    .setDescription("Saving throw, or whatever the system uses instead")
    .addStringOption((o) => o.setName("kind").setDescription("Which save").setAutocomplete(true))
    .addIntegerOption((o) =>
      o.setName("modifier").setDescription("Situational modifier").setMinValue(-20).setMaxValue(20),
    )
    .addStringOption((o) =>
      o
        .setName("damage")
        .setDescription("Referee: the damage saved against (6d6, or 24); a success halves it where the game says so")
        .setMaxLength(20),
    )
    .addStringOption((o) =>
      o.setName("character").setDescription("Whose (default: yours; referee: anyone)").setAutocomplete(true),
    )
    .addStringOption((o) =>
      o
        .setName("players")
        .setDescription("Referee: ask several to roll, one button each: party, @mentions, or names with commas")
        .setMaxLength(500),
    )
    .addBooleanOption((o) => o.setName("hidden").setDescription("Referee, with players: only you see the results")),
  async execute(i, s) {
    const input = { kind: i.options.getString("kind"), modifier: i.options.getInteger("modifier") };
    const damage = i.options.getString("damage");
    if (i.options.getString("players")) {
      if (damage)
        throw new UserError(
          "`damage` goes with one character's save: name them with `character` (each target rolls its own).",
        );
      return startCall(i, s, "save", input);
    }
    if (i.options.getBoolean("hidden"))
      throw new UserError("`hidden` goes with `players`: name who rolls (e.g. `players:party`).");
    const t = await savingThrow(s, actorOf(i), { ...input, character: i.options.getString("character"), damage });
    await respond(i, { embeds: [tableEmbed(t)] });
    // Damage taken in a fight: the board again, below the answer (as /damage does).
    if (damage) await followBoard(i, s);
  },
  press: pressCall,
  async autocomplete(i, s) {
    const f = i.options.getFocused(true);
    if (f.name === "character") return i.respond(await characterChoices(s, actorOf(i), f.value));
    return i.respond(await saveChoices(s, actorOf(i), f.value));
  },
};
