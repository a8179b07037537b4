// A new system is its folder and one line in the registry (docs/design.md, "Layers"; issue 46, point 2): this file
// is that folder and that line. A throwaway sixth system, built over B/X as the house rules are, with its own id,
// name, words, a plain mark and a family of marks, is registered here (not in src/rules/systems/index.ts) and
// fought through the local Discord: nothing shared was edited for it.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startE2E, text, liveBoard, nextUntilRound, type E2E } from "../helpers/e2e.js";
import { defineSystem } from "../../src/rules/systems/define.js";
import { bxManifest, bxSettingsFrom } from "../../src/rules/systems/bx/index.js";
import { BX_DEFAULT_SETTINGS, type BxSettings } from "../../src/rules/systems/bx/settings.js";
import { registerSystem, isDeclaredMark, systemOf, SYSTEM_IDS } from "../../src/rules/systems/index.js";
import { argOf, type FamilyTable } from "../../src/rules/marks.js";
import { bookWords } from "../../src/rules/books.js";
// Loaded before the system is registered, as the bot's commands are when another test started a bot first:
// /campaign start's systems and /help's topics are the registry's when the bot registers the commands.
import { command as campaignCommand } from "../../commands/campaign.js";
import { command as helpCommand } from "../../commands/help.js";
import type { AttackState, ConditionWord, RuleSystem } from "../../src/rules/systems/types.js";

// ---- the system's folder: its marks (a plain key and a family), its words, its manifest ----

declare module "../../src/rules/marks.js" {
  interface DeclaredMarks {
    sixth: "dazzled";
  }
  interface DeclaredFamilies {
    "marked by": `marked by:${string}`;
  }
}

const w = (label: string, lasts: ConditionWord["lasts"]): ConditionWord => ({ label, lasts });
const markedBy = (id: string) => `marked by:${id}` as const;
const SIXTH_FAMILIES = { "marked by": "text" } as const satisfies FamilyTable;

function createSixth(st: BxSettings): RuleSystem {
  const base = bxManifest(st);
  // Its attack is B/X's, and a hit leaves the defender dazzled and marked by its attacker until the encounter ends.
  const mark = (s: AttackState): AttackState =>
    s.final.some((e) => e.targetId === s.defenderId && (e.damage ?? 0) > 0)
      ? { ...s, final: [...s.final, { targetId: s.defenderId, addConditions: ["dazzled", markedBy(s.attackerId)] }] }
      : s;
  return defineSystem({
    ...base,
    id: "sixth",
    name: "Sixth Rules",
    seed: "990",
    words: {
      ...base.words,
      conditions: { ...base.words.conditions, dazzled: w("dazzled by the blow", "encounter") },
      families: { ...base.words.families, ...SIXTH_FAMILIES },
      describe: (c, name) => {
        const by = argOf(c, "marked by");
        return by === undefined ? base.words.describe?.(c, name) : w(`marked by ${name(by)}`, "encounter");
      },
    },
    attack: {
      begin: (input, dice) => mark(base.attack.begin(input, dice)),
      react: (state, id, input, dice) => mark(base.attack.react(state, id, input, dice)),
      lapse: (state, input, dice) => mark(base.attack.lapse(state, input, dice)),
    },
    campaignOptions: {
      ...base.campaignOptions,
      configure: (options) => createSixth(bxSettingsFrom(options) as BxSettings),
    },
  }) as unknown as RuleSystem;
}

// ---- its line in the registry ----

let unregister: () => void = () => {};

describe("a sixth system, registered by a test, end to end", () => {
  let h: E2E;
  beforeAll(async () => {
    unregister = registerSystem(createSixth(BX_DEFAULT_SETTINGS));
    h = await startE2E();
  });
  afterAll(async () => {
    await h?.stop();
    unregister();
  });

  it("is in the registry with its own id, name and marks", () => {
    expect(SYSTEM_IDS).toContain("sixth");
    expect(JSON.stringify(campaignCommand.data.toJSON())).toContain('"value":"sixth"');
    expect(JSON.stringify(helpCommand.data.toJSON())).toContain('"value":"sixth"');
    expect(systemOf("sixth").name).toBe("Sixth Rules");
    expect(isDeclaredMark("dazzled")).toBe(true);
    expect(isDeclaredMark("marked by:g1")).toBe(true);
    // Players read its book's name where its text is cited.
    expect(bookWords('seed 990, "Dazzle"')).toBe("Sixth Rules · Dazzle");
  });

  it("starts a campaign, an encounter and an attack whose marks the board shows, and ends", async () => {
    const c = await h.cmd("referee", "campaign start", { system: "sixth" });
    expect(text(c.message)).toMatch(/Sixth Rules/);
    const help = await h.cmd("alice", "help", { topic: "sixth" });
    expect(text(help.message)).toMatch(/Sixth Rules \(`sixth`\)/);
    expect(text((await h.cmd("alice", "help")).message)).toMatch(/`sixth`/);
    await h.cmd("alice", "character create", {
      name: "Mira",
      sheet: "class=fighter level=2 str=13 hp=12 ac=5 thac0=19 weapons=sword:1d8",
    });
    await h.cmd("referee", "encounter start", { name: "Hall", monsters: "1 skeleton" });
    await h.cmd("referee", "initiative");
    const attack = async () => text((await h.cmd("alice", "attack", { attacker: "Mira", target: "Skeleton" })).message);
    // B/X's attack (seed 002, "Attack Rolls"), with the fixed seeds: Mira misses in rounds 1 to 4 (d20 7, 4, 9, 8
    // + 1, needing 12), and hits in round 5 (d20 18 + 1 = 19) for 1d6+1 = 2.
    for (let round = 1; round < 5; round++) {
      expect(await attack()).toMatch(/Mira attacks Skeleton: miss/);
      await nextUntilRound(h, round + 1);
    }
    expect(await attack()).toMatch(/Skeleton takes 2 damage: HP 8 → 6\./);
    const board = text(await liveBoard(h));
    expect(board).toMatch(/dazzled by the blow/);
    expect(board).toMatch(/marked by Mira/);
    // Stored as the system's own keys, which the codec checks against what the registry declares when it reads them.
    const combatant = (name: string) => h.app.services.store.db.combatant.findFirstOrThrow({ where: { name } });
    const [mira, skeleton] = [await combatant("Mira"), await combatant("Skeleton")];
    expect(JSON.parse(skeleton.state).conditions).toEqual(expect.arrayContaining(["dazzled", `marked by:${mira.id}`]));
    const end = await h.cmd("referee", "encounter end");
    expect(text(end.message)).toMatch(/Seed \(revealed\)/);
    expect(h.local.validationErrors).toEqual([]);
  });
});

describe("a system a test registered", () => {
  it("leaves the registry, with its marks, when the test removes it", () => {
    const remove = registerSystem(createSixth(BX_DEFAULT_SETTINGS));
    expect(() => registerSystem(createSixth(BX_DEFAULT_SETTINGS))).toThrow(/already registered/);
    remove();
    expect(SYSTEM_IDS).not.toContain("sixth");
    expect(isDeclaredMark("dazzled")).toBe(false);
    expect(isDeclaredMark("marked by:g1")).toBe(false);
    // B/X's own families stay: the house rules and B/X declared them.
    expect(isDeclaredMark("moved:2")).toBe(true);
  });
});
