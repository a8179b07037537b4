// /declare: "none" takes this round's declarations back, but a system's own declaration whose id is
// one of those words is declared, not mistaken for a withdrawal (Castles & Crusades' fighting
// disengage is "withdraw": seed 003, "Disengage").
import { describe, it, expect, beforeAll, afterAll } from "vitest";
import { liveBoard, startE2E, text, type E2E } from "../helpers/e2e.js";

describe("declaring and withdrawing", () => {
  let h: E2E;
  beforeAll(async () => {
    h = await startE2E({ seedPrefix: "declare-words" });
    await h.cmd("referee", "campaign start", { system: "siege" });
    await h.cmd("alice", "character create", {
      name: "Una",
      sheet: "level=3 str=14 dex=16 bth=3 ac=12 hpMax=20 move=30 weapons=longsword:1d8",
    });
    await h.cmd("referee", "encounter start", { name: "Gate", monsters: "1 ogre", surprise: false });
  });
  afterAll(async () => h?.stop());

  it("a declaration whose id is 'withdraw' is declared; 'none' takes it back", async () => {
    const d = await h.cmd("alice", "declare", { action: "withdraw" });
    expect(d.ephemeral, d.message.content ?? "").toBe(false);
    expect(text(d.message)).toMatch(/Una declares Disengage \(fighting\)/);
    // The declaration's result is the record; the roster line is on the board below it.
    expect(text(await liveBoard(h))).toMatch(/declared: Disengage \(fighting\)/);
    const n = await h.cmd("alice", "declare", { action: "none" });
    expect(text(n.message)).toMatch(/Una withdraws this round's declarations/);
    expect(text(n.message)).not.toMatch(/declared:/);
    expect(text(await liveBoard(h))).not.toMatch(/declared:/);
  });
});
