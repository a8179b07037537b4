// A mark that lasts the 10-minute turn (seed 001, "Charging": "no more than once per 10 minute
// Turn") ends when a fight's own rounds carry the campaign's clock into the next turn.
import { describe, it, expect, beforeAll, afterAll } from "vitest";
import { startE2E, type E2E } from "../helpers/e2e.js";
import { wordFor } from "../../src/rules/round/words.js";
import { systemOf } from "../../src/rules/systems/index.js";

describe("turn-long marks in a long fight", () => {
  let h: E2E;
  beforeAll(async () => {
    h = await startE2E({ seedPrefix: "turn-marks" });
    await h.cmd("referee", "campaign start", { system: "bx-house" });
    await h.cmd("alice", "character create", {
      name: "Dorn",
      sheet: "class=fighter level=3 str=16 dex=13 hp=18 ac=4 thac0=17 weapons=sword:1d8",
    });
  });
  afterAll(async () => h?.stop());

  it("a charge made in the last round of a turn no longer bars one in the next", async () => {
    expect(wordFor(systemOf("bx-house").words, "charged").lasts).toBe("turn");
    const db = h.app.services.store.db;
    const campaign = await db.campaign.findFirstOrThrow();
    // 59 rounds into the campaign: the fight's first round is the turn's last.
    await db.clock.upsert({
      where: { campaignId: campaign.id },
      create: { campaignId: campaign.id, rounds: 58 },
      update: { rounds: 58 },
    });
    // Dorn charged in an earlier fight of this turn: the mark is kept on the sheet for the turn and comes into this fight.
    const c = await db.character.findFirstOrThrow({ where: { name: "Dorn" } });
    const st = JSON.parse(c.state) as { conditions: string[] };
    await db.character.update({
      where: { id: c.id },
      data: { state: JSON.stringify({ ...st, conditions: [...st.conditions, "charged"] }) },
    });
    await h.cmd("referee", "encounter start", {
      name: "Hall",
      monsters: "Brute",
      stats: "hd=2 hp=9 ac=6 thac0=8",
      surprise: false,
    });
    await h.cmd("referee", "initiative"); // round 1: the clock reaches 59
    expect(JSON.parse((await db.combatant.findFirstOrThrow({ where: { name: "Dorn" } })).state).conditions).toContain(
      "charged",
    );
    for (let i = 0; i < 6 && (await db.clock.findFirstOrThrow()).rounds < 60; i++) await h.cmd("referee", "next");
    expect((await db.clock.findFirstOrThrow()).rounds).toBe(60);
    expect(
      JSON.parse((await db.combatant.findFirstOrThrow({ where: { name: "Dorn" } })).state).conditions,
    ).not.toContain("charged");
    expect(
      JSON.parse((await db.character.findFirstOrThrow({ where: { name: "Dorn" } })).state).conditions,
    ).not.toContain("charged");
  });
});
