/** seed 001, "ENCOUNTER ORDER" and "SURPRISE(examples)": surprise ranges, distance, reaction, initiative, spellcasters hit, morale. */
import type { DiceBag } from "../../dice/bag.js";
import { bxMorale, bxSave, creatureType, readiedWeapon, reactionBand, signed, type BxSettings } from "../bx/index.js";
import {
  isUnsupported,
  type Unsupported,
  type Combatant,
  type Effect,
  type InitiativeInput,
  type InitiativeResult,
  type MoraleResult,
  type RoundStartResult,
  type RuleResult,
  type Side,
  type SurpriseResult,
} from "../types.js";
import { R_ORDER, R_SURPRISE, hasTag } from "./bonuses.js";
import { classGroupOf, isNormalType, type HouseSheet } from "./sheet.js";
import { attacksAgainstNormalMen } from "./maneuvers.js";
import { stunCountdown } from "./round.js";
import { argIn, attacking, marksIn, type Mark } from "../../marks.js";
import { initiative } from "./marks.js";
import { modifiedRange, rolledAgainst } from "../../surprise.js";

type HC = Combatant<HouseSheet>;

export interface SurpriseProfile {
  /** Surprises others on 1–N (2 normally). */
  surprises: number;
  /** Is surprised on 1–N (2 normally). */
  surprisedOn: number;
}

/**
 * The range on which `a` surprises `b`: a's surprise range, lowered by how
 * much more alert than normal (surprised on 1–2) b is, raised if b is less
 * alert. This reproduces the four worked examples exactly.
 */
export function surpriseRange(a: SurpriseProfile, b: SurpriseProfile): number {
  return Math.max(0, Math.min(6, a.surprises - (2 - b.surprisedOn)));
}

/** A side's profile: it surprises as its least stealthy member, and is surprised as its most alert member. */
export function sideProfile(cs: HC[]): SurpriseProfile {
  if (cs.length === 0) return { surprises: 2, surprisedOn: 2 };
  return {
    surprises: Math.min(...cs.map((c) => c.sheet.surprises)),
    surprisedOn: Math.min(...cs.map((c) => c.sheet.surprisedOn)),
  };
}

/**
 * Each side rolls its own die against the range on which the other surprises it (the worked examples'
 * arithmetic). The referee's bonus to a side's surprise roll helps that side: its range shrinks by it.
 */
export function houseSurprise(
  input: { party: HC[]; foes: HC[]; modifiers?: Partial<Record<Side, number>> },
  bag: DiceBag,
): SurpriseResult {
  const mark = bag.log.length;
  const P = sideProfile(input.party);
  const F = sideProfile(input.foes);
  const onParty = modifiedRange(surpriseRange(F, P), input.modifiers?.party ?? 0, -1, "-");
  const onFoes = modifiedRange(surpriseRange(P, F), input.modifiers?.foes ?? 0, -1, "-");
  const rp = bag.d("surprise (party)", 6);
  const rf = bag.d("surprise (foes)", 6);
  const surprised = { party: rp <= onParty.range, foes: rf <= onFoes.range };
  const lines = [`Party: ${rolledAgainst(rp, onParty)}.`, `Foes: ${rolledAgainst(rf, onFoes)}.`];
  if (surprised.party && surprised.foes) {
    lines.push("Both sides are surprised: it cancels out and the encounter proceeds normally.");
    surprised.party = false;
    surprised.foes = false;
  } else if (surprised.party || surprised.foes) {
    lines.push(
      `${surprised.party ? "The foes get" : "The party gets"} a free round; the surprised cannot respond. Distance: 10–30 feet (yards outdoors).`,
    );
  }
  return { title: "Surprise", lines, rules: [R_ORDER, R_SURPRISE], rolls: bag.since(mark), surprised };
}

/** Distance between the groups: with surprise 10–30 (1d3 × 10), otherwise 2d6 × 10; feet underground, yards outdoors. */
export function encounterDistance(
  input: { surprise: boolean; outdoors?: boolean },
  bag: DiceBag,
): RuleResult & { distance: number; unit: "feet" | "yards" } {
  const mark = bag.log.length;
  const unit = input.outdoors ? "yards" : "feet";
  const r = input.surprise ? bag.roll("distance", 1, 3) : bag.roll("distance", 2, 6);
  const distance = r.total * 10;
  return {
    title: `Distance: ${distance} ${unit}`,
    lines: [`${input.surprise ? "Surprise: 1d3" : "2d6"} = ${r.total} × 10 = ${distance} ${unit}.`],
    rules: [R_ORDER],
    rolls: bag.since(mark),
    distance,
    unit,
  };
}

