// Issue 42, points 1 and 2 (Basic/Expert, seed 002): poison's damage is not halved by a save, and a character killed
// by a destructive attack loses its equipment, marked on its sheet where the referee can undo it. Through the local
// Discord; seeds are fixed (seedPrefix bx-items), so the dice below are the ones they give.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { saying, startE2E, text, type E2E } from "../helpers/e2e.js";

let h: E2E;
const say = saying(() => h, process.env.BX_E2E_DEBUG === "1");

beforeAll(async () => {
  h = await startE2E({ seedPrefix: "bx-items" });
  await h.cmd("referee", "campaign start", { system: "bx" });
  await h.cmd("alice", "character create", {
    name: "Dorn",
    sheet: "class=fighter level=3 hp=30 ac=4 weapons=sword:1d8",
  });
  await h.cmd("bob", "character create", {
    name: "Mira",
    sheet:
      "class=magic-user level=3 hp=9 ac=9 armour=light shield=true gear=true saves=13:14:13:3:12 weapons=staff:1d6|dagger:1d4:thrown:no:no:1",
  });
});
afterAll(() => h?.stop());

describe("B/X: saving throws versus poison", () => {
  // seed 002, "Saving Throws Versus Poison": "Damage: If a poisonous attack also inflicts damage, the damage is not
  // affected by the success or failure of the saving throw."
  it("a successful save against poison with 8 damage: Dorn takes all 8 (no halving), and nothing of his is destroyed", async () => {
    const r = await say("referee", "save", { character: "Dorn", kind: "poison", damage: "8", modifier: 20 });
    expect(r.ephemeral).toBeFalsy();
    const t = text(r.message);
    expect(t).toMatch(/Dorn: save vs Death or Poison succeeds/);
    expect(t).toContain(
      "Saved; poison's damage is not affected by the save (Basic/Expert · Saving Throws Versus Poison): Dorn takes the full 8 damage.",
    );
    expect(t).toMatch(/Dorn takes 8 damage: HP 30 → 22\./);
    expect(t).not.toMatch(/halved/);
    // A failed save: the same 8.
    const f = await say("referee", "save", { character: "Dorn", kind: "death", damage: "8", modifier: -20 });
    expect(text(f.message)).toContain(
      "Failed: a failed save against poison is usually fatal; poison's damage is not affected by the save (Basic/Expert · Saving Throws Versus Poison): Dorn takes the full 8 damage.",
    );
    expect(text(f.message)).toMatch(/Dorn takes 8 damage: HP 22 → 14\./);
    // seed 002, "Successful Saves": the saves the text halves are still halved (breath: 8 → 4).
    const b = await say("referee", "save", { character: "Dorn", kind: "breath", damage: "8", modifier: 20 });
    expect(text(b.message)).toMatch(/Saved: the damage is halved, 8 → 4 \(rounded down\), and Dorn takes it\./);
    expect(text(b.message)).toMatch(/Dorn takes 4 damage: HP 14 → 10\./);
  });
});

describe("B/X: equipment destroyed with a character a destructive attack kills", () => {
  // seed 002, "Destruction of Items": "If a character is killed by a destructive spell or special attack (e.g., a
  // lightning bolt spell or a dragon's breath), their equipment is assumed to be destroyed."
  it("a dragon's breath (20 damage) kills Mira in a fight: the death line says her equipment is destroyed, and her sheet lists it", async () => {
    await say("referee", "encounter start", { monsters: "2 goblins", surprise: false });
    const r = await say("referee", "save", { character: "Mira", kind: "breath", damage: "20", modifier: -20 });
    const t = text(r.message);
    expect(t).toMatch(/Mira: save vs Breath Attacks fails/);
    expect(t).toMatch(/Mira takes 20 damage: HP 9 → 0, dead\./);
    expect(t).toContain(
      "Mira is killed by a destructive attack: Mira's equipment is destroyed (staff, dagger, light armour, shield, adventuring gear) (Basic/Expert · Destruction of Items). The sheet marks it; the referee undoes it with `/character edit name:Mira sheet:destroyed=-`. Magic items may save: `/save character:Mira kind:breath`.",
    );
    const sheet = await say("bob", "character show", { name: "Mira" });
    expect(text(sheet.message)).toMatch(
      /Destroyed: staff, dagger, light armour, shield, adventuring gear \(killed by a destructive attack; undo: `destroyed=-`\)/,
    );
  });

  // seed 002, "Destruction of Magic Items": "For each item, a saving throw may be made using the character's saving
  // throw values", "Items that grant a bonus in combat … may also apply this bonus to the saving throw."
  it("the +1 dagger saves with Mira's breath save and its bonus: the sheet's list follows the roll", async () => {
    const r = await say("referee", "save", { character: "Mira", kind: "breath" });
    const t = text(r.message);
    // Mira's sheet gives her breath save as 3 (the referee's value): the dagger rolls 2, +1 = 3, and survives.
    expect(t).toContain("dagger: 2 +1 = 3 vs 3: survives.");
    expect(t).toContain("The sheet now lists as destroyed: staff, light armour, shield, adventuring gear.");
    const sheet = text((await say("bob", "character show", { name: "Mira" })).message);
    expect(sheet).toMatch(/Destroyed: staff, light armour, shield, adventuring gear \(/);
  });

  it("the referee undoes it: /character edit sheet:destroyed=- and the sheet lists nothing destroyed; poison's kill destroys nothing", async () => {
    const e = await say("referee", "character edit", { name: "Mira", sheet: "destroyed=-" });
    expect(e.ephemeral).toBeFalsy();
    expect(text(e.message)).not.toMatch(/Destroyed:/);
    expect(text(e.message)).toMatch(/Weapons: staff 1d6, dagger 1d4/);
    // Poison is no destructive attack: Dorn (10 HP) dies of 12 poison damage with his sword whole.
    const p = await say("referee", "save", { character: "Dorn", kind: "poison", damage: "12", modifier: -20 });
    expect(text(p.message)).toMatch(/Dorn takes 12 damage: HP 10 → 0, dead\./);
    expect(text(p.message)).not.toMatch(/destroyed/);
    await say("referee", "encounter end");
    expect(h.local.validationErrors).toEqual([]);
  });
});
