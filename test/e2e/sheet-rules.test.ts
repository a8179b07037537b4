// Issue 20, point 3: sheets the rules fill in. Basic/Expert (seed 002 names ability
// scores, hit points and class tables without giving them; docs/rules/bx.md, "Sheets
// the rules fill in"): /character create roll:true rolls 3d6 in order for each ability,
// hit points by the class's hit die at each level, keeps what the player typed, and the
// sheet says which values the rules filled; THAC0 is read from the class's table. Then one
// B/X scene to its end: the referee asks the party for a save, collected in one message.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { writeFileSync } from "node:fs";
import { startE2E, buttons, text, type E2E } from "../helpers/e2e.js";

/** The dice of a hit-point sum as the fill shows it: "3 + 6", or with a modifier "(3 + 2) + (6 + 2)", "5 + 2". */
const facesOf = (terms: string, modified: boolean): number[] =>
  modified ? [...terms.matchAll(/(?:^|\()(\d+) [+−] \d/g)].map((m) => Number(m[1])) : terms.split(" + ").map(Number);

let h: E2E;
const transcript: string[] = [];
const log = (who: string, what: string, answer: string) =>
  transcript.push(
    `${who}> ${what}\n${answer
      .split("\n")
      .map((l) => `  ${l}`)
      .join("\n")}`,
  );
beforeAll(async () => {
  h = await startE2E();
  await h.cmd("referee", "campaign start", { system: "bx", name: "Keep" });
});
afterAll(async () => {
  if (process.env.TRANSCRIPT) writeFileSync(process.env.TRANSCRIPT, transcript.join("\n\n") + "\n");
  await h?.stop();
});

const sheetOf = async (name: string) =>
  JSON.parse((await h.app.services.store.db.character.findFirstOrThrow({ where: { name } })).sheet);

describe("a B/X sheet the rules fill in, then a party save", () => {
  it("roll:true rolls the abilities and hit points, keeps the player's class and level; THAC0 comes from the class's table", async () => {
    const r = await h.cmd("alice", "character create", { name: "Una", sheet: "class=fighter level=3", roll: true });
    const t = text(r.message);
    log("alice", '/character create name:Una sheet:"class=fighter level=3" roll:true', t);
    expect(t).toMatch(/^Created: Una/);
    const abilities =
      /Abilities, 3d6 in order: STR (\d+) \((\d), (\d), (\d)\) · INT (\d+) .* · CON (\d+) \(.*?\) · CHA (\d+)/.exec(t)!;
    expect(Number(abilities[1])).toBe(Number(abilities[2]) + Number(abilities[3]) + Number(abilities[4]));
    const hp = /Hit points, fighter 3d8(?: ([+−]) (\d) CON each)? \(at least 1 a die\): (.+?) = (\d+)\./.exec(t)!;
    expect(hp).not.toBeNull();
    // The sum in full, each die with the CON modifier, adds up.
    const con = hp[1] ? (hp[1] === "+" ? 1 : -1) * Number(hp[2]) : 0;
    const faces = facesOf(hp[3]!, con !== 0);
    expect(faces).toHaveLength(3);
    expect(Number(hp[4])).toBe(faces.reduce((a, f) => a + Math.max(1, f + con), 0));
    // Its dice line ends with the same number, the CON modifier a die said after the dice's own total (issue 41, point 8).
    const dice = /hit points: 3d8 \(\d, \d, \d\) = (?:\*\*(\d+)\*\*$|(\d+) → \*\*(\d+)\*\* \(([^)]+)\)$)/m.exec(t)!;
    expect(Number(dice[1] ?? dice[3])).toBe(Number(hp[4]));
    if (con) expect(dice[4]).toMatch(new RegExp(`^[+−]${Math.abs(con)} CON a die`));
    expect(t).toMatch(/Attack: THAC0 19 \(classic fighter table, level 3\)/);
    expect(t).toMatch(
      /Filled by the rules: Strength, Intelligence, Wisdom, Dexterity, Constitution, Charisma, Hit points · every other value is the player's own/,
    );
    const sheet = await sheetOf("Una");
    expect(sheet).toMatchObject({ class: "fighter", level: 3, str: Number(abilities[1]), hp: Number(hp[4]) });
    expect(sheet.thac0).toBeUndefined();
    // seed e2e-1 (the campaign's): the first three dice are STR's, 4 + 5 + 6 = 15.
    expect([abilities[2], abilities[3], abilities[4]].map(Number)).toEqual([4, 5, 6]);
  });

  it("a value the player changes becomes their own", async () => {
    const r = await h.cmd("alice", "character edit", { sheet: "hp=20" });
    expect(text(r.message)).toMatch(
      /Filled by the rules: Strength, Intelligence, Wisdom, Dexterity, Constitution, Charisma · every other/,
    );
  });

  it("a class without a classic table: the abilities are rolled, hit points and THAC0 are asked for", async () => {
    const r = await h.cmd("bob", "character create", {
      name: "Dorn",
      sheet: "class=witch-hunter hp=7 thac0=19",
      roll: true,
    });
    const t = text(r.message);
    log("bob", '/character create name:Dorn sheet:"class=witch-hunter hp=7 thac0=19" roll:true', t);
    expect(t).toMatch(/"witch-hunter" has no classic table here: give hp and thac0 yourself\./);
    expect(await sheetOf("Dorn")).toMatchObject({ class: "witch-hunter", hp: 7, thac0: 19 });
  });

  it("the scene ends with a party save collected in one message", async () => {
    const call = await h.cmd("referee", "save", { kind: "breath", players: "party" });
    log("referee", "/save kind:breath players:party", text(call.message));
    for (const [who, label] of [
      ["alice", "Roll: Una"],
      ["bob", "Roll: Dorn"],
    ] as const) {
      const b = buttons(call.message).find((x) => x.label === label)!;
      await h.press(who, call.message.id, b.id);
      log(who, `[${label}]`, text(call.message));
    }
    expect(text(call.message)).toMatch(/of 2 passed/);
    expect(text(call.message)).toMatch(/Everyone has rolled/);
    expect(h.local.validationErrors).toEqual([]);
  });
});
