import type { EmbedBuilder } from "discord.js";
import { DICE_HELP } from "../../rules/dice/help.js";
import { SYSTEM_IDS, systemOf, type SystemId } from "../../rules/systems/index.js";
import { sheetFields } from "../../play/sheets.js";
import { clip, COLOURS } from "./style.js";
import { situationOption } from "../situation.js";
import { Embed } from "./embed.js";

const GENERAL_TOPICS = ["start", "dice", "sheets", "encounters", "reactions", "verify"];
/** The topics of /help: the general ones, then each system the registry holds now. */
export const helpTopics = (): string[] => [...GENERAL_TOPICS, ...SYSTEM_IDS];

const GENERAL: Record<string, [string, string]> = {
  start: [
    "Ten-Foot Pole: old-school play in a channel",
    [
      "**Referee**: `/campaign start system:<id>` binds a campaign to this channel (and its threads). `/campaign set` changes options, `/campaign referee add` shares the job.",
      "**Players**: `/character create name` (a form, or `sheet`, or `roll:true`), then `/roll`, `/check`, `/save`, `/attack`; Apps → *Roll dice in this message* on any message.",
      "**Referee**: `/check` or `/save` with `players:party` asks everyone at once, one Roll button each (`hidden:true` to keep the results).",
      '**Fights**: `/encounter start monsters:"4 goblins"` → `/initiative` → `/attack` (the defender answers with buttons) → `/next` → `/morale` → `/encounter end` → `/verify`.',
      "**Between fights**: `/dungeon turn` (`pace:fast` where the system has a faster pace), `/dungeon light`, `/dungeon rest` (days of rest), `/heal treat` (a wound that lasts until treated), `/retainer hire`.",
    ].join("\n"),
  ],
  dice: ["Dice", ""],
  sheets: [
    "Sheets",
    "Leave out `sheet` and `/character create` (or `/character edit`) opens a form with the system's fields, five to a step. `roll:true` rolls what the system rolls (abilities, hit points by class and level) and derives what it has tables for; the sheet says which values the rules filled. Or type a sheet as `key=value` pairs: any unique prefix of a field works (`dex=2`), lists use `|` (`languages=Elvish|Orcish`), a list item is written in words, naming what differs (`weapons=sword 1d8|crossbow 1d6 missile 80/160/240|spear 1d6 reach`) or by position with `:` (`sword:1d8:melee`), and a list inside an item uses `/` (a bow's ranges `70/140/210`); a `|`, `:` or `/` inside a name is written `\\|`, `\\:`, `\\/`. JSON works too. A bad field is named with its allowed range, and nothing is saved. `/help <system>` lists the system's fields.",
  ],
  encounters: [
    "Encounters",
    '`/encounter start` brings in every player\'s active character, rolls surprise for both sides, the distance (2d6 × 10 ft) and, with `reaction:true`, the reaction roll. `/encounter add monsters:"2 orcs, 1 ogre"` uses the system\'s presets (hit points rolled from hit dice where the system does; dice for how many, `1d6 kobolds`, are rolled); `stats:` gives custom ones, as one stat line in the system\'s terms (B/X: `HD 4+1 AC 5 ATK 1d10 ML 10`; `/help <system>` shows each system\'s). With several kinds, name the one each line is for: `monsters:"2 skeletons, 1 wight" stats:"Wight: HD 3 AC 5"` (several lines separated by `;`); the others keep their preset. `/encounter bestiary` saves one for reuse by name. `/initiative` uses the campaign\'s method (`/campaign set`, option “initiative method”), `/next` moves through turns and does what the system does when a round starts. `/condition add` puts a condition the system names (blind, stunned, invisible…) on a combatant for a round, the encounter or until removed; `/condition remove` ends it.',
  ],
  reactions: [
    "Reactions",
    "An attack shows the result it would have and a button per reaction the defender may take now, plus **Take it**. Only the defender's player (the referee for monsters) may press; a press re-resolves and edits the same message; follow-ups such as Counter appear once the result is final. If nobody answers, the attack resolves when the next action starts or after the reaction window (`/campaign set`, option “seconds a reaction stays open”).",
  ],
  verify: [
    "Rolls you can check",
    'Every campaign and encounter draws from its own seeded stream. The SHA-256 of an encounter\'s seed is posted when it starts; `/encounter end` reveals the seed and `/verify` replays every logged roll from it, roll by roll: the last one ended, or the one you name (`/verify encounter:"Goblin ambush"`; a name played twice means its newest).',
  ],
};

export function helpEmbed(topic: string | null): EmbedBuilder {
  const t = (topic ?? "start").toLowerCase();
  if ((SYSTEM_IDS as readonly string[]).includes(t)) return systemHelp(t as SystemId);
  const [title, body] = GENERAL[t] ?? GENERAL.start!;
  const topics = `Topics: ${helpTopics()
    .map((x) => `\`${x}\``)
    .join(", ")}`;
  const text = t === "dice" ? DICE_HELP : GENERAL[t] && t !== "start" ? body : `${body}\n${topics}`;
  return new Embed({ color: COLOURS.info }).setTitle(title).setDescription(clip(text, 4096));
}

function systemHelp(id: SystemId): EmbedBuilder {
  const s = systemOf(id);
  const saves = s.saves.join(", ");
  return new Embed({ color: COLOURS.info })
    .setTitle(`${s.name} (\`${id}\`)`)
    .addFields(
      { name: "Attributes (/check)", value: clip(s.attributes.join(", ") || "—", 1024) },
      { name: "Saves (/save)", value: clip(saves || "—", 1024) },
      { name: "Sheet fields", value: clip(sheetFields(s.sheet).join(", "), 1024) },
      { name: "Monster presets", value: clip(Object.keys(s.presets).join(", ") || "—", 1024) },
      {
        name: "A custom monster (stats:)",
        value: clip(
          `${s.statLineExample ? `One stat line: \`${s.statLineExample}\` (or key=value)` : "key=value fields of the sheet above"}. With several kinds of monsters, name the kind in front: \`Wight: …\`, one line a kind, separated by \`;\`.`,
          1024,
        ),
      },
      {
        name: "/attack options this system reads",
        value: clip(s.situations.map((k) => `\`${situationOption(k)}\``).join(", ") || "—", 1024),
      },
    )
    .setFooter({
      text:
        s.silent ?? `Where ${s.name} is silent the bot makes a ruling, and says it in a few words where it applies.`,
    });
}
