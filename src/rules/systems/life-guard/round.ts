/**
 * The round (seed 004, "Combat Initiation"): 10 seconds, PCs first; in the
 * first round each PC rolls against Guard to act; then the sides alternate.
 * Theatre of the Mind (3 v 3, the front line shifts 6 m a round) and the
 * grid (doorways, 3 squares of movement).
 */
import type { DiceBag } from "../../dice/bag.js";
import type { Combatant, InitiativeInput, InitiativeResult, RoundStartResult, RuleResult } from "../types.js";
import { LIFE_GUARD_FAMILIES } from "./marks.js";
import { R } from "./refs.js";
import { pct } from "../../numbers.js";
import { canFight, fieldOf, readState, type LifeGuardSheet, type Rank } from "./sheet.js";
import { baseRound } from "../../round/economy.js";
import { COMMON_CONDITIONS } from "../../round/words.js";
import type {
  Allowance,
  CampaignOptions,
  ConditionWord,
  Effect,
  RoundContext,
  RoundRules,
  SystemWords,
} from "../types.js";
import { declarations, declare, freeBeforeFirstRound, SPENDS_ACTION } from "./declare.js";
import { hasFamily, parseMark } from "../../marks.js";
export { DOORWAY, FRONT_SHIFT_METRES, GRID_MOVE_SQUARES, doorwayCheck, gridMove, shiftFrontLine } from "./grid.js";

type C = Combatant<LifeGuardSheet>;

export const ROUND_SECONDS = 10;
export const THEATRE_ENGAGED = 3;

const ableIds = (cs: C[], side: "party" | "foes") =>
  cs.filter((c) => c.side === side && canFight(readState(c))).map((c) => c.id);

/**
 * The shooting phase (seed 004, "Actions and Modifiers", Charge: "Setting occurs during the shooting phase"):
 * those who set a weapon against a charge, facing a foe that declared one on their battlefield. They strike
 * before the sides' turns, so a set weapon meets the charge before the charger's blow lands
 * (docs/rules/life-guard.md, "The shooting phase").
 */
export function shootingPhase(cs: C[]): { setters: C[]; chargers: C[] } {
  const able = cs.filter((c) => canFight(readState(c)));
  const chargers = able.filter((c) => c.state.conditions.includes("charging"));
  const setters = able.filter(
    (c) =>
      c.state.conditions.includes("set weapon") &&
      chargers.some((x) => x.side !== c.side && fieldOf(x.state) === fieldOf(c.state)),
  );
  return { setters, chargers: chargers.filter((x) => setters.some((c) => c.side !== x.side)) };
}

/** The side order: the shooting phase (when a set weapon meets a charge), the party, then the foes; each side acts together. */
export function initiative(input: InitiativeInput<LifeGuardSheet>, _bag: DiceBag): InitiativeResult {
  const { setters, chargers } = shootingPhase(input.combatants);
  const first = setters.map((c) => c.id);
  const party = ableIds(input.combatants, "party").filter((id) => !first.includes(id));
  const foes = ableIds(input.combatants, "foes").filter((id) => !first.includes(id));
  const order = [first, party, foes].filter((g) => g.length > 0);
  const lines = [`Round ${input.round} (${ROUND_SECONDS} seconds): the PCs act first, then their opponents. No dice.`];
  const rules = [R.grid];
  if (setters.length) {
    const names = (xs: C[]) => xs.map((c) => c.name).join(", ");
    lines.unshift(
      `Shooting phase first: ${names(setters)} set${setters.length === 1 ? "s a weapon" : " weapons"} against the charge of ${names(chargers)}, and strike${setters.length === 1 ? "s" : ""} before the sides' turns.`,
    );
    rules.push(R.actions);
  }
  if (input.method === "individual") lines.push("Life & Guard has no individual initiative: sides alternate.");
  return {
    title: setters.length ? "Initiative: the shooting phase, then PCs first" : "Initiative: PCs first",
    lines,
    rules,
    rolls: [],
    order,
  };
}

