/**
 * seed 003, "Hit Points": natural healing over full days of rest. "Hit points heal at a rate of one
 * point per day … After seven days, the rate of healing increases to include the constitution bonus,
 * if any. After 14 days, the rate of healing doubles and after thirty days, it triples." The grievously
 * wounded (−1 to −6) and the aided mortally wounded (−7 to −9) "must rest 24 hours before the process
 * of healing begins". The days of healing in a row are kept in the state (`daysHealing`) until the
 * character is whole again, so the rate keeps climbing across several rests.
 */
import type { DiceBag } from "../../dice/bag.js";
import type { Combatant, DamageResult } from "../types.js";
import { healingOnDay, hpBand, readState, withHpConditions, type SiegeState } from "./damage.js";
import { attributeModifier, ref, signed, type SiegeSheet } from "./sheet.js";

interface Resting extends SiegeState {
  /** Days of natural healing in a row so far (the rate rises after 7, 14 and 30). */
  daysHealing?: number;
  /** Whether the 24 hours of bed rest the badly wounded need before healing begins are over. */
  bedRested?: boolean;
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? "" : "s"}`;

/** "days 1–7: 1 a day; day 8: 2 a day" for the days `from`..`to`. */
function rates(from: number, to: number, conMod: number): string {
  const parts: string[] = [];
  let start = from;
  for (let d = from; d <= to; d++) {
    const rate = healingOnDay(d, conMod);
    if (d === to || healingOnDay(d + 1, conMod) !== rate) {
      parts.push(`${start === d ? `day ${d}` : `days ${start}–${d}`}: ${rate} a day`);
      start = d + 1;
    }
  }
  return parts.join("; ");
}

export function restDays(c: Combatant<SiegeSheet>, days: number, _dice: DiceBag): DamageResult {
  const st = readState(c) as Resting;
  const rules = [ref("Hit Points")];
  const done = (state: Resting, title: string, lines: string[]): DamageResult => ({
    state,
    result: { title, lines, rules, rolls: [] },
  });
  if (!Number.isInteger(days) || days < 1) return done(st, `${c.name} rests`, ["Rest is counted in whole days."]);
  if (st.conditions.includes("dead")) return done(st, `${c.name} is dead`, [`${c.name} is dead: rest cannot heal.`]);
  if (hpBand(st.hp) === "mortally wounded" && !st.conditions.includes("aided"))
    return done(st, `${c.name} needs aid first`, [
      `${c.name} is mortally wounded and loses 1 HP a round: someone must aid the wounds before rest can help.`,
    ]);
  const lines: string[] = [];
  let left = days;
  // "Subdual Damage": beaten to −10, "unconscious for 24 hours and do not begin healing until gaining consciousness".
  const knockedOut = !!st.knockoutDay || (st.knockedOutMinutes ?? 0) > 0;
  if (knockedOut) {
    left -= 1;
    lines.push(
      `${c.name} was knocked out by subdual damage: the first 24 hours heal nothing; healing begins after them.`,
    );
  }
  // Subdual damage heals 1 point per 10 minutes: a day of rest (after any knock-out) clears it all.
  let next: Resting = { ...st, ...(left > 0 ? { subdual: 0 } : {}), knockedOutMinutes: 0 };
  delete next.knockoutDay;
  if (st.subdual && left > 0)
    lines.push(`${c.name} recovers all ${st.subdual} subdual damage (1 point per 10 minutes).`);
  if (st.hp < 0 && !st.bedRested && knockedOut) next = { ...next, bedRested: true };
  else if (st.hp < 0 && !st.bedRested) {
    // "Must rest 24 hours before the process of healing begins."
    left -= 1;
    next = { ...next, bedRested: true };
    lines.push(`${c.name} is below 0 HP: the first 24 hours of bed rest heal nothing; healing begins after them.`);
  }
  const conMod = attributeModifier(c.sheet.con);
  const from = (st.daysHealing ?? 0) + 1;
  const missing = next.hpMax - next.hp;
  let healed = 0;
  let used = 0;
  for (let d = from; d < from + left && healed < missing; d++, used++) healed += healingOnDay(d, conMod);
  healed = Math.min(healed, missing);
  if (used > 0) {
    const to = from + used - 1;
    lines.push(
      `${c.name} heals ${healed} HP over ${plural(used, "day")} of rest (${rates(from, to, conMod)}${conMod > 0 && to > 7 ? `; CON ${signed(conMod)} from day 8` : ""}): HP ${st.hp} → ${st.hp + healed} of ${st.hpMax}.`,
    );
  } else if (missing <= 0 && !st.subdual) lines.push(`${c.name} is unhurt: nothing to heal.`);
  next = { ...next, hp: next.hp + healed, daysHealing: (st.daysHealing ?? 0) + used };
  if (next.hp >= next.hpMax) {
    // Whole again: the next wound starts the count anew.
    delete next.daysHealing;
    delete next.bedRested;
  }
  if (next.hp >= 0) delete next.bedRested;
  const state = withHpConditions(next) as Resting;
  return done(state, `${c.name}: ${plural(days, "day")} of rest`, lines);
}
