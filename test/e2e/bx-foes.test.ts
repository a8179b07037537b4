// Issue 30 (B/X, seed 002): the foes a referee meets first, distance and ranges, the order within a side.
// Seeds are fixed (campaign e2e-1, encounters e2e-2, e2e-3…), so the dice below are the ones they give.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTable, text, type E2E, saying } from "../helpers/e2e.js";

const DEBUG = process.env.BX_E2E_DEBUG === "1";
let h: E2E;
const say = saying(() => h, DEBUG);
const sheetOf = async (name: string) => JSON.parse((await h.app.services.store.db.combatant.findFirstOrThrow({ where: { name } })).sheet);

beforeAll(async () => {
  h = await startTable("bx", [{ user: "alice", name: "Una", sheet: "class=fighter level=3 str=16 hp=18 ac=4 weapons=sword:1d8|shortbow:1d6:missile:no:no:0:no:50/100/150" }]);
});
afterAll(() => h?.stop());

describe("the foes a B/X referee meets first", () => {
  // Seed 002 has no monster list; the presets are the classic B/X stat lines (docs/rules/bx.md, "Monster presets").
  it("kobolds, a gnoll, wolves, giant rats and a ghoul come in as presets with the classic numbers, hit points rolled from their hit dice", async () => {
    const r = await say("referee", "encounter start", { monsters: "2 kobolds, 1 gnoll, 2 wolves, 1 giant rat, 1 ghoul", surprise: false });
    const t = text(r.message);
    // HD ½ is 1d4; HD 2 two d8s; HD 2+2 two d8s + 2
    expect(t).toMatch(/Kobold 1: HD 1\/2: 1d4 \(\d\) = \d HP/);
    expect(t).toMatch(/Gnoll: HD 2: 2d8 \(\d, \d\) = \d+ HP/);
    expect(t).toMatch(/Wolf 2: HD 2\+2: 2d8 \(\d, \d\) \+ 2 = \d+ HP/);
    expect(t).toMatch(/Giant Rat: HD 1\/2: 1d4/);
    expect(await sheetOf("Kobold 1")).toMatchObject({ class: "kobold", hd: "1/2", ac: 7, morale: 6, movement: 60, weapons: [{ damage: "1d4" }] });
    expect(await sheetOf("Gnoll")).toMatchObject({ hd: "2", ac: 5, morale: 8, weapons: [{ damage: "2d4" }] });
    expect(await sheetOf("Wolf 1")).toMatchObject({ hd: "2+2", ac: 7, movement: 180, weapons: [{ name: "bite", damage: "1d6" }] });
    expect(await sheetOf("Ghoul")).toMatchObject({ hd: "2", ac: 6, attacks: 3 });
    const help = await say("alice", "help", { topic: "bx" });
    expect(text(help.message)).toMatch(/kobold, giant rat, giant centipede, bandit, hobgoblin, stirge, zombie, gnoll, ghoul, lizard man, wolf, bugbear, dire wolf, owlbear/);
    await say("referee", "encounter end", {});
  });
});
