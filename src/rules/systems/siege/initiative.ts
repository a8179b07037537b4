/**
 * d10 initiative every round (individual, ties to the higher Dexterity, then
 * simultaneous; or by group), the first-round reach/size exception, and what
 * the start of a round does.
 */
import type { DiceBag } from "../../dice/bag.js";
import type { Combatant, Effect, InitiativeInput, InitiativeResult, RoundStartResult, Side } from "../types.js";
import { firstStrike } from "./combat.js";
import { bleedingEffects, hpBand, readState } from "./damage.js";
import { chargesAt, DISENGAGED } from "./marks.js";
import { hasFamily } from "../../marks.js";
import { isOut } from "../../round/words.js";
import { ref, type SiegeSheet } from "./sheet.js";

/** Conditions that keep a combatant from acting (and rolling initiative). */
export const CANNOT_ACT = ["dead", "unconscious", "grievously wounded", "mortally wounded", "dying", "recovering"];

export function cannotActReason(c: Combatant<SiegeSheet>, round: number): string | undefined {
  const st = readState(c);
  const hpWhy = hpBand(st.hp);
  if (hpWhy === "unconscious" && st.conditions.includes("recovering"))
    return "awake at 0 HP but cannot fight until healed";
  if (hpWhy !== "fine") return hpWhy;
  const cond = st.conditions.find((x) => CANNOT_ACT.includes(x));
  if (cond) return cond;
  if (round <= 1 && st.conditions.includes("surprised")) return "surprised";
  return undefined;
}

/**
 * Declared before the round, these do not roll initiative ("Dodge", "Evade",
 * "Disengaging from Combat"): the declaration is the round's action.
 */
export function noInitiativeReason(c: Combatant<SiegeSheet>): string | undefined {
  const conds = c.state.conditions;
  if (conds.includes("dodging")) return "dodging: no initiative roll";
  if (hasFamily(conds, "evading")) return "evading: no initiative roll";
  if (conds.includes("disengaging")) return "disengaging hastily: no initiative roll";
  if (conds.includes("withdrawing")) return "disengaging (fighting withdrawal): no initiative roll";
  return undefined;
}

/**
 * The end of a round: a knock-down's "prone" ends with it ("Overbearing"), and
 * the mortally wounded bleed. The round's own marks (charge, dodge, evade,
 * disengagement, the shield's attackers…) end by their lifetime in `words`.
 */
export function roundEndEffects(combatants: Combatant<SiegeSheet>[]): Effect[] {
  const out: Effect[] = [];
  for (const c of combatants) {
    if (c.state.conditions.includes("knocked down"))
      out.push({
        targetId: c.id,
        removeConditions: ["prone"],
        note: `${c.name} gets up: knocked prone for the rest of that round only.`,
      });
    // "Disengaging from Combat": "In the round following the disengagement the character or monster has put distance
    // between theirselves and their opponent": out of melee until a move closes on it (declare.ts).
    const conds = c.state.conditions;
    if ((conds.includes("disengaging") || conds.includes("withdrawing")) && !isOut(c) && !conds.includes(DISENGAGED))
      out.push({
        targetId: c.id,
        addConditions: [DISENGAGED],
        note: `${c.name} has put distance between itself and its foes by disengaging: no melee with them until a move closes on ${c.name}.`,
      });
  }
  return [...out, ...bleedingEffects(combatants)];
}

/** Round 1: each first striker ("Initiative" exception) is moved ahead of the foes it outreaches that close on it. */
export function firstStrikeOrder(order: string[][], able: Combatant<SiegeSheet>[], lines: string[]): string[][] {
  let out = order.map((g) => [...g]);
  const at = (id: string) => out.findIndex((g) => g.includes(id));
  for (const a of able) {
    // Only a foe that closes within 10 ft triggers it; before initiative, that is a foe who declared a charge.
    // A charge at someone else does not close on this one: only the foe charged strikes first ("Charging").
    const targets = able.filter(
      (b) =>
        b.side !== a.side &&
        b.state.conditions.includes("charging") &&
        chargesAt(b, a.id) &&
        firstStrike(a.sheet, b.sheet, { round: 1 }).first,
    );
    if (!targets.length) continue;
    const why = firstStrike(a.sheet, targets[0]!.sheet, { round: 1 }).why;
    const earliest = Math.min(...targets.map((t) => at(t.id)));
    const names = targets.map((t) => t.name).join(", ");
    if (at(a.id) > earliest) {
      out = out.map((g) => g.filter((id) => id !== a.id)).filter((g) => g.length);
      out.splice(Math.min(...targets.map((t) => at(t.id))), 0, [a.id]);
      lines.push(
        `First round: ${a.name} strikes first against ${names}, who closes on it (${why}), though it lost the initiative; that strike is its action this round.`,
      );
    } else
      lines.push(
        `First round: ${a.name} strikes first against ${names} (${why}); that strike is its action this round.`,
      );
  }
  return out;
}

