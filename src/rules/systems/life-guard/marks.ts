/** Life & Guard's families of marks (seed 004): their keys, their shapes and their constructors. */
import type { FamilyTable } from "../../marks.js";
import type { Rank } from "./sheet.js";

declare module "../../marks.js" {
  interface DeclaredFamilies {
    struck: `struck:${string}`;
    rank: `rank:${Rank}`;
    oil: `oil:${string}:${string}`;
    enchanted: `enchanted:${string}:${string}`;
    "enchanted armour": `enchanted armour:${string}`;
    field: `field:${string}`;
    front: `front:${number}`;
    blasting: `blasting:${number}`;
    /** A step on the grid this round (its key is not `<name>:<argument>`). */
    "moved squares": `moved ${number} squares`;
  }
}

export const LIFE_GUARD_FAMILIES = {
  struck: "text",
  rank: "text",
  oil: "text",
  enchanted: "text",
  "enchanted armour": "text",
  field: "text",
  front: "number",
  blasting: "number",
  "moved squares": { key: /^moved \d+ squares$/ },
} as const satisfies FamilyTable;

/** Has struck `id` this round. */
export const struck = (id: string) => `struck:${id}` as const;
/** A weapon oiled against a kind of foe. */
export const oil = (weapon: string, type: string) => `oil:${weapon}:${type}` as const;
/** Where the front line stands, in metres. */
export const front = (metres: number) => `front:${metres}` as const;
/** A Blast of `n` targets. */
export const blasting = (n: number) => `blasting:${n}` as const;
