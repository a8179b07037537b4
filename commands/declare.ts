import { SlashCommandBuilder } from "discord.js";
import type { CommandModule } from "../src/discord/command.js";
import { actorOf } from "../src/discord/actor.js";
import { respond } from "../src/discord/respond.js";
import { encounterEmbed, roundMessage } from "../src/discord/embeds/encounter.js";
import { roundButtons } from "../src/discord/embeds/round.js";
import { combatantChoices } from "../src/play/encounters/choices.js";
import { declarationChoices, declare } from "../src/play/round/declare.js";
import { StaleError } from "../src/play/errors.js";

export const command: CommandModule = {
  data: new SlashCommandBuilder()
    .setName("declare")
    .setDescription("Declare what your character does this round (charge, dodge, a spell, a move…), as your game asks")
    .setDMPermission(false)
    .addStringOption((o) => o.setName("action").setDescription("What to declare (\"none\" withdraws this round's declarations)").setRequired(true).setAutocomplete(true).setMaxLength(60))
    .addStringOption((o) => o.setName("who").setDescription("Who declares (when you control several, or a monster)").setAutocomplete(true))
    .addStringOption((o) => o.setName("detail").setDescription("A detail the declaration asks for (a distance, a rank, a target)").setMaxLength(60)),

  async execute(i, s) {
    const ev = await declare(s, actorOf(i), { action: i.options.getString("action", true), who: i.options.getString("who"), detail: i.options.getString("detail") });
    await respond(i, roundMessage(ev));
  },

  /** A declare button on the round's message: `declare:<encounterId>:<round>:<id>`, for the presser's own combatant. */
  async press(i, s) {
    const [, encounterId, round, ...rest] = i.customId.split(":");
    const action = rest.join(":");
    if (!encounterId || !round || !action) throw new StaleError("This button is no longer in use: nothing was changed.");
    const ev = await declare(s, actorOf(i), { action, expect: { encounterId, round: Number(round) } });
    // The round's message keeps its rule results and shows the roster with the declaration.
    const embeds = i.message.embeds.map((e) => e.toJSON());
    const roster = encounterEmbed(ev.fight, undefined, [...ev.notes, ...ev.results.flatMap((r) => r.lines)]).data;
    embeds[embeds.length - 1] = { ...embeds[embeds.length - 1], title: roster.title, description: roster.description };
    await i.update({ embeds, components: roundButtons(ev.fight) });
  },

  async autocomplete(i, s) {
    const focused = i.options.getFocused(true);
    const actor = actorOf(i);
    if (focused.name === "who") return i.respond(await combatantChoices(s, actor, focused.value, "mine"));
    return i.respond(await declarationChoices(s, actor, focused.value, i.options.getString("who")));
  },
};
