import { SlashCommandBuilder } from "discord.js";
import type { CommandModule } from "../src/discord/command.js";
import { actorOf } from "../src/discord/actor.js";
import { respond } from "../src/discord/respond.js";
import { encounterEndEmbed } from "../src/discord/embeds/encounter.js";
import { closeBoard, replyBoard, replyEncounterStart } from "../src/discord/board.js";
import { boardRef } from "../src/play/encounters/board.js";
import { showLapsed } from "../src/discord/lapsed.js";
import {
  addMonsters,
  endEncounter,
  joinEncounter,
  showEncounter,
  startEncounter,
} from "../src/play/encounters/index.js";
import { characterChoices } from "../src/play/characters/index.js";
import { presetChoices } from "../src/play/encounters/choices.js";
import { saveToBestiary } from "../src/play/encounters/bestiary.js";
import { bestiaryEmbed } from "../src/discord/embeds/bestiary.js";
import { joinRetainer } from "../src/play/retainers/join.js";
import { retainerChoices } from "../src/play/retainers/index.js";

/** What `stats` takes: one kind's stat line; with several kinds, each line named ("Wight: …"), separated by ";". */
const STATS = "Custom stats: a stat line or key=value; several kinds: name each, e.g. Wight: HD 3 AC 5; Ghoul: HD 2";