/**
 * "Roll against GRD" (seed 004, "Using a grid or UDT"): 1d6, and the PC acts
 * when the roll is at most its current Guard, whatever the Guard. A higher
 * Guard never makes acting less likely: Guard 0 never acts, Guard 3 half the
 * time, Guard 6 and more always (docs/rules/life-guard.md, "Rolling against Guard").
 */
export function guardScale(guard: number): { dice: 1; chance: number } {
  return { dice: 1, chance: Math.min(6, Math.max(0, guard)) / 6 };
}

/** What the board says of a PC before the first round's act roll: the chance to act. */
export function actChance(guard: number): string {
  return `acts in round 1 on 1d6 ≤ Guard ${guard}: ${pct(guardScale(guard).chance, { digits: 0 })}`;
}

/** The first round's act roll for one PC. */
export function actRoll(c: C, bag: DiceBag): { acts: boolean; line: string } {
  const g = readState(c).guard;
  const { dice, chance } = guardScale(g);
  const roll = bag.roll(`${c.name}: act (Guard ${g})`, dice, 6).total;
  const acts = roll <= g;
  return {
    acts,
    line: `${c.name}: ${dice}d6 = ${roll} against Guard ${g} (acts ${pct(chance, { digits: 0 })} of the time): ${acts ? "acts" : "does not act this round"}.`,
  };
}

/**
 * A round's start. Round 1: every able party member rolls against Guard to
 * act (see `actRoll`); those who fail cannot act this round. The Theatre of the
 * Mind's 3 v 3 is reported. Later rounds: the sides alternate, PCs first.
 */
export function roundStart(input: InitiativeInput<LifeGuardSheet>, bag: DiceBag): RoundStartResult {
  const mark = bag.log.length;
  const init = initiative(input, bag);
  if (input.round !== 1)
    return {
      title: `Round ${input.round}`,
      lines: [
        ...init.lines.filter((l) => l.startsWith("Shooting phase")),
        `Round ${input.round}: the sides alternate, PCs first, until defeat or escape.`,
      ],
      rules: init.rules,
      rolls: [],
      cannotAct: [],
      order: init.order,
    };
  const cannotAct: string[] = [];
  const lines: string[] = [
    ...init.lines.filter((l) => l.startsWith("Shooting phase")),
    "First round: each PC rolls 1d6 against Guard to act (acts on a roll at most its Guard).",
  ];
  for (const c of input.combatants) {
    if (c.side !== "party" || !canFight(readState(c))) continue;
    const r = actRoll(c, bag);
    if (!r.acts) cannotAct.push(c.id);
    lines.push(r.line);
  }
  const t = theatreOfTheMind(
    input.combatants.filter((c) => c.side === "party" && readState(c).rank === "melee"),
    input.combatants.filter((c) => c.side === "foes" && readState(c).rank === "melee"),
  );
  const name = (id: string) => input.combatants.find((c) => c.id === id)?.name ?? id;
  lines.push(
    `Theatre of the Mind: the Melee rank starts ${t.engaged.party.length} v ${t.engaged.foes.length}${t.waiting.length ? `; waiting behind: ${t.waiting.map(name).join(", ")}` : ""}.`,
  );
  if (t.waiting.length)
    lines.push(`They step in when one of the three on their side falls or leaves, or from round 2.`);
  const effects = t.waiting.map((id): Effect => ({ targetId: id, addConditions: [WAITING] }));
  return {
    title: "Round 1",
    lines,
    rules: [
      ...init.rules,
      R.theatre,
      R.choice("Rolling against Guard"),
      ...(t.waiting.length ? [R.choice("Waiting behind the 3 v 3")] : []),
    ],
    rolls: bag.since(mark),
    cannotAct,
    order: init.order,
    effects,
  };
}

/** The round-1 mark of a Melee-rank combatant beyond the first three of its side. */
export const WAITING = "waiting behind";

/**
 * Whether a combatant waiting behind the 3 v 3 may step in now: from round 2,
 * or as soon as fewer than three of its side stand engaged in the Melee rank
 * (docs/rules/life-guard.md, "Waiting behind the 3 v 3").
 */
