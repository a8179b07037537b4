/** The combat round: side or individual initiative, slow weapons, spell disruption (seed 002, "Combat"). */
import type { DiceBag } from "../../dice/bag.js";
import type { Combatant, InitiativeInput, InitiativeResult, RoundStartResult, Side } from "../types.js";
import { dexInitiativeModifier, signed } from "./dice.js";
import type { BxSettings } from "./settings.js";
import type { BxSheet, BxWeapon } from "./sheet.js";
import type { Mark } from "../../marks.js";

export const R_SEQUENCE = 'seed 002, "Combat Sequence Per Round"';
export const R_INITIATIVE = 'seed 002, "Initiative"';
export const R_SLOW = 'seed 002, "Slow Weapons"';
export const R_INDIVIDUAL = 'seed 002, "Individual Initiative (Optional Rule)"';

/** seed 002, "Combat Sequence Per Round": the steps of a round, in order. */
export const COMBAT_SEQUENCE = [
  "Declare: spells and melee movement",
  "Initiative: each side rolls 1d6",
  "Winning side acts: monster morale, movement, missile attacks, spell casting, melee attacks",
  "Other sides act, in initiative order",
] as const;
export const SIDE_PHASES = ["monster morale", "movement", "missile attacks", "spell casting", "melee attacks"] as const;

const OUT = ["dead", "unconscious"];
export const isOut = (c: Combatant<BxSheet>): boolean => c.state.conditions.some((x) => OUT.includes(x));

/** The weapon a combatant fights with: its first listed weapon. */
export const readiedWeapon = (c: Combatant<BxSheet>): BxWeapon | undefined => c.sheet.weapons[0];

/** seed 002, "Slow Weapons": two-handed melee weapons and missile weapons marked slow act last. */
export function isSlow(w: BxWeapon | undefined): boolean {
  return !!w && (w.slow || (w.twoHanded && w.kind === "melee"));
}

/**
 * seed 002, "Combat Sequence Per Round": a side acts "monster morale, movement, missile attacks, spell casting,
 * melee attacks". Morale is the referee's call (/morale) before the side acts; the rest by what each declared or
 * holds: a declared move, withdrawal or retreat moves; a readied missile or thrown weapon shoots; a declared spell
 * is cast; the rest fight in melee.
 */
export function sidePhases(cs: Combatant<BxSheet>[]): { phase: string; cs: Combatant<BxSheet>[] }[] {
  const has = (c: Combatant<BxSheet>, ...xs: Mark[]) => xs.some((x) => c.state.conditions.includes(x));
  const moving = cs.filter((c) => has(c, "moving", "withdrawing", "retreating"));
  const casting = cs.filter((c) => !moving.includes(c) && has(c, "casting"));
  const missile = cs.filter(
    (c) => !moving.includes(c) && !casting.includes(c) && ["missile", "thrown"].includes(readiedWeapon(c)?.kind ?? ""),
  );
  const melee = cs.filter((c) => !moving.includes(c) && !casting.includes(c) && !missile.includes(c));
  return [
    { phase: SIDE_PHASES[1], cs: moving },
    { phase: SIDE_PHASES[2], cs: missile },
    { phase: SIDE_PHASES[3], cs: casting },
    { phase: SIDE_PHASES[4], cs: melee },
  ];
}

/** Roll 1d6 for each side; ties re-rolled or simultaneous by the campaign's option. Returns sides in acting order (groups act together). */
export function sideInitiative(sides: Side[], settings: BxSettings, bag: DiceBag, lines: string[]): Side[][] {
  let groups: Side[][] = [];
  for (let attempt = 0; ; attempt++) {
    const rolls = sides.map((s) => ({ s, v: bag.d(`initiative (${s})`, 6) }));
    lines.push(rolls.map((r) => `${r.s === "party" ? "Party" : "Foes"} ${r.v}`).join(" · "));
    const values = [...new Set(rolls.map((r) => r.v))].sort((a, b) => b - a);
    groups = values.map((v) => rolls.filter((r) => r.v === v).map((r) => r.s));
    const tied = groups.some((g) => g.length > 1);
    if (!tied) break;
    if (settings.initiativeTies === "reroll" && attempt < 20) {
      lines.push("Tie: both sides roll again.");
      continue;
    }
    lines.push("Tie: both sides act simultaneously — both may inflict deadly blows on each other.");
    break;
  }
  return groups;
}

