// Issue 20, point 6: the message command "Roll dice in this message" (a type 3
// application command), end to end through the local Discord: registered as
// Discord registers it (the body validated against Discord's OpenAPI description),
// picked from a message's Apps menu, every dice expression in it rolled: plainly
// outside a campaign, in the campaign's stream (logged, verifiable) inside one.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startE2E, buttons, text, type E2E } from "../helpers/e2e.js";
import { handleControl } from "../../src/local/control.js";

const MENU = "Roll dice in this message";
let h: E2E;
beforeAll(async () => {
  h = await startE2E();
});
afterAll(() => h?.stop());

describe("Roll dice in this message", () => {
  it("is registered as a message command, and the registration is valid by Discord's spec", async () => {
    const all = [...h.local.commands(), ...h.local.commands(h.guildId)];
    const menu = all.find((c) => c.name === MENU)!;
    expect(menu.type).toBe(3);
    expect(menu.description).toBe("");
    expect(all.filter((c) => c.type === 1).length).toBeGreaterThan(10);
    expect(h.local.validationErrors).toEqual([]);
  });

  it("outside a campaign: rolls every expression it finds, plainly", async () => {
    const said = h.say("alice", "I swing: 1d20+5 to hit, then 1d8 + 3 damage (3 dwarves watch)");
    const r = await h.menu("bob", MENU, said.id);
    expect(r.ephemeral).toBe(false);
    const t = text(r.message);
    expect(t).toMatch(/^bob rolls for the dice in alice's message/);
    expect(t).toMatch(/1d20 \+ 5: 1d20 \(\d+\) \+ 5 = \*\*\d+\*\*/);
    expect(t).toMatch(/1d8 \+ 3: 1d8 \(\d+\) \+ 3 = \*\*\d+\*\*/);
    expect(t).toMatch(/1d20\+5; 1d8\+3 · outside a campaign/);
    // Its answer names the command as Discord does a message command's: its words, no slash (issue 41, point 8).
    expect(r.message.interaction_metadata).toMatchObject({ name: MENU, command_type: 3 });
    expect(h.local.validationErrors).toEqual([]);
  });

  it("in a campaign: from its stream, logged with the roll's number", async () => {
    await h.cmd("referee", "campaign start", { system: "bx", name: "Keep" });
    const said = h.say("alice", "Damage is 2d6 for the ogre");
    const r = await h.menu("alice", MENU, said.id);
    const t = text(r.message);
    // seed e2e-1 (the campaign's): 2d6 shows [4, 5].
    expect(t).toMatch(/^alice rolls for the dice in alice's message\n2d6 \(4, 5\) = \*\*9\*\*/);
    // Logged (the count below), but players never read the roll's row id.
    expect(t).toMatch(/from the campaign "Keep" stream · #\d+ in \/verify$/);
    expect(buttons(r.message).map((b) => b.label)).toEqual(["Roll again"]);
    expect(
      await h.app.services.store.db.roll.count({
        where: { purpose: "the dice in alice's message", campaignId: { not: null } },
      }),
    ).toBe(1);
  });

  it("the local CLI's menu: the same command from the playground, mentions shown by name", async () => {
    const said = h.say("alice", "<@" + h.users.bob + "> roll 1d4 for the rope");
    const r = (await handleControl(h.local, "POST", "/_local/menu", new URLSearchParams(), {
      name: MENU,
      messageId: said.id,
      user: "bob",
    })) as { status: number; body: { text: string } };
    expect(r.status).toBe(200);
    expect(r.body.text).toMatch(/rolls for the dice in alice's message/);
    const msgs = (await handleControl(
      h.local,
      "GET",
      "/_local/messages",
      new URLSearchParams({ channel: h.channelId }),
      undefined,
    )) as { body: { text: string } };
    expect(msgs.body.text).toContain("@bob roll 1d4 for the rope");
  });

  it("a message without dice: says so, only to the one who asked, and rolls nothing", async () => {
    const before = await h.app.services.store.db.roll.count();
    const said = h.say("alice", "We open the door, carefully.");
    const r = await h.menu("bob", MENU, said.id);
    expect(r.ephemeral).toBe(true);
    expect(r.message.content).toMatch(/no dice expression to roll/);
    expect(await h.app.services.store.db.roll.count()).toBe(before);
  });
});
