/** Test helper: an attack rolled and left to stand, as when nobody reacts in time. */
import type { DiceBag } from "../../src/rules/dice/bag.js";
import type { AttackState } from "../../src/rules/systems/types.js";

interface Attacks<I> {
  attack: {
    begin(input: I, dice: DiceBag): AttackState;
    lapse(state: AttackState, input: I, dice: DiceBag): AttackState;
  };
}

/**
 * Rolls the attack and, if it waits for reactions, lets the reaction window
 * lapse: the state returned is final, and its `final` holds what the attack
 * does (a lapse rolls nothing, so the dice are the attack's own).
 */
export function standing<I>(sys: Attacks<I>, input: I, dice: DiceBag): AttackState {
  const s = sys.attack.begin(input, dice);
  return s.phase === "reactions" ? sys.attack.lapse(s, input, dice) : s;
}
