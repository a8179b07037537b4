// Each system versions what it stores (docs/design.md, "Stored data"). Life & Guard's state is at version 1: the
// maximum Life a Head Wound takes until treated is `headWoundLoss`, which version 0 named `lifeMaxPenalty`. A row the
// release before wrote (no system version) reads upgraded through the product's normal path, through the local
// Discord on a real SQLite store, and plays as the same row stored at version 1; a row at version 1 reads as it is.
import { describe, it, expect, beforeAll, afterAll } from "vitest";
import { startE2E, text, type E2E } from "../helpers/e2e.js";

const sheet = JSON.stringify({ life: 6, guard: 0, weapons: [{ name: "Club", die: "d6" }] });

/** The wound as Scar row 6 leaves it (a d6 of 3) with Life down to 2: as the release before wrote it, and as this one does. */
const OLD_ROW =
  '{"v":2,"conditions":["head wound"],"life":2,"lifeMax":6,"lifeMaxPenalty":3,"guard":0,"guardMax":0,"scars":[]}';
const NEW_ROW =
  '{"v":2,"sv":1,"conditions":["head wound"],"life":2,"lifeMax":6,"headWoundLoss":3,"guard":0,"guardMax":0,"scars":[]}';

describe("stored versions: a Life & Guard state stored before its version 1", () => {
  let h: E2E;
  const db = () => h.app.services.store.db;
  const stateOf = async (name: string) => (await db().character.findFirstOrThrow({ where: { name } })).state;
  const setState = async (name: string, state: string) =>
    db().character.update({
      where: { id: (await db().character.findFirstOrThrow({ where: { name } })).id },
      data: { state },
    });
  /** What a command says for one character, with its name and owner put aside: the same for Old and New when they play the same. */
  const said = async (
    user: string,
    command: string,
    name: string,
    options: Record<string, string | number | boolean> = {},
  ) =>
    text((await h.cmd(user, command, { [command === "heal" ? "target" : "name"]: name, ...options })).message)
      .replaceAll(name, "<who>")
      .replace(/<@\d+>/g, "<@owner>");

  beforeAll(async () => {
    h = await startE2E({ seedPrefix: "stored-versions" });
    await h.cmd("referee", "campaign start", { system: "life-guard" });
    await h.cmd("alice", "character create", { name: "Old", sheet });
    await h.cmd("bob", "character create", { name: "New", sheet });
  });
  afterAll(async () => h?.stop());

  it("a new character's state is written at Life & Guard's version 1", async () => {
    const fresh = JSON.parse(await stateOf("New")) as Record<string, unknown>;
    expect([fresh.v, fresh.sv, fresh.headWoundLoss, "lifeMaxPenalty" in fresh]).toEqual([2, 1, 0, false]);
  });

  // seed 004, "Scars", row 6: "Minus d6 maximum Life until you are treated."
  it("a row stored before reads as the same row at version 1: the sheet, healing, a fight and the treatment", async () => {
    await setState("Old", OLD_ROW);
    await setState("New", NEW_ROW);
    const shown = await said("alice", "character show", "Old");
    expect(shown).toMatch(/Life 2\/3/);
    expect(await said("bob", "character show", "New")).toBe(shown);
    // Reading changes no row: the old one stays as it was until it is written, the current one as it is.
    expect([await stateOf("Old"), await stateOf("New")]).toEqual([OLD_ROW, NEW_ROW]);

    const healed = await said("referee", "heal", "Old", { amount: 1 });
    expect(healed).toMatch(/Life 3\/3/);
    expect(await said("referee", "heal", "New", { amount: 1 })).toBe(healed);
    // Written back at version 1, the field under its new name.
    const upgraded = JSON.parse(await stateOf("Old")) as Record<string, unknown>;
    expect([upgraded.sv, upgraded.headWoundLoss, "lifeMaxPenalty" in upgraded]).toEqual([1, 3, false]);
    expect(JSON.parse(await stateOf("Old"))).toEqual(JSON.parse(await stateOf("New")));

    // A fight: both come in with the wound, and a combatant's row stored before reads the same too.
    await setState("Old", OLD_ROW);
    await setState("New", NEW_ROW);
    await h.cmd("referee", "encounter start", { name: "Ford", monsters: "1 standard", surprise: false });
    const enc = await db().encounter.findFirstOrThrow({ where: { status: "active" } });
    const old = await db().combatant.findFirstOrThrow({ where: { name: "Old", encounterId: enc.id } });
    expect(JSON.parse(old.state)).toMatchObject({ sv: 1, headWoundLoss: 3, life: 2 });
    await db().combatant.update({ where: { id: old.id }, data: { state: OLD_ROW } });
    const board = text((await h.cmd("alice", "encounter show")).message);
    expect(board).toMatch(/Old\*\* `[^`]*` Guard 0\/0 · Life 2\/3/);
    expect(board).toMatch(/New\*\* `[^`]*` Guard 0\/0 · Life 2\/3/);
    const inFight = await said("referee", "heal", "Old", { amount: 1 });
    expect(inFight).toMatch(/Life 3\/3/);
    expect(await said("referee", "heal", "New", { amount: 1 })).toBe(inFight);
    await h.cmd("referee", "encounter end");

    // Between fights again: treatment ends the wound and its loss, for both alike.
    const treated = await said("alice", "heal", "Old", { treat: true });
    expect(treated).toMatch(/<who>'s Head Wound is treated: maximum Life restored \(6\)\.\nNow Guard 0\/0 · Life 3\/6/);
    expect(await said("bob", "heal", "New", { treat: true })).toBe(treated);
    expect(JSON.parse(await stateOf("Old"))).toEqual(JSON.parse(await stateOf("New")));
  });
});