/**
 * seed 001, "ENCOUNTER ORDER" 2: "The direction of appearance is determined by random number generation
 * considering the number of possible entries": one die with as many faces as there are ways in.
 */
export function appearance(input: { entries: number }, bag: DiceBag): RuleResult {
  const mark = bag.log.length;
  const n = Math.max(2, Math.floor(input.entries));
  const v = bag.d("direction of appearance", n);
  return {
    title: `They come in by way ${v} of ${n}`,
    lines: [`Direction of appearance: 1d${n} = ${v}, among the ${n} possible entries.`],
    rules: [R_ORDER],
    rolls: bag.since(mark),
  };
}

/** The house reaction roll is bx's standard table ("2D6 on the Reaction Table"). */
export { reactionBand };

const reachRank = (c: HC): number => {
  const w = readiedWeapon(c);
  if (hasTag(w, "pike", "polearm", "long spear")) return 3;
  if (hasTag(w, "spear", "lance")) return 2;
  if (hasTag(w, "dagger", "small", "unarmed")) return 0;
  return 1;
};
const OUT = ["dead", "unconscious", "pinned", "stunned", "fled"];
const isOut = (c: HC) => c.state.conditions.some((x) => OUT.includes(x));
const has = (c: HC, x: Mark) => c.state.conditions.includes(x);
const hasted = (c: HC) => has(c, "hasted");
/** "Fighters with multiple attacks": several attacks a round, or several against the Normal Men among their foes. */
/** Declared or set this round, they leave no attack (houseAllowance): no place first and last either. */
const NO_ATTACK: Mark[] = [
  "parrying",
  "running",
  "fleeing",
  "retreating",
  "pinned",
  "casting",
  "spell cast",
  "spell lost",
];
const multiFighter = (c: HC, all: HC[]) =>
  c.kind !== "monster" &&
  !NO_ATTACK.some((x) => has(c, x)) &&
  classGroupOf(c.sheet) === "fighter" &&
  (c.sheet.attacksPerRound > 1 ||
    (attacksAgainstNormalMen(c) > 1 && all.some((o) => o.side !== c.side && !isOut(o) && isNormalType(o.sheet))));

/**
 * Each combatant's initiative die from the marks the first round left ("initiative:4"); null when nobody has one.
 * One who has none (added since, or placed first and last) gets its die from `fillMissing`: the others' dice stand
 * (issue 30: adding a monster rerolled everyone).
 */
function diceFromMarks(cs: HC[]): Map<string, number> | null {
  const m = new Map<string, number>();
  for (const c of cs) {
    const die = argIn(c.state.conditions, "initiative");
    if (die !== undefined) m.set(c.id, Number(die));
  }
  return m.size ? m : null;
}

/**
 * A monster's initiative group ("a D6 for each group of foes"): its kind (the preset's class), or for a custom
 * monster, whose class is the bare "monster", its name without the number ("Sentry 2" → Sentry), so two
 * different custom monsters do not share a die.
 */
const monsterGroup = (c: HC): string =>
  c.sheet.class.trim().toLowerCase() === "monster" ? creatureType(c.name) : c.sheet.class;

/** Dice: players individually (or one for the party), one d6 per monster group. */
function rollDice(cs: HC[], method: string, bag: DiceBag, lines: string[]): Map<string, number> {
  const groups = new Map<string, HC[]>();
  for (const c of cs) {
    const key =
      c.kind === "monster"
        ? `foe:${c.side}:${monsterGroup(c).toLowerCase()}`
        : method === "group"
          ? `party:${c.side}`
          : `pc:${c.id}`;
    groups.set(key, [...(groups.get(key) ?? []), c]);
  }
  const dice = new Map<string, number>();
  for (const [key, g] of groups) {
    const label = key.startsWith("pc:")
      ? g[0]!.name
      : key.startsWith("party:")
        ? "party"
        : `${monsterGroup(g[0]!)} group`;
    const v = bag.d(`initiative (${label})`, 6);
    lines.push(`${label}: ${v}`);
    for (const c of g) dice.set(c.id, v);
  }
  return dice;
}

