import { describe, expect, it } from "vitest";
import { wordFor } from "../../../src/rules/round/words.js";
import type { AttackInput, Combatant, DeclareInput } from "../../../src/rules/systems/types.js";
import { lifeGuard, type LifeGuardSheet } from "../../../src/rules/systems/life-guard/index.js";
import { faces, monster, pc } from "./helpers.js";
import { standing } from "../standing.js";
import type { Mark } from "../../../src/rules/marks.js";

type C = Combatant<LifeGuardSheet>;
const decl = (
  who: C,
  id: string,
  detail?: string,
  others: C[] = [],
  round = 1,
  declared: string[] = [],
): DeclareInput<LifeGuardSheet> => ({
  who,
  id,
  others,
  round,
  declared,
  ...(detail !== undefined ? { detail } : {}),
});
const withConds = (c: C, add: Mark[]): C => ({
  ...c,
  state: { ...c.state, conditions: [...c.state.conditions, ...add] },
});
const ids = (cs: { id: string }[]) => cs.map((c) => c.id);

describe("declarations", () => {
  // seed 004, "Movement": "Characters spend an Action move between adjacent ranks or from Ranged rank to another battlefield"
  it("a move between adjacent ranks sets the rank and spends the action; two ranks at once is refused", () => {
    const ana = pc("Ana");
    const r = lifeGuard.round.declare(decl(ana, "move", "reach"), faces());
    expect(r.effects).toEqual([{ targetId: "Ana", addConditions: ["rank:reach", "moved"] }]);
    expect(r.spendsAction).toBe(true);
    // a button press has no detail: from Melee the only adjacent rank is Reach
    expect(lifeGuard.round.declare(decl(ana, "move"), faces()).effects[0]!.addConditions).toEqual([
      "rank:reach",
      "moved",
    ]);
    expect(r.lines).toEqual(["Ana: Moves from the melee rank to the reach rank: that is the action this turn."]);
    expect(r.rules).toEqual(['seed 004, "Movement"']);
    expect(() => lifeGuard.round.declare(decl(ana, "move", "ranged"), faces())).toThrow(/one rank at a time/);
    const moved = withConds(ana, ["rank:reach", "moved"]);
    expect(lifeGuard.view(moved).summary).toBe("Guard 3/3 · Life 10/10 · Reach rank");
    expect(lifeGuard.round.allowance(moved, { round: 1, declared: ["move"], others: [] })).toEqual({
      attacks: 0,
      why: "declared a move between ranks: that is the action this turn",
      rule: 'seed 004, "Movement"',
    });
    expect(() => lifeGuard.round.declare(decl(moved, "attack", "orc", [monster("orc")], 1, ["move"]), faces())).toThrow(
      /already declared "move"/,
    );
    const archer = withConds(pc("Bo"), ["rank:ranged"]);
    // "from Ranged rank to another battlefield" is a move: the archer stays in the fight, on the battlefield it names.
    expect(lifeGuard.round.declare(decl(archer, "move", "battlefield"), faces()).effects[0]!.addConditions).toEqual([
      "moved",
      "field:second",
    ]);
    expect(
      lifeGuard.round.declare(decl(archer, "move", "battlefield: bridge"), faces()).effects[0]!.addConditions,
    ).toEqual(["moved", "field:bridge"]);
    // The roster's summary names the rank; the mark itself adds no second word.
    expect(wordFor(lifeGuard.words, "rank:reach")).toEqual({ label: "", lasts: "encounter" });
  });

  // seed 004, "Positioning": the starting rank is the table's choice before the fight
  it("place sets the starting rank before the first round only, at no cost", () => {
    const bo = pc("Bo", { weapons: [{ name: "Bow", die: "d6", tags: ["ranged"] }] });
    const r = lifeGuard.round.declare(decl(bo, "place", "melee", [], 0), faces());
    expect(r.effects).toEqual([{ targetId: "Bo", addConditions: ["rank:melee"] }]);
    expect(r.lines).toEqual(["Bo starts in the Melee rank."]);
    const act = lifeGuard.round.declarations(bo, { round: 2, declared: [], others: [], phase: "declare" });
    expect(ids(act)).not.toContain("place");
  });

  // seed 004, "Retreat": a successful Guard test and a safe destination
  it("retreat needs a safe destination, then a Guard test: escaped flees, caught spends the action", () => {
    const ana = pc("Ana", { guard: 3 });
    expect(() => lifeGuard.round.declare(decl(ana, "retreat", ""), faces())).toThrow(/safe destination/);
    const ok = lifeGuard.round.declare(decl(ana, "retreat", "the stairs"), faces(3));
    expect([ok.title, ok.effects[0]!.addConditions]).toEqual(["Retreat: escaped", ["fled"]]);
    const caught = lifeGuard.round.declare(decl(ana, "retreat", "the stairs"), faces(4));
    expect([caught.title, caught.effects[0]!.addConditions]).toEqual(["Retreat: caught", ["retreat failed"]]);
  });

  // seed 004, "Oils": "remain on the weapon for the duration of a single combat encounter"
  it("oil is applied to a weapon from the oils carried, as an encounter mark", () => {
    const ana = pc("Ana", { weapons: [{ name: "Sword", die: "d8" }], oils: ["undead"] });
    const r = lifeGuard.round.declare(decl(ana, "oil", "undead", [], 1), faces());
    expect(r.effects).toEqual([{ targetId: "Ana", addConditions: ["oil:sword:undead"] }]);
    expect(wordFor(lifeGuard.words, "oil:sword:undead")).toEqual({
      label: "sword oiled against undead",
      lasts: "encounter",
    });
    expect(() => lifeGuard.round.declare(decl(ana, "oil", "beast"), faces())).toThrow(/no oil against "beast"/);
    expect(lifeGuard.round.allowance(ana, { round: 1, declared: ["oil"], others: [] }).attacks).toBe(1);
    expect(lifeGuard.round.declare(decl(ana, "oil", "undead", [], 2), faces()).spendsAction).toBe(true);
    expect(lifeGuard.round.allowance(ana, { round: 2, declared: ["oil"], others: [] }).attacks).toBe(0);
  });

  // seed 004, "Threatre of the Mind": the front line can shift 6 metres a round; "Using a grid": doorways, 3 squares
  it("the front line shifts at most 6 m a round per side; doorways hold three defenders; a step is up to 3 squares", () => {
    const ana = pc("Ana");
    const r = lifeGuard.round.declare(decl(ana, "front", "9"), faces());
    expect(r.effects).toEqual([{ targetId: "Ana", addConditions: ["front:6", "front shifted"] }]);
    const orc = withConds(monster("orc"), []);
    const r2 = lifeGuard.round.declare(
      decl(orc, "front", "4", [withConds(ana, ["front:6", "front shifted"])]),
      faces(),
    );
    expect(r2.lines.at(-1)).toBe("The front line stands at 2 m.");
    expect(() =>
      lifeGuard.round.declare(decl(pc("Bo"), "front", "1", [withConds(ana, ["front:6", "front shifted"])]), faces()),
    ).toThrow(/already shifted/);
    const holders = ["a", "b", "c"].map((n) => withConds(pc(n), ["holding a doorway"]));
    expect(() => lifeGuard.round.declare(decl(pc("d"), "doorway", undefined, holders), faces())).toThrow(
      /At most 3 defenders/,
    );
    expect(() => lifeGuard.round.declare(decl(ana, "step", "4"), faces())).toThrow(/between 0 and 3 squares/);
    expect(lifeGuard.round.declare(decl(ana, "step", "3"), faces()).effects[0]!.addConditions).toEqual([
      "moved 3 squares",
    ]);
  });
});

