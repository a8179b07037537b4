/**
 * Life & Guard's ground: the front line in Theatre of the Mind, doorways and the grid (seed 004,
 * "Using a grid or UDT"). Apart from the round so that declarations can use them without a circle.
 */
import { RuleError, type RuleResult } from "../types.js";
import { R } from "./refs.js";

export const FRONT_SHIFT_METRES = 6;
export const GRID_MOVE_SQUARES = 3;
export const DOORWAY = { attackers: 2, defenders: 3 } as const;

/** The front line moves at most 6 m a round (positive: towards the foes). */
export function shiftFrontLine(position: number, wanted: number): RuleResult & { position: number } {
  const step = Math.max(-FRONT_SHIFT_METRES, Math.min(FRONT_SHIFT_METRES, wanted));
  return {
    title: "Front line",
    lines: [
      `The front line shifts ${Math.abs(step)} m${step !== wanted ? ` (at most ${FRONT_SHIFT_METRES} m a round)` : ""}.`,
    ],
    rules: [R.theatre],
    rolls: [],
    position: position + step,
  };
}

/** A doorway lets two attackers through and three defenders hold it. */
export function doorwayCheck(attackers: number, defenders: number): void {
  if (attackers > DOORWAY.attackers)
    throw new RuleError(`Only ${DOORWAY.attackers} attackers fit through a doorway (${attackers} declared).`);
  if (defenders > DOORWAY.defenders)
    throw new RuleError(`At most ${DOORWAY.defenders} defenders can hold a doorway (${defenders} declared).`);
}

/** On a grid a character moves up to 3 squares and takes one action. */
export function gridMove(squares: number): void {
  if (!Number.isInteger(squares) || squares < 0 || squares > GRID_MOVE_SQUARES)
    throw new RuleError(`Move between 0 and ${GRID_MOVE_SQUARES} squares a turn (then take one action).`);
}