/**
 * The first round's dice stand, but a fighter who attacked first and last then
 * (or a hasted one) rolled none: when it now takes a place by the dice, it
 * shares its party's die (method "group") or rolls its own, kept from then on.
 */
function fillMissing(
  kept: Map<string, number>,
  cs: HC[],
  method: string,
  bag: DiceBag,
  lines: string[],
): Map<string, number> {
  const missing = cs.filter((c) => !kept.get(c.id));
  if (!missing.length) return kept;
  const d = new Map(kept);
  // The party's die (method "group"), or a monster's group's die (a goblin added to goblins that rolled).
  const sameGroup = (c: HC, o: HC) =>
    o.side === c.side && o.kind === "monster" && monsterGroup(o).toLowerCase() === monsterGroup(c).toLowerCase();
  const partyDie = (c: HC) =>
    c.kind === "monster"
      ? cs.find((o) => sameGroup(c, o) && kept.get(o.id))?.id
      : method === "group"
        ? cs.find((o) => o.side === c.side && o.kind !== "monster" && kept.get(o.id))?.id
        : undefined;
  const roll = missing.filter((c) => !partyDie(c));
  for (const c of missing) if (partyDie(c)) d.set(c.id, kept.get(partyDie(c)!)!);
  const shared = missing.filter((c) => partyDie(c));
  lines.push(
    `No die from the first round: ${missing.map((c) => c.name).join(", ")}${shared.length ? ` (${shared.map((c) => c.name).join(", ")}: ${shared.some((c) => c.kind === "monster") ? "its group's die" : "the party's die"})` : ""}.`,
  );
  for (const [id, v] of rollDice(roll, method, bag, lines)) d.set(id, v);
  return d;
}

/** Those who go before the dice: hasted creatures; set spears against a charge; reach in the first round. The surprised get none of it. */
function precedence(
  active: HC[],
  round: number,
  bag: DiceBag,
  lines: string[],
  push: (ids: string[]) => void,
  placed: Set<string>,
) {
  const ready = active.filter((c) => !has(c, "surprised"));
  const fast = ready.filter(hasted);
  if (fast.length) {
    const sides = [...new Set(fast.map((c) => c.side))];
    if (sides.length > 1) {
      const rolls = sides.map((s) => ({ s, v: bag.d(`hasted initiative (${s})`, 6) }));
      lines.push(`Hasted on both sides: ${rolls.map((r) => `${r.s} ${r.v}`).join(" · ")}.`);
      for (const v of [...new Set(rolls.map((r) => r.v))].sort((a, b) => b - a))
        push(fast.filter((c) => rolls.some((r) => r.v === v && r.s === c.side)).map((c) => c.id));
    } else push(fast.map((c) => c.id));
    lines.push(`Hasted, act first: ${fast.map((c) => c.name).join(", ")}.`);
  }
  const spears = ready.filter(
    (c) => has(c, "spear set") && active.some((o) => o.side !== c.side && has(o, "charging") && !has(o, "mounted")),
  );
  if (spears.length) {
    lines.push(
      `Spears set against the charge strike first: ${spears
        .filter((c) => !placed.has(c.id))
        .map((c) => c.name)
        .join(", ")}.`,
    );
    push(spears.map((c) => c.id));
  }
  if (round === 1) {
    // "a sufficient reach advantage over their opponent": the foes it is fighting (either way round), else every foe it may
    // meet; it must out-reach each of them (a dagger elsewhere on the other side gives nobody the first blow).
    const reach = ready.filter((c) => {
      const foes = ready.filter((o) => o.side !== c.side);
      const engaged = foes.filter((o) => has(c, attacking(o.id)) || has(o, attacking(c.id)));
      const opponents = engaged.length ? engaged : foes;
      return opponents.length > 0 && reachRank(c) > Math.max(...opponents.map(reachRank));
    });
    const named = reach.filter((c) => !placed.has(c.id)).map((c) => c.name);
    if (named.length) {
      lines.push(`Reach advantage, first round: ${named.join(", ")} strike${named.length === 1 ? "s" : ""} first.`);
      push(reach.map((c) => c.id));
    }
  }
}

