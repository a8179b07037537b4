/** What a house attack's hit sets off: a maneuver the attacker declared (its save rolled now), a spell the defender was casting. */
import { argOf, markIn, type Mark } from "../../marks.js";
import { grappledBy, stunnedFor } from "./marks.js";
import type { DiceBag } from "../../dice/bag.js";
import type { AttackInput, Combatant, Effect, RuleResult } from "../types.js";
import { has, type HouseSheet } from "./sheet.js";
import { disarm, dismount, grapple, whipEntangle } from "./maneuvers.js";
import { spellcasterHit } from "./encounter.js";
import { castingWords, spellName } from "../bx/index.js";
import type { HouseData } from "./resolve.js";

type HIn = AttackInput<HouseSheet>;
type HC = Combatant<HouseSheet>;

const initiativeDie = (c: HC) => markIn(c.state.conditions, "initiative");

/** What the hit sets off so far: lines to show, effects to apply, the rules they cite. */
type Riders = { lines: string[]; effects: Effect[]; rules: string[] };

/** seed 001, "MISC COMBAT RULES": a declared disarm, dismount or whip entangle rolls its save on the hit. */
function saveManeuver(input: HIn, kind: string | undefined, aim: string | undefined, bag: DiceBag, out: Riders): void {
  const att = input.attacker;
  const def = input.defender;
  let r: (RuleResult & { success?: boolean; disarmed?: boolean; dismounted?: boolean }) | null = null;
  let cond: Mark | null = null;
  if (kind === "disarm") (r = disarm({ attacker: att, target: def }, bag)), (cond = r.disarmed ? "disarmed" : null);
  if (kind === "dismount")
    (r = dismount({ attacker: att, rider: def }, bag)), (cond = r.dismounted ? "dismounted" : null);
  if (kind === "entangle")
    (r = whipEntangle({ wielder: att, target: def, aim: aim === "weapon" ? "weapon" : "target" }, bag)),
      (cond = r.success ? (aim === "weapon" ? "disarmed" : "entangled") : null);
  if (r) {
    out.lines.push(`${r.title}: ${r.lines.join(" ")}`);
    out.rules.push(...r.rules);
  }
  if (cond)
    out.effects.push({
      targetId: def.id,
      addConditions: [cond],
      ...(cond === "dismounted" ? { removeConditions: ["mounted"] } : {}),
    });
}

/**
 * seed 001, "Grappling attacks": a hit means grappled (no weapon damage), and "each foe who has successfully
 * grappled rolls … The hero also rolls": the contest is rolled now, with every foe holding it so far.
 */
function grappleContest(input: HIn, bag: DiceBag, out: Riders): void {
  const att = input.attacker;
  const def = input.defender;
  const holding = input.others.filter((o) => has(o, "grappling") && has(def, grappledBy(o.id)));
  const g = grapple({ grapplers: [...holding, att], defender: def }, bag);
  out.lines.push(`${def.name} is grappled by ${att.name} (no weapon damage). ${g.lines.join(" ")}`);
  out.rules.push(...g.rules);
  const old = (["pinned", "struggling"] as const).filter((x) => has(def, x));
  if (g.outcome === "thrown off") {
    out.effects.push({ targetId: def.id, removeConditions: [...holding.map((o) => grappledBy(o.id)), ...old] });
    for (const o of [...holding, att])
      out.effects.push({
        targetId: o.id,
        removeConditions: ["grappling"],
        addConditions: [stunnedFor(g.stunnedRounds), "stunned"],
      });
    return;
  }
  const stale = old.filter((x) => x !== g.outcome);
  out.effects.push(
    {
      targetId: def.id,
      addConditions: [grappledBy(att.id), g.outcome],
      ...(stale.length ? { removeConditions: stale } : {}),
    },
    { targetId: att.id, addConditions: ["grappling"] },
  );
}

/**
 * seed 001, "ENCOUNTER ORDER" 7: a caster hit "during the round": by a foe who won initiative (its place came first), with
 * simultaneous initiative (the same place: the spell went off at that place's start, and the hit may still spoil it),
 * or after the caster won it (the spell goes off). Before the order is rolled, the dice marks decide as before.
 */
function spellHit(input: HIn, bag: DiceBag, out: Riders): void {
  const att = input.attacker;
  const def = input.defender;
  const casting = def.state.conditions.includes("casting");
  if (
    !casting &&
    !(def.state.conditions.includes("spell cast") && (input.order === "same" || input.order === "defender first"))
  )
    return;
  const a = initiativeDie(att);
  const initiative =
    input.order === "defender first"
      ? "caster won"
      : input.order === "same"
        ? "simultaneous"
        : input.order === "attacker first"
          ? "attacker won"
          : a && a === initiativeDie(def)
            ? "simultaneous"
            : "attacker won";
  const r = spellcasterHit({ caster: def, initiative }, bag);
  const spell = spellName(def) ?? "a spell";
  out.lines.push(
    `${def.name} ${casting ? `was ${castingWords(def)}` : initiative === "simultaneous" ? `cast ${spell} at the same initiative` : `cast ${spell} this round`}: ${r.lines.join(" ")}`,
  );
  out.rules.push(...r.rules);
  if (r.outcome !== "goes off")
    out.effects.push({
      targetId: def.id,
      removeConditions: ["casting", "spell cast"],
      addConditions: ["spell lost"],
      note: `spell ${r.outcome}`,
    });
}

export function rollRiders(input: HIn, bag: DiceBag): HouseData["riders"] | undefined {
  const att = input.attacker;
  const out: Riders = { lines: [], effects: [], rules: [] };
  const m = markIn(att.state.conditions, "maneuver");
  if (m) {
    const [kind, aim] = argOf(m, "maneuver")!.split(":");
    out.effects.push({ targetId: att.id, removeConditions: [m] });
    saveManeuver(input, kind, aim, bag, out);
    if (kind === "grapple") grappleContest(input, bag, out);
  }
  spellHit(input, bag, out);
  return out.lines.length || out.effects.length ? out : undefined;
}
