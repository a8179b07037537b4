// seed 002, "Attacks Per Round": "Some monsters have multiple attacks" — a custom monster's attack routine
// given in one stat line is that many attacks a round.
import { describe, expect, it } from "vitest";
import { bx } from "../../../src/rules/systems/bx/index.js";
import { bxMonsterLine, routineLength } from "../../../src/rules/systems/bx/stats.js";
import { bxMonsterSchema } from "../../../src/rules/systems/bx/sheet.js";
import { readSheetInput } from "../../../src/play/sheets.js";
import { mon } from "./helpers.js";

describe("bx: a stat line's attack routine", () => {
  it("claw/claw/bite sets three attacks a round; one attack sets nothing", () => {
    expect(bx.statLine!("Troll HD 6+3 AC 4 ATK claw 1d6/claw 1d6/bite 1d10 ML 10")).toEqual({
      name: "Troll",
      fields: 'hd=6+3 ac=4 weapons="claw:1d6|claw:1d6|bite:1d10" morale=10 attacks=3',
    });
    expect(bxMonsterLine("HD 4+1 AC 5 ATK club 1d10 ML 10").fields).toBe('hd=4+1 ac=5 weapons="club:1d10" morale=10');
    expect(routineLength('hd=1 weapons="a:1d4|b:1d6"')).toBe(2);
    expect(routineLength("hd=1")).toBe(1);
  });

  it("the sheet the line makes attacks three times a round", () => {
    const ctx = { round: 1, declared: [], others: [], phase: "act" as const };
    const sheetOf = (line: string) => readSheetInput(bx.statLine!(line).fields, bxMonsterSchema);
    const troll = mon("troll", sheetOf("HD 6+3 AC 4 ATK claw 1d6/claw 1d6/bite 1d10 ML 10"));
    expect(troll.sheet).toMatchObject({
      attacks: 3,
      weapons: [{ name: "claw" }, { name: "claw" }, { name: "bite", damage: "1d10" }],
    });
    expect(bx.round.allowance(troll, ctx)).toMatchObject({ attacks: 3, why: "3 attacks (the monster's routine)" });
    expect(bx.round.allowance(mon("ogre", sheetOf("HD 4+1 AC 5 ATK club 1d10 ML 10")), ctx)).toMatchObject({
      attacks: 1,
    });
  });
});
