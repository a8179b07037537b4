/** The B/X house rules' own families of marks (seed 001): their keys, their shapes and their constructors. */
import type { FamilyTable } from "../../marks.js";
import { BX_FAMILIES } from "../bx/marks.js";

declare module "../../marks.js" {
  interface DeclaredFamilies {
    behind: `behind:${string}`;
    "grappled by": `grappled by:${string}`;
    stunned: `stunned:${number}`;
    maneuver: `maneuver:${string}`;
    initiative: `initiative:${number}`;
  }
}

/** B/X's families and the house's own. */
export const HOUSE_FAMILIES = {
  ...BX_FAMILIES,
  behind: "text",
  "grappled by": "text",
  stunned: "number",
  maneuver: "text",
  initiative: "number",
} as const satisfies FamilyTable;

/** Attacked `id` from behind, with advantage next round. */
export const behind = (id: string) => `behind:${id}` as const;
/** Held by `id`. */
export const grappledBy = (id: string) => `grappled by:${id}` as const;
/** Stunned for `rounds` more rounds. */
export const stunnedFor = (rounds: number) => `stunned:${rounds}` as const;
/** A maneuver on the next hit. */
export const maneuver = (id: string) => `maneuver:${id}` as const;
/** The initiative die a combatant rolled in the first round (0: none of its own). */
export const initiative = (die: number) => `initiative:${die}` as const;
