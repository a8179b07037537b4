/**
 * Between fights. Seed 004 is a combat text: its rounds are 10 seconds and it has no dungeon turn, light
 * rules, supplies or wandering-monster check. The dungeon turn names the rulings it follows
 * (docs/rules/life-guard.md, "Between fights"), and no wandering monster is checked unless the referee sets a chance.
 */
import { wanderingRoll } from "../../dungeon/wandering.js";
import type { DungeonRules } from "../types.js";
import { R } from "./refs.js";

export const dungeon: DungeonRules = {
  cites: {
    time: R.choice("a dungeon turn is 10 minutes, as in the classic games (this text has only 10-second rounds)"),
    light: R.choice(
      "torches and lanterns burn as in the classic games (a torch in this text is also a weapon, expended when used)",
    ),
    supplies: R.choice("a ration and a day of water each a day (this text has no supplies rules)"),
  },
  // No check of its own: with the chance at 0 (this system's default) nothing is rolled; a chance the referee
  // sets is the shared X-in-6 check, and its line says whose ruling it is.
  wandering: ({ turn, every, chance }, bag) => {
    if (chance > 0) {
      const r = wanderingRoll({ turn, every, chance }, bag);
      return {
        ...r,
        lines: r.lines.map((l) =>
          l.replace(
            `(${chance} in 6)`,
            `(${chance} in 6, as the referee set it: Life & Guard has no check of its own)`,
          ),
        ),
      };
    }
    return {
      title: "No wandering-monster check",
      lines: [
        `Turn ${turn}: no wandering-monster check (Life & Guard has none; the referee may set a chance with /dungeon set).`,
      ],
      rules: [R.choice("no wandering-monster check unless the referee sets one")],
      rolls: [],
      checked: false,
      encounter: false,
    };
  },
};
