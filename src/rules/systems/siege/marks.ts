/** The marks Castles & Crusades' attacks and declarations leave, keyed by the other combatant's id, and who is not able to act. */
import { argOf, inFamily, type FamilyTable } from "../../marks.js";

/** Where a cover mark puts its bearer ("Cover"). */
export type CoverKey = "light" | "partial" | "heavy" | "full";

declare module "../../marks.js" {
  interface DeclaredFamilies {
    evading: `evading:${string}`;
    dodged: `dodged:${number}`;
    "struck fleeing": `struck fleeing:${string}`;
    "fleeing from": `fleeing from:${string}`;
    "charging at": `charging at:${string}`;
    "closed on": `closed on:${string}`;
    "struck first by": `struck first by:${string}`;
    "casting until": `casting until:${number}:${string}`;
    "ability until": `ability until:${number}:${string}`;
    readied: `readied:${string}`;
    cover: `cover:${CoverKey}`;
  }
}

/** Castles & Crusades' families of marks, with their arguments' shapes. */
export const SIEGE_FAMILIES = {
  evading: "text",
  dodged: "number",
  "struck fleeing": "text",
  "fleeing from": "text",
  "charging at": "text",
  "closed on": "text",
  "struck first by": "text",
  "casting until": { pattern: /^\d+:/ },
  "ability until": { pattern: /^\d+:/ },
  readied: "text",
  cover: { oneOf: ["light", "partial", "heavy", "full"] },
} as const satisfies FamilyTable;

/** A hasty disengager fleeing `id`, who is in melee with it. */
export const fleeingFrom = (id: string) => `fleeing from:${id}` as const;
/** Evading `id` this round. */
export const evading = (id: string) => `evading:${id}` as const;
/** Attacks dodged this round. */
export const dodged = (n: number) => `dodged:${n}` as const;
/** Behind cover. */
export const cover = (key: CoverKey) => `cover:${key}` as const;
/** A spell of several rounds, taking effect in `round`. */
export const castingUntil = (round: number, spell: string) => `casting until:${round}:${spell}` as const;
/** An ability of several rounds, completed on its user's turn in `round`. */
export const abilityUntil = (round: number, ability: string) => `ability until:${round}:${ability}` as const;
/** An item out of the backpack. */
export const readied = (item: string) => `readied:${item}` as const;

/** Marks a hasty disengager with each foe that has attacked it this round (one attack each): `struck fleeing:<attacker id>`. */
export const STRUCK_FLEEING = "struck fleeing:";
/** Marks a charger with the foe it charges ("Charging"): first strike and the +2 are against that foe only. */
export const CHARGING_AT = "charging at:";
/** Whether `charger`'s charge is at `foeId` (a charge declared without a target, as before, is at any foe). */
export const chargesAt = (charger: { state: { conditions: string[] } }, foeId: string): boolean => {
  const at = charger.state.conditions.filter(inFamily("charging at"));
  return !at.length || at.includes(`${CHARGING_AT}${foeId}`);
};
/** Marks a combatant that closed within 10 ft of a larger foe by a move in the first round: that foe strikes first ("Initiative"). */
export const CLOSED_ON = "closed on:";
/** Marks the one that closed once the foe it closed on has struck at it: its own attack at that foe may follow. */
export const STRUCK_FIRST_BY = "struck first by:";
/** Marks a hasty disengager with each foe it names as in melee with it: only those get the free attack. */
export const FLEEING_FROM = "fleeing from:";
/** Whether a foe may take the free attack at a hasty disengager: in melee with it (every foe when none was named). */
export const inMeleeWith = (fleeing: { state: { conditions: string[] } }, foeId: string): boolean => {
  const from = fleeing.state.conditions.filter(inFamily("fleeing from"));
  return !from.length || from.includes(`${FLEEING_FROM}${foeId}`);
};

export const NOT_ABLE = ["dead", "unconscious", "grievously wounded", "mortally wounded", "dying"];

/** Marks a spell of two or more rounds ("Cast a Spell"): `casting until:<round it takes effect>:<spell>`. */
export const spellOf = (c: string): { round: number; name: string } | undefined => untilOf(argOf(c, "casting until"));

/** Marks an ability of two or more rounds ("Use an Ability"): `ability until:<round it completes>:<ability>`. */
export const abilityOf = (c: string): { round: number; name: string } | undefined => untilOf(argOf(c, "ability until"));

/** "<round>:<name>", the argument of a "casting until" or "ability until" mark. */
function untilOf(arg: string | undefined): { round: number; name: string } | undefined {
  const m = arg === undefined ? null : /^(\d+):(.*)$/s.exec(arg);
  return m ? { round: Number(m[1]), name: m[2]! } : undefined;
}

/** Marks an item dug out of the backpack ("Use an Item"): `readied:<item>`, ready to use for the rest of the fight. */
export const READIED = "readied:";

/**
 * Marks one who disengaged ("Disengaging from Combat": "In the round following the disengagement the character or
 * monster has put distance between theirselves and their opponent"): no melee with its foes until a move closes it.
 */
export const DISENGAGED = "disengaged" as const;
/** The Castle Keeper's ruling ("Cover": "may rule that the character seeking cover may not attack"). */
export const NO_ATTACK_FROM_COVER = "no attack from cover" as const;
/** The referee's mark ("Situational Modifiers": "attackers must know of a defender's presence"). */
export const UNNOTICED = "unnoticed" as const;
