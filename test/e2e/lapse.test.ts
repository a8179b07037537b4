// docs/design.md, "Reactions", step 4: if nobody reacts, the attack resolves after the
// campaign's reaction window; the bot edits the attack's message itself.
import { describe, it, expect, afterAll } from "vitest";
import { startE2E, text, buttons, until, type E2E } from "../helpers/e2e.js";

let h: E2E;
let clock = Date.parse("2026-11-22T20:00:00Z");
afterAll(async () => h?.stop());

describe("the reaction window", () => {
  it("resolves a waiting attack when the window lapses, and removes its buttons", async () => {
    h = await startE2E({ sweepEveryMs: 25, now: () => new Date(clock) });
    await h.cmd("referee", "campaign start", { system: "third-age" });
    await h.cmd("referee", "campaign set", { option: "reactionWindow", value: "30" });
    await h.cmd("alice", "character create", { name: "Alda", sheet: "hp=10 successAC=8 stamina=2" });
    await h.cmd("referee", "encounter start", { monsters: "1 orc", surprise: false });
    await h.cmd("referee", "initiative");
    const a = await h.cmd("referee", "attack", { attacker: "Orc", target: "Alda" });
    expect(buttons(a.message).length).toBeGreaterThan(0);
    const db = h.app.services.store.db;
    await until(
      async () => (await db.pendingAction.count({ where: { status: "open", messageId: a.message.id } })) === 1,
    );
    // 29 s later: still open.
    clock += 29_000;
    await new Promise((r) => setTimeout(r, 150));
    expect(await db.pendingAction.count({ where: { status: "open" } })).toBe(1);
    clock += 2_000;
    await until(() => buttons(a.message).length === 0);
    expect(text(a.message)).toMatch(/No reaction came in time: resolved as it stood/);
    expect(await db.pendingAction.count({ where: { status: "open" } })).toBe(0);
    expect(h.local.validationErrors).toEqual([]);
  });
});
