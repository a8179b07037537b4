import { ActionRowBuilder, ButtonBuilder, ButtonStyle, type EmbedBuilder } from "discord.js";
import type { TurnsReport } from "../../play/dungeon/index.js";
import type { DungeonView } from "../../play/dungeon/view.js";
import {
  effectLines,
  elapsedWords,
  lightLines,
  ROUNDS_PER_DAY,
  ROUNDS_PER_HOUR,
  suppliesLines,
  turnOf,
} from "../../rules/dungeon/index.js";
import { citations, clip, COLOURS, LIMITS } from "./style.js";
import { rollsField, ruleEmbed } from "./rules.js";
import { Embed } from "./embed.js";
import { ids } from "../ids.js";

const field = (name: string, lines: string[]) => ({ name, value: clip(lines.join("\n") || "—", LIMITS.fieldValue) });

/** The time: past a day, in days and hours (a count of rounds says nothing then); under a day, to the round. */
function timeLine(v: DungeonView): string {
  if (v.rounds >= ROUNDS_PER_DAY)
    return `Turn ${turnOf(v.rounds)} · ${elapsedWords(v.rounds - (v.rounds % ROUNDS_PER_HOUR))} elapsed`;
  return `Turn ${turnOf(v.rounds)} · ${elapsedWords(v.rounds)} elapsed (${v.rounds} rounds)`;
}

/**
 * Light and supplies, only where they are kept: the system's text has rules for them (its row cites no ruling), or
 * the table uses them by the ruling (a light lit, a supply set). A system without either says nothing of them.
 */
function keptFields(v: DungeonView): { name: string; value: string }[] {
  const st = v.state;
  const lit = v.lightRules || st.lit || st.lights.length > 0;
  const stocked = v.suppliesRules || Object.values(st.supplies).some((x) => x !== null);
  return [
    ...(lit ? [field("Light", lightLines(st.lights, v.rounds, v.lightRules || st.lit))] : []),
    ...(stocked ? [field("Supplies", suppliesLines(st.supplies))] : []),
  ];
}

/** /dungeon status, and the state after any dungeon change (`lines` say what changed). */
export function dungeonEmbed(v: DungeonView, title?: string, lines: string[] = []): EmbedBuilder {
  const st = v.state;
  const s = v.settings;
  const e = new Embed({ color: COLOURS.referee })
    .setTitle(clip(title ?? `Dungeon: ${v.campaign.name}`, LIMITS.title))
    .addFields(
      field("Time", [timeLine(v)]),
      ...keptFields(v).filter((x) => x.name === "Light"),
      field("Effects", effectLines(st.effects, v.rounds)),
      ...keptFields(v).filter((x) => x.name === "Supplies"),
      field("Movement", [v.movement.line]),
      field("Next wandering check", [
        s.wanderingChance === 0
          ? "None: the chance is 0 in 6 (/dungeon set chance)"
          : `Turn ${v.nextCheck} (every ${s.wanderingEvery} turn${s.wanderingEvery === 1 ? "" : "s"}, ${s.wanderingChance} in 6)`,
      ]),
      field(
        "Wandering table",
        st.table.length ? st.table.map((x, i) => `${i + 1}. ${x}`) : ["none set: /dungeon set table"],
      ),
    )
    .setFooter({ text: citations(v.movement.rules) || "game time is one count of rounds" });
  if (lines.length) e.setDescription(clip(lines.join("\n"), LIMITS.description));
  const recent = st.actions.slice(-3).map((a) => `Turn ${a.turn}: ${a.actions.join(", ")}`);
  if (recent.length) e.addFields(field("Declared lately", recent));
  return e;
}

/** /dungeon turn: what each turn did, the dice, and where things stand; a reaction embed when a monster came. */
export function dungeonTurnEmbeds(r: TurnsReport): EmbedBuilder[] {
  const first = r.turns[0]!;
  const last = r.turns[r.turns.length - 1]!;
  const single = r.turns.length === 1;
  const title = single
    ? last.result.title
    : `Turns ${first.turn}–${last.turn}${r.wandering ? `: wandering monster on turn ${last.turn}!` : r.skipped && last.stop ? `: stopped, ${last.stop}` : ""}`;
  const body = single ? last.result.lines : r.turns.map((t) => `**Turn ${t.turn}**: ${t.result.lines.join(" ")}`);
  if (r.skipped)
    body.push(
      `⏸️ Advancing stopped on turn ${last.turn}: ${last.stop ?? "the referee is needed"}. ${r.skipped} turn${r.skipped === 1 ? "" : "s"} not passed: look, then /dungeon turn again.`,
    );
  const rolls = r.turns.flatMap((t) => t.result.rolls);
  const colour = r.wandering || r.turns.some((t) => t.darkness) ? COLOURS.failure : COLOURS.info;
  const e = new Embed({ color: colour })
    .setTitle(clip(title, LIMITS.title))
    .setDescription(clip(body.join("\n"), LIMITS.description))
    .addFields(
      // A turn with no check rolls nothing: no empty Dice field.
      ...(rolls.length ? [{ name: "Dice", value: rollsField(rolls) }] : []),
      field("Time", [timeLine(r.view)]),
      ...keptFields(r.view).filter((x) => x.name === "Light"),
      field("Movement", [r.view.movement.line]),
    )
    .setFooter({ text: citations(r.turns.flatMap((t) => t.result.rules)) });
  if (r.rested.length) e.addFields(field("Rest and recovery", r.rested));
  if (r.wandering) {
    const what = r.wandering.monsters
      ? [
          `${r.wandering.monsters}${r.wandering.how ? ` (${r.wandering.how})` : ""}`,
          "The referee may start the encounter with the button.",
        ]
      : ["No wandering table is set: the button asks the referee which monsters come, and how many."];
    e.addFields(field("Wandering monster", what));
  }
  return r.reaction ? [e, ruleEmbed(r.reaction)] : [e];
}

export function wanderingButtons(r: Pick<TurnsReport, "wandering">): ActionRowBuilder<ButtonBuilder>[] {
  if (!r.wandering) return [];
  return [
    new ActionRowBuilder<ButtonBuilder>().addComponents(
      new ButtonBuilder()
        .setCustomId(ids.wandering.build(r.wandering.id))
        .setLabel("Start encounter")
        .setStyle(ButtonStyle.Danger),
    ),
  ];
}