export function waitingBehind(who: C, others: C[], round: number): boolean {
  if (round > 1 || !who.state.conditions.includes(WAITING)) return false;
  const mine = others.filter(
    (o) => o.side === who.side && o.id !== who.id && readState(o).rank === "melee" && canFight(readState(o)),
  );
  const engaged = mine.filter((o) => !o.state.conditions.includes(WAITING)).length;
  // The gaps are filled in a fixed order, so two waiting never fill one place.
  const queue = [who, ...mine.filter((o) => o.state.conditions.includes(WAITING))].map((o) => o.id).sort();
  return queue.indexOf(who.id) >= THEATRE_ENGAGED - engaged;
}

/** Theatre of the Mind: every combat starts 3 v 3; the rest wait behind. */
export function theatreOfTheMind(
  party: C[],
  foes: C[],
): RuleResult & { engaged: { party: string[]; foes: string[] }; waiting: string[] } {
  const p = party.filter((c) => canFight(readState(c)));
  const f = foes.filter((c) => canFight(readState(c)));
  const engaged = {
    party: p.slice(0, THEATRE_ENGAGED).map((c) => c.id),
    foes: f.slice(0, THEATRE_ENGAGED).map((c) => c.id),
  };
  const waiting = [...p.slice(THEATRE_ENGAGED), ...f.slice(THEATRE_ENGAGED)].map((c) => c.id);
  return {
    title: "Theatre of the Mind: 3 v 3",
    lines: [
      `Engaged: ${engaged.party.length} v ${engaged.foes.length}, whatever the place.`,
      waiting.length ? `Waiting to step in: ${waiting.length}.` : "No one waits behind.",
    ],
    rules: [R.theatre],
    rolls: [],
    engaged,
    waiting,
  };
}

/**
 * The distance between the sides when a fight starts, in the text's metres (its front line "can shift
 * 6 meters"): the text gives none, so the usual old-school 2d6 × 10 feet, as 2d6 × 3 m
 * (docs/rules/life-guard.md, "Encounter distance").
 */
export function encounterDistance(_input: { surprise: boolean }, bag: DiceBag): RuleResult {
  const mark = bag.log.length;
  const r = bag.roll("encounter distance", 2, 6);
  return {
    title: "Distance",
    lines: [`The sides meet ${r.total * 3} metres apart (2d6 = ${r.total}, × 3 m).`],
    rules: [R.choice("Encounter distance")],
    rolls: bag.since(mark),
  };
}

// ---- the round's contract ------------------------------------------------

const w = (label: string, lasts: ConditionWord["lasts"]): ConditionWord => ({ label, lasts });
const RANK_LABEL: Record<string, string> = {
  melee: "in the Melee rank",
  reach: "in the Reach rank",
  ranged: "in the Ranged rank",
};

