/** /damage and /heal: hit points, falls and the wounds a text treats between fights. */
import { campaignSystem } from "../campaigns/system.js";
import type { DamageKind } from "../../rules/systems/types.js";
import { capability } from "../../rules/systems/define.js";
import type { Actor } from "../actor.js";
import type { Services } from "../services.js";
import { rule, UserError } from "../errors.js";
import { requireOwnerOrReferee, requireReferee } from "../permissions.js";
import { asCombatant, findCharacter } from "../characters/index.js";
import { applyEffects, saveState } from "../encounters/effects.js";
import { toRule } from "../encounters/load.js";
import { sheetState } from "../round/marks.js";
import { type TableResult, scope, withDice, noTarget, nowLine, healed } from "./scope.js";
import { fallen, moraleNudges } from "./encounter.js";
import { keptCodecFor } from "../codecs/sheets.js";

/** /damage and /heal: on a combatant of the running encounter, else on a character. `fallFt`: the system's falling damage instead of an amount. */
export async function changeHealth(
  s: Services,
  actor: Actor,
  input: {
    target: string;
    amount?: number | null;
    fallFt?: number | null;
    heal: boolean;
    kind?: DamageKind;
    treat?: boolean;
  },
): Promise<TableResult> {
  if (input.heal && input.treat) {
    if (input.amount != null)
      throw new UserError(
        "Treat or heal, one at a time: give `treat` alone, then /heal again with the amount. Nothing was changed.",
      );
    return treatWound(s, actor, { target: input.target });
  }
  if (input.heal && input.amount == null)
    throw new UserError(
      "Give the amount to heal (or `treat` to treat a wound that lasts until it is treated). Nothing was changed.",
    );
  if (input.fallFt != null) {
    if (input.heal || input.amount != null || (input.kind && input.kind !== "normal"))
      throw new UserError("A fall rolls its own damage: give `fall` alone, without `amount`, `subdual` or `illusory`.");
    if (!Number.isInteger(input.fallFt) || input.fallFt < 1 || input.fallFt > 1000)
      throw new UserError("The fall is a whole number of feet from 1 to 1000.");
    return fallDamage(s, actor, { target: input.target, heightFt: input.fallFt });
  }
  const amount = input.amount;
  if (amount == null || !Number.isInteger(amount) || amount < 1 || amount > 999)
    throw new UserError("The amount is a whole number from 1 to 999 (or give `fall` in feet for a fall).");
  return withDice(s, actor, input.heal ? "heal" : "damage", async (tx, sc, bag) => {
    const sys = campaignSystem(sc.campaign);
    if (input.kind === "illusion" && !sys.damageKinds?.includes("illusion"))
      throw new UserError(`${sys.name} has no illusory damage: give it as normal or \`subdual\` damage.`);
    const row = sc.fight?.rows.find((r) => r.name.toLowerCase() === input.target.toLowerCase());
    if (row && sc.fight) {
      requireOwnerOrReferee(
        sc.campaign,
        actor,
        row.controllerId,
        row.controllerId ? `<@${row.controllerId}>'s` : "the referee's",
      );
      const before = toRule(row, sc.fight.system);
      if (input.heal) {
        const r = rule(() => sys.applyHealing(before, amount));
        saveState(tx, row, r.state, sys);
        return { result: healed(sys, before, r, amount), extra: [], campaign: sc.campaign };
      }
      const was = fallen(sc.fight);
      const applied = await applyEffects(
        tx,
        sc.fight,
        [{ targetId: row.id, damage: amount, damageKind: input.kind ?? "normal" }],
        bag,
      );
      const after = sc.fight.combatants.find((c) => c.id === row.id)!;
      const v = sys.view(after);
      return {
        result: {
          title: `${row.name} takes ${amount}${input.kind === "subdual" ? " subdual" : input.kind === "illusion" ? " illusory" : ""} damage`,
          lines: [...applied.lines, nowLine(v, after)],
          rules: applied.rules,
          rolls: bag.log,
        },
        extra: moraleNudges(sc.fight, was),
        campaign: sc.campaign,
      };
    }
    const c = await findCharacter(tx, sc.campaign.id, input.target);
    if (!c) throw await noTarget(tx, sc, input.target);
    requireOwnerOrReferee(sc.campaign, actor, c.ownerId, `<@${c.ownerId}>'s`);
    const rc = asCombatant(c, sys);
    const r = rule(() =>
      input.heal ? sys.applyHealing(rc, amount) : sys.applyDamage(rc, amount, bag, input.kind ?? "normal"),
    );
    // Outside a fight, fight marks (prone on waking up) never reach the sheet either.
    await tx.character.update({
      where: { id: c.id },
      data: { state: keptCodecFor(sys).encode(sheetState(sys.words, r.state)), version: { increment: 1 } },
    });
    const result = input.heal ? healed(sys, rc, r, amount) : r.result;
    return { result: { ...result, rolls: bag.log }, extra: [], campaign: sc.campaign };
  });
}

