/** seed 001, "MISC COMBAT RULES": Normal Men, whip, disarm, dismount, grappling, movement in a melee round, retreat. */
import type { DiceBag } from "../../dice/bag.js";
import { abilityModifier, bxSave, hitDice, readiedWeapon, signed, type BxWeapon } from "../bx/index.js";
import { RuleError, type Combatant, type RuleResult } from "../types.js";
import { R_MISC, hasTag } from "./bonuses.js";
import { classGroupOf, isNormalType, type HouseSheet } from "./sheet.js";
import { argOf, marksIn, type Mark } from "../../marks.js";

type HC = Combatant<HouseSheet>;

/**
 * Melee attacks per round against 'Normal Men': PCs and important NPC
 * fighter types get one per level; monsters of more than 1 HD one per hit
 * die (a 6+3 HD troll: 6). Anyone else: 1.
 */
export function attacksAgainstNormalMen(c: HC): number {
  if (c.kind === "monster" && !c.sheet.important) {
    const hd = hitDice(c.sheet);
    return hd > 1 ? Math.floor(hd) : 1;
  }
  if (classGroupOf(c.sheet) === "fighter" && (c.kind !== "monster" || c.sheet.important)) return c.sheet.level;
  return 1;
}
export { isNormalType };

const r2 = (x: number) => Math.round(x * 100) / 100;

/**
 * The "easier way": hit chance from the number needed on a d20, expected
 * hits, and Normal Men killed (each hit kills one when the average damage is
 * at least their average hit points, otherwise proportionally).
 */
export function normalMenExpectation(input: {
  attacks: number;
  needed: number;
  averageDamage: number;
  averageHp: number;
  foes?: number;
}): { hitChance: number; hits: number; killed: number; killedRounded: number; lines: string[] } {
  const hitChance = Math.max(1, Math.min(19, 21 - input.needed)) / 20;
  const hits = r2(input.attacks * hitChance);
  let killed = r2(hits * Math.min(1, input.averageDamage / input.averageHp));
  if (input.foes !== undefined) killed = Math.min(killed, input.foes);
  const killedRounded = Math.ceil(killed);
  return {
    hitChance,
    hits,
    killed,
    killedRounded,
    lines: [
      `${input.attacks} attacks needing ${input.needed}: ${Math.round(hitChance * 100)}% → ${hits} hits; average damage ${input.averageDamage} against ${input.averageHp} HP → ${killed} killed (${killedRounded} rounded up).`,
    ],
  };
}

/** Natural 1 fumble check: d20 greater than the level (HD) of the one who missed. */
export function fumbleCheck(level: number, bag: DiceBag): { fumble: boolean; roll: number } {
  const roll = bag.d("fumble check", 20);
  return { fumble: roll > level, roll };
}

const levelGapBonus = (target: HC, attacker: HC): number => {
  const gap = Math.floor(hitDice(target.sheet)) - Math.floor(hitDice(attacker.sheet));
  return gap > 0 ? Math.floor(gap / 3) : 0;
};

/**
 * Whip: after a hit, the WIELDER saves vs paralysis minus the target's STR
 * bonus to entangle the target (yank it off its feet) or its weapon (pull it
 * away). Ogre-size or smaller, up to 10 feet away.
 */
export function whipEntangle(
  input: { wielder: HC; target: HC; aim: "target" | "weapon"; distanceFeet?: number },
  bag: DiceBag,
): RuleResult & { success: boolean } {
  if ((input.distanceFeet ?? 10) > 10) throw new RuleError("A whip reaches an opponent up to 10 feet away");
  // "an opponent of ogre size or smaller": an ogre is large; a huge one (a giant, a dragon) is not entangled.
  if (input.target.sheet.size === "huge")
    return {
      title: "The whip cannot entangle it",
      lines: [
        `${input.target.name} is larger than an ogre: a whip entangles only an opponent of ogre size or smaller. No save.`,
      ],
      rules: [R_MISC],
      rolls: [],
      success: false,
    };
  const strB = abilityModifier(input.target.sheet.str);
  const mark = bag.log.length;
  const save = bxSave({ who: input.wielder, kind: "paralysis", modifier: -strB }, bag);
  return {
    title: save.success
      ? input.aim === "target"
        ? `${input.target.name} is entangled`
        : `${input.target.name}'s weapon is pulled away`
      : "The whip slips free",
    lines: [
      `${input.wielder.name} saves vs paralysis${strB ? `, ${signed(-strB)} for ${input.target.name}'s STR` : ""}: ${save.lines[0]}`,
    ],
    rules: [R_MISC],
    rolls: bag.since(mark),
    success: save.success,
  };
}

