// Issue 42, point 31: a campaign card lists only the options that do something in its system. Which options
// a system leaves unused comes from its row (campaignOptions.unused), never from its id.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startE2E, text, type E2E } from "../helpers/e2e.js";

let h: E2E;
beforeAll(async () => {
  h = await startE2E({ seedPrefix: "options" });
  await h.cmd("referee", "campaign start", { system: "life-guard" });
});
afterAll(() => h?.stop());

describe("Life & Guard's campaign card", () => {
  // seed 004, "Using a grid or UDT": "PCs act first within each round." ... "Subsequent rounds alternate between PCs
  // and opponents": no initiative is rolled, so its method and adding Dexterity change nothing.
  it("leaves out the initiative method and adding Dexterity; the options that act are still there", async () => {
    const card = text((await h.cmd("referee", "campaign show")).message);
    expect(card).not.toMatch(/initiative method/);
    expect(card).not.toMatch(/add Dexterity/);
    expect(card).toMatch(/\*\*seconds a reaction stays open\*\*: 60/);
    expect(card).toMatch(/\*\*wandering-monster chance, X in 6\*\*: 0/);
    expect(card).toMatch(/\*\*turns a torch burns\*\*: 6/);
  });

  it("/campaign set refuses them, saying why, and changes nothing", async () => {
    const before = await h.app.services.store.db.campaign.findFirstOrThrow({ where: { channelId: h.channelId } });
    const r = await h.cmd("referee", "campaign set", { option: "initiative", value: "individual" });
    expect(r.ephemeral).toBe(true);
    expect(r.message.content).toBe(
      '"initiative method" does nothing in Life & Guard: no initiative is rolled: the PCs act, then their opponents. Nothing was changed.',
    );
    const dex = await h.cmd("referee", "campaign set", { option: "initiativeDex", value: "on" });
    expect(dex.ephemeral).toBe(true);
    expect(dex.message.content).toMatch(/^"add Dexterity to individual initiative" does nothing in Life & Guard/);
    const after = await h.app.services.store.db.campaign.findFirstOrThrow({ where: { channelId: h.channelId } });
    expect(after.settings).toBe(before.settings);
    expect(after.version).toBe(before.version);
  });
});
