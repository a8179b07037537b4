/**
 * The round (seed 004, "Combat Initiation"): 10 seconds, PCs first; in the
 * first round each PC rolls against Guard to act; then the sides alternate.
 * Theatre of the Mind (3 v 3, the front line shifts 6 m a round) and the
 * grid (doorways, 3 squares of movement).
 */
import type { DiceBag } from "../../dice/bag.js";
import { RuleError, type Combatant, type InitiativeInput, type InitiativeResult, type RoundStartResult, type RuleResult } from "../types.js";
import { rollUnder } from "./damage.js";
import { R } from "./refs.js";
import { canFight, readState, type LifeGuardSheet } from "./sheet.js";
import { baseRound } from "../../round/economy.js";
import { COMMON_CONDITIONS } from "../../round/words.js";
import type { CampaignOptions, RoundRules, SystemWords } from "../types.js";

type C = Combatant<LifeGuardSheet>;

export const ROUND_SECONDS = 10;
export const FRONT_SHIFT_METRES = 6;
export const GRID_MOVE_SQUARES = 3;
export const DOORWAY = { attackers: 2, defenders: 3 } as const;
export const THEATRE_ENGAGED = 3;

const ableIds = (cs: C[], side: "party" | "foes") => cs.filter((c) => c.side === side && canFight(readState(c))).map((c) => c.id);

/** The side order: the party, then the foes; each side acts together. Same for "group" and "individual". */
export function initiative(input: InitiativeInput<LifeGuardSheet>, _bag: DiceBag): InitiativeResult {
  const party = ableIds(input.combatants, "party");
  const foes = ableIds(input.combatants, "foes");
  const order = [party, foes].filter((g) => g.length > 0);
  const lines = [`Round ${input.round} (${ROUND_SECONDS} seconds): the PCs act first, then their opponents. No dice.`];
  if (input.method === "individual") lines.push("Life & Guard has no individual initiative: sides alternate.");
  return { title: "Initiative: PCs first", lines, rules: [R.grid], rolls: [], order };
}

/**
 * A round's start. Round 1: every able party member rolls against Guard
 * (d20 ≤ current Guard) to act; those who fail cannot act this round.
 */
export function roundStart(input: InitiativeInput<LifeGuardSheet>, bag: DiceBag): RoundStartResult {
  const mark = bag.log.length;
  const init = initiative(input, bag);
  if (input.round !== 1)
    return {
      title: `Round ${input.round}`,
      lines: [`Round ${input.round}: the sides alternate, PCs first, until defeat or escape.`],
      rules: [R.grid],
      rolls: [],
      cannotAct: [],
      order: init.order,
    };
  const cannotAct: string[] = [];
  const lines: string[] = ["First round: each PC rolls against Guard to act."];
  for (const c of input.combatants) {
    if (c.side !== "party" || !canFight(readState(c))) continue;
    const g = readState(c).guard;
    const { roll, success } = rollUnder(bag, `${c.name}: act (Guard ${g})`, g);
    if (!success) cannotAct.push(c.id);
    lines.push(`${c.name}: d20 = ${roll} against Guard ${g}: ${success ? "acts" : "does not act this round"}.`);
  }
  return { title: "Round 1", lines, rules: [R.grid, R.choice("Rolling against Guard")], rolls: bag.since(mark), cannotAct, order: init.order };
}

/** Theatre of the Mind: every combat starts 3 v 3; the rest wait behind. */
export function theatreOfTheMind(party: C[], foes: C[]): RuleResult & { engaged: { party: string[]; foes: string[] }; waiting: string[] } {
  const p = party.filter((c) => canFight(readState(c)));
  const f = foes.filter((c) => canFight(readState(c)));
  const engaged = { party: p.slice(0, THEATRE_ENGAGED).map((c) => c.id), foes: f.slice(0, THEATRE_ENGAGED).map((c) => c.id) };
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

/** The front line moves at most 6 m a round (positive: towards the foes). */
export function shiftFrontLine(position: number, wanted: number): RuleResult & { position: number } {
  const step = Math.max(-FRONT_SHIFT_METRES, Math.min(FRONT_SHIFT_METRES, wanted));
  return {
    title: "Front line",
    lines: [`The front line shifts ${Math.abs(step)} m${step !== wanted ? ` (at most ${FRONT_SHIFT_METRES} m a round)` : ""}.`],
    rules: [R.theatre],
    rolls: [],
    position: position + step,
  };
}

/** A doorway lets two attackers through and three defenders hold it. */
export function doorwayCheck(attackers: number, defenders: number): void {
  if (attackers > DOORWAY.attackers) throw new RuleError(`Only ${DOORWAY.attackers} attackers fit through a doorway (${attackers} declared).`);
  if (defenders > DOORWAY.defenders) throw new RuleError(`At most ${DOORWAY.defenders} defenders can hold a doorway (${defenders} declared).`);
}

/** On a grid a character moves up to 3 squares and takes one action. */
export function gridMove(squares: number): void {
  if (!Number.isInteger(squares) || squares < 0 || squares > GRID_MOVE_SQUARES)
    throw new RuleError(`Move between 0 and ${GRID_MOVE_SQUARES} squares a turn (then take one action).`);
}

// ---- the round's contract ------------------------------------------------

export const words: SystemWords = { conditions: { ...COMMON_CONDITIONS } };

export const round: RoundRules<LifeGuardSheet> = {
  ...baseRound<LifeGuardSheet>({ isDown: (c) => !canFight(c.state), rule: 'seed 004, "Attacks"' }),
};

export const campaignOptions: CampaignOptions = { defaults: { initiative: "group", wanderingEvery: 2 }, own: {} };
