import {
  ActionRowBuilder,
  ButtonBuilder,
  ButtonStyle,
  MessageFlags,
  ModalBuilder,
  SlashCommandBuilder,
  TextInputBuilder,
  TextInputStyle,
  type ButtonInteraction,
  type ModalSubmitInteraction,
  type StringSelectMenuInteraction,
} from "discord.js";
import { clip } from "../src/discord/embeds/style.js";
import type { CommandModule } from "../src/discord/command.js";
import { actorOf } from "../src/discord/actor.js";
import { cleanText } from "../src/discord/input.js";
import { boardBody, replyBoard } from "../src/discord/board.js";
import { waitingIn } from "../src/play/encounters/board.js";
import type { Services } from "../src/play/services.js";
import { combatantChoices } from "../src/play/encounters/choices.js";
import { declarationChoices, declarationOf, declare } from "../src/play/round/declare.js";
import type { EncounterEvent } from "../src/play/encounters/index.js";
import { StaleError, UserError } from "../src/play/errors.js";
import { ids } from "../src/discord/ids.js";

/**
 * The round message's button, the modal it opens for a detail, and the "who declares?" buttons a player with
 * several combatants gets (src/discord/ids.ts).
 */
function parseId(customId: string) {
  const id = ids.declare.parse(customId);
  if (!id) throw new StaleError("This button is no longer in use: nothing was changed.");
  return { action: id.action, who: id.who, expect: { encounterId: id.encounterId, round: id.round } };
}

/** Declared from the ephemeral "who declares?" message: that message says so, and the board goes to the channel. */
async function answer(i: Tapped, s: Services, ev: EncounterEvent) {
  if (
    i.message?.flags.has(MessageFlags.Ephemeral) &&
    (i.isMessageComponent() || (i.isModalSubmit() && i.isFromMessage()))
  ) {
    await i.update({ content: ev.notes.join("\n") || "Declared.", embeds: [], components: [] });
    await replyBoard(i, s, ev);
    return;
  }
  await updateRound(i, s, ev);
}

/** A tap on the board: the board, edited in place, shows the declaration and what it did. */
async function updateRound(i: Tapped, s: Services, ev: EncounterEvent) {
  if (!(i.isMessageComponent() || (i.isModalSubmit() && i.isFromMessage()))) return replyBoard(i, s, ev);
  await i.update(
    boardBody(ev.fight, await waitingIn(s.store.db, ev.fight), [...ev.notes, ...ev.results.flatMap((r) => r.lines)]),
  );
}

type Tapped = ButtonInteraction | StringSelectMenuInteraction | ModalSubmitInteraction;

/** One tap declares for the presser's own combatant; a declaration that takes a detail asks for it in a modal. */
async function tap(i: ButtonInteraction | StringSelectMenuInteraction, s: Services, customId: string) {
  const { action, expect, who } = parseId(customId);
  const r = await declarationOf(s, actorOf(i), action, expect, who);
  if ("choose" in r) {
    // A character and a retainer, say (or, for the referee, whoever may): one button each, on a message only the presser sees.
    const all = r.choose.slice(0, 25).map((c) =>
      new ButtonBuilder()
        .setCustomId(ids.declare.build({ ...expect, action, who: c.id }))
        .setLabel(clip(c.name, 80))
        .setStyle(ButtonStyle.Primary),
    );
    const rows = Array.from({ length: Math.ceil(all.length / 5) }, (_, n) =>
      new ActionRowBuilder<ButtonBuilder>().addComponents(all.slice(n * 5, n * 5 + 5)),
    );
    await i.reply({ content: `Who declares ${r.label}?`, components: rows, flags: MessageFlags.Ephemeral });
    return;
  }
  const d = r.decl;
  if (d.detail) {
    const input = new TextInputBuilder()
      .setCustomId("detail")
      .setLabel("Detail")
      .setPlaceholder(clip(d.detail, 100))
      .setStyle(TextInputStyle.Short)
      .setRequired(false)
      .setMaxLength(60);
    const modal = new ModalBuilder()
      .setCustomId(customId)
      .setTitle(clip(d.label, 45))
      .addComponents(new ActionRowBuilder<TextInputBuilder>().addComponents(input));
    return i.showModal(modal);
  }
  await answer(i, s, await declare(s, actorOf(i), { action, expect, who: r.who }));
}

export const command: CommandModule = {
  data: new SlashCommandBuilder()
    .setName("declare")
    .setDescription("Declare what your character does this round (charge, dodge, a spell, a move…), as your game asks")
    .addStringOption((o) =>
      o
        .setName("action")
        .setDescription('What to declare ("none" withdraws this round\'s declarations)')
        .setRequired(true)
        .setAutocomplete(true)
        .setMaxLength(60),
    )
    .addStringOption((o) =>
      o
        .setName("who")
        .setDescription("Who declares (when you control several; the referee: a monster, or a player's character)")
        .setAutocomplete(true),
    )
    .addStringOption((o) =>
      o
        .setName("detail")
        .setDescription("A detail the declaration asks for (a distance, a rank, a target)")
        .setMaxLength(60),
    ),

  async execute(i, s) {
    const ev = await declare(s, actorOf(i), {
      action: i.options.getString("action", true),
      who: i.options.getString("who"),
      detail: i.options.getString("detail"),
    });
    await replyBoard(i, s, ev);
  },

  /** One tap declares for the presser's own combatant; a declaration that takes a detail asks for it in a modal. */
  async press(i, s) {
    await tap(i, s, i.customId);
  },

  /** The board's menu of declarations past the first few: the choice is its value. */
  async choose(i, s) {
    const id = ids.declare.parse(i.customId);
    const action = i.values[0];
    if (!id || !action) throw new StaleError("This menu is no longer in use: nothing was changed.");
    await tap(i, s, ids.declare.build({ encounterId: id.encounterId, round: id.round, action, who: null }));
  },

  async submit(i, s) {
    const { action, expect, who: named } = parseId(i.customId);
    // Typed text is cleaned as every command option is (invisible and direction-changing characters go).
    const detail = cleanText(i.fields.getTextInputValue("detail")).trim();
    // From the round's message: the one of the presser's that may declare it, as the press found.
    const r = named ? null : await declarationOf(s, actorOf(i), action, expect);
    if (r && "choose" in r)
      throw new UserError(`Several of yours may declare ${r.label}: tap it again, or /declare with \`who\`.`);
    const who = named ?? r?.who ?? null;
    await answer(i, s, await declare(s, actorOf(i), { action, expect, who, ...(detail ? { detail } : {}) }));
  },

  async autocomplete(i, s) {
    const focused = i.options.getFocused(true);
    const actor = actorOf(i);
    if (focused.name === "who") return i.respond(await combatantChoices(s, actor, focused.value, "mine"));
    return i.respond(await declarationChoices(s, actor, focused.value, i.options.getString("who")));
  },
};