export function bxInitiative(input: InitiativeInput<BxSheet>, settings: BxSettings, bag: DiceBag): InitiativeResult {
  const mark = bag.log.length;
  const lines: string[] = [];
  const rules = [R_SEQUENCE, R_INITIATIVE];
  const active = input.combatants.filter((c) => !isOut(c));
  const slow = active.filter((c) => isSlow(readiedWeapon(c)));
  const normal = active.filter((c) => !isSlow(readiedWeapon(c)));
  let order: string[][] = [];
  if (input.method === "group") {
    const present = (["party", "foes"] as const).filter((s) => active.some((c) => c.side === s));
    const sideOrder = sideInitiative(present, settings, bag, lines);
    for (const g of sideOrder) {
      const members = normal.filter((c) => g.includes(c.side));
      // A side acting alone acts phase by phase (movement, missiles, spells, melee); sides tied act together, simultaneously.
      const phases = g.length === 1 ? sidePhases(members) : [{ phase: "", cs: members }];
      for (const p of phases) if (p.cs.length) order.push(p.cs.map((c) => c.id));
      if (phases.filter((p) => p.cs.length).length > 1) {
        lines.push(
          `${g[0] === "party" ? "Party" : "Foes"} in the order of the round: ${phases
            .filter((p) => p.cs.length)
            .map((p) => `${p.phase} (${p.cs.map((c) => c.name).join(", ")})`)
            .join(", then ")}.`,
        );
      }
    }
    for (const g of sideOrder) {
      const ids = slow.filter((c) => g.includes(c.side)).map((c) => c.id);
      if (ids.length) order.push(ids);
    }
    if (sideOrder.length)
      lines.push(
        `${sideOrder[0]!.map((s) => (s === "party" ? "Party" : "Foes")).join(" and ")} ${sideOrder[0]!.length > 1 || sideOrder[0]![0] === "foes" ? "act" : "acts"} first.`,
      );
  } else {
    rules.push(R_INDIVIDUAL);
    const rolled = individualRolls(active, settings, bag, lines);
    order = orderByTotals(
      rolled.filter((r) => !slow.includes(r.c)),
      settings,
      bag,
      lines,
    );
    order.push(
      ...orderByTotals(
        rolled.filter((r) => slow.includes(r.c)),
        settings,
        bag,
        lines,
      ),
    );
  }
  if (slow.length) {
    rules.push(R_SLOW);
    lines.push(`Slow weapons act last: ${slow.map((c) => c.name).join(", ")}.`);
  }
  return { title: `Initiative, round ${input.round}`, lines, rules, rolls: bag.since(mark), order };
}

interface Rolled {
  c: Combatant<BxSheet>;
  total: number;
}

function individualRolls(cs: Combatant<BxSheet>[], _settings: BxSettings, bag: DiceBag, lines: string[]): Rolled[] {
  return cs.map((c) => {
    const mod =
      c.kind === "monster"
        ? (c.sheet.initiativeModifier ?? 0)
        : (c.sheet.initiativeModifier ?? dexInitiativeModifier(c.sheet.dex));
    const r = bag.roll(`initiative (${c.name})`, 1, 6, { modifier: mod });
    lines.push(`${c.name}: ${r.dice[0]!.value}${mod ? ` ${signed(mod)} = ${r.total}` : ""}`);
    return { c, total: r.total };
  });
}

function orderByTotals(rolled: Rolled[], settings: BxSettings, bag: DiceBag, lines: string[]): string[][] {
  const totals = [...new Set(rolled.map((r) => r.total))].sort((a, b) => b - a);
  const out: string[][] = [];
  for (const t of totals) {
    const g = rolled.filter((r) => r.total === t);
    if (g.length > 1 && settings.initiativeTies === "reroll") {
      lines.push(`Tie at ${t}: ${g.map((r) => r.c.name).join(", ")} roll again to order themselves.`);
      const again = g.map((r) => ({ c: r.c, total: bag.d(`initiative tie (${r.c.name})`, 6) }));
      out.push(...orderByTotals(again, settings, bag, lines));
    } else out.push(g.map((r) => r.c.id));
  }
  return out;
}

/** A round's start: B/X rolls initiative again each round; the surprised, dead and unconscious cannot act. */
export function bxRoundStart(input: InitiativeInput<BxSheet>, settings: BxSettings, bag: DiceBag): RoundStartResult {
  const ini = bxInitiative(input, settings, bag);
  const cannotAct = input.combatants
    .filter((c) => isOut(c) || c.state.conditions.includes("surprised"))
    .map((c) => c.id);
  const lines = [...ini.lines];
  if (cannotAct.length)
    lines.push(
      `Cannot act: ${input.combatants
        .filter((c) => cannotAct.includes(c.id))
        .map((c) => c.name)
        .join(", ")}.`,
    );
  return { ...ini, title: `Round ${input.round}`, lines, cannotAct };
}

/**
 * seed 002, "Disrupting Spells": a caster whose side lost initiative and who
 * is successfully attacked or fails a saving throw before their turn loses the
 * spell (it is gone from memory as if cast).
 */
export function spellDisrupted(input: {
  casterLostInitiative: boolean;
  hitBeforeActing: boolean;
  failedSaveBeforeActing?: boolean;
}): { disrupted: boolean; lines: string[]; rules: string[] } {
  const struck = input.hitBeforeActing || !!input.failedSaveBeforeActing;
  const disrupted = input.casterLostInitiative && struck;
  return {
    disrupted,
    lines: [
      disrupted
        ? "The spell is disrupted and fails; it is removed from memory as if cast."
        : input.casterLostInitiative
          ? "Not hit and no failed save before acting: the spell goes off."
          : "The caster's side acted first: the spell goes off.",
    ],
    rules: ['seed 002, "Disrupting Spells"'],
  };
}

/**
 * seed 002, "Spell Casting": the caster must speak and move their hands (not
 * gagged, bound or silenced), casting is the round's sole action, no movement
 * that round, and the target must be visible unless the spell says otherwise.
 * Returns the reasons a cast is not possible (empty = it is).
 */
export function canCastSpell(input: {
  gagged?: boolean;
  bound?: boolean;
  silenced?: boolean;
  movedThisRound?: boolean;
  otherActionThisRound?: boolean;
  targetVisible?: boolean;
  spellNeedsNoSight?: boolean;
}): string[] {
  const why: string[] = [];
  if (input.gagged || input.bound || input.silenced)
    why.push("The caster must be able to speak and move their hands (not gagged, bound or in magical silence).");
  if (input.otherActionThisRound) why.push("Casting a spell is the round's sole action.");
  if (input.movedThisRound) why.push("The caster cannot move and cast a spell in the same round.");
  if (input.targetVisible === false && !input.spellNeedsNoSight) why.push("The target must be visible to the caster.");
  return why;
}