/** Disarm: both one-handed weapons; after a hit the target saves vs paralysis, +1 per 3 levels above the attacker; failure disarms. */
export function disarm(input: { attacker: HC; target: HC }, bag: DiceBag): RuleResult & { disarmed: boolean } {
  const aw = readiedWeapon(input.attacker);
  const tw = readiedWeapon(input.target);
  if (!aw || aw.twoHanded || aw.kind !== "melee") throw new RuleError("Disarming needs a one-handed melee weapon");
  if (!tw || tw.twoHanded) throw new RuleError("Only an opponent using a one-handed weapon can be disarmed");
  const bonus = levelGapBonus(input.target, input.attacker);
  const mark = bag.log.length;
  const save = bxSave({ who: input.target, kind: "paralysis", modifier: bonus }, bag);
  return {
    title: save.success ? `${input.target.name} keeps the weapon` : `${input.target.name} is disarmed`,
    lines: [
      `${input.target.name} saves vs paralysis${bonus ? ` (+${bonus}: levels above the attacker)` : ""}: ${save.lines[0]}`,
    ],
    rules: [R_MISC],
    rolls: bag.since(mark),
    disarmed: !save.success,
  };
}

/** Polearm dismount: after a hit the rider saves vs paralysis, +1 per 3 levels above the attacker, to stay mounted. */
export function dismount(
  input: { attacker: HC; rider: HC; weapon?: BxWeapon },
  bag: DiceBag,
): RuleResult & { dismounted: boolean } {
  const w = input.weapon ?? readiedWeapon(input.attacker);
  if (!hasTag(w, "polearm", "pike", "long spear")) throw new RuleError("Only a polearm can hook a rider off a mount");
  const bonus = levelGapBonus(input.rider, input.attacker);
  const mark = bag.log.length;
  const save = bxSave({ who: input.rider, kind: "paralysis", modifier: bonus }, bag);
  return {
    title: save.success ? `${input.rider.name} stays mounted` : `${input.rider.name} is dismounted`,
    lines: [`${input.rider.name} saves vs paralysis${bonus ? ` (+${bonus})` : ""}: ${save.lines[0]}`],
    rules: [R_MISC],
    rolls: bag.since(mark),
    dismounted: !save.success,
  };
}

/**
 * Grappling: each foe who hit rolls a d6 per hit die; the defender rolls a d6
 * per hit die (level). Lower: pinned; equal: struggling, cannot use its
 * weapon; higher: throws them off, stunned for (defender − attackers) rounds.
 */
export function grapple(
  input: { grapplers: HC[]; defender: HC },
  bag: DiceBag,
): RuleResult & {
  outcome: "pinned" | "struggling" | "thrown off";
  attackersTotal: number;
  defenderTotal: number;
  stunnedRounds: number;
} {
  if (input.grapplers.length === 0) throw new RuleError("Grappling needs at least one foe who hit");
  const mark = bag.log.length;
  const hd = (c: HC) => Math.max(1, Math.floor(hitDice(c.sheet)));
  let attackersTotal = 0;
  const lines: string[] = [];
  for (const g of input.grapplers) {
    const r = bag.roll(`grapple (${g.name})`, hd(g), 6);
    attackersTotal += r.total;
    lines.push(`${g.name}: ${hd(g)}d6 = ${r.total}.`);
  }
  const dr = bag.roll(`grapple (${input.defender.name})`, hd(input.defender), 6);
  const defenderTotal = dr.total;
  lines.push(`${input.defender.name}: ${hd(input.defender)}d6 = ${defenderTotal} against ${attackersTotal}.`);
  const outcome =
    defenderTotal < attackersTotal ? "pinned" : defenderTotal === attackersTotal ? "struggling" : "thrown off";
  const stunnedRounds = outcome === "thrown off" ? defenderTotal - attackersTotal : 0;
  lines.push(
    outcome === "pinned"
      ? `${input.defender.name} is pinned helplessly.`
      : outcome === "struggling"
        ? `${input.defender.name} is on its feet and struggling, but cannot defend with its weapon.`
        : `${input.defender.name} throws them off: they are stunned for ${stunnedRounds} round${stunnedRounds > 1 ? "s" : ""}; roll initiative again.`,
  );
  return {
    title: `Grapple: ${outcome}`,
    lines,
    rules: [R_MISC],
    rolls: bag.since(mark),
    outcome,
    attackersTotal,
    defenderTotal,
    stunnedRounds,
  };
}

export type RoundAction = "move and attack" | "charge" | "run" | "cast" | "fire on the run";

/**
 * Movement in a melee round (not yet engaged): half the Turn movement and
 * attack; a charge (more than half, up to full, attack at the end); running
 * (full, no other action); spellcasters 10 feet while casting; elves with
 * bows/javelins and hobbits with slings fire on the run at full rate.
 */
