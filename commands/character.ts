import { SlashCommandBuilder } from "discord.js";
import type { CommandModule } from "../src/discord/command.js";
import { actorOf } from "../src/discord/actor.js";
import { respond } from "../src/discord/respond.js";
import { appliedWords, characterEmbed, characterListEmbed, filledLines } from "../src/discord/embeds/character.js";
import { openCreateForm, openEditForm, pressForm, submitForm } from "../src/discord/sheetform.js";
import { ruleEmbed } from "../src/discord/embeds/rules.js";
import { awardCharacterXp } from "../src/play/characters/xp.js";
import {
  characterChoices,
  createCharacter,
  deleteCharacter,
  editCharacter,
  listCharacters,
  rollsSheets,
  showCharacter,
  useCharacter,
} from "../src/play/characters/index.js";

export const command: CommandModule = {
  data: new SlashCommandBuilder()
    .setName("character")
    .setDescription("Character sheets with the system's own fields")
    .addSubcommand((c) =>
      c
        .setName("create")
        .setDescription("Create a character")
        .addStringOption((o) =>
          o.setName("name").setDescription("The character's name").setRequired(true).setMaxLength(40),
        )
        .addStringOption((o) =>
          o
            .setName("sheet")
            .setDescription(
              "key=value fields, e.g. str=16 hp=9 weapons=sword:1d8; leave out to fill a form (/help sheets)",
            )
            .setMaxLength(1500),
        )
        .addUserOption((o) => o.setName("owner").setDescription("Whose character (referee only; default: you)"))
        .addBooleanOption((o) =>
          o
            .setName("roll")
            .setDescription("Roll what the system rolls (abilities, hit points) and derive what it has tables for"),
        ),
    )
    .addSubcommand((c) =>
      c
        .setName("show")
        .setDescription("Show a sheet (default: yours)")
        .addStringOption((o) => o.setName("name").setDescription("Whose sheet").setAutocomplete(true)),
    )
    .addSubcommand((c) =>
      c
        .setName("edit")
        .setDescription("Change fields of a sheet (owner or referee)")
        .addStringOption((o) =>
          o
            .setName("sheet")
            .setDescription("The fields to change, e.g. hp=12 body=3; leave out to fill a form")
            .setMaxLength(1500),
        )
        .addStringOption((o) =>
          o.setName("name").setDescription("Which character (default: yours)").setAutocomplete(true),
        )
        .addStringOption((o) => o.setName("rename").setDescription("A new name").setMaxLength(40)),
    )
    .addSubcommand((c) =>
      c
        .setName("xp")
        .setDescription("Award XP, placed on the sheet as the system says (referee)")
        .addIntegerOption((o) =>
          o.setName("amount").setDescription("XP gained").setRequired(true).setMinValue(1).setMaxValue(1_000_000),
        )
        .addStringOption((o) =>
          o.setName("name").setDescription("Which character (default: yours)").setAutocomplete(true),
        ),
    )
    .addSubcommand((c) => c.setName("list").setDescription("Every character in this campaign"))
    .addSubcommand((c) =>
      c
        .setName("use")
        .setDescription("Pick which of your characters you play now")
        .addStringOption((o) =>
          o.setName("name").setDescription("Your character").setRequired(true).setAutocomplete(true),
        ),
    )
    .addSubcommand((c) =>
      c
        .setName("delete")
        .setDescription("Delete a character (owner or referee)")
        .addStringOption((o) =>
          o.setName("name").setDescription("Which character").setRequired(true).setAutocomplete(true),
        ),
    ),

  async execute(i, s) {
    const actor = actorOf(i);
    switch (i.options.getSubcommand(true)) {
      case "create": {
        const roll = i.options.getBoolean("roll");
        // Nothing typed and nothing the text rolls: the short form, not a dead end.
        if (!i.options.getString("sheet") && (!roll || !(await rollsSheets(s, actor))))
          return openCreateForm(i, s, i.options.getString("name", true), i.options.getUser("owner")?.id ?? null);
        const v = await createCharacter(s, actor, {
          name: i.options.getString("name", true),
          sheet: i.options.getString("sheet"),
          ownerId: i.options.getUser("owner")?.id ?? null,
          roll,
        });
        return respond(i, {
          embeds: [
            characterEmbed(v, `Created: ${v.character.name}`, filledLines(v)),
            ...(v.filled ? [ruleEmbed(v.filled)] : []),
          ],
        });
      }
      case "show":
        return respond(i, { embeds: [characterEmbed(await showCharacter(s, actor, i.options.getString("name")))] });
      case "edit": {
        if (!i.options.getString("sheet") && !i.options.getString("rename"))
          return openEditForm(i, s, i.options.getString("name"));
        const v = await editCharacter(s, actor, {
          name: i.options.getString("name"),
          sheet: i.options.getString("sheet"),
          rename: i.options.getString("rename"),
        });
        const fight = appliedWords(v.fight);
        return respond(i, { embeds: [characterEmbed(v, `Updated: ${v.character.name}`, fight ? [fight] : [])] });
      }
      case "xp": {
        const v = await awardCharacterXp(s, actor, {
          name: i.options.getString("name"),
          amount: i.options.getInteger("amount", true),
        });
        return respond(i, { embeds: [characterEmbed(v, v.result.title, v.result.lines)] });
      }
      case "list": {
        const { campaign, rows } = await listCharacters(s, actor);
        return respond(i, { embeds: [characterListEmbed(campaign.name, rows)] });
      }
      case "use": {
        const v = await useCharacter(s, actor, i.options.getString("name", true));
        return respond(i, { embeds: [characterEmbed(v, `Now playing: ${v.character.name}`)], ephemeral: true });
      }
      case "delete": {
        const c = await deleteCharacter(s, actor, i.options.getString("name", true));
        return respond(i, { content: `${c.name} was deleted.` });
      }
    }
  },

  press: pressForm,
  submit: submitForm,

  async autocomplete(i, s) {
    const own = i.options.getSubcommand(false) === "use";
    await i.respond(await characterChoices(s, actorOf(i), i.options.getFocused(), own));
  },
};
