// An attack's colour is its tone for the attacker, said by each system, never guessed from its words:
// Life & Guard's "ally hit" (a shot into one's own ally) is bad, "lethal" good; a Castles & Crusades disarm good.
import { describe, expect, it } from "vitest";
import type { AttackInput, Combatant } from "../../src/rules/systems/types.js";
import { lifeGuard, type LifeGuardSheet } from "../../src/rules/systems/life-guard/index.js";
import { siege } from "../../src/rules/systems/siege/index.js";
import type { SiegeSheet } from "../../src/rules/systems/siege/sheet.js";
import { attackEmbed } from "../../src/discord/embeds/attack.js";
import { COLOURS } from "../../src/discord/embeds/style.js";
import * as lg from "./life-guard/helpers.js";
import * as sg from "./siege/helpers.js";

const lgInput = (
  attacker: Combatant<LifeGuardSheet>,
  defender: Combatant<LifeGuardSheet>,
  weapon: string,
  others: Combatant<LifeGuardSheet>[] = [],
): AttackInput<LifeGuardSheet> => ({ attacker, defender, others, situation: {}, weapon });
const weapons = [
  { name: "Sword", die: "d8" },
  { name: "Bow", die: "d6", tags: ["ranged"] },
];

describe("an attack's tone, set by its system", () => {
  it("Life & Guard: a hit and a lethal blow are good; a shot that hits an ally is bad", () => {
    const ana = lg.pc("Ana", { weapons });
    expect(lifeGuard.attack.begin(lgInput(ana, lg.monster("orc"), "Sword"), lg.faces(5))).toMatchObject({
      outcome: "hit",
      tone: "good",
    });
    const weak = lg.monster("orc", "standard", { guard: 0, life: 3 });
    expect(lifeGuard.attack.begin(lgInput(ana, weak, "Sword"), lg.faces(8))).toMatchObject({
      outcome: "lethal",
      tone: "good",
    });
    const shooter = lg.pc("Ana", { weapons }, lg.at("ranged"));
    expect(
      lifeGuard.attack.begin(lgInput(shooter, lg.monster("orc"), "Bow", [lg.pc("Bo")]), lg.faces(4, 1)),
    ).toMatchObject({ outcome: "ally hit", tone: "bad" });
  });

  it("Castles & Crusades: a landed disarm is good, a miss bad", () => {
    const ranger = sg.pc("Rhen", { class: "ranger", level: 5, weapons: [{ name: "sword", damage: "1d8" }] });
    const five = siege.monster.parse({ level: 5, ac: 15 });
    const foe: Combatant<SiegeSheet> = {
      id: "Foe",
      name: "Foe",
      side: "foes",
      kind: "monster",
      sheet: five,
      state: siege.initialState(five),
    };
    const i: AttackInput<SiegeSheet> = { attacker: ranger, defender: foe, others: [], weapon: "disarm", situation: {} };
    expect(siege.attack.begin(i, sg.bagOf(18))).toMatchObject({ outcome: "disarmed", tone: "good" });
    expect(siege.attack.begin(i, sg.bagOf(17))).toMatchObject({ outcome: "miss", tone: "bad" });
  });

  it("the attack embed takes its colour from the tone, whatever the words", () => {
    const ana = lg.pc("Ana", { weapons }, lg.at("ranged"));
    const state = lifeGuard.attack.begin(lgInput(ana, lg.monster("orc"), "Bow", [lg.pc("Bo")]), lg.faces(4, 1));
    const view = { state, attacker: "Ana", defender: "orc", outcomeLines: [], ignored: [], encounterName: "Hall" };
    expect(attackEmbed(view).toJSON().color).toBe(COLOURS.failure);
    expect(attackEmbed({ ...view, state: { ...state, tone: "good" } }).toJSON().color).toBe(COLOURS.success);
    expect(attackEmbed({ ...view, state: { ...state, tone: "neutral" } }).toJSON().color).toBe(COLOURS.partial);
  });
});
