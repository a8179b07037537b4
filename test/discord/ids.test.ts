import { describe, expect, it } from "vitest";
import { DECLARE_MENU, ids } from "../../src/discord/ids.js";

// Ids posted before the codec existed must still read: each family is checked against the exact text
// the bot wrote, and read back to the same value.
const enc = "cmenc0001abcdefghijklmnop";

describe("custom ids: one codec, byte-identical to the ids already in Discord", () => {
  it("the board: Next carries the position it moves on from; Resolve the encounter", () => {
    const next = { kind: "next", encounterId: enc, round: 2, turn: 0, phase: "declare" } as const;
    expect(ids.next.build(next)).toBe(`next:${enc}:2:0:declare`);
    expect(ids.next.parse(ids.next.build(next))).toEqual(next);
    const resolve = { kind: "resolve", encounterId: enc } as const;
    expect(ids.next.build(resolve)).toBe(`next:${enc}:resolve`);
    expect(ids.next.parse(ids.next.build(resolve))).toEqual(resolve);
    expect(ids.next.parse(`next:${enc}:2`)).toBeNull();
    expect(ids.next.parse(`declare:${enc}:2:0:act`)).toBeNull();
  });

  it("declarations: the board's button and menu, the detail modal, the who-declares buttons", () => {
    const charge = { encounterId: enc, round: 1, action: "charge", who: null };
    expect(ids.declare.build(charge)).toBe(`declare:${enc}:1:charge`);
    expect(ids.declare.parse(ids.declare.build(charge))).toEqual(charge);
    const menu = { ...charge, action: DECLARE_MENU };
    expect(ids.declare.build(menu)).toBe(`declare:${enc}:1:menu`);
    const who = { ...charge, action: "spell:fireball", who: "cmchar0001" };
    expect(ids.declare.build(who)).toBe(`declare:${enc}:1:spell:fireball@cmchar0001`);
    expect(ids.declare.parse(ids.declare.build(who))).toEqual(who);
    // Cut at Discord's 100 characters, as before; what is left still reads.
    const long = ids.declare.build({ ...charge, action: "x".repeat(120) });
    expect(long).toHaveLength(100);
    expect(ids.declare.parse(long)).toEqual({ ...charge, action: "x".repeat(100 - `declare:${enc}:1:`.length) });
    expect(ids.declare.parse(`declare:${enc}:one:charge`)).toBeNull();
  });

  it("reactions to a waiting attack: the attack, its version, the option (which may hold a colon)", () => {
    const parry = { pendingId: "cmpend0001", version: 0, optionId: "parry" };
    expect(ids.attack.build(parry)).toBe("attack:cmpend0001:0:parry");
    expect(ids.attack.parse(ids.attack.build(parry))).toEqual(parry);
    const aimed = { ...parry, version: 3, optionId: "cover:Bram" };
    expect(ids.attack.parse(ids.attack.build(aimed))).toEqual(aimed);
    expect(ids.attack.build({ ...parry, optionId: "o".repeat(120) })).toHaveLength(100);
    expect(ids.attack.parse("attack:cmpend0001:0:")).toBeNull();
  });
});
