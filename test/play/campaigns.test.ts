import { describe, it, expect, beforeEach, afterEach } from "vitest";
import { testServices, actor } from "../helpers/services.js";
import {
  addReferee,
  endCampaign,
  setOption,
  setRefereeRole,
  showCampaign,
  startCampaign,
} from "../../src/play/campaigns/index.js";
import { rollDice } from "../../src/play/rolls.js";
import { verify } from "../../src/play/verify.js";
import { commitment } from "../../src/rules/dice/stream.js";

let s: Awaited<ReturnType<typeof testServices>>;
beforeEach(async () => (s = await testServices()));
afterEach(async () => s.cleanup());

const ref = actor("ref");
const player = actor("player");

describe("campaigns", () => {
  it("starts one live campaign per channel, committing to its seed", async () => {
    const v = await startCampaign(s, ref, { system: "third-age", name: "Barrowmaze" });
    expect(v.campaign.seed).toBe("seed-1");
    expect(v.campaign.seedHash).toBe(commitment("seed-1"));
    expect(v.settings.reactionWindow).toBe(60);
    await expect(startCampaign(s, ref, { system: "bx" })).rejects.toThrow(/already has a live campaign/);
    await expect(startCampaign(s, ref, { system: "gurps" })).rejects.toThrow(/not a system/);
  });

  it("isolates channels and servers: a command in channel B never sees campaign A", async () => {
    await startCampaign(s, ref, { system: "bx", name: "A" });
    await expect(showCampaign(s, actor("ref", { channelId: "c2" }))).rejects.toThrow(/no campaign in this channel/);
    await expect(showCampaign(s, actor("ref", { guildId: "g2" }))).rejects.toThrow(/no campaign in this channel/);
    await expect(setOption(s, actor("ref", { channelId: "c2" }), "reactionWindow", "30")).rejects.toThrow(
      /no campaign/,
    );
    const b = await startCampaign(s, actor("ref", { channelId: "c2" }), { system: "siege", name: "B" });
    expect(b.campaign.name).toBe("B");
    expect((await showCampaign(s, ref)).campaign.name).toBe("A");
  });

  it("a thread belongs to its parent channel's campaign", async () => {
    await startCampaign(s, ref, { system: "life-guard", name: "Threaded" });
    const inThread = actor("player", { channelId: "thread-1", parentChannelId: "c1" });
    expect((await showCampaign(s, inThread)).campaign.name).toBe("Threaded");
  });

  it("only referees change options; bad values change nothing and say what to use", async () => {
    await startCampaign(s, ref, { system: "third-age" });
    await expect(setOption(s, player, "reactionWindow", "30")).rejects.toThrow(/Only a referee/);
    await expect(setOption(s, ref, "reactionWindow", "5")).rejects.toThrow(/use 10 to 3600/);
    await expect(setOption(s, ref, "colour", "red")).rejects.toThrow(/no option "colour"/);
    expect((await showCampaign(s, ref)).settings.reactionWindow).toBe(60);
    const v = await setOption(s, ref, "initiative", "individual");
    expect(v.settings.initiative).toBe("individual");
    expect((await setOption(s, ref, "initiativeDex", "on")).settings.initiativeDex).toBe(true);
  });

  it("added referees and members of the referee role can referee", async () => {
    await startCampaign(s, ref, { system: "bx" });
    await addReferee(s, ref, "co-ref");
    expect((await setOption(s, actor("co-ref"), "ties", "reroll")).settings.ties).toBe("reroll");
    await setRefereeRole(s, ref, "role-gm");
    expect((await setOption(s, actor("someone", { roleIds: ["role-gm"] }), "damage", "d6")).settings.damage).toBe("d6");
    await expect(setOption(s, actor("someone"), "damage", "weapon")).rejects.toThrow(/Only a referee/);
  });

  it("ending reveals the seed and /verify replays every campaign roll", async () => {
    await startCampaign(s, ref, { system: "third-age" });
    const a = await rollDice(s, player, { expression: "4d6kh3", reason: "strength" });
    const b = await rollDice(s, player, { expression: "1d20+5; 2d6!", hidden: true });
    await expect(verify(s, player, {})).rejects.toThrow(/Nothing here has ended yet/);
    await expect(endCampaign(s, player)).rejects.toThrow(/Only a referee/);
    const ended = await endCampaign(s, ref);
    expect(ended.campaign.seed).toBe("seed-1");
    expect(ended.rolls).toBe(2);
    const r = await verify(s, player, {});
    expect(r.commitmentOk).toBe(true);
    expect(r.entries.map((e) => e.ok)).toEqual([true, true]);
    expect(r.entries[0]!.expected).toEqual(a.outcome.parts[0]!.dice.map((d) => d.value));
    expect(r.entries[1]!.expected.length).toBe(b.outcome.diceRolled);
  });

  it("/verify catches a tampered roll", async () => {
    await startCampaign(s, ref, { system: "bx" });
    const a = await rollDice(s, player, { expression: "3d6" });
    await rollDice(s, player, { expression: "1d20" });
    await endCampaign(s, ref);
    const faces = a.outcome.parts[0]!.dice.map((d) => d.value);
    faces[0] = (faces[0]! % 6) + 1;
    await s.store.db.roll.update({ where: { id: a.rollId! }, data: { faces: JSON.stringify(faces) } });
    const r = await verify(s, player, {});
    expect(r.entries.map((e) => e.ok)).toEqual([false, true]);
    expect(r.matched).toBe(1);
  });
});
