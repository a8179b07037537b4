import { ActionRowBuilder, ButtonBuilder, ButtonStyle, type EmbedBuilder } from "discord.js";
import { situationOption } from "../situation.js";
import type { AttackView } from "../../play/attacks/index.js";
import type { Tone } from "../../rules/systems/types.js";
import type { Lapsed } from "../../play/attacks/lapse.js";
import { citations, clip, COLOURS, forPlayers, LIMITS } from "./style.js";
import { rollsField } from "./rules.js";
import { Embed } from "./embed.js";
import { ids } from "../ids.js";

/** The colour of an attack is its tone for the attacker, as the system says it. */
const TONE_COLOURS: Record<Tone, number> = { good: COLOURS.success, neutral: COLOURS.partial, bad: COLOURS.failure };
// An attack stored before tones were recorded (still waiting, or lapsing) has none: neutral until its next step.
const colourOf = (tone: Tone | undefined): number => TONE_COLOURS[tone ?? "neutral"];

export function attackEmbed(
  v: Pick<AttackView, "state" | "attacker" | "defender" | "outcomeLines" | "ignored" | "encounterName"> & {
    notes?: string[];
    outcomeRolls?: AttackView["outcomeRolls"];
  },
): EmbedBuilder {
  const st = v.state;
  const phase =
    st.phase === "reactions" ? "— waiting for a reaction" : st.phase === "followups" ? "— follow-ups open" : "";
  const e = new Embed({ color: colourOf(st.tone) })
    .setTitle(clip(`${v.attacker} attacks ${v.defender}: ${st.outcome} ${phase}`.trim(), LIMITS.title))
    .setDescription(
      clip(forPlayers([...st.result.lines, ...v.outcomeLines].join("\n") || st.result.title), LIMITS.description),
    );
  // Every roll: the attack's own, then those its effects made (a Life save on Critical Damage).
  const rolls = [...st.result.rolls, ...(v.outcomeRolls ?? [])];
  if (rolls.length) e.addFields({ name: "Dice", value: rollsField(rolls) });
  if (v.notes?.length) e.addFields({ name: "For the referee", value: clip(v.notes.join("\n"), 1024) });
  if (v.ignored.length)
    e.addFields({
      name: "Ignored by this system",
      value: v.ignored.map((k) => `\`${situationOption(k)}\``).join(", "),
    });
  if (st.phase !== "done" && st.options.length) {
    e.addFields({
      name: "Choices",
      value: clip(st.options.map((o) => `**${o.label}** (${o.cost})`).join(" · "), 1024),
    });
  }
  e.setFooter({ text: citations(st.result.rules, [v.encounterName]) });
  return e;
}

export function attackButtons(
  v: Pick<AttackView, "pendingId" | "version" | "state">,
): ActionRowBuilder<ButtonBuilder>[] {
  const pendingId = v.pendingId;
  if (!pendingId || v.state.phase === "done") return [];
  const buttons = v.state.options.slice(0, 25).map((o) =>
    new ButtonBuilder()
      .setCustomId(ids.attack.build({ pendingId, version: v.version, optionId: o.id }))
      .setLabel(clip(o.label, 80))
      .setStyle(o.id === "take" || o.id === "pass" ? ButtonStyle.Secondary : ButtonStyle.Primary),
  );
  const rows: ActionRowBuilder<ButtonBuilder>[] = [];
  for (let i = 0; i < buttons.length; i += 5)
    rows.push(new ActionRowBuilder<ButtonBuilder>().addComponents(buttons.slice(i, i + 5)));
  return rows;
}

export function lapsedView(l: Lapsed) {
  return {
    state: l.state,
    attacker: l.attacker,
    defender: l.defender,
    outcomeLines: [...l.outcomeLines, "No reaction came in time: resolved as it stood."],
    outcomeRolls: l.outcomeRolls,
    ignored: l.state.ignored,
    encounterName: l.encounterName,
  };
}
