/** seed 000, "Initiative" and "Combat Steps". */
import type { DiceBag } from "../../dice/bag.js";
import type { InitiativeInput, InitiativeResult, RoundStartResult, Side } from "../types.js";
import { showRoll, signed } from "./dice.js";
import { REF } from "./refs.js";
import { isDown, stateOf, type TAC } from "./sheet.js";

export interface ThirdAgeInitiativeInput extends InitiativeInput<TAC["sheet"]> {
  /** Individual initiative: add Dexterity to each 1d6 (the campaign setting "initiativeDexterity"). */
  dexterity?: boolean;
}

const acting = (cs: TAC[]) => cs.filter((c) => !isDown(c));

/** Group: 1d6 per side, higher first, ties act simultaneously. */
export function groupInitiative(combatants: TAC[], bag: DiceBag): InitiativeResult {
  const mark = bag.log.length;
  const live = acting(combatants);
  const sides = (["party", "foes"] as Side[]).filter((s) => live.some((c) => c.side === s));
  // Moving out of melee is declared before this roll (the round's declarations): no reminder after it.
  const lines: string[] = [];
  const rolled: { side: Side; total: number; ids: string[] }[] = [];
  for (const side of sides) {
    const r = bag.roll(`initiative (${side})`, 1, 6);
    rolled.push({ side, total: r.total, ids: live.filter((c) => c.side === side).map((c) => c.id) });
    lines.push(`${side === "party" ? "Party" : "Foes"}: ${showRoll(r)}`);
  }
  let order: string[][];
  if (rolled.length === 2 && rolled[0]!.total === rolled[1]!.total) {
    order = [[...rolled[0]!.ids, ...rolled[1]!.ids]];
    lines.push(`Tie at ${rolled[0]!.total}: both sides act simultaneously.`);
  } else {
    rolled.sort((a, b) => b.total - a.total);
    order = rolled.map((r) => r.ids);
    if (rolled.length === 2) lines.push(`${rolled[0]!.side === "party" ? "The party" : "The foes"} act first.`);
  }
  return {
    title: "Initiative (group)",
    lines,
    rules: [REF.initiative, REF.combatSteps],
    rolls: bag.since(mark),
    order,
  };
}

/** Individual: 1d6 each (optionally + Dexterity); higher first, equal totals act together. */
export function individualInitiative(
  combatants: TAC[],
  bag: DiceBag,
  opts: { dexterity?: boolean } = {},
): InitiativeResult {
  const mark = bag.log.length;
  const live = acting(combatants);
  // Moving out of melee is declared before this roll (the round's declarations): no reminder after it.
  const lines: string[] = [];
  const totals: { id: string; total: number }[] = [];
  for (const c of live) {
    const dex = opts.dexterity ? c.sheet.dexterity : 0;
    const r = bag.roll(`initiative (${c.name})`, 1, 6, { modifier: dex });
    totals.push({ id: c.id, total: r.total });
    lines.push(`${c.name}: ${showRoll(r)}${opts.dexterity ? ` (Dexterity ${signed(dex, "−")})` : ""}`);
  }
  const distinct = [...new Set(totals.map((t) => t.total))].sort((a, b) => b - a);
  const order = distinct.map((v) => totals.filter((t) => t.total === v).map((t) => t.id));
  for (const g of order)
    if (g.length > 1)
      lines.push(`Tie: ${g.map((id) => live.find((c) => c.id === id)!.name).join(" and ")} act simultaneously.`);
  const rules: string[] = [REF.initiative, REF.combatSteps];
  return {
    title: `Initiative (individual${opts.dexterity ? " + Dexterity" : ""})`,
    lines,
    rules,
    rolls: bag.since(mark),
    order,
  };
}

export function initiative(input: ThirdAgeInitiativeInput, bag: DiceBag): InitiativeResult {
  return input.method === "individual"
    ? individualInitiative(input.combatants, bag, { dexterity: input.dexterity === true })
    : groupInitiative(input.combatants, bag);
}

/**
 * A round's start (seed 000, "Combat Steps"): declare movement out of melee,
 * roll initiative again, then each turn is morale, movement, action.
 * In round 1 the surprised cannot act (seed 000, "Surprise").
 */
export function roundStart(input: ThirdAgeInitiativeInput, bag: DiceBag): RoundStartResult {
  const ini = initiative(input, bag);
  const surprised =
    input.round === 1 ? input.combatants.filter((c) => stateOf(c).conditions.includes("surprised")) : [];
  const down = input.combatants.filter((c) => isDown(c));
  const cannotAct = [...surprised, ...down].map((c) => c.id);
  const lines = [`Round ${input.round}.`, ...ini.lines];
  if (surprised.length) lines.push(`Surprised, cannot act this round: ${surprised.map((c) => c.name).join(", ")}.`);
  if (down.length) lines.push(`Down: ${down.map((c) => c.name).join(", ")}.`);
  lines.push("Each turn: morale (if called for), movement (40'), then attack, spell or improvised action.");
  const rules: string[] = [REF.combatSteps, REF.initiative, REF.movement];
  if (surprised.length) rules.push(REF.surprise);
  return {
    title: `Round ${input.round}`,
    lines,
    rules,
    rolls: ini.rolls,
    cannotAct: [...new Set(cannotAct)],
    order: ini.order,
  };
}
