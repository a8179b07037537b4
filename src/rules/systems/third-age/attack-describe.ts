/** A Third Age attack as players read it, and what it does once final (seed 000, "Attack Rolls", "Reactions"). */
import type { Reading, Phase } from "../../attack/index.js";
import type { Effect } from "../types.js";
import { counting, type DiceRoll } from "../../dice/bag.js";
import type { Level } from "./roll.js";
import {
  baseLevel,
  halfWords,
  hitDamage,
  outcomeOf,
  TONE,
  type TAInput,
  type ThirdAgeAttackData,
} from "./attack-data.js";
import { showRoll, signed } from "./dice.js";
import { REF } from "./refs.js";
import { LEVEL_WORDS } from "./roll.js";

/** What the attack does when it is final: the damage, to the defender or the ally who got in the way. */
function finalEffects(d: ThirdAgeAttackData, input: TAInput): Effect[] {
  const level = outcomeOf(d);
  const dmg = hitDamage(d, level);
  if (dmg <= 0) return [];
  const ally = d.getDown ? input.others.find((c) => c.id === d.getDown) : undefined;
  const target = ally ?? input.defender;
  return [
    {
      targetId: target.id,
      damage: dmg,
      damageKind: "normal",
      note: `${d.weapon.name}: ${dmg} damage (${LEVEL_WORDS[level].toLowerCase()})`,
    },
  ];
}

function rollLines(d: ThirdAgeAttackData, input: TAInput, lines: string[], rules: Set<string>): void {
  const def = input.defender;
  if (!d.attack) {
    lines.push("No attack roll: the action failed.");
    return;
  }
  const mods = d.mods
    .filter((m) => m.value !== 0 || m.label === "Attack Bonus")
    .map((m) => `${m.label} ${signed(m.value, "−")}`)
    .join(", ");
  lines.push(`Attack roll ${showRoll(d.attack)}${mods ? ` (${mods})` : ""}.`);
  if (d.mods.some((m) => m.label.startsWith("two weapons") || m.label === "one hand free")) rules.add(REF.twoWeapons);
  if (d.parried) {
    lines.push(`${def.name} parries: −2 → ${d.attack.total - 2}.`);
    rules.add(REF.reactions);
  }
  lines.push(
    `Against Success AC ${d.successAC} / Partial AC ${d.partialAC}${d.acNotes.length ? ` (${d.acNotes.join(", ")})` : ""}.`,
  );
  if (d.acNotes.some((n) => n.includes("moved in melee"))) rules.add(REF.movement);
}

/** Why a damage roll counts what it does and not its total: a partial success's half, else its minimum of 1. */
function damageWhy(total: number, level: Level): string {
  if (level === "partial") return "half";
  return total < 1 ? "at least 1" : "";
}

/**
 * The dice as this reading counts them (kept rolls, read again on each press): a parry's −2 on the attack, the damage
 * the attack and the counter come to. Matched by label: the stored rolls are copies of `d.attack` and the others.
 */
function shownRolls(d: ThirdAgeAttackData, level: Level, dmg: number): DiceRoll[] {
  // A hit a Parry or a Counterspell turned into a failure deals nothing: its damage die is not listed (the log keeps it).
  const kept = level === "failure" && d.damage ? d.rolls.filter((r) => r.label !== d.damage!.roll.label) : d.rolls;
  return kept.map((r) => {
    if (d.attack && r.label === d.attack.label && d.parried) return counting(r, r.total - 2, "parried −2");
    if (d.damage && r.label === d.damage.roll.label) return counting(r, dmg, damageWhy(r.total, level));
    const c = d.counter;
    if (c?.roll && r.label === c.roll.label) return counting(r, c.damage, damageWhy(r.total, level));
    return r;
  });
}

export function describe(d: ThirdAgeAttackData, input: TAInput, phase: Phase): Reading {
  const att = input.attacker;
  const def = input.defender;
  const level = outcomeOf(d);
  const lines: string[] = [];
  const rules = new Set<string>([REF.attackRolls]);
  const w = d.weapon;
  // A stat line's attack with no name in front ("attack") is not named: its dice follow.
  const unnamed = d.mode !== "spell" && /^(attack|weapon)$/i.test(w.name.trim());
  lines.push(
    `${att.name} ${d.mode === "spell" ? "casts" : unnamed ? "attacks" : "attacks with"}${unnamed ? "" : ` ${w.name}`} (${w.damage}, ${d.mode})${d.step === 2 ? " — second weapon" : ""}.`,
  );
  if (d.proficiency) {
    lines.push(`Not proficient (${d.proficiency.what}): ${d.proficiency.line}`);
    rules.add(REF.nonProficient);
  }
  rollLines(d, input, lines, rules);
  if (d.counterspell) {
    const before = baseLevel(d).level;
    lines.push(
      `Counterspell by ${d.counterspell.byName}: ${d.counterspell.line} — lowers the spell ${d.counterspell.steps} level${d.counterspell.steps === 1 ? "" : "s"}: ${LEVEL_WORDS[before]} → ${LEVEL_WORDS[level]}.`,
    );
    rules.add(REF.reactions);
  }
  const dmg = hitDamage(d, level);
  if (level === "success")
    lines.push(
      `Success: ${d.damage ? `damage ${showRoll(d.damage.roll)}${d.damage.bodyAdded ? " (Body added)" : ""} → ${dmg}` : "no damage"}.`,
    );
  else if (level === "partial")
    lines.push(
      `Partial success: half damage, ${d.damage ? `${showRoll(d.damage.roll)} → ${halfWords(d.damage.full)}` : "0"}.`,
    );
  else lines.push("Failure: no damage.");
  if (d.getDown) {
    const ally = input.others.find((c) => c.id === d.getDown);
    lines.push(
      `Get Down! ${ally?.name ?? d.getDown} throws themself in the way: takes ${dmg} damage instead of ${def.name} and falls prone.`,
    );
    rules.add(REF.reactions);
  }
  if (d.counter) {
    const c = d.counter;
    if (c.proficiency) lines.push(`Counter, not proficient: ${c.proficiency.line}`);
    lines.push(
      c.roll
        ? `${def.name} counters with ${c.weapon}: ${showRoll(c.roll)}${level === "partial" ? ` → ${halfWords(c.full)}` : ` → ${c.damage}`} damage to ${att.name}.`
        : `${def.name}'s counter with ${c.weapon} fumbles: no damage.`,
    );
    rules.add(REF.reactions);
  }
  if (phase === "reactions") lines.push("Not final yet: the defender may react.");
  else if (phase === "followups")
    lines.push(`${def.name} may Counter: 1 stamina, ${level === "partial" ? "half" : "full"} weapon damage.`);
  else if (d.final === "lapsed") lines.push("No reaction in time: the attack stands.");
  rules.add(REF.choice("partial AC, damage minimum 1, reactions"));
  const title = `${att.name} → ${def.name}: ${LEVEL_WORDS[level]}${phase === "done" ? "" : " (not final)"}`;
  return {
    outcome: level,
    tone: TONE[level],
    effects: finalEffects(d, input),
    result: { title, lines, rules: [...rules], rolls: shownRolls(d, level, dmg) },
  };
}
