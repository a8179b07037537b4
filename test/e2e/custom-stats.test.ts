// Issue 41, point 6: custom stats with several kinds of monsters. `stats` is for the kind its line names
// ("Wight: HD 3 AC 5 …"), several separated by ";"; the other kinds keep their preset. With several kinds
// and a line that names none, nothing starts and the answer says how to write it. Basic/Expert (seed 002).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTable, text, type E2E } from "../helpers/e2e.js";

let h: E2E;
beforeAll(async () => {
  h = await startTable("bx", [
    { user: "alice", name: "Una", sheet: "class=fighter level=3 str=16 hp=18 ac=4 thac0=17 weapons=sword:1d8" },
  ]);
});
afterAll(() => h?.stop());

const db = () => h.app.services.store.db;
const sheetOf = async (name: string) =>
  JSON.parse((await db().combatant.findFirstOrThrow({ where: { name, encounter: { status: "active" } } })).sheet);

describe("custom stats name the kind they are for", () => {
  it("several kinds and a stat line that names none: refused, with how to write it; nothing starts", async () => {
    const r = await h.cmd("referee", "encounter start", {
      monsters: "2 skeletons, Wight",
      stats: "HD 3 AC 5 ATK 1d4 ML 12",
    });
    expect(r.ephemeral).toBe(true);
    expect(r.message.content).toBe(
      "Several kinds of monsters: say which one the stats are for, in front of its stat line, e.g. stats: `Wight: HD 4+1 AC 5 ATK 1d10 ML 10`. One line a kind, separated by `;`; the kinds no line names keep their preset. Nothing was changed.",
    );
    expect(await db().encounter.count()).toBe(0);
  });

  it("a line that names a kind not listed is refused too", async () => {
    const r = await h.cmd("referee", "encounter start", {
      monsters: "2 skeletons, Wight",
      stats: "Wight: HD 3 AC 5; Ghast: HD 4 AC 4",
    });
    expect(r.ephemeral).toBe(true);
    expect(r.message.content).toBe(
      'The stats for "Ghast" are for none of the monsters listed (skeletons, Wight): list it in `monsters` too, or leave its line out. Nothing was changed.',
    );
    expect(await db().encounter.count()).toBe(0);
  });

  it("Wight: only the Wight gets the line; the skeletons keep the book's HD 1 and AC 7", async () => {
    const r = await h.cmd("referee", "encounter start", {
      monsters: "2 skeletons, Wight",
      stats: "Wight: HD 3 AC 5 ATK 1d4 ML 12 HP 13",
      surprise: false,
    });
    expect(r.ephemeral).toBeFalsy();
    expect(await sheetOf("Wight")).toMatchObject({ hd: "3", ac: 5, hp: 13, morale: 12 });
    for (const s of ["Skeleton 1", "Skeleton 2"]) {
      const sk = await sheetOf(s);
      expect(sk).toMatchObject({ hd: "1", ac: 7, morale: 12 });
      expect(sk.hp).toBeLessThanOrEqual(8);
    }
    // The skeletons' hit points are rolled from their own HD 1; the Wight's typed 13 is kept.
    expect(text(r.message)).toMatch(/Skeleton 1: HD 1: 1d8 \(\d\) = \d HP\nSkeleton 2: HD 1: 1d8 \(\d\) = \d HP/);
    expect(text(r.message)).not.toMatch(/Wight: HD/);
  });

  it("/encounter add: two stat lines for two kinds, a preset beside them; key=value with a name in front", async () => {
    const r = await h.cmd("referee", "encounter add", {
      monsters: "1 ghoul, 2 shadows, 1 zombie",
      stats: "Shadow: HD 2+2 AC 7 ATK 1d4 ML 12; Ghoul: hd=2 ac=4 hp=10 morale=9",
    });
    expect(r.ephemeral).toBeFalsy();
    expect(text(r.message)).toMatch(/Added Ghoul, Shadow 1, Shadow 2, Zombie\./);
    expect(await sheetOf("Ghoul")).toMatchObject({ hd: "2", ac: 4, hp: 10, morale: 9 });
    expect(await sheetOf("Shadow 1")).toMatchObject({ hd: "2+2", ac: 7, morale: 12 });
    expect(await sheetOf("Zombie")).toMatchObject({ hd: "2", ac: 8, morale: 12 });
  });

  it("one kind keeps today's stats: the line is that kind's, its name or the monsters' word", async () => {
    const r = await h.cmd("referee", "encounter add", { monsters: "2 sentries", stats: "HD 1 AC 6 ATK 1d6 ML 8 HP 5" });
    expect(r.ephemeral).toBeFalsy();
    expect(await sheetOf("Sentry 1")).toMatchObject({ hd: "1", ac: 6, hp: 5 });
    const alone = await h.cmd("referee", "encounter add", {
      monsters: "2",
      stats: "Hound HD 1+1 AC 7 ATK 1d6 ML 9 HP 6",
    });
    expect(text(alone.message)).toMatch(/Added Hound 1, Hound 2\./);
  });

  it("stats alone, several lines: one of each kind they name", async () => {
    await h.cmd("referee", "encounter end");
    const r = await h.cmd("referee", "encounter start", {
      stats: "Wight: HD 3 AC 5 HP 13; Shadow: HD 2+2 AC 7 HP 9",
      surprise: false,
    });
    expect(r.ephemeral).toBeFalsy();
    expect(await sheetOf("Wight")).toMatchObject({ ac: 5, hp: 13 });
    expect(await sheetOf("Shadow")).toMatchObject({ ac: 7, hp: 9 });
    await h.cmd("referee", "encounter end");
    const bare = await h.cmd("referee", "encounter start", { stats: "HD 3 AC 5; HD 2 AC 7" });
    expect(bare.message.content).toBe(
      "Name the monsters these stats are for: `monsters:2 ogres`, or put the name in front of each stat line.",
    );
  });

  it("/help says how to write stats for several kinds", async () => {
    const enc = text((await h.cmd("alice", "help", { topic: "encounters" })).message);
    expect(enc).toMatch(
      /With several kinds, name the one each line is for: `monsters:"2 skeletons, 1 wight" stats:"Wight: HD 3 AC 5"` \(several lines separated by `;`\); the others keep their preset\./,
    );
    const bx = text((await h.cmd("alice", "help", { topic: "bx" })).message);
    expect(bx).toMatch(
      /One stat line: `HD 4\+1 AC 5 ATK 1d10 ML 10` \(or key=value\)\. With several kinds of monsters, name the kind in front: `Wight: …`, one line a kind, separated by `;`\./,
    );
  });
});
