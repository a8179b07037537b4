import {
  ActionRowBuilder,
  ModalBuilder,
  SlashCommandBuilder,
  TextInputBuilder,
  TextInputStyle,
  type ButtonInteraction,
  type ModalSubmitInteraction,
  type SlashCommandIntegerOption,
} from "discord.js";
import type { CommandModule } from "../src/discord/command.js";
import { actorOf } from "../src/discord/actor.js";
import { respond } from "../src/discord/respond.js";
import { dungeonEmbed, dungeonTurnEmbeds, wanderingButtons } from "../src/discord/embeds/dungeon.js";
import { replyEncounterStart } from "../src/discord/board.js";
import { cleanText } from "../src/discord/input.js";
import type { Services } from "../src/play/services.js";
import { advanceTurns, dungeonStatus, MAX_TURNS } from "../src/play/dungeon/index.js";
import { changeEffect, changeLight } from "../src/play/dungeon/light.js";
import { partyChoices } from "../src/play/dungeon/party.js";
import { setDungeon } from "../src/play/dungeon/set.js";
import { MAX_REST_DAYS, restForDays, type RestPlace } from "../src/play/dungeon/days.js";
import { MAX_WHICH, startWandering, wanderingOf, WanderingGone } from "../src/play/dungeon/wandering.js";
import { StaleError } from "../src/play/errors.js";
import { ids } from "../src/discord/ids.js";

const stock = (name: string, what: string) => (o: SlashCommandIntegerOption) =>
  o.setName(name).setDescription(what).setMinValue(0).setMaxValue(9999);

/** "Which monsters come?": one line, how many (a number or dice, rolled) and what, prefilled with the usual die for how many. */
function whichModal(id: string): ModalBuilder {
  const input = new TextInputBuilder()
    .setCustomId("monsters")
    .setLabel("Which monsters, how many (dice are rolled)")
    .setStyle(TextInputStyle.Short)
    .setRequired(true)
    .setMaxLength(MAX_WHICH)
    .setValue("1d6 ");
  return new ModalBuilder()
    .setCustomId(ids.wanderingWhich.build(id))
    .setTitle("A wandering monster: which?")
    .addComponents(new ActionRowBuilder<TextInputBuilder>().addComponents(input));
}

/** A later turn passed: the button goes from the message, and the press is told why. */
const goneFrom =
  (i: ButtonInteraction | ModalSubmitInteraction, s: Services) =>
  async (err: Error): Promise<never> => {
    const onMessage = i.isButton() || i.isFromMessage();
    if (err instanceof WanderingGone && onMessage && !i.replied && !i.deferred) {
      await (i as ButtonInteraction)
        .update({ components: [] })
        .catch((e: Error) => s.log.warn({ err: e }, "could not remove a stale wandering button"));
    }
    throw err;
  };