export const command: CommandModule = {
  data: new SlashCommandBuilder()
    .setName("encounter")
    .setDescription("Start, fill, show and end the channel's encounter")
    .addSubcommand((c) =>
      c
        .setName("start")
        .setDescription(
          "Start an encounter: surprise for both sides, distance, and the reaction roll if asked (referee)",
        )
        .addStringOption((o) => o.setName("name").setDescription("What the encounter is called").setMaxLength(80))
        .addStringOption((o) =>
          o
            .setName("monsters")
            .setDescription("Monsters from the system's presets, e.g. 4 goblins, 1 ogre, 1d6 kobolds (dice are rolled)")
            .setAutocomplete(true)
            .setMaxLength(200),
        )
        .addStringOption((o) => o.setName("stats").setDescription(STATS).setMaxLength(500))
        .addBooleanOption((o) => o.setName("reaction").setDescription("Roll the monsters' reaction"))
        .addBooleanOption((o) => o.setName("surprise").setDescription("Roll surprise (default: yes)"))
        .addStringOption((o) =>
          o
            .setName("leader")
            .setDescription("The party's leader for the reaction roll (default: highest Charisma)")
            .setAutocomplete(true),
        )
        .addIntegerOption((o) =>
          o
            .setName("party_surprise")
            .setDescription(
              "Bonus (+) or penalty (−) to the party's surprise roll: a bonus helps the party; usually −5 to +5",
            )
            .setMinValue(-20)
            .setMaxValue(20),
        )
        .addIntegerOption((o) =>
          o
            .setName("foes_surprise")
            .setDescription(
              "Bonus (+) or penalty (−) to the foes' surprise roll: a bonus helps the foes; usually −5 to +5",
            )
            .setMinValue(-20)
            .setMaxValue(20),
        )
        .addBooleanOption((o) =>
          o
            .setName("outdoors")
            .setDescription(
              "The meeting is outdoors (default: indoors or underground): distances in yards where the book says so",
            ),
        )
        .addIntegerOption((o) =>
          o
            .setName("entries")
            .setDescription("Ways in: roll which one the foes come by (where the system rolls it)")
            .setMinValue(2)
            .setMaxValue(20),
        ),
    )
    .addSubcommand((c) =>
      c
        .setName("add")
        .setDescription("Add monsters: presets (4 goblins) or custom stats (referee)")
        .addStringOption((o) =>
          o
            .setName("monsters")
            .setDescription("e.g. 4 goblins, 1d6 kobolds — or a name with custom stats")
            .setRequired(true)
            .setAutocomplete(true)
            .setMaxLength(200),
        )
        .addStringOption((o) => o.setName("stats").setDescription(STATS).setMaxLength(500))
        .addStringOption((o) =>
          o
            .setName("side")
            .setDescription("Which side they fight on (default: foes)")
            .addChoices({ name: "foes", value: "foes" }, { name: "party", value: "party" }),
        ),
    )
    .addSubcommand((c) =>
      c
        .setName("join")
        .setDescription("Bring your character (or a named one) into the fight")
        .addStringOption((o) =>
          o.setName("character").setDescription("Which character (default: yours)").setAutocomplete(true),
        )
        .addStringOption((o) =>
          o.setName("retainer").setDescription("Bring a retainer instead (you control them)").setAutocomplete(true),
        ),
    )
    .addSubcommand((c) =>
      c
        .setName("bestiary")
        .setDescription("Save a custom monster for reuse by name, from one stat line in the system's terms (referee)")
        .addStringOption((o) =>
          o
            .setName("stats")
            .setDescription(
              "A stat line (B/X: Ogre HD 4+1 AC 5 ATK 1d10 ML 10; /help shows your system's) or key=value",
            )
            .setRequired(true)
            .setMaxLength(500),
        )
        .addStringOption((o) =>
          o.setName("name").setDescription("Its name (default: the words in front of the stat line)").setMaxLength(40),
        ),
    )
    .addSubcommand((c) => c.setName("show").setDescription("Turn order, HP or Guard bars, conditions"))
    .addSubcommand((c) =>
      c.setName("end").setDescription("End the encounter: a summary and the revealed seed (referee)"),
    ),

  async execute(i, s) {
    const actor = actorOf(i);
    switch (i.options.getSubcommand(true)) {
      case "start": {
        const ev = await startEncounter(s, actor, {
          name: i.options.getString("name"),
          monsters: i.options.getString("monsters"),
          stats: i.options.getString("stats"),
          reaction: i.options.getBoolean("reaction"),
          surprise: i.options.getBoolean("surprise"),
          leader: i.options.getString("leader"),
          surpriseModifiers: {
            party: i.options.getInteger("party_surprise") ?? 0,
            foes: i.options.getInteger("foes_surprise") ?? 0,
          },
          outdoors: i.options.getBoolean("outdoors"),
          entries: i.options.getInteger("entries"),
        });
        return replyEncounterStart(i, s, ev);
      }
      case "add": {
        const side = i.options.getString("side") === "party" ? "party" : "foes";
        const ev = await addMonsters(s, actor, {
          monsters: i.options.getString("monsters", true),
          stats: i.options.getString("stats"),
          side,
        });
        // The roster changed: this message is the board now (what the newcomers may declare, Next).
        return replyBoard(i, s, ev);
      }
      case "join": {
        const retainer = i.options.getString("retainer");
        const ev = retainer
          ? await joinRetainer(s, actor, { name: retainer })
          : await joinEncounter(s, actor, { character: i.options.getString("character") });
        return replyBoard(i, s, ev);
      }
      case "bestiary": {
        const r = await saveToBestiary(s, actor, {
          name: i.options.getString("name"),
          stats: i.options.getString("stats", true),
        });
        return respond(i, { embeds: [bestiaryEmbed(r)] });
      }
      case "show":
        return replyBoard(i, s, await showEncounter(s, actor));
      case "end": {
        const summary = await endEncounter(s, actor);
        await respond(i, { embeds: [encounterEndEmbed(summary)] });
        await closeBoard(i, i.client, s, boardRef(summary.encounter.board));
        return showLapsed(i.client, summary.lapsed, s.log);
      }
    }
  },

  async autocomplete(i, s) {
    const f = i.options.getFocused(true);
    if (f.name === "character" || f.name === "leader") return i.respond(await characterChoices(s, actorOf(i), f.value));
    if (f.name === "retainer") return i.respond(await retainerChoices(s, actorOf(i), f.value));
    return i.respond(await presetChoices(s, actorOf(i), f.value));
  },
};
