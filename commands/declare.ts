import { ActionRowBuilder, ModalBuilder, SlashCommandBuilder, TextInputBuilder, TextInputStyle, type ButtonInteraction, type ModalSubmitInteraction } from "discord.js";
import type { CommandModule } from "../src/discord/command.js";
import { actorOf } from "../src/discord/actor.js";
import { respond } from "../src/discord/respond.js";
import { cleanText } from "../src/discord/input.js";
import { encounterEmbed, roundMessage } from "../src/discord/embeds/encounter.js";
import { roundButtons } from "../src/discord/embeds/round.js";
import { combatantChoices } from "../src/play/encounters/choices.js";
import { declarationChoices, declarationOf, declare } from "../src/play/round/declare.js";
import type { EncounterEvent } from "../src/play/encounters/index.js";
import { StaleError } from "../src/play/errors.js";

/** `declare:<encounterId>:<round>:<id>`: the round message's button, and the modal it opens for a detail. */
function parseId(customId: string) {
  const [, encounterId, round, ...rest] = customId.split(":");
  const action = rest.join(":");
  if (!encounterId || !round || !action) throw new StaleError("This button is no longer in use: nothing was changed.");
  return { action, expect: { encounterId, round: Number(round) } };
}

/** The round's message keeps its rule results; its roster shows the declaration. */
async function updateRound(i: ButtonInteraction | ModalSubmitInteraction, ev: EncounterEvent) {
  const embeds = (i.message?.embeds ?? []).map((e) => e.toJSON());
  const roster = encounterEmbed(ev.fight, undefined, [...ev.notes, ...ev.results.flatMap((r) => r.lines)]).data;
  if (embeds.length) embeds[embeds.length - 1] = { ...embeds[embeds.length - 1], title: roster.title, description: roster.description };
  else embeds.push(roster);
  if (i.isButton() || (i.isModalSubmit() && i.isFromMessage())) await i.update({ embeds, components: roundButtons(ev.fight) });
  else await respond(i, roundMessage(ev));
}

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

  /** One tap declares for the presser's own combatant; a declaration that takes a detail asks for it in a modal. */
  async press(i, s) {
    const { action, expect } = parseId(i.customId);
    const d = await declarationOf(s, actorOf(i), action, expect);
    if (d.detail) {
      const input = new TextInputBuilder().setCustomId("detail").setLabel("Detail").setPlaceholder(d.detail.slice(0, 100)).setStyle(TextInputStyle.Short).setRequired(false).setMaxLength(60);
      const modal = new ModalBuilder().setCustomId(i.customId).setTitle(d.label.slice(0, 45)).addComponents(new ActionRowBuilder<TextInputBuilder>().addComponents(input));
      return i.showModal(modal);
    }
    await updateRound(i, await declare(s, actorOf(i), { action, expect }));
  },

  async submit(i, s) {
    const { action, expect } = parseId(i.customId);
    // Typed text is cleaned as every command option is (invisible and direction-changing characters go).
    const detail = cleanText(i.fields.getTextInputValue("detail")).trim();
    await updateRound(i, await declare(s, actorOf(i), { action, expect, ...(detail ? { detail } : {}) }));
  },

  async autocomplete(i, s) {
    const focused = i.options.getFocused(true);
    const actor = actorOf(i);
    if (focused.name === "who") return i.respond(await combatantChoices(s, actor, focused.value, "mine"));
    return i.respond(await declarationChoices(s, actor, focused.value, i.options.getString("who")));
  },
};
