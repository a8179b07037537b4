/**
 * Whether a combatant may attack now: its turn, what it can do this round, and
 * the attacks it already made. The referee may override; the override is shown.
 */
import type { Combatant as CombatantRow } from "../../generated/prisma/client.js";
import type { Actor } from "../actor.js";
import { UserError } from "../errors.js";
import { isReferee, PermissionError } from "../permissions.js";
import { LEFT_CONDITIONS, SLAIN_CONDITIONS } from "../../rules/round/words.js";
import { isDown, toRule, type Fight } from "../encounters/load.js";
import { actingNow, allowance, cannotAct } from "./context.js";
import { readRound, type RoundState } from "./state.js";
import { forPlayer } from "./who.js";
import { orderCodec } from "../codecs/encounter.js";

export interface Gate {
  /** Attacks this combatant already made this round. */
  attackIndex: number;
  /** Lines for the embed: overrides and acting out of turn. */
  notes: string[];
  /** The round with this attack counted (written when the attack is made). */
  after: RoundState;
}

const ordinal = (n: number) => (n === 1 ? "1st" : n === 2 ? "2nd" : n === 3 ? "3rd" : `${n}th`);

function checkTurn(f: Fight, row: CombatantRow, rs: RoundState, referee: boolean, notes: string[]) {
  // Before the order is rolled nobody's turn has come: a surprise round is round 1, after initiative (the
  // surprised cannot act in it). Only the referee may adjudicate an attack now (an ambush, a first shot).
  if (f.encounter.round === 0 || rs.phase === "declare") {
    const which =
      f.encounter.round === 0
        ? "The fight's order is not rolled yet"
        : `Round ${f.encounter.round}'s order is not rolled yet`;
    if (!referee)
      throw new UserError(
        `${which}: declare now (the board's buttons, or /declare); ${row.name} attacks on its turn, once the referee rolls the order (Roll initiative ▶).`,
      );
    notes.push(
      f.encounter.round === 0
        ? `Referee: ${row.name} attacks before the first initiative (an ambush); it counts toward round 1.`
        : `Referee: ${row.name} acts before round ${f.encounter.round}'s order is rolled.`,
    );
    return;
  }
  const now = actingNow(f);
  if (!now || now.includes(row.id)) return;
  // Its place passed while it could not attack, and what it declared since lets it (a fleeing one turned to re-engage): it attacks now.
  const order = orderCodec.decode(f.encounter.order);
  const passed = order.some((g, t) => t < f.encounter.turn && g.includes(row.id));
  if (passed && !(rs.attacks[row.id] ?? 0) && (rs.declared[row.id] ?? []).length) {
    notes.push(`${row.name} acts now: its place came while it could not attack.`);
    return;
  }
  const current = f.rows.filter((r) => now.includes(r.id)).map((r) => r.name);
  if (!referee)
    throw new UserError(
      `It is not ${row.name}'s turn: ${current.join(", ") || "nobody"} ${current.length === 1 ? "acts" : "act"} now. Wait for /next.`,
    );
  notes.push(`Referee: ${row.name} acts out of turn.`);
}

/**
 * Between a combatant's places (the turn passed on from one of them): what it made there is its share so far,
 * and the rest comes at its next place. Null when it has one place, or has not made its share yet.
 */
function shareUsed(f: Fight, id: string, used: number, attacks: number): string | null {
  const places = orderCodec.decode(f.encounter.order).flatMap((g, i) => (g.includes(id) ? [i] : []));
  const before = places.filter((p) => p < f.encounter.turn).length;
  const next = places.find((p) => p > f.encounter.turn);
  if (places.length < 2 || places.includes(f.encounter.turn) || !before || next === undefined) return null;
  if (used < Math.ceil((attacks * before) / places.length)) return null;
  const rest = attacks - used;
  return `has made ${used} of ${attacks} attacks at this place in the order; the other ${rest === 1 ? "one comes" : `${rest} come`} at its next place (#${next + 1}).`;
}

/**
 * A combatant with several places in the order (B/X house rules: fighters with
 * several attacks act first and last) spreads its attacks over them: by its
 * i-th of k places it may have made ceil(attacks × i / k). Null when it has one
 * place, or when it acts out of its places (a referee's call).
 */
export function placeCap(f: Fight, id: string, attacks: number): { cap: number; next: number } | null {
  const order = orderCodec.decode(f.encounter.order);
  const places = order.flatMap((g, i) => (g.includes(id) ? [i] : []));
  const at = places.indexOf(f.encounter.turn);
  if (places.length < 2 || at < 0 || at === places.length - 1) return null;
  return { cap: Math.ceil((attacks * (at + 1)) / places.length), next: places[at + 1]! + 1 };
}

