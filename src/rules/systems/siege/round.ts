/**
 * seed 003, "Initiative", "Combat Actions": the round as Castles & Crusades plays it: what may be declared
 * (declare.ts), one attack a round (none after Dodge, Evade, a disengagement, another action or a long move),
 * who cannot act, a spell's turn, and the round's end.
 */
import { z } from "zod";
import { baseCannotAct, routineAttacks } from "../../round/economy.js";
import { isOut } from "../../round/words.js";
import type { Allowance, CampaignOptions, Combatant, RoundContext, RoundRules } from "../types.js";
import { inMeleeWith, NO_ATTACK_FROM_COVER, STRUCK_FLEEING } from "./marks.js";
import { cannotActReason, noInitiativeReason, roundEnd } from "./initiative.js";
import { ref, type SiegeSheet } from "./sheet.js";
import {
  castingSpell,
  usingAbility,
  declarations,
  declare,
  moveRate,
  spellOnTurn,
  WHOLE_ROUND,
  WHOLE_ROUND_RULE,
} from "./declare.js";

function allowance(who: Combatant<SiegeSheet>, ctx: RoundContext<SiegeSheet>): Allowance {
  const spell = castingSpell(who)?.spell;
  if (spell && ctx.round < spell.round)
    return {
      attacks: 0,
      why: `still casting ${spell.name}: it takes effect in round ${spell.round}`,
      rule: ref("Cast a Spell"),
    };
  // "Some abilities, like spells, take more than one round to complete": the ability is the action until it completes.
  const ability = usingAbility(who)?.ability;
  if (ability)
    return {
      attacks: 0,
      why: `still using ${ability.name}: it completes in round ${ability.round}`,
      rule: ref("Use an Ability"),
    };
  if (who.state.conditions.includes("completing an ability"))
    return { attacks: 0, why: "completing an ability: that is this round's action", rule: ref("Use an Ability") };
  const spent = ctx.declared.find((id) => id in WHOLE_ROUND);
  // A spell's touch attack is the spell's own: one attack, a touch (plan.ts refuses any other).
  if (spent) return { attacks: spent === "spell" ? 1 : 0, why: WHOLE_ROUND[spent]!, rule: WHOLE_ROUND_RULE[spent]! };
  if (who.state.conditions.includes("moved far"))
    return {
      attacks: 0,
      why: "moved more than half the movement rate: no attack this round",
      rule: ref("Movement in the Combat Round"),
    };
  // "Cover": "In some cases, the Castle Keeper may rule that the character seeking cover may not attack."
  if (who.state.conditions.includes(NO_ATTACK_FROM_COVER))
    return {
      attacks: 0,
      why: "behind cover, and the Castle Keeper rules it may not attack from there",
      rule: ref("Cover"),
    };
  // "Hasty Disengagement": the opponent gets a free attack that does not count against its other action. A free
  // attack already made stays made when it dropped the one fleeing: the attacker keeps its own attack.
  const struckIt = (c: Combatant<SiegeSheet>) => c.state.conditions.includes(`${STRUCK_FLEEING}${who.id}`);
  const fleeing = ctx.others.filter(
    (c) =>
      c.side !== who.side &&
      c.state.conditions.includes("disengaging") &&
      (!isOut(c) || struckIt(c)) &&
      inMeleeWith(c, who.id),
  );
  if (fleeing.length) {
    const own = routine(who);
    return {
      attacks: own.attacks + fleeing.length,
      why: `${own.why}, and a free attack at ${fleeing.map((c) => c.name).join(", ")} disengaging hastily`,
      rule: ref("Disengaging from Combat"),
    };
  }
  return routine(who);
}

/** "A character or monster is allowed one attack each round unless they possess a special ability allowing them to exceed" it. */
function routine(who: Combatant<SiegeSheet>): Allowance {
  const n = routineAttacks(who.sheet);
  if (n <= 1) return { attacks: 1, why: "one attack this round", rule: ref("Attack") };
  const names = who.sheet.weapons.slice(0, n).map((w) => w.name);
  return {
    attacks: n,
    why: `${n} attacks this round${names.length === n ? ` (${names.join(", ")})` : ""}`,
    rule: ref("Attack"),
  };
}

const base = baseCannotAct<SiegeSheet>({ isDown: isOut, rule: ref("Attack") });

export const round: RoundRules<SiegeSheet> = {
  declarations,
  declare,
  allowance,
  // A dodger, evader or disengager may still change its declaration before initiative; once the round is
  // acting, its declaration is its whole action (and it is left out of the order).
  cannotAct: (who, ctx) => {
    const why = cannotActReason(who, ctx.round);
    if (why) return `is ${why}`;
    const declared = ctx.phase === "act" ? noInitiativeReason(who) : undefined;
    if (declared) return `is ${declared.replace(/: no initiative roll$/, "")} this round`;
    return base(who, ctx);
  },
  end: roundEnd,
  onTurn: spellOnTurn,
  // The Castle Keeper's reduced movement, shown as the rate it leaves ("Movement in the Combat Round").
  note: (who) => {
    const r = moveRate(who);
    if (!r.why) return null;
    return r.rate === 0 ? "cannot move (restrained)" : `moves ${r.rate} ft a round (${who.sheet.move} ft reduced)`;
  },
  rerolls: () => true,
};

/** The campaign's options as this text sets them: individual d10 initiative ("Initiative"). */
export const campaignOptions: CampaignOptions = {
  defaults: { initiative: "individual", wanderingEvery: 2, surpriseChecks: "best" },
  own: {
    // "Surprise": "made by the individual in the group with the best chance of succeeding at it, or by each member of the group individually".
    // "Initiative": a plain d10; "in the case of a tie, the one with the highest dexterity goes first". Dexterity is never added.
    initiativeDex: {
      words: "add Dexterity to individual initiative (not in this game: the higher Dexterity only breaks ties)",
      allowed: "off",
      schema: z.literal(false),
    },
    surpriseChecks: {
      words: "who checks Wisdom for surprise: the one with the best chance for the group, or each member",
      allowed: "best or each",
      schema: z.enum(["best", "each"]),
    },
  },
};
