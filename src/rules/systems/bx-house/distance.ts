/**
 * The encounter's distance in the house rules: B/X's line (bx/distance.ts, kept when the campaign keeps it, or a
 * distance typed on the attack), with the house's reach: seed 001, "MISC COMBAT RULES": "Creatures are considered
 * to be "in melee" when they are within 10 feet of each other"; "Whips can be used against an opponent who is 10
 * feet away".
 */
import { checkDistance, distanceBetween, type MeleeReach } from "../bx/index.js";
import { R_COMBAT, R_MISC, hasTag } from "./bonuses.js";
import type { Build } from "./plan-steps.js";

export const HOUSE_REACH: MeleeReach = {
  feet: 10,
  words:
    'melee attacks are possible only "in melee", within 10 feet of each other (B/X house rules · MISC COMBAT RULES)',
};
const WHIP_REACH: MeleeReach = {
  feet: 10,
  words: "whips can be used against an opponent who is 10 feet away, no farther (B/X house rules · MISC COMBAT RULES)",
};

/** The attack checked against the distance typed on it, else the encounter's line between the two; a missile's range band from it. */
export function distanceStep(b: Build) {
  const { attacker, defender, situation: s } = b.input;
  const d = s.distance ?? distanceBetween(attacker, defender);
  if (d === undefined) return;
  if (s.distance !== undefined) b.used.push("distance");
  const reach = b.melee && hasTag(b.weapon, "whip") ? WHIP_REACH : HOUSE_REACH;
  const checked = checkDistance({
    defender: defender.name,
    distance: d,
    typed: s.distance !== undefined,
    melee: b.melee,
    weapon: b.weapon,
    situation: s,
    reach,
  });
  b.notes.push(checked.line);
  if (b.melee) b.rules.add(R_MISC);
  // seed 001, "Ranged Attack": "+1 to-hit at short range and -1 to-hit at long range" (a range typed on the attack wins).
  if (checked.band && !s.range && checked.band.value)
    b.toHit.push({ label: `${checked.band.range} range`, value: checked.band.value, rule: R_COMBAT });
}