export function initiative(input: InitiativeInput<SiegeSheet>, dice: DiceBag): InitiativeResult {
  const mark = dice.log.length;
  const lines: string[] = [];
  const rules = [ref("Initiative")];
  const able: Combatant<SiegeSheet>[] = [];
  // The surprised keep a place at the end of the surprise round's order, where /next passes them by.
  const surprised: string[] = [];
  for (const c of input.combatants) {
    const why = cannotActReason(c, input.round);
    const declared = why ? undefined : noInitiativeReason(c);
    if (why === "surprised") surprised.push(c.id);
    if (why) lines.push(`${c.name} cannot act (${why}).`);
    else if (declared) lines.push(`${c.name} is ${declared}.`);
    else able.push(c);
  }
  if (input.round === 1 && input.combatants.some((c) => c.state.conditions.includes("surprised")))
    rules.push(ref("Surprise"));
  // Both sides surprised: "those that are surprised get no action", so the surprise round passes with nobody acting.
  if (
    input.round === 1 &&
    surprised.length &&
    !able.length &&
    new Set(input.combatants.filter((c) => surprised.includes(c.id)).map((c) => c.side)).size === 2
  )
    lines.push("Both sides are surprised: nobody acts in this surprise round, and the fight begins in round 2.");
  let order: string[][] = [];
  if (input.method === "group") {
    const sides: { side: Side; roll: number; dex: number; ids: string[] }[] = [];
    for (const side of ["party", "foes"] as Side[]) {
      const members = able.filter((c) => c.side === side);
      if (!members.length) continue;
      const roll = dice.d(`initiative (${side})`, 10);
      const dex = Math.max(...members.map((c) => c.sheet.dex));
      sides.push({ side, roll, dex, ids: members.map((c) => c.id) });
      lines.push(`${side === "party" ? "Party" : "Foes"}: d10 ${roll} (best Dexterity ${dex}).`);
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
  order = order.filter((g) => g.length > 0);
  if (input.round === 1) order = firstStrikeOrder(order, able, lines);
  if (surprised.length) order.push(surprised);
  return { title: `Initiative, round ${input.round}`, lines, rules, rolls: dice.since(mark), order };
}

export interface SiegeRoundStartResult extends RoundStartResult {
  /** For the play layer to apply: round conditions ended, bleeding of the mortally wounded. */
  effects: Effect[];
}

/**
 * Each round everyone rolls initiative again, after the declarations (which
 * stand: the round's conditions end at the round's end, see `roundEnd`).
 */
export function roundStart(input: InitiativeInput<SiegeSheet>, dice: DiceBag): SiegeRoundStartResult {
  const mark = dice.log.length;
  const init = initiative(input, dice);
  const cannotAct = input.combatants.filter((c) => cannotActReason(c, input.round)).map((c) => c.id);
  return {
    title: `Round ${input.round}`,
    lines: init.lines,
    rules: init.rules,
    rolls: dice.since(mark),
    cannotAct,
    order: init.order,
    effects: [],
  };
}

/** The end of a round: its conditions end; the mortally wounded not yet aided lose 1 HP ("Hit Points"). */
export function roundEnd(input: InitiativeInput<SiegeSheet>, dice: DiceBag): SiegeRoundStartResult {
  const mark = dice.log.length;
  const effects = roundEndEffects(input.combatants);
  const lines: string[] = [];
  const rules: string[] = [];
  // The bleed's own words come with its effect (its note) when play applies it.
  if (effects.some((e) => e.damage)) rules.push(ref("Hit Points"));
  for (const c of input.combatants)
    if (readState(c).conditions.includes("aided") && hpBand(readState(c).hp) === "mortally wounded")
      lines.push(`${c.name}'s wounds are tended: no HP lost.`);
  return { title: `End of round ${input.round}`, lines, rules, rolls: dice.since(mark), cannotAct: [], effects };
}