export const words = {
  conditions: {
    ...COMMON_CONDITIONS,
    charging: w("charging", "round"),
    "set weapon": w("weapon set against a charge", "round"),
    halfswording: w("halfswording", "round"),
    thrusting: w("thrusting", "round"),
    blasting: w("blasting (d6 targets)", "round"),
    "beside an ally": w("next to an ally", "round"),
    cramped: w("in cramped conditions", "encounter"),
    "holding a doorway": w("holding a doorway", "encounter"),
    moved: w("moved (action spent)", "round"),
    "retreat failed": w("caught retreating (action spent)", "round"),
    "front shifted": w("shifted the front line", "round"),
    weakened: w("weakened", "encounter"),
    deprived: w("deprived", "healed"),
    doomed: w("doomed", "healed"),
    "mortal wound": w("mortal wound", "healed"),
    "head wound": w("head wound", "healed"),
    diseased: w("diseased", "healed"),
    hamstrung: w("hamstrung", "healed"),
    deafened: w("deafened", "healed"),
    sundered: w("sundered", "permanent"),
    [WAITING]: w("waiting behind the front line", "round"),
  },
  families: LIFE_GUARD_FAMILIES,
  describe(condition, name) {
    const { family: kind, arg = "" } = parseMark(condition);
    // "oil:<weapon>:<foe>", "enchanted:<weapon>:<condition>": two parts; the others one.
    const [a, b] = arg.split(":");
    // The roster's summary names the rank already ("Melee rank"): no second word for it.
    if (kind === "rank" && a && RANK_LABEL[a]) return w("", "encounter");
    if (kind === "attacking" && a) return w(`attacking ${name(a)}`, "round");
    if (kind === "struck" && a) return w(`struck ${name(a)}`, "round");
    if (kind === "blasting" && a) return w(`blasting (${a} targets)`, "round");
    if (kind === "oil" && a && b) return w(`${a} oiled against ${b}`, "encounter");
    if (kind === "enchanted" && a) return w(`${a} enchanted${b ? ` (${b})` : ""}`, "healed");
    if (kind === "field" && a) return w(`on the ${a} battlefield`, "encounter");
    if (kind === "enchanted armour") return w(`armour enchanted${arg ? ` (${arg})` : ""}`, "healed");
    if (kind === "front" && a) return w(`front line at ${a} m`, "encounter");
    if (/^moved \d squares$/.test(condition)) return w(condition, "round");
    return undefined;
  },
} satisfies SystemWords;

declare module "../../marks.js" {
  interface DeclaredMarks {
    // Its words, and a rank a placement or a move sets ("rank:reach").
    "life-guard": keyof typeof words.conditions | `rank:${Rank}`;
  }
}

const isDown = (c: C) => !canFight(readState(c));

/** One action a turn (seed 004, "Actions and Modifiers"); moving a rank, retreating or oiling spends it. */
export function allowance(who: C, ctx: RoundContext<LifeGuardSheet>): Allowance {
  const spent = ctx.declared.find(
    (x) => (SPENDS_ACTION as readonly string[]).includes(x) && !freeBeforeFirstRound(x, ctx.round),
  );
  if (spent)
    return {
      attacks: 0,
      why: `declared ${spent === "move" ? "a move between ranks" : spent}: that is the action this turn`,
      rule: R.movement,
    };
  const struck = hasFamily(who.state.conditions, "struck");
  if (struck)
    return { attacks: 0, why: "already struck this round (a declared attack resolved together)", rule: R.attacks };
  return { attacks: 1, why: "one action this turn", rule: R.actions };
}

const base = baseRound<LifeGuardSheet>({ isDown, rule: R.actions });

export const round: RoundRules<LifeGuardSheet> = {
  ...base,
  cannotAct: (who, ctx) =>
    base.cannotAct?.(who, ctx) ??
    (waitingBehind(who, ctx.others, ctx.round) ? "is waiting behind the front line (every combat starts 3 v 3)" : null),
  declarations: (who, ctx) => declarations(who, ctx),
  declare: (input, dice) =>
    declare(input, dice, {
      round: input.round,
      declared: input.declared,
      others: input.others,
      phase: input.phase ?? "declare",
    }),
  allowance: (who, ctx) => allowance(who, ctx),
  // Before the first round's roll against Guard, each PC's chance to act.
  note: (who, ctx) => {
    if (ctx.phase === "act" && shootingPhase([who, ...ctx.others]).setters.includes(who))
      return "strikes in the shooting phase, before the charge lands";
    return who.side === "party" && ctx.round <= 1 && ctx.phase === "declare" && canFight(readState(who))
      ? actChance(readState(who).guard)
      : null;
  },
};

// The text has no wandering-monster check: none is rolled unless the referee sets a chance (docs/rules/life-guard.md, "Between fights").
export const campaignOptions: CampaignOptions = {
  defaults: { initiative: "group", wanderingEvery: 2, wanderingChance: 0 },
  own: {},
  // seed 004, "Using a grid or UDT": the PCs act, then their opponents; no initiative is rolled, so neither its method nor Dexterity changes anything.
  unused: {
    initiative: "no initiative is rolled: the PCs act, then their opponents",
    initiativeDex: "no initiative is rolled: the PCs act, then their opponents",
  },
};
