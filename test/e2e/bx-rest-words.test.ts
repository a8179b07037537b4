// Issue 42, point 32 (B/X part): docs/rules/bx.md says what the bot does. It named the rest place "safe camp", which
// /dungeon rest refuses: the command takes `safe` (listed as "safe camp: …"). This reads the page's words and runs
// them through the local Discord. Seeds are fixed (seedPrefix bx-rest-words).
import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { saying, startE2E, text, type E2E } from "../helpers/e2e.js";

let h: E2E;
const say = saying(() => h, process.env.BX_E2E_DEBUG === "1");
const page = readFileSync(new URL("../../docs/rules/bx.md", import.meta.url), "utf8");

beforeAll(async () => {
  h = await startE2E({ seedPrefix: "bx-rest-words" });
  await h.cmd("referee", "campaign start", { system: "bx" });
  await h.cmd("bob", "character create", { name: "Mira", sheet: "class=magic-user level=3 hp=9 ac=9" });
});
afterAll(() => h?.stop());

describe("docs/rules/bx.md: the rest places are the command's", () => {
  // seed 002, "Healing": "A character or monster recovers 1d3 hit points for each full day of complete rest."
  it("each place the page names is one /dungeon rest takes, and the safe camp's answer is the page's", async () => {
    const line = page.split("\n").find((l) => l.includes("/dungeon rest days:N [place]"));
    expect(line).toBeDefined();
    const places = [...line!.matchAll(/`(camp|safe|town|safe camp)`/g)].map((m) => m[1]);
    expect(places).toEqual(["camp", "safe", "town", "safe camp"]);
    const quoted = /the answer says "([^"]+)"/.exec(line!)?.[1];
    for (const place of ["camp", "safe", "town"]) {
      const r = await say("referee", "dungeon rest", { days: 1, place });
      expect(r.ephemeral, `${place}: ${r.message.content}`).toBeFalsy();
      if (place === "safe") expect(text(r.message)).toContain(quoted);
    }
    // The words the page used to give ("safe camp") are refused, as Discord refuses them.
    await expect(h.cmd("referee", "dungeon rest", { days: 1, place: "safe camp" })).rejects.toThrow(
      /must be one of "camp", "safe", "town"/,
    );
  });
});
