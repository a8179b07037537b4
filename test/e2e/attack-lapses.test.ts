// DESIGN.md "Reactions": an attack nobody reacted to resolves as it stands when the next action in its
// encounter starts. The next /attack does it inside its own transaction (the lane's, on SQLite): the
// waiting attack is closed once, at its version, and its message loses its buttons.
import { describe, it, expect, afterAll } from "vitest";
import { startE2E, text, buttons, until, type E2E } from "../helpers/e2e.js";

let h: E2E;
afterAll(async () => h?.stop());

describe("the next attack", () => {
  it("resolves the attack still waiting for a reaction, then waits for its own", async () => {
    h = await startE2E({ seedPrefix: "attack-lapses" });
    await h.cmd("referee", "campaign start", { system: "third-age" });
    await h.cmd("alice", "character create", { name: "Alda", sheet: "hp=30 successAC=8 stamina=3" });
    await h.cmd("referee", "encounter start", { monsters: "2 orcs", surprise: false });
    await h.cmd("referee", "initiative");
    const db = h.app.services.store.db;
    const first = await h.cmd("referee", "attack", { attacker: "Orc 1", target: "Alda", override: true });
    expect(first.ephemeral, first.message.content ?? "").toBe(false);
    expect(buttons(first.message).length).toBeGreaterThan(0);
    await until(async () => (await db.pendingAction.count({ where: { status: "open", messageId: first.message.id } })) === 1);
    const waiting = await db.pendingAction.findFirstOrThrow({ where: { status: "open" } });
    expect(waiting).toMatchObject({ kind: "attack", version: 0, channelId: h.channelId });
    expect(waiting.createdAt).toBeInstanceOf(Date);
    expect(waiting.expiresAt.getTime()).toBeGreaterThan(waiting.createdAt.getTime() - 1000);

    const second = await h.cmd("referee", "attack", { attacker: "Orc 2", target: "Alda", override: true });
    expect(second.ephemeral, second.message.content ?? "").toBe(false);
    await until(() => buttons(first.message).length === 0);
    expect(text(first.message)).toMatch(/resolved as it stood/);
    const closed = await db.pendingAction.findUniqueOrThrow({ where: { id: waiting.id } });
    expect(closed).toMatchObject({ status: "done", version: 1 });
    expect(await db.pendingAction.count({ where: { status: "open" } })).toBe(1);
    expect(h.local.validationErrors).toEqual([]);
  });
});
