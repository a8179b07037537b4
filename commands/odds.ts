import { SlashCommandBuilder } from "discord.js";
import type { CommandModule } from "../src/discord/command.js";
import { actorOf } from "../src/discord/actor.js";
import { respond } from "../src/discord/respond.js";
import { tableEmbed } from "../src/discord/embeds/table.js";
import { addSituationOptions, readSituation } from "../src/discord/situation.js";
import { attackOdds } from "../src/play/table.js";
import { combatantChoices, weaponChoices } from "../src/play/encounters/choices.js";

export const command: CommandModule = {
  data: addSituationOptions(
    new SlashCommandBuilder()
      .setName("odds")
      .setDescription("Exact chance to hit and the damage spread of an attack, before rolling")
      .addStringOption((o) =>
        o.setName("target").setDescription("Who would be attacked").setRequired(true).setAutocomplete(true),
      )
      .addStringOption((o) => o.setName("weapon").setDescription("A weapon from the sheet").setAutocomplete(true))
      .addStringOption((o) =>
        o.setName("attacker").setDescription("Who attacks (default: yours)").setAutocomplete(true),
      ),
  ),
  async execute(i, s) {
    const t = await attackOdds(s, actorOf(i), {
      target: i.options.getString("target", true),
      attacker: i.options.getString("attacker"),
      weapon: i.options.getString("weapon"),
      situation: readSituation(i),
    });
    await respond(i, { embeds: [tableEmbed(t)], ephemeral: true });
  },
  async autocomplete(i, s) {
    const f = i.options.getFocused(true);
    if (f.name === "weapon")
      return i.respond(await weaponChoices(s, actorOf(i), f.value, i.options.getString("attacker")));
    return i.respond(await combatantChoices(s, actorOf(i), f.value, f.name === "attacker" ? "mine" : "all"));
  },
};
