/**
 * The sheet and state columns of Combatant, Character and Retainer. Their inside is a rule
 * system's own (validated by its sheet schema when written, read by its rules): these codecs
 * check the envelope and what play reads: `conditions`, each mark checked, and what play keeps beside them
 * (src/play/codecs/marks.ts). Read on every /attack and press.
 *
 * Each system versions its own part (`versions` in its manifest, src/rules/systems/contract/sheet.ts): a row
 * carries that version as `sv` beside the envelope's `v`, and one stored at an older one is upgraded by the
 * system as it is read. So a row is read and written through the codec of the system it belongs to, which
 * whoever reads it knows (the campaign's system, the fight's): `sheetCodecFor(system)` and the others.
 */
import type { CombatState, RuleSystem, StoredVersions } from "../../rules/systems/types.js";
import type { Mark } from "../../rules/marks.js";
import { type Codec, codec, type Owned, plainObject } from "./codec.js";
import { declaredOnly, markLife, markList, upgradeMarks } from "./marks.js";

/** What a system has not versioned: version 0, read as it is. */
const UNVERSIONED: Owned = { version: 0, upgrade: (raw) => raw };

/** A column's codec for each system, made once for each version it declares (a configured system shares its own). */
function perSystem<T>(make: (owned: Owned) => Codec<T>, part: keyof StoredVersions) {
  const made = new WeakMap<Owned, Codec<T>>();
  return (system: Pick<RuleSystem, "versions">): Codec<T> => {
    const owned = system.versions?.[part] ?? UNVERSIONED;
    let c = made.get(owned);
    if (!c) made.set(owned, (c = make(owned)));
    return c;
  };
}

/** A sheet (Combatant.sheet, Character.sheet, Retainer.sheet, a saved monster's): the system's fields. */
export const sheetCodecFor = perSystem(
  (owned) => codec<Record<string, unknown>>({ column: "sheet", version: 1, owned, check: plainObject }),
  "sheet",
);

/** A combatant's state in a fight: its conditions, and whatever else the system keeps (hp, stamina…). */
export const stateCodecFor = perSystem(
  (owned) =>
    codec<CombatState>({
      column: "Combatant.state",
      owned,
      version: 2,
      upgrade: upgradeMarks,
      written: declaredOnly,
      check(value) {
        const o = plainObject(value);
        return { ...o, conditions: markList(o.conditions, "conditions"), ...markLife(o) };
      },
    }),
  "state",
);

/**
 * What a character or retainer keeps between fights (Character.state, Retainer.state): the part of a
 * combatant's state that outlives the fight, or nothing yet (a retainer hired before its first fight,
 * "{}"). A saved monster keeps the fields its stats were typed with here.
 */
export type KeptState = Record<string, unknown> & { conditions?: Mark[] };

export const keptCodecFor = perSystem(
  (owned) =>
    codec<KeptState>({
      column: "Character.state or Retainer.state",
      owned,
      version: 2,
      upgrade: upgradeMarks,
      written: declaredOnly,
      check(value) {
        const o = plainObject(value);
        return o.conditions === undefined
          ? { ...o, ...markLife(o) }
          : { ...o, conditions: markList(o.conditions, "conditions"), ...markLife(o) };
      },
    }),
  "state",
);

/** Nothing kept yet: a retainer hired before its first fight. */
export const keptNothing = (k: KeptState): boolean => Object.keys(k).length === 0;

/** What was kept, as a state in a fight (a character row always keeps its conditions). */
export const keptAsState = (k: KeptState): CombatState => ({ ...k, conditions: k.conditions ?? [] });