export function roundMovement(input: { turnMovement: number; action: RoundAction; race?: string; weapon?: BxWeapon }): {
  min: number;
  max: number;
  canAttack: boolean;
  lines: string[];
} {
  const full = input.turnMovement;
  switch (input.action) {
    case "move and attack":
      return { min: 0, max: full / 2, canAttack: true, lines: [`Up to ${full / 2}' and attack.`] };
    case "charge":
      return {
        min: full / 2,
        max: full,
        canAttack: true,
        lines: [`More than ${full / 2}' up to ${full}', ending within 10' of the foe: a charge.`],
      };
    case "run":
      return { min: 0, max: full, canAttack: false, lines: [`Up to ${full}', no attack or other action this round.`] };
    case "cast":
      return { min: 0, max: 10, canAttack: false, lines: ["Up to 10' while casting."] };
    case "fire on the run": {
      const race = (input.race ?? "").toLowerCase();
      const w = input.weapon;
      const elf = race === "elf" && hasTag(w, "bow", "great bow", "longbow", "shortbow", "javelin");
      const hobbit = (race === "hobbit" || race === "halfling") && hasTag(w, "sling");
      if (!elf && !hobbit)
        throw new RuleError(
          "Only elves (arrows, javelins) and hobbits (slings) can fire on the run: move half and attack instead",
        );
      return {
        min: 0,
        max: full,
        canAttack: true,
        lines: [`Up to ${full}' while firing, no penalty (not a charge); may fire into melee without risk to friends.`],
      };
    }
  }
}

/**
 * Retreat (or moving through a line): the retreating combatant and each foe
 * it disengages from roll a d6 + DEX bonus. Each foe who rolls higher gets a
 * free attack at +2 (shield not counted): mark the retreater "retreating".
 * A foe who ties or rolls lower gets none.
 */
export function retreatRoll(
  input: { retreater: HC; opponents: HC[]; kept?: RetreatKept | null },
  bag: DiceBag,
): RuleResult & { partingShots: string[]; kept: RetreatKept } {
  const mark = bag.log.length;
  const dexB = (c: HC) => abilityModifier(c.sheet.dex);
  // A roll made earlier this round stands (declared again after a withdrawal): only a foe not in it rolls.
  const was = input.kept ?? null;
  const mine = was
    ? was.mine
    : bag.roll(`retreat (${input.retreater.name})`, 1, 6, { modifier: dexB(input.retreater) }).total;
  const lines = [`${input.retreater.name}: ${mine}${was ? " (the roll made this round stands)" : ""}.`];
  const partingShots: string[] = [];
  const theirs: Record<string, number> = { ...(was?.theirs ?? {}) };
  for (const o of input.opponents) {
    const t = theirs[o.id] ?? bag.roll(`retreat (${o.name})`, 1, 6, { modifier: dexB(o) }).total;
    theirs[o.id] = t;
    if (t > mine) partingShots.push(o.id);
    lines.push(`${o.name}: ${t} — ${t > mine ? "a parting shot at +2, shield not counted" : "no parting shot"}.`);
  }
  return {
    title: partingShots.length ? "Retreat: parting shots" : "Retreat: clean getaway",
    lines,
    rules: [R_MISC],
    rolls: bag.since(mark),
    partingShots,
    kept: { round: was?.round ?? 0, mine, theirs },
  };
}

/** A retreat roll kept for its round (issue 30: withdrawing and declaring again must not reroll it). */
export interface RetreatKept {
  round: number;
  mine: number;
  theirs: Record<string, number>;
}

/** The mark that keeps it: "kept:" marks survive a withdrawn declaration (play's declare.ts); no words are shown for it. */
const RETREAT = "retreat|";
export function retreatKeptMark(k: RetreatKept): Mark {
  return `kept:${RETREAT}${k.round}|${k.mine}|${Object.entries(k.theirs)
    .map(([id, v]) => `${id}=${v}`)
    .join("|")}`;
}
/** The roll kept on `conditions` (its mark), and its values when it was made in `round` (an older one is only replaced). */
export function readRetreatKept(conditions: Mark[], round: number): { mark: Mark; kept: RetreatKept | null } | null {
  const mark = marksIn(conditions, "kept").find((c) => argOf(c, "kept")!.split("|")[0] === "retreat");
  if (!mark) return null;
  const [, r, mine, ...rest] = argOf(mark, "kept")!.split("|");
  if (Number(r) !== round) return { mark, kept: null };
  const theirs = Object.fromEntries(rest.map((x) => x.split("=")).map(([id, v]) => [id!, Number(v)]));
  return { mark, kept: { round, mine: Number(mine), theirs } };
}

/** A combatant may disengage without penalty or free attack if its opponent is engaged with another foe. */
export function freeDisengage(opponentEngagedElsewhere: boolean): { free: boolean; line: string } {
  return opponentEngagedElsewhere
    ? { free: true, line: "The opponent is busy with another foe: disengage freely." }
    : { free: false, line: "Use a fighting withdrawal or retreat." };
}

/** Fighting withdrawal: half speed, +2 to defence, −2 to attacks (mark "withdrawing"). */
export function fightingWithdrawal(turnMovement: number): { max: number; defence: number; attack: number } {
  return { max: turnMovement / 2, defence: 2, attack: -2 };
}