export function gateAttack(f: Fight, row: CombatantRow, actor: Actor, override: boolean): Gate {
  const referee = isReferee(f.campaign, actor);
  if (override && !referee)
    throw new PermissionError(
      "`override` is the referee's: only a referee may allow an attack beyond the round's allowance. Attack without it, or ask the referee.",
    );
  const who = toRule(row, f.system);
  const rs = readRound(f.encounter);
  const last = fellInThisExchange(f, row, rs);
  // The one check that the attacker is standing: "Alda is unconscious and cannot act."
  if (isDown(who) && !last)
    throw new UserError(`${row.name} is ${f.system.view(who).status || "out of the fight"} and cannot act.`);
  const why = last ? null : cannotAct(f, who, rs);
  // Said once: a reason that is already "cannot act this round" is not followed by "and cannot act".
  const said = /cannot act/.test(why ?? "")
    ? `${row.name} ${why}`
    : `${row.name} ${why} and cannot act${f.encounter.round > 0 ? " this round" : ""}`;
  if (why) throw new UserError(`${said}${f.encounter.round > 0 ? ": wait for /next" : ""}.`);
  const by = forPlayer(row, actor);
  const notes: string[] = by ? [`${row.name}'s attack: ${by}.`] : [];
  if (last) notes.push(`${row.name} fell in this exchange and still strikes: ${last}.`);
  const used = rs.attacks[row.id] ?? 0;
  const may = allowance(f, who, rs);
  // What it has used this round is said before whose turn it is: the turn passed on because it has acted.
  const share = used < may.attacks ? shareUsed(f, row.id, used, may.attacks) : null;
  if (share && !(override && referee))
    throw new UserError(
      `${row.name} ${share}${referee ? " To allow it now anyway, repeat with `override:true`." : ""}`,
    );
  if (used < may.attacks || (override && referee)) checkTurn(f, row, rs, referee, notes);
  if (used >= may.attacks) {
    const refusal =
      may.attacks === 0
        ? (may.refusal ?? `${row.name} cannot attack this round (${may.why}).`)
        : used === 1
          ? `${row.name} has already attacked this round (${may.why}).`
          : `${row.name} has already made ${used} attacks this round (${may.why}).`;
    if (!(override && referee))
      throw new UserError(`${refusal}${referee ? " To allow it anyway, repeat with `override:true`." : ""}`);
    notes.push(`Referee override: ${row.name}'s ${ordinal(used + 1)} attack this round (${may.why}).`);
  } else if (f.encounter.round > 0 && rs.phase === "act") {
    const place = placeCap(f, row.id, may.attacks);
    if (place && used >= place.cap) {
      const rest = may.attacks - used;
      const refusal = `${row.name} has made ${used} of ${may.attacks} attacks at this place in the order; the other ${rest === 1 ? "one comes" : `${rest} come`} at its next place (#${place.next}).`;
      if (!(override && referee))
        throw new UserError(`${refusal}${referee ? " To allow it now anyway, repeat with `override:true`." : ""}`);
      notes.push(
        `Referee override: ${row.name}'s ${ordinal(used + 1)} attack comes early (its next place is #${place.next}).`,
      );
    }
  }
  return { attackIndex: used, notes, after: { ...rs, attacks: { ...rs.attacks, [row.id]: used + 1 } } };
}

/**
 * The system's ruling (`round.fallenStrike`) when `row` fell during the place in the order that is acting
 * now and that place is a simultaneous exchange (both sides share it): it still makes its attack there.
 * Null otherwise: the fallen do not act, and nobody attacks them (gateTarget).
 */
export function fellInThisExchange(f: Fight, row: CombatantRow, rs: RoundState): string | null {
  const rule = f.system.round.fallenStrike;
  const fell = toRule(row, f.system).state.fell;
  if (!rule || !fell || rs.phase !== "act" || fell[0] !== f.encounter.round || fell[1] !== f.encounter.turn)
    return null;
  const now = actingNow(f);
  if (!now?.includes(row.id)) return null;
  const sides = new Set(f.rows.filter((r) => now.includes(r.id)).map((r) => r.side));
  return sides.size > 1 ? rule : null;
}

/**
 * Whether `row` may be attacked: the dead are refused with the reason; who fled or surrendered only
 * with the referee's override (shown). Returns the note for the embed, if any.
 */
export function gateTarget(f: Fight, row: CombatantRow, actor: Actor, override: boolean): string[] {
  const conditions = toRule(row, f.system).state.conditions;
  const slain = conditions.find((x) => SLAIN_CONDITIONS.includes(x));
  if (slain) throw new UserError(`${row.name} is ${slain}: pick another target.`);
  const left = conditions.find((x) => LEFT_CONDITIONS.includes(x));
  if (!left) return [];
  const referee = isReferee(f.campaign, actor);
  if (!(override && referee))
    throw new UserError(
      `${row.name} has ${left === "routed" ? "been routed" : left} and is out of the fight: pick another target.${referee ? " To attack it anyway, repeat with override:true." : ""}`,
    );
  return [`Referee override: ${row.name} is attacked although it ${left === "routed" ? "was routed" : `has ${left}`}.`];
}
