// A `modifier` on /attack is labelled by who gave it: the referee's in the book's word for the referee (B/X's
// "referee", Castles & Crusades' "Castle Keeper"), a player's as the player's (issue: the referee acts for anyone).
import { describe, expect, it } from "vitest";
import { bx } from "../../src/rules/systems/bx/index.js";
import { bxHouse } from "../../src/rules/systems/bx-house/index.js";
import { siege } from "../../src/rules/systems/siege/index.js";
import type { AttackInput } from "../../src/rules/systems/types.js";
import { atk, faces, mon as bxMon, pc as bxPc } from "./bx/helpers.js";
import { bagOf, mon, pc } from "./siege/helpers.js";
import type { SiegeSheet } from "../../src/rules/systems/siege/sheet.js";

const lines = (s: { result: { lines: string[] } }) => s.result.lines.join("\n");

describe("the situation's modifier, by who gave it", () => {
  const bxIn = (by?: AttackInput["modifierBy"]) => ({
    ...atk(bxPc("Una"), bxMon("Orc", { ac: 6, hp: 20 }), { modifier: 2 }),
    ...(by ? { modifierBy: by } : {}),
  });

  it('B/X and its house rules: "referee" only for the referee\'s', () => {
    for (const sys of [bx, bxHouse]) {
      expect(lines(sys.attack.begin(bxIn("referee"), faces(10, 3)))).toMatch(/referee \+2/);
      const player = lines(sys.attack.begin(bxIn("player"), faces(10, 3)));
      expect(player).toMatch(/player's modifier \+2/);
      expect(player).not.toMatch(/referee/);
      expect(lines(sys.attack.begin(bxIn(), faces(10, 3)))).not.toMatch(/referee/);
    }
  });

  it("Castles & Crusades: \"Castle Keeper's modifier\" only for the referee's", () => {
    const input = (by: AttackInput["modifierBy"]): AttackInput<SiegeSheet> => ({
      attacker: pc("Bran", { class: "fighter", level: 1, weapons: [{ name: "longsword", damage: "1d8" }] }),
      defender: mon("Orc", "orc"),
      others: [],
      weapon: "longsword",
      situation: { modifier: 2 },
      ...(by ? { modifierBy: by } : {}),
    });
    expect(lines(siege.attack.begin(input("referee"), bagOf(10, 3)))).toMatch(/Castle Keeper's modifier \+2/);
    const player = lines(siege.attack.begin(input("player"), bagOf(10, 3)));
    expect(player).toMatch(/player's modifier \+2/);
    expect(player).not.toMatch(/Castle Keeper/);
  });
});