/**
 * /heal treat: between fights, a wound the text says lasts "until you are treated" (Life & Guard's Head
 * Wound) is treated. In a fight it is the action of a turn, declared there.
 */
export async function treatWound(s: Services, actor: Actor, input: { target: string }): Promise<TableResult> {
  return s.store.db.$transaction(async (tx) => {
    const sc = await scope(tx, actor);
    const sys = campaignSystem(sc.campaign);
    const wounds = capability(sys, "treat");
    const row = sc.fight?.rows.find((r) => r.name.toLowerCase() === input.target.toLowerCase());
    if (row && sc.fight)
      throw new UserError(
        `${row.name} is in "${sc.fight.encounter.name}": there, treatment is the action of a turn (/declare on that turn). Nothing was changed.`,
      );
    const c = await findCharacter(tx, sc.campaign.id, input.target);
    if (!c) throw await noTarget(tx, sc, input.target);
    requireOwnerOrReferee(sc.campaign, actor, c.ownerId, `<@${c.ownerId}>'s`);
    const rc = asCombatant(c, sys);
    const r = rule(() => wounds.treat(rc, null));
    await tx.character.update({
      where: { id: c.id },
      data: { state: keptCodecFor(sys).encode(sheetState(sys.words, r.state)), version: { increment: 1 } },
    });
    const now = sys.view({ ...rc, state: r.state });
    return {
      result: { ...r.result, title: `${rc.name}: wound treated`, lines: [...r.result.lines, `Now ${now.summary}.`] },
      extra: [],
      campaign: sc.campaign,
    };
  });
}

/** /damage fall: the system rolls the fall's damage, then it is applied as any damage. */
async function fallDamage(
  s: Services,
  actor: Actor,
  input: { target: string; heightFt: number },
): Promise<TableResult> {
  return withDice(s, actor, `fall of ${input.heightFt} ft`, async (tx, sc, bag) => {
    requireReferee(sc.campaign, actor, "apply a fall");
    const sys = campaignSystem(sc.campaign);
    const falls = capability(sys, "fall");
    const row = sc.fight?.rows.find((r) => r.name.toLowerCase() === input.target.toLowerCase());
    const c = row ? null : await findCharacter(tx, sc.campaign.id, input.target);
    if (!row && !c) throw await noTarget(tx, sc, input.target);
    const who = row ? toRule(row, sys) : asCombatant(c!, sys);
    const was = sc.fight ? fallen(sc.fight) : undefined;
    const f = rule(() => falls.fall(who, input.heightFt, bag));
    let lines = f.lines;
    let rules = f.rules;
    if (f.damage > 0 && row && sc.fight) {
      const applied = await applyEffects(tx, sc.fight, [{ targetId: row.id, damage: f.damage }], bag);
      const after = sc.fight.combatants.find((x) => x.id === row.id)!;
      lines = [...lines, ...applied.lines, nowLine(sys.view(after), after)];
      rules = [...rules, ...applied.rules];
    } else if (f.damage > 0 && c) {
      const r = sys.applyDamage(who, f.damage, bag);
      await tx.character.update({
        where: { id: c.id },
        data: { state: keptCodecFor(sys).encode(sheetState(sys.words, r.state)), version: { increment: 1 } },
      });
      lines = [...lines, ...r.result.lines];
      rules = [...rules, ...r.result.rules];
    }
    return {
      result: {
        title: `${who.name} falls ${input.heightFt} ft: ${f.damage} damage`,
        lines,
        rules: [...new Set(rules)],
        rolls: bag.log,
      },
      extra: sc.fight ? moraleNudges(sc.fight, was) : [],
      campaign: sc.campaign,
    };
  });
}
