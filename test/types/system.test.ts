// Compile-time checks, run by `npx tsc --noEmit -p tsconfig.json` (tsconfig includes test/): each
// `@ts-expect-error` fails the type check if the line below it compiles, so a manifest missing a core member,
// refusing a group it has, or naming a group no system knows must keep failing to compile.
import { describe, expect, it } from "vitest";
import { capability, defineSystem, has, type Manifest } from "../../src/rules/systems/define.js";
import { siege } from "../../src/rules/systems/siege/index.js";
import { RuleError, type Capabilities } from "../../src/rules/systems/types.js";

type Sheet = Record<string, unknown>;
type Core = Omit<Manifest<Sheet, Partial<Capabilities<Sheet>>>, "can" | "lacks">;
const { can: _can, lacks: _lacks, ...core } = siege as unknown as Manifest<Sheet, Partial<Capabilities<Sheet>>>;
const { attack: _attack, ...noAttack } = core as Core;

// A manifest with its whole core and no groups compiles.
const bare = defineSystem({ ...(core as Core), can: {} });
// @ts-expect-error a manifest missing a core member (its attack)
const missing = defineSystem({ ...noAttack, can: {} });
// @ts-expect-error a group it has cannot also be refused
const both = defineSystem({ ...(core as Core), can: { fall: { fall: siege.fall } }, lacks: { fall: "no falls" } });
// @ts-expect-error a group no system knows
const unknown = has(siege, "flying");

describe("system manifests", () => {
  it("a group a system lacks is refused in its words, or the shared words naming the book", () => {
    expect([missing, both, unknown]).toHaveLength(3);
    expect(() => capability(siege, "morale")).toThrow(
      new RuleError(
        "Castles & Crusades combat has no morale roll: use /check Wisdom (or Charisma) for the leader of the foes.",
      ),
    );
    expect(() => capability(bare, "fall")).toThrow(
      new RuleError("Castles & Crusades has no falling rule here: give the damage as `amount`."),
    );
    expect(capability(siege, "fall").fall).toBe(siege.fall);
    expect(has(siege, "parley")).toBeUndefined();
  });
});