describe("declared attacks resolve together", () => {
  const orc = monster("orc");
  // seed 004, "Attacks": "If multiple attackers target the same foe, roll all damage dice and keep the single highest result. All actions are declared before being resolved."
  it("allies who declared an attack on the foe roll with the attacker; the highest is kept; all have struck", () => {
    const bo = withConds(pc("Bo", { weapons: [{ name: "Axe", die: "d6" }] }), ["attacking:orc"]);
    const ana = pc("Ana", { weapons: [{ name: "Sword", die: "d8" }] });
    const d = lifeGuard.round.declare(decl(ana, "attack", "orc", [bo, orc]), faces());
    expect(d.effects).toEqual([{ targetId: "Ana", addConditions: ["attacking:orc"] }]);
    expect(d.lines).toEqual([
      "Ana will attack orc.",
      "With Bo: all the damage dice are rolled and the single highest is kept.",
    ]);
    const input: AttackInput<LifeGuardSheet> = {
      attacker: withConds(ana, ["attacking:orc"]),
      defender: orc,
      others: [bo],
      situation: {},
    };
    const s = lifeGuard.attack.begin(input, faces(3, 5));
    expect(s.result.rolls.map((r) => [r.notation, r.total])).toEqual([
      ["1d8", 3],
      ["1d6", 5],
    ]);
    expect(s.result.lines.slice(0, 2)).toEqual([
      "2 attackers on orc: Ana 3, Bo 5.",
      "Keep the single highest: 5 (Bo).",
    ]);
    const t = lifeGuard.attack.react(s, "take", input, faces());
    expect(t.final).toEqual([
      { targetId: "orc", damage: 5, damageKind: "normal", note: "Axe: 5 damage" },
      { targetId: "Ana", addConditions: ["struck:orc"], removeConditions: ["attacking:orc"] },
      { targetId: "Bo", addConditions: ["struck:orc"], removeConditions: ["attacking:orc"] },
    ]);
    // no counterattack against attackers side by side; Bo's action is spent
    expect(t.phase).toBe("done");
    expect(
      lifeGuard.round.allowance(withConds(bo, ["struck:orc"]), { round: 1, declared: ["attack"], others: [] }).attacks,
    ).toBe(0);
  });

  // seed 004, "Using a grid or UDT": "Doorways allow only two attackers"
  it("a third attacker on a foe holding a doorway is refused", () => {
    const door = withConds(monster("orc"), ["holding a doorway"]);
    const a = withConds(pc("a"), ["attacking:orc"]);
    const b = withConds(pc("b"), ["attacking:orc"]);
    expect(() => lifeGuard.round.declare(decl(pc("c"), "attack", "orc", [a, b, door]), faces())).toThrow(
      /Only 2 attackers fit through a doorway/,
    );
  });

  // seed 004, "Actions and Modifiers": "Blast: Affects all targets within the designated area (roll separately for each) … Roll a d6 if unsure"
  it("a declared blast rolls a d6 for its targets and each target separately; a spell blast takes the whole battlefield", () => {
    const ana = withConds(pc("Ana", { weapons: [{ name: "Bomb", die: "d6" }] }), ["blasting"]);
    const foes = [monster("orc"), monster("rat", "swarm"), monster("gob", "weak")];
    const input: AttackInput<LifeGuardSheet> = {
      attacker: ana,
      defender: foes[0]!,
      others: [foes[1]!, foes[2]!],
      situation: {},
    };
    const s = standing(lifeGuard, input, faces(2, 4, 6));
    expect(s.result.rolls.map((r) => [r.notation, r.total])).toEqual([
      ["1d6", 2],
      ["1d6", 4],
      ["1d6", 6],
    ]);
    expect(s.result.lines).toEqual(["The blast catches 2 targets.", "orc: 4 damage, hit.", "rat: 6 damage, lethal."]);
    expect(s.final.filter((e) => e.damage).map((e) => [e.targetId, e.damage])).toEqual([
      ["orc", 4],
      ["rat", 6],
    ]);
    const area = lifeGuard.attack.begin(
      {
        ...input,
        attacker: withConds(pc("Ana"), ["blasting"]),
        others: [...input.others, pc("Bo")],
        situation: { mode: "spell" },
      },
      faces(1, 1, 1, 1),
    );
    expect(area.result.lines[0]).toBe("Area of effect: the entire battlefield (4).");
  });
});
