/**
 * d10 initiative every round (individual, ties to the higher Dexterity, then
 * simultaneous; or by group), the first-round reach/size exception, and what
 * the start of a round does.
 */
import type { DiceBag } from "../../dice/bag.js";
import type { Combatant, Effect, InitiativeInput, InitiativeResult, RoundStartResult, Side } from "../types.js";
import { firstStrike } from "./combat.js";
import { bleedingEffects, hpBand, readState } from "./damage.js";
import { ref, type SiegeSheet } from "./sheet.js";

/** Conditions that keep a combatant from acting (and rolling initiative). */
export const CANNOT_ACT = ["dead", "unconscious", "grievously wounded", "mortally wounded", "dying"];

export function cannotActReason(c: Combatant<SiegeSheet>, round: number): string | undefined {
  const st = readState(c);
  const hpWhy = hpBand(st.hp);
  if (hpWhy !== "fine") return hpWhy;
  const cond = st.conditions.find((x) => CANNOT_ACT.includes(x));
  if (cond) return cond;
  if (round === 1 && st.conditions.includes("surprised")) return "surprised";
  return undefined;
}

/** Conditions that last only for the round in which they were gained. */
export function isRoundCondition(c: string): boolean {
  return (
    ["charging", "charge negated", "overbearing", "dodging", "evading", "disengaging", "knocked down"].includes(c) ||
    c.startsWith("dodged:") ||
    c.startsWith("evading:") ||
    c.startsWith("shield vs ")
  );
}

/**
 * The effects of a new round: round-long conditions end (charge, overbear,
 * dodge and evade, hasty disengagement, the shield's attackers, a knock-down's
 * "prone"), "surprised" ends after round 1, and the mortally wounded bleed.
 */
export function roundStartEffects(combatants: Combatant<SiegeSheet>[], round: number): Effect[] {
  const out: Effect[] = [];
  for (const c of combatants) {
    const conds = c.state.conditions;
    const remove = conds.filter(isRoundCondition);
    if (conds.includes("knocked down")) remove.push("prone");
    if (round > 1 && conds.includes("surprised")) remove.push("surprised");
    if (remove.length) out.push({ targetId: c.id, removeConditions: [...new Set(remove)], note: `${c.name}: last round's ${[...new Set(remove)].join(", ")} ended.` });
  }
  return [...out, ...bleedingEffects(combatants)];
}

export function initiative(input: InitiativeInput<SiegeSheet>, dice: DiceBag): InitiativeResult {
  const mark = dice.log.length;
  const lines: string[] = [];
  const rules = [ref("Initiative")];
  const able: Combatant<SiegeSheet>[] = [];
  for (const c of input.combatants) {
    const why = cannotActReason(c, input.round);
    if (why) lines.push(`${c.name} cannot act (${why}).`);
    else able.push(c);
  }
  if (input.round === 1 && input.combatants.some((c) => c.state.conditions.includes("surprised"))) rules.push(ref("Surprise"));
  let order: string[][] = [];
  if (input.method === "group") {
    const sides: { side: Side; roll: number; dex: number; ids: string[] }[] = [];
    for (const side of ["party", "foes"] as Side[]) {
      const members = able.filter((c) => c.side === side);
      if (!members.length) continue;
      const roll = dice.d(`initiative (${side})`, 10);
      const dex = Math.max(...members.map((c) => c.sheet.dex));
      sides.push({ side, roll, dex, ids: members.map((c) => c.id) });
      lines.push(`${side}: d10 ${roll} (best Dexterity ${dex}).`);
    }
    sides.sort((a, b) => b.roll - a.roll || b.dex - a.dex);
    for (const s of sides) {
      const prev = sides[sides.indexOf(s) - 1];
      if (prev && prev.roll === s.roll && prev.dex === s.dex) order[order.length - 1]!.push(...s.ids);
      else order.push([...s.ids]);
    }
    if (sides.length === 2) {
      const [a, b] = sides as [(typeof sides)[0], (typeof sides)[0]];
      lines.push(
        a.roll === b.roll && a.dex === b.dex
          ? "Tie: both sides act simultaneously."
          : `${a.side} act first${a.roll === b.roll ? " (tie broken by the higher Dexterity)" : ""}.`,
      );
    }
  } else {
    const rolled = able.map((c) => ({ c, roll: dice.d(`initiative (${c.name})`, 10) }));
    rolled.sort((a, b) => b.roll - a.roll || b.c.sheet.dex - a.c.sheet.dex);
    let prev: (typeof rolled)[0] | undefined;
    for (const r of rolled) {
      if (prev && prev.roll === r.roll && prev.c.sheet.dex === r.c.sheet.dex) order[order.length - 1]!.push(r.c.id);
      else order.push([r.c.id]);
      prev = r;
    }
    for (const g of order) {
      const names = g.map((id) => rolled.find((r) => r.c.id === id)!);
      const first = names[0]!;
      lines.push(
        g.length > 1
          ? `${names.map((n) => n.c.name).join(" & ")}: d10 ${first.roll}, Dexterity ${first.c.sheet.dex} — simultaneous.`
          : `${first.c.name}: d10 ${first.roll} (Dexterity ${first.c.sheet.dex}).`,
      );
    }
  }
  if (input.round === 1) {
    for (const a of able) {
      const targets = able.filter((b) => b.side !== a.side && firstStrike(a.sheet, b.sheet, { round: 1 }).first);
      if (targets.length)
        lines.push(`First round: ${a.name} strikes first against ${targets.map((t) => t.name).join(", ")} if they close within 10 ft (${firstStrike(a.sheet, targets[0]!.sheet, { round: 1 }).why}); that is ${a.name}'s action this round.`);
    }
  }
  order = order.filter((g) => g.length > 0);
  return { title: `Initiative, round ${input.round}`, lines, rules, rolls: dice.since(mark), order };
}

export interface SiegeRoundStartResult extends RoundStartResult {
  /** For the play layer to apply: round conditions ended, bleeding of the mortally wounded. */
  effects: Effect[];
}

/** Each round everyone rerolls initiative; the mortally wounded lose 1 HP; round-long conditions end. */
export function roundStart(input: InitiativeInput<SiegeSheet>, dice: DiceBag): SiegeRoundStartResult {
  const mark = dice.log.length;
  const effects = roundStartEffects(input.combatants, input.round);
  const init = initiative(input, dice);
  const lines: string[] = [];
  const rules = [...init.rules];
  for (const e of effects) {
    if (e.damage) {
      lines.push(e.note ?? `${e.targetId} loses ${e.damage} HP.`);
      if (!rules.includes(ref("Hit Points"))) rules.push(ref("Hit Points"));
    }
  }
  const cannotAct = input.combatants.filter((c) => cannotActReason(c, input.round)).map((c) => c.id);
  lines.push(...init.lines);
  return { title: `Round ${input.round}`, lines, rules, rolls: dice.since(mark), cannotAct, order: init.order, effects };
}
