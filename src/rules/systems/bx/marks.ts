/** B/X's families of marks (seed 002): their keys, their shapes and their constructors. The B/X house rules use them too. */
import type { FamilyTable } from "../../marks.js";

declare module "../../marks.js" {
  interface DeclaredFamilies {
    /** Rounds spent moving at encounter rate. */
    moved: `moved:${number}`;
    /** The spell a caster declared this round, by the name the player gave. */
    spell: `spell:${string}`;
  }
}

export const BX_FAMILIES = { moved: "number", spell: "text" } as const satisfies FamilyTable;

/** B/X: rounds spent moving at encounter rate. */
export const movedRounds = (n: number) => `moved:${n}` as const;
/** B/X and its house rules: the spell a caster declared this round, by the name the player gave. */
export const spellNamed = (name: string) => `spell:${name}` as const;
