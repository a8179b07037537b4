import type { EmbedBuilder } from "discord.js";
import type { DiceRoll } from "../../rules/dice/bag.js";
import type { RuleResult } from "../../rules/systems/types.js";
import { citations, clip, COLOURS, forPlayers, LIMITS } from "./style.js";
import { Embed } from "./embed.js";

/**
 * `attack: 2d10+3 (7, ~~2~~) = **12**` — each die shown, dropped dice struck through; where the rule counts
 * another number, that number and why: `hit points: 1d8-1 (1) = 0 → **1** (at least 1)`.
 */
export function renderRoll(r: DiceRoll): string {
  const faces = r.dice.map((d) => (d.dropped ? `~~${d.value}~~` : String(d.value))).join(", ");
  const counts = r.counts && r.counts.total !== r.total ? ` → **${r.counts.total}** (${r.counts.why})` : "";
  return `${r.label}: ${r.notation} (${faces}) = ${counts ? r.total : `**${r.total}**`}${counts}`;
}

export function rollsField(rolls: DiceRoll[]): string {
  if (!rolls.length) return "—";
  const lines = rolls.map(renderRoll);
  let out = "";
  for (let i = 0; i < lines.length; i++) {
    const next = out ? `${out}\n${lines[i]}` : lines[i]!;
    if (next.length > LIMITS.fieldValue - 30) return `${out}\n…and ${lines.length - i} more`;
    out = next;
  }
  return out;
}

/** One rule outcome: title, what happened in words, the dice, and the rules that produced it. */
export function ruleEmbed(r: RuleResult, colour: number = COLOURS.info, extraLines: string[] = []): EmbedBuilder {
  const e = new Embed({ color: colour }).setTitle(clip(r.title, LIMITS.title));
  const desc = forPlayers([...r.lines, ...extraLines].join("\n"));
  if (desc) e.setDescription(clip(desc, LIMITS.description));
  if (r.rolls.length) e.addFields({ name: "Dice", value: rollsField(r.rolls) });
  if (r.rules.length) e.setFooter({ text: citations(r.rules) });
  return e;
}
