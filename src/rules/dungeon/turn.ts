/**
 * One dungeon turn, pure: the clock moves 60 rounds; the declared actions
 * are recorded; lights burn; effects run out; each day passed eats the
 * party's food and water; and the wandering-monster check falls on the
 * campaign's interval, rolling on its table on a hit.
 */
import type { DiceBag } from "../dice/bag.js";
import { RuleError, type DungeonRules, type RuleResult } from "../systems/types.js";
import { advanceClock, crossedWords, ROUNDS_PER_TURN, turnOf } from "./clock.js";
import { expireEffects } from "./effects.js";
import { burnLights } from "./light.js";
import { DREF } from "./refs.js";
import type { DungeonState } from "./state.js";
import { eatAndDrink } from "./supplies.js";
import { parseTable, rollTable, wanderingRoll } from "./wandering.js";

export const KEPT_ACTIONS = 12;

export interface TurnInput {
  /** The system's dungeon rules (its own wandering check), if it has any. */
  dungeon?: DungeonRules | undefined;
  state: DungeonState;
  /** The clock before the turn. */
  rounds: number;
  every: number;
  chance: number;
  /** Members of the party who eat and drink. */
  mouths: number;
  actions: string[];
  /** The party moves at the text's faster pace (`dungeon.fast`). */
  fast?: boolean;
}

export interface TurnOutcome {
  turn: number;
  rounds: number;
  state: DungeonState;
  result: RuleResult;
  darkness: boolean;
  wandering: boolean;
  /** What the table gave ("5 goblins"), when there is a table and a monster came. */
  monsters: string | null;
  /** How many came, in words ("rolled 2d4: 7"), with `monsters`. */
  how: string | null;
  /**
   * Why a multi-turn advance stops after this turn, when something needs the
   * referee: the last light went out, a wandering monster came, the party went
   * hungry or thirsty. Null: nothing to stop for.
   */
  stop: string | null;
}

export function passTurn(input: TurnInput, bag: DiceBag): TurnOutcome {
  const mark = bag.log.length;
  const clock = advanceClock(input.rounds, ROUNDS_PER_TURN);
  const turn = turnOf(clock.rounds);
  const lines: string[] = [input.actions.length ? `Declared: ${input.actions.join(", ")}.` : "No actions declared."];
  const burned = burnLights(input.state.lights, input.rounds, clock.rounds);
  const effects = expireEffects(input.state.effects, clock.rounds);
  const fed = eatAndDrink({
    supplies: input.state.supplies,
    fedDays: input.state.fedDays,
    rounds: clock.rounds,
    mouths: input.mouths,
  });
  const fast = input.fast ? input.dungeon?.fast : undefined;
  if (input.fast && !fast) throw new RuleError("This text gives no faster pace: move at the usual one.");
  lines.push(...burned.lines, ...effects.lines, ...crossedWords(clock), ...fed.lines);
  const w = wanderingRoll({ dungeon: input.dungeon, turn, every: input.every, chance: input.chance }, bag);
  lines.push(w.lines[0]!);
  let monsters: string | null = null;
  let how: string | null = null;
  if (w.encounter && input.state.table.length) {
    const t = rollTable(parseTable(input.state.table.join(";")), bag);
    lines.push(...t.lines);
    ({ monsters, how } = t);
  } else if (w.encounter) lines.push("No wandering table is set (/dungeon set table): the referee picks the monsters.");
  const actions = input.actions.length
    ? [...input.state.actions, { turn, actions: input.actions }].slice(-KEPT_ACTIONS)
    : input.state.actions;
  const state: DungeonState = {
    ...input.state,
    lights: burned.lights,
    effects: effects.effects,
    supplies: fed.supplies,
    fedDays: fed.fedDays,
    actions,
  };
  return {
    turn,
    rounds: clock.rounds,
    state,
    result: {
      title: w.encounter ? `Turn ${turn}: wandering monster!` : `Turn ${turn}`,
      lines,
      rules: turnRules(
        input,
        {
          fast: fast?.rules ?? [],
          light: input.state.lights.length > 0,
          fed: fed.lines.length > 0 || input.state.supplies.rations !== null || input.state.supplies.water !== null,
        },
        w.rules,
      ),
      rolls: bag.since(mark),
    },
    darkness: burned.darkness,
    wandering: w.encounter,
    monsters,
    how,
    stop: w.encounter
      ? "a wandering monster came"
      : burned.darkness
        ? "the last light went out"
        : fed.short
          ? "the party went short of rations or water"
          : null,
  };
}

/**
 * What the turn cites: the text's own dungeon turn (or the ruling it follows), then its pace, then light
 * and supplies where they are kept (a text without light rules names the ruling), then the check's.
 */
function turnRules(
  input: TurnInput,
  kept: { fast: string[]; light: boolean; fed: boolean },
  wandering: string[],
): string[] {
  const c = input.dungeon?.cites ?? { time: DREF.time, light: DREF.resources, supplies: DREF.resources };
  return [
    ...new Set([
      ...kept.fast,
      c.time,
      ...(kept.light ? [c.light] : []),
      ...(kept.fed ? [c.supplies] : []),
      ...wandering,
    ]),
  ];
}
