import { describe, expect, it } from "vitest";
import { commandOf, DECLARE_MENU, ids } from "../../src/discord/ids.js";

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
    // Never cut: an id past Discord's 100 characters is refused (a programming error), not sent short.
    expect(() => ids.declare.build({ ...charge, action: "x".repeat(120) })).toThrow(/at most 100/);
    expect(ids.declare.parse(`declare:${enc}:one:charge`)).toBeNull();
  });

  it("reactions to a waiting attack: the attack, its version, the option (which may hold a colon)", () => {
    const parry = { pendingId: "cmpend0001", version: 0, optionId: "parry" };
    expect(ids.attack.build(parry)).toBe("attack:cmpend0001:0:parry");
    expect(ids.attack.parse(ids.attack.build(parry))).toEqual(parry);
    const aimed = { ...parry, version: 3, optionId: "cover:Bram" };
    expect(ids.attack.parse(ids.attack.build(aimed))).toEqual(aimed);
    expect(() => ids.attack.build({ ...parry, optionId: "o".repeat(120) })).toThrow(/at most 100/);
    expect(ids.attack.parse("attack:cmpend0001:0:")).toBeNull();
  });
});

describe("custom ids: rolls, wandering monsters, calls for rolls, the sheet form", () => {
  it("Roll again carries the roll", () => {
    expect(ids.rollAgain.build(42)).toBe("roll:again:42");
    expect(ids.rollAgain.parse(ids.rollAgain.build(42))).toBe(42);
    expect(ids.rollAgain.parse("roll:again:")).toBeNull();
  });

  it("Start encounter carries the wandering monster", () => {
    expect(ids.wandering.build("cmwand0001")).toBe("dungeon:start:cmwand0001");
    expect(ids.wandering.parse(ids.wandering.build("cmwand0001"))).toBe("cmwand0001");
    expect(ids.wandering.parse("dungeon:stop:cmwand0001")).toBeNull();
  });

  it("a call for checks or saves: a player's Roll and the referee's Results, under the call's command", () => {
    const roll = { kind: "call", call: "save", callId: "cmcall0001", characterId: "cmchar0001" } as const;
    expect(ids.call.build(roll)).toBe("save:call:cmcall0001:cmchar0001");
    expect(ids.call.parse(ids.call.build(roll))).toEqual(roll);
    const results = { kind: "results", call: "check", callId: "cmcall0001" } as const;
    expect(ids.call.build(results)).toBe("check:results:cmcall0001");
    expect(ids.call.parse(ids.call.build(results))).toEqual(results);
    expect(ids.call.parse("check:call:cmcall0001")).toBeNull();
  });

  it("the sheet form: a new sheet's modal (its name kept in the store), a step's button and modal, Done", () => {
    const fresh = { kind: "new", draftId: "AbC-12_xyz90" } as const;
    expect(ids.sheetForm.build(fresh)).toBe("character:new:AbC-12_xyz90");
    expect(ids.sheetForm.parse(ids.sheetForm.build(fresh))).toEqual(fresh);
    // The old form, with the owner and the name in the id, reads as no longer in use.
    expect(ids.sheetForm.parse("character:new:-:Una: the bold")).toBeNull();
    const step = { kind: "step", characterId: "cmchar0001", step: 2 } as const;
    expect(ids.sheetForm.build(step)).toBe("character:form:cmchar0001:2");
    expect(ids.sheetForm.parse(ids.sheetForm.build(step))).toEqual(step);
    const done = { kind: "done", characterId: "cmchar0001" } as const;
    expect(ids.sheetForm.build(done)).toBe("character:done:cmchar0001");
    expect(ids.sheetForm.parse(ids.sheetForm.build(done))).toEqual(done);
  });

  it("every family names the command that handles it first", () => {
    expect(commandOf(ids.next.build({ kind: "resolve", encounterId: enc }))).toBe("next");
    expect(commandOf(ids.call.build({ kind: "results", call: "save", callId: "x" }))).toBe("save");
    expect(commandOf(ids.sheetForm.build({ kind: "done", characterId: "x" }))).toBe("character");
  });
});
