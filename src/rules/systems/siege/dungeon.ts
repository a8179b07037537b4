/**
 * Between fights. Seed 003 is the combat chapter: it has combat rounds, and time only where healing counts it
 * ("1 hit point per every 10 minutes", "24 hours"), but no dungeon turn, light rules or supplies. A dungeon
 * turn names the rulings it follows, never another book's heading (docs/rules/siege.md, "Between fights").
 */
import { ruling } from "../../ruling.js";
import type { DungeonRules } from "../types.js";

const MOVEMENT = ruling(
  "003",
  "the party goes at its slowest member's rate (this text gives movement only in combat rounds)",
);

export const dungeon: DungeonRules = {
  cites: {
    time: ruling("003", "a dungeon turn is 10 minutes, as in the classic games (this text has only combat rounds)"),
    light: ruling("003", "torches and lanterns burn as in the classic games (this text has no light rules)"),
    supplies: ruling("003", "a ration and a day of water each a day (this text has no supplies rules)"),
  },
  // "Movement in the Combat Round": "The listed rate is the distance in feet that can be moved in one combat round";
  // between fights the text gives no rate per turn, so the slowest member's round rate is shown for the referee.
  movement: ({ members }) => {
    const moves = members.filter((m) => typeof m.sheet.move === "number");
    if (!moves.length)
      return {
        perTurn: null,
        line: "No one in the party yet: the party goes at its slowest member's rate.",
        rules: [MOVEMENT],
      };
    const slowest = Math.min(...moves.map((m) => m.sheet.move as number));
    const who = moves.find((m) => m.sheet.move === slowest)!;
    return {
      perTurn: null,
      line: `The slowest is ${who.name} (${slowest} ft a combat round); the text gives no rate per turn, the referee judges the distance.`,
      rules: [MOVEMENT],
    };
  },
};
