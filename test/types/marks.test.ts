// Compile-time checks, run by `npx tsc --noEmit -p tsconfig.json` (tsconfig includes test/): each
// `@ts-expect-error` fails the type check if the line below it compiles, so a mark key or a system id
// nobody declares must keep failing to compile. The vitest case only keeps the file a test file.
import { describe, expect, it } from "vitest";
import { attacking, type Mark } from "../../src/rules/marks.js";
import { oil } from "../../src/rules/systems/life-guard/marks.js";
import type { Effect } from "../../src/rules/systems/types.js";
import type { SystemId } from "../../src/rules/systems/index.js";

// Declared keys and families compile.
const ok: Mark[] = [
  "prone",
  "spear set",
  "rear-attacked",
  attacking("c1"),
  oil("sword", "undead"),
  "moved 3 squares",
  "cover:full",
];
const id: SystemId = "life-guard";

// @ts-expect-error an unknown plain key (a typo of "prone")
const typo: Mark = "pronee";
// @ts-expect-error an unknown family
const family: Mark = "flanking:c1";
// @ts-expect-error a family with the wrong argument ("cover:" takes light, partial, heavy or full)
const badCover: Mark = "cover:most";
// @ts-expect-error effects set only declared marks
const effect: Effect = { targetId: "c1", addConditions: ["chargng"] };
// @ts-expect-error an unknown system id
const system: SystemId = "dnd5e";

describe("typed marks", () => {
  it("declared keys build the keys stored before (the constructors make the same strings)", () => {
    expect(ok).toEqual([
      "prone",
      "spear set",
      "rear-attacked",
      "attacking:c1",
      "oil:sword:undead",
      "moved 3 squares",
      "cover:full",
    ]);
    expect([id, typo, family, badCover, effect.addConditions, system]).toHaveLength(6);
  });
});
