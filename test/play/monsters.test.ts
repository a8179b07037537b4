import { describe, it, expect } from "vitest";
import { parseMonsters } from "../../src/play/encounters/monsters.js";
import { systemOf } from "../../src/rules/systems/index.js";

describe("custom monsters' names", () => {
  const lg = systemOf("life-guard");
  const stats = "Life 5 Guard 4";
  it.each([
    ["2 sentries", "Sentry"],
    ["3 witches", "Witch"],
    ["2 foxes", "Fox"],
    ["4 orcs", "Orc"],
    ["1 boss", "Boss"],
    ["2 bosses", "Boss"],
    ["a cultists", "Cultists"],
  ])("%s are each named %s", (spec, name) => {
    expect(parseMonsters(lg, spec, stats)[0]!.name).toBe(name);
  });
});
