/**
 * The sheet and state columns of Combatant, Character and Retainer. Their inside is a rule
 * system's own (validated by its sheet schema when written, read by its rules): these codecs
 * check the envelope and what play reads: `conditions`, each mark checked, and what play keeps beside them
 * (src/play/codecs/marks.ts). Read on every /attack and press.
 */
import type { CombatState } from "../../rules/systems/types.js";
import type { Mark } from "../../rules/marks.js";
import { codec, plainObject } from "./codec.js";
import { declaredOnly, markLife, markList, upgradeMarks } from "./marks.js";

/** A sheet (Combatant.sheet, Character.sheet, Retainer.sheet): the system's fields. */
export const sheetCodec = codec<Record<string, unknown>>({ column: "sheet", version: 1, check: plainObject });

/** A combatant's state in a fight: its conditions, and whatever else the system keeps (hp, stamina…). */
export const stateCodec = codec<CombatState>({
  column: "Combatant.state",
  version: 2,
  upgrade: upgradeMarks,
  written: declaredOnly,
  check(value) {
    const o = plainObject(value);
    return { ...o, conditions: markList(o.conditions, "conditions"), ...markLife(o) };
  },
});

/**
 * What a character or retainer keeps between fights (Character.state, Retainer.state): the part of a
 * combatant's state that outlives the fight, or nothing yet (a retainer hired before its first fight,
 * "{}"). A saved monster keeps the fields its stats were typed with here.
 */
export type KeptState = Record<string, unknown> & { conditions?: Mark[] };

export const keptCodec = codec<KeptState>({
  column: "Character.state or Retainer.state",
  version: 2,
  upgrade: upgradeMarks,
  written: declaredOnly,
  check(value) {
    const o = plainObject(value);
    return o.conditions === undefined
      ? { ...o, ...markLife(o) }
      : { ...o, conditions: markList(o.conditions, "conditions"), ...markLife(o) };
  },
});

/** Nothing kept yet: a retainer hired before its first fight. */
export const keptNothing = (k: KeptState): boolean => Object.keys(k).length === 0;

/** What was kept, as a state in a fight (a character row always keeps its conditions). */
export const keptAsState = (k: KeptState): CombatState => ({ ...k, conditions: k.conditions ?? [] });
