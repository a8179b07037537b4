// /declare: a declaration that excludes another replaces it, and takes back only the marks of the one it
// replaces; the marks of declarations kept stay (B/X house rules, seed 001, "MISC COMBAT RULES": a set spear,
// a parry and a fighting withdrawal are declared before initiative; a withdrawal replaces a parry, not a set spear).
import { describe, it, expect, beforeAll, afterAll } from "vitest";
import { liveBoard, startE2E, text, type E2E } from "../helpers/e2e.js";

describe("a declaration that replaces another", () => {
  let h: E2E;
  const conditions = async (name: string) =>
    (
      JSON.parse((await h.app.services.store.db.combatant.findFirstOrThrow({ where: { name } })).state) as {
        conditions: string[];
      }
    ).conditions;
  beforeAll(async () => {
    h = await startE2E({ seedPrefix: "declare-replace" });
    await h.cmd("referee", "campaign start", { system: "bx-house" });
    await h.cmd("alice", "character create", {
      name: "Pike",
      sheet: "class=fighter level=1 hp=8 ac=5 thac0=19 weapons=spear:1d6",
    });
    await h.cmd("referee", "encounter start", { name: "Ford", monsters: "1 ogre", surprise: false });
  });
  afterAll(async () => h?.stop());

  it("a fighting withdrawal replaces a parry: the parry's mark goes, the spear set before it stays", async () => {
    await h.cmd("alice", "declare", { action: "set spear" });
    const parry = await h.cmd("alice", "declare", { action: "parry" });
    // The declaration's result is the record; the roster line is on the board below it.
    expect(text(parry.message)).toMatch(/Pike declares Parry/);
    expect(text(await liveBoard(h))).toMatch(/declared: Set spear, Parry/);
    expect(await conditions("Pike")).toEqual(["spear set", "parrying"]);
    const back = await h.cmd("alice", "declare", { action: "withdrawal" });
    expect(back.ephemeral, back.message.content ?? "").toBe(false);
    expect(text(await liveBoard(h))).toMatch(/declared: Set spear, Fighting withdrawal/);
    expect(await conditions("Pike")).toEqual(["spear set", "withdrawing"]);
    // "none" still takes back every declaration of the round, and every mark they set.
    const none = await h.cmd("alice", "declare", { action: "none" });
    expect(text(none.message)).toMatch(/Pike withdraws this round's declarations/);
    expect(text(none.message)).not.toMatch(/declared:/);
    expect(text(await liveBoard(h))).not.toMatch(/declared:/);
    expect(await conditions("Pike")).toEqual([]);
  });
});