export const command: CommandModule = {
  data: new SlashCommandBuilder()
    .setName("dungeon")
    .setDescription("Dungeon turns between fights: time, light, supplies, wandering monsters")
    .addSubcommand((c) =>
      c
        .setName("turn")
        .setDescription("Advance 10-minute turns: light burns, effects run out, wandering-monster checks (referee)")
        .addStringOption((o) =>
          o.setName("action").setDescription("What the party does, e.g. search, listen, move").setMaxLength(200),
        )
        .addIntegerOption((o) =>
          o
            .setName("turns")
            .setDescription(`How many turns (default 1, at most ${MAX_TURNS}; stops when the referee is needed)`)
            .setMinValue(1)
            .setMaxValue(MAX_TURNS),
        )
        .addStringOption((o) =>
          o
            .setName("pace")
            .setDescription("How fast the party moves (default: careful); a faster pace where the system has one")
            .addChoices(
              { name: "careful", value: "careful" },
              { name: "fast: no forewarning of traps and hazards", value: "fast" },
            ),
        ),
    )
    .addSubcommand((c) =>
      c.setName("status").setDescription("Time elapsed, light left, effects, supplies, movement and the next check"),
    )
    .addSubcommand((c) =>
      c
        .setName("light")
        .setDescription("Light, put out or hand over a torch or lantern")
        .addStringOption((o) =>
          o
            .setName("action")
            .setDescription("What to do")
            .setRequired(true)
            .addChoices(
              { name: "light", value: "light" },
              { name: "put out", value: "out" },
              { name: "hand over", value: "give" },
            ),
        )
        .addStringOption((o) =>
          o
            .setName("kind")
            .setDescription("Torch or lantern (default: torch to light, any to put out or hand over)")
            .addChoices({ name: "torch", value: "torch" }, { name: "lantern", value: "lantern" }),
        )
        .addStringOption((o) =>
          o.setName("holder").setDescription("Who holds it (default: your character)").setAutocomplete(true),
        )
        .addStringOption((o) => o.setName("to").setDescription("Who takes it (hand over)").setAutocomplete(true)),
    )
    .addSubcommand((c) =>
      c
        .setName("set")
        .setDescription("Set the wandering table, the check, light durations, supplies, loads (referee)")
        .addStringOption((o) =>
          o
            .setName("table")
            .setDescription("Wandering table, e.g. 2d4 goblins; 1 ogre; 1d6 skeletons (none to clear)")
            .setMaxLength(500),
        )
        .addIntegerOption((o) =>
          o.setName("interval").setDescription("Wandering-monster check every N turns").setMinValue(1).setMaxValue(12),
        )
        .addIntegerOption((o) =>
          o.setName("chance").setDescription("A wandering monster on X in 6").setMinValue(0).setMaxValue(6),
        )
        .addIntegerOption((o) =>
          o.setName("torch").setDescription("Turns a torch burns").setMinValue(1).setMaxValue(144),
        )
        .addIntegerOption((o) =>
          o.setName("lantern").setDescription("Turns a flask of lantern oil burns").setMinValue(1).setMaxValue(144),
        )
        .addIntegerOption(stock("rations", "The party's rations (one a member a day)"))
        .addIntegerOption(stock("water", "The party's days of water (one a member a day)"))
        .addIntegerOption(stock("torches", "Spare torches"))
        .addIntegerOption(stock("oil", "Spare flasks of lantern oil"))
        .addStringOption((o) =>
          o.setName("character").setDescription("Whose load to set (with coins)").setAutocomplete(true),
        )
        .addIntegerOption((o) =>
          o
            .setName("coins")
            .setDescription("Weight carried, in coins (B/X encumbrance)")
            .setMinValue(0)
            .setMaxValue(99999),
        ),
    )
    .addSubcommand((c) =>
      c
        .setName("rest")
        .setDescription("Days of complete rest: each system's own healing; in camp, wandering checks (referee)")
        .addIntegerOption((o) =>
          o
            .setName("days")
            .setDescription(`Full days of rest (1 to ${MAX_REST_DAYS})`)
            .setRequired(true)
            .setMinValue(1)
            .setMaxValue(MAX_REST_DAYS),
        )
        .addStringOption((o) =>
          o
            .setName("place")
            .setDescription("Where (default: camp)")
            .addChoices(
              { name: "camp: rations, wandering checks", value: "camp" },
              { name: "safe camp: rations, no wandering checks", value: "safe" },
              { name: "town: no rations, no wandering checks", value: "town" },
            ),
        ),
    )
    .addSubcommand((c) =>
      c
        .setName("effect")
        .setDescription("Time a spell or effect in turns; 0 ends it (referee)")
        .addStringOption((o) => o.setName("name").setDescription("e.g. Light spell").setRequired(true).setMaxLength(60))
        .addIntegerOption((o) =>
          o
            .setName("turns")
            .setDescription("How many turns it lasts (0 ends it)")
            .setRequired(true)
            .setMinValue(0)
            .setMaxValue(1440),
        ),
    ),

  async execute(i, s) {
    const actor = actorOf(i);
    const o = i.options;
    switch (o.getSubcommand(true)) {
      case "turn": {
        const r = await advanceTurns(s, actor, {
          actions: o.getString("action"),
          turns: o.getInteger("turns"),
          pace: o.getString("pace") as "careful" | "fast" | null,
        });
        return respond(i, { embeds: dungeonTurnEmbeds(r), components: wanderingButtons(r) });
      }
      case "status":
        return respond(i, { embeds: [dungeonEmbed(await dungeonStatus(s, actor))] });
      case "light": {
        const kind = o.getString("kind") as "torch" | "lantern" | null;
        const v = await changeLight(s, actor, {
          action: o.getString("action", true) as "light" | "out" | "give",
          kind,
          holder: o.getString("holder"),
          to: o.getString("to"),
        });
        return respond(i, { embeds: [dungeonEmbed(v.view, v.lines[0], v.lines.slice(1))] });
      }
      case "set": {
        const v = await setDungeon(s, actor, {
          table: o.getString("table"),
          interval: o.getInteger("interval"),
          chance: o.getInteger("chance"),
          torch: o.getInteger("torch"),
          lantern: o.getInteger("lantern"),
          rations: o.getInteger("rations"),
          water: o.getInteger("water"),
          torches: o.getInteger("torches"),
          oil: o.getInteger("oil"),
          character: o.getString("character"),
          coins: o.getInteger("coins"),
        });
        return respond(i, { embeds: [dungeonEmbed(v.view, "Dungeon set", v.lines)] });
      }
      case "rest": {
        const r = await restForDays(s, actor, {
          days: o.getInteger("days", true),
          place: o.getString("place") as RestPlace | null,
        });
        return respond(i, { embeds: [dungeonEmbed(r.view, r.title, r.lines)], components: wanderingButtons(r) });
      }
      case "effect": {
        const v = await changeEffect(s, actor, { name: o.getString("name", true), turns: o.getInteger("turns", true) });
        return respond(i, { embeds: [dungeonEmbed(v.view, v.lines[0])] });
      }
    }
  },

  async press(i, s) {
    const id = ids.wandering.parse(i.customId);
    if (!id) throw new StaleError("This button is no longer in use: nothing was changed.");
    const w = await wanderingOf(s, actorOf(i), id).catch(goneFrom(i, s));
    // No table gave the monsters: the referee names them (and how many, dice rolled) before anything starts.
    if (!w.monsters) return i.showModal(whichModal(id));
    const ev = await startWandering(s, actorOf(i), id).catch(goneFrom(i, s));
    await i.update({ components: [] });
    await replyEncounterStart(i, s, ev);
  },

  async submit(i, s) {
    const id = ids.wanderingWhich.parse(i.customId);
    if (!id) throw new StaleError("This form is no longer in use: nothing was changed.");
    const ev = await startWandering(s, actorOf(i), id, cleanText(i.fields.getTextInputValue("monsters"))).catch(
      goneFrom(i, s),
    );
    // The wandering monster's message loses its button; the new encounter's board follows below it.
    if (i.isFromMessage()) await i.update({ components: [] });
    await replyEncounterStart(i, s, ev);
  },

  async autocomplete(i, s) {
    await i.respond(await partyChoices(s.store.db, actorOf(i), i.options.getFocused()));
  },
};
