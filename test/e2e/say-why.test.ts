// Issue 20, point 9: say what changed, and why. /help names the /attack options
// as registered (bx-house reads `behind`, not "rear"); a campaign option that
// changes a roll says so where it applies (seed 002, "Rolling for Damage": every
// attack 1d6 unless "Variable Weapon Damage (Optional Rule)" is chosen).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTable, text, type E2E } from "../helpers/e2e.js";
import type { RESTPostAPIChatInputApplicationCommandsJSONBody } from "discord.js";
import { loadCommands } from "../../src/discord/commands.js";
import { SYSTEM_IDS, systemOf } from "../../src/rules/systems/index.js";
import { situationOption } from "../../src/discord/situation.js";

let h: E2E;
beforeAll(async () => {
  h = await startTable("bx", [
    { user: "alice", name: "Una", sheet: "class=fighter level=3 str=16 hp=18 ac=4 thac0=17 weapons=longsword:1d8" },
  ]);
});
afterAll(() => h?.stop());

describe("say what changed, and why", () => {
  it("every situation a system reads is an option /attack registers, and /help names it so", async () => {
    const attack = (await loadCommands())
      .get("attack")!
      .data.toJSON() as RESTPostAPIChatInputApplicationCommandsJSONBody;
    const names = new Set((attack.options ?? []).map((o) => o.name));
    for (const id of SYSTEM_IDS)
      for (const k of systemOf(id).situations) expect(names, `${id}: ${k}`).toContain(situationOption(k));
    const help = await h.cmd("alice", "help", { topic: "bx-house" });
    const t = text(help.message);
    expect(t).toMatch(/\/attack options this system reads: .*`behind`/);
    expect(t).not.toMatch(/`rear`/);
  });

  it("a longsword rolled as 1d6 under the campaign's damage=d6 says so", async () => {
    // Hit points typed, so that nothing is rolled for them.
    await h.cmd("referee", "encounter start", {
      monsters: "1 goblin",
      stats: "HD 1-1 AC 6 HP 3 ATK 1d6",
      surprise: false,
    });
    await h.cmd("referee", "initiative");
    // seed e2e-2 (the encounter's): d20 12 +2 = 14 hits AC 6 (needs 11); 1d6 5 +2.
    const hit = text((await h.cmd("alice", "attack", { attacker: "Una", target: "Goblin" })).message);
    expect(hit).toMatch(/d20 12 \(STR \+2\) = 14; needs 11/);
    expect(hit).toMatch(/Damage 1d6 \(STR \+2\): 5/);
    expect(hit).toMatch(/1d6 by the campaign option damage=d6 \(every attack 1d6\): the sheet's longsword is 1d8\./);
  });
});
