import { describe, it, expect, beforeAll, afterAll } from "vitest";
import { startE2E, text, buttons, type E2E } from "../helpers/e2e.js";

let h: E2E;
beforeAll(async () => {
  h = await startE2E();
});
afterAll(async () => h?.stop());

describe("/roll through the local Discord", () => {
  it("registers every command with one bulk overwrite whose body matches Discord's schema", () => {
    const puts = h.local.requests.filter((r) => r.method === "PUT" && /\/commands$/.test(r.path));
    expect(puts.length).toBe(1);
    const names = h.local.commands().map((c) => c.name);
    expect(names).toEqual(expect.arrayContaining(["roll", "campaign", "verify"]));
  });

  it("answers with each die, dropped dice struck through, and a Roll again button", async () => {
    const r = await h.cmd("alice", "roll", { dice: "4d6kh3", reason: "strength" });
    expect(r.ephemeral).toBe(false);
    const t = text(r.message);
    expect(t).toMatch(/alice rolls for strength/);
    expect(t).toMatch(/4d6kh3 \(.*~~\d~~.*\) = \*\*\d+\*\*/);
    const [again] = buttons(r.message);
    expect(again!.label).toBe("Roll again");
    const r2 = await h.press("bob", r.message.id, again!.id);
    expect(text(r2.message)).toMatch(/bob rolls for strength/);
    expect(r2.message.id).not.toBe(r.message.id);
  });

  it("hidden rolls answer ephemerally and without a public button", async () => {
    const r = await h.cmd("alice", "roll", { dice: "1d20+5 [stealth]", hidden: true });
    expect(r.ephemeral).toBe(true);
    expect(buttons(r.message)).toEqual([]);
  });

  it("bad dice get an ephemeral message that points at the problem", async () => {
    const r = await h.cmd("alice", "roll", { dice: "5d6kh7" });
    expect(r.ephemeral).toBe(true);
    expect(r.message.content).toMatch(/7/);
    const r2 = await h.cmd("alice", "roll", { dice: "1d" });
    expect(r2.ephemeral).toBe(true);
    expect(r2.message.content).toMatch(/sides/);
  });

  it("a hidden roll is logged for the referee: /campaign rolls shows it to referees only", async () => {
    await h.cmd("referee", "campaign start", { system: "bx", name: "Log" });
    const r = await h.cmd("alice", "roll", { dice: "1d20 [secret door]", hidden: true });
    expect(r.ephemeral).toBe(true);
    const log = await h.cmd("referee", "campaign rolls", { hidden: true });
    expect(log.ephemeral).toBe(true);
    expect(text(log.message)).toContain(`🙈 <@${h.users.alice}> roll: \`1d20 [secret door]\` [13] = **13**`);
    const refused = await h.cmd("alice", "campaign rolls");
    expect(refused.message.content).toMatch(/Only a referee/);
  });

  it("every body the bot sent is valid against Discord's OpenAPI spec", () => {
    expect(h.local.validating).toBe(true);
    expect(h.local.validationErrors).toEqual([]);
  });
});