/**
 * Initiative: each player rolls a d6 (or one die for the party with
 * method "group"), the referee one d6 per monster group (monsters of one
 * kind); highest first, ties simultaneous. Hasted creatures first (rolling
 * among themselves if on both sides), set spears against a charge first,
 * reach advantage first in round 1, fighters with several attacks first and
 * last. The surprised get a place by their die (they act from round 2).
 * `dice` reuses the first round's dice when initiative is not rerolled.
 */
export function houseInitiative(
  input: InitiativeInput<HouseSheet>,
  _settings: BxSettings,
  bag: DiceBag,
  dice?: Map<string, number>,
): InitiativeResult & { effects: Effect[] } {
  const mark = bag.log.length;
  const lines: string[] = [];
  const active = input.combatants.filter((c) => !isOut(c));
  const order: string[][] = [];
  const placed = new Set<string>();
  const push = (ids: string[]) => {
    const fresh = ids.filter((i) => !placed.has(i));
    for (const i of fresh) placed.add(i);
    if (fresh.length) order.push(fresh);
  };
  precedence(active, input.round, bag, lines, push, placed);
  const multi = active.filter((c) => multiFighter(c, active) && !has(c, "surprised") && !placed.has(c.id));
  if (multi.length) {
    lines.push(`Fighters with several attacks attack first and last: ${multi.map((c) => c.name).join(", ")}.`);
    push(multi.map((c) => c.id));
  }
  const rolling = active.filter((c) => !hasted(c) && !multi.includes(c));
  const d = dice ? fillMissing(dice, rolling, input.method, bag, lines) : rollDice(rolling, input.method, bag, lines);
  const rest = active.filter((c) => !placed.has(c.id));
  const values = [...new Set(rest.map((c) => d.get(c.id) ?? 0))].sort((a, b) => b - a);
  for (const v of values) {
    const g = rest.filter((c) => (d.get(c.id) ?? 0) === v);
    if (
      new Set(
        g.map((c) =>
          c.kind === "monster" ? `m:${monsterGroup(c).toLowerCase()}` : input.method === "group" ? "party" : c.id,
        ),
      ).size > 1
    )
      lines.push(`Tie at ${v}: simultaneous (anyone killed this round still attacks).`);
    push(g.map((c) => c.id));
  }
  if (multi.length) order.push(multi.map((c) => c.id));
  const surprised = active.filter((c) => has(c, "surprised"));
  if (surprised.length)
    lines.push(`Surprised, placed by their die, act from the next round: ${surprised.map((c) => c.name).join(", ")}.`);
  // Each combatant's die, kept as a mark so later rounds can reuse it (play adds before it removes: never remove the one kept).
  const effects: Effect[] = [];
  for (const c of active) {
    const mark = initiative(d.get(c.id) ?? 0);
    const old = marksIn(c.state.conditions, "initiative").filter((x) => x !== mark);
    if (old.length || !c.state.conditions.includes(mark))
      effects.push({ targetId: c.id, addConditions: [mark], ...(old.length ? { removeConditions: old } : {}) });
  }
  return { title: `Initiative, round ${input.round}`, lines, rules: [R_ORDER], rolls: bag.since(mark), order, effects };
}

/**
 * Initiative is rolled once for the fight unless the campaign takes the
 * optional "reroll initiative each round"; later rounds reuse the first
 * round's dice without the first round's reach advantage (so the surprised
 * have their places). The surprised, stunned, pinned, dead and unconscious
 * cannot act.
 */
export function houseRoundStart(
  input: InitiativeInput<HouseSheet>,
  settings: BxSettings & { initiativeEachRound: boolean },
  bag: DiceBag,
): RoundStartResult {
  const cannotAct = input.combatants
    .filter((c) => c.state.conditions.some((x) => [...OUT, "surprised"].includes(x)))
    .map((c) => c.id);
  const names = input.combatants.filter((c) => cannotAct.includes(c.id)).map((c) => c.name);
  const tail = names.length ? [`Cannot act: ${names.join(", ")}.`] : [];
  const reroll = settings.initiativeEachRound || input.settings?.initiativeEachRound === true;
  const kept = input.round > 1 && !reroll ? diceFromMarks(input.combatants.filter((c) => !isOut(c))) : null;
  const ini = houseInitiative(input, settings, bag, kept ?? undefined);
  const stun = input.round > 1 ? stunCountdown(input) : [];
  ini.effects.push(...stun);
  const head = kept
    ? ["Initiative stands from the first round."]
    : reroll && input.round > 1
      ? ["Initiative is rolled again each round (optional rule)."]
      : [];
  return { ...ini, title: `Round ${input.round}`, lines: [...head, ...ini.lines, ...tail], cannotAct };
}

