/**
 * Between fights. Seed 003 is the combat chapter: it has combat rounds, and time only where healing counts it
 * ("1 hit point per every 10 minutes", "24 hours"), but no dungeon turn, light rules or supplies. A dungeon
 * turn names the rulings it follows, never another book's heading (docs/rules/siege.md, "Between fights").
 */
import { ruling } from "../../ruling.js";
import type { DungeonRules } from "../types.js";

export const dungeon: DungeonRules = {
  cites: {
    time: ruling("003", "a dungeon turn is 10 minutes, as in the classic games (this text has only combat rounds)"),
    light: ruling("003", "torches and lanterns burn as in the classic games (this text has no light rules)"),
    supplies: ruling("003", "a ration and a day of water each a day (this text has no supplies rules)"),
  },
};
