// The playground's "Try a fight": each system's commands (src/local/page/fights.js, which the page
// runs) go through the same control path the page uses, and leave a board with both sides on it.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FIGHTS, fightSteps } from "../../src/local/page/fights.js";
import type { Reply, StoredMessage } from "../../src/local/types.js";
import { buttons, startE2E, text, type E2E } from "../helpers/e2e.js";
import { SYSTEM_IDS } from "../../src/rules/systems/index.js";

let h: E2E;
let control: string;
beforeAll(async () => {
  h = await startE2E({ users: ["alice", "bob", "carol"] });
  h.local.defaults.guildId = h.guildId;
  control = h.local.apiUrl.replace(/\/api$/, "/_local");
});
afterAll(async () => {
  await h?.stop();
});

/** What a player would see as a blank control: a button with neither label nor emoji, a menu without a placeholder or an option without a label. */
function blanks(m: StoredMessage): string[] {
  const blank = (v: unknown) => typeof v !== "string" || !v.replace(/[\s\u200b]/g, "");
  const out: string[] = [];
  for (const row of (m.components ?? []) as Record<string, any>[])
    for (const c of row.components ?? []) {
      if (c.type === 2 && blank(c.label) && blank(c.emoji?.name)) out.push(`button ${c.custom_id}`);
      if (c.type === 3 && (blank(c.placeholder) || c.options.some((o: { label?: string }) => blank(o.label))))
        out.push(`menu ${c.custom_id}`);
    }
  return out;
}
const liveBoard = (channelId: string) =>
  [...h.local.channelMessages(channelId)]
    .filter((m) => !m.deleted && buttons(m).some((b) => b.id.startsWith("next:")))
    .pop();

const post = async (path: string, body: unknown) => {
  const res = await fetch(control + path, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  return (await res.json()) as { reply: Reply; created: StoredMessage[]; text: string; error?: string };
};

describe("Try a fight", () => {
  it("offers a fight for every system the campaign command offers", () => {
    type Option = { name: string; options?: Option[]; choices?: { value: string }[] };
    const campaign = h.local.commands().find((c) => c.name === "campaign") as unknown as Option;
    const systems = campaign.options
      ?.find((o) => o.name === "start")
      ?.options?.find((o) => o.name === "system")
      ?.choices?.map((c) => c.value);
    expect(systems?.length).toBe(SYSTEM_IDS.length);
    expect(Object.keys(FIGHTS).sort()).toEqual([...systems!].sort());
  });

  it("is the module the page loads", async () => {
    const base = h.local.apiUrl.replace(/\/api$/, "");
    const app = await fetch(`${base}/page/app.js`).then((r) => r.text());
    expect(app).toContain(`import { fightSteps } from "./fights.js"`);
    const res = await fetch(`${base}/page/fights.js`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^text\/javascript/);
    expect(await res.text()).toContain("export function fightSteps");
  });

  for (const system of Object.keys(FIGHTS)) {
    it(`sets up a ${system} fight: the board shows both characters and the monsters`, async () => {
      const channel = `fight-${system}`;
      let last: Awaited<ReturnType<typeof post>> | undefined;
      for (const [user, line] of fightSteps(system)) {
        h.typed.push(line);
        last = await post("/command", { line, user, channel });
        expect(last.error, `${user}: ${line}`).toBeUndefined();
        expect(last.reply.ephemeral, `${user}: ${line} → ${last.reply.message.content}`).toBeFalsy();
      }
      const channelId = h.local.world.findChannelByName(h.guildId, channel)!.id;
      const board = liveBoard(channelId);
      expect(board, last?.text).toBeDefined();
      expect(blanks(board!)).toEqual([]);
      const shown = text(board!);
      expect(shown).toContain("Wren");
      expect(shown).toContain("Tamsin");
      const monster = FIGHTS[system]!.monsters.replace(/^\d+\s+(\w)/, (_, c: string) => c.toUpperCase()).replace(
        /s$/,
        "",
      );
      expect(shown).toMatch(new RegExp(`Foes[\\s\\S]*${monster} 1`));

      // Then the fight plays: the referee rolls the order and strikes for Wren with the sheet's weapon.
      const roll = buttons(board!).find((b) => b.label.startsWith("Roll initiative"))!;
      const rolled = await post("/press", { messageId: board!.id, customId: roll.id, user: "alice" });
      expect(rolled.error).toBeUndefined();
      expect(rolled.reply.ephemeral, rolled.text).toBeFalsy();
      const line = `/attack attacker:Wren target:"${monster} 1" override:true`;
      h.typed.push(line);
      const attack = await post("/command", { line, user: "alice", channel });
      expect(attack.reply.ephemeral, attack.text).toBeFalsy();
      const weapon = /weapons=(\w+)/.exec(FIGHTS[system]!.sheets[0])![1]!;
      expect(text(attack.reply.message)).toMatch(new RegExp(`Wren attacks ${monster} 1[\\s\\S]*${weapon}`));
      // Every control a player sees on the way has a name: the attack's answers and the live board (its menu too).
      expect([
        ...blanks(rolled.reply.message),
        ...rolled.created.flatMap(blanks),
        ...blanks(attack.reply.message),
        ...attack.created.flatMap(blanks),
      ]).toEqual([]);
      expect(blanks(liveBoard(channelId)!)).toEqual([]);
    });
  }
});