/**
 * A spellcaster hit and taking damage during the round: if the caster won
 * initiative the spell goes off; if the attacker won it, the spell is lost
 * (and no other this round); if simultaneous, save vs paralysis + PSY, and on
 * a failure a d6: 1–4 lost, 5–6 miscast.
 */
export function spellcasterHit(
  input: { caster: HC; initiative: "caster won" | "attacker won" | "simultaneous" },
  bag: DiceBag,
): RuleResult & { outcome: "goes off" | "lost" | "miscast" } {
  const mark = bag.log.length;
  if (input.initiative === "caster won")
    return {
      title: "The spell goes off",
      lines: ["The caster won initiative: the spell goes off as intended even though hit."],
      rules: [R_ORDER],
      rolls: [],
      outcome: "goes off",
    };
  if (input.initiative === "attacker won")
    return {
      title: "The spell is lost",
      lines: ["Hit by a foe who won initiative: the spell is lost, and no other may be cast until next round."],
      rules: [R_ORDER],
      rolls: [],
      outcome: "lost",
    };
  const psy = input.caster.sheet.psyBonus;
  const save = bxSave({ who: input.caster, kind: "paralysis", modifier: psy }, bag);
  const lines = [
    `Hit during a simultaneous round: save vs paralysis${psy ? ` ${signed(psy)} PSY` : ""} — ${save.lines[0]}`,
  ];
  if (save.success)
    return { title: "The spell goes off", lines, rules: [R_ORDER], rolls: bag.since(mark), outcome: "goes off" };
  const d = bag.d("spell lost or miscast", 6);
  const outcome = d <= 4 ? "lost" : "miscast";
  lines.push(
    `d6 ${d}: ${outcome === "lost" ? "1–4, the spell is interrupted and lost" : "5–6, the spell is miscast"}.`,
  );
  return { title: `The spell is ${outcome}`, lines, rules: [R_ORDER], rolls: bag.since(mark), outcome };
}

/** When to check morale: at the start of conflict (if needed), after the first death, at 50% down, after any big upset. */
export const MORALE_TRIGGERS = ["start of conflict", "first death", "half dead or incapacitated", "big upset"] as const;

/**
 * Morale (2d6 vs the score). "Monsters who make their morale roll twice will
 * fight to the death": a made roll marks them "morale made once", the second
 * "fights to the death", and then no roll is made.
 */
export function houseMorale(
  input: { who: HC[]; rating?: number; modifier?: number },
  bag: DiceBag,
): (MoraleResult & { fightsToDeath: boolean; effects: Effect[] }) | Unsupported {
  if (input.who.length && input.who.every((c) => has(c, "fights to the death")))
    return {
      title: "Fights to the death",
      lines: ["Morale made twice already: they fight to the death."],
      rules: [R_ORDER],
      rolls: [],
      holds: true,
      fightsToDeath: true,
      effects: [],
    };
  const r = bxMorale(input, bag);
  if (isUnsupported(r)) return r;
  const once = input.who.some((c) => has(c, "morale made once"));
  const fightsToDeath = r.holds && once;
  const effects: Effect[] = r.holds
    ? input.who.map((c) => ({ targetId: c.id, addConditions: [once ? "fights to the death" : "morale made once"] }))
    : (r.effects ?? []);
  return {
    ...r,
    rules: [R_ORDER, ...r.rules],
    lines: [
      ...r.lines,
      ...(fightsToDeath
        ? ["Second morale roll made: from now on they fight to the death."]
        : r.holds
          ? ["First morale roll made: a second will mean they fight to the death."]
          : []),
    ],
    fightsToDeath,
    effects,
  };
}
