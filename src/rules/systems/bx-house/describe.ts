/**
 * The house sheet as the fight reads it: B/X's rows, with the AC the attacks use. seed 001, "COMBAT": the defender's
 * DEX bonus lowers its AC (unless the sheet's AC already includes it, `acIncludesDex`).
 */
import { aacOf, bxDescribeSheet, signed, type Encumbrance } from "../bx/index.js";
import { dexAcChange } from "./bonuses.js";
import type { HouseSheet } from "./sheet.js";

/** "2 (4 with shield, DEX 16 −2)": the fight's AC first, then the sheet's and what changes it. */
export function houseAcWords(s: HouseSheet): string {
  const dex = dexAcChange(s, [], false);
  const shield = s.shield ? " with shield" : "";
  const ascending = s.acMode === "ascending";
  const sheetAc = ascending ? aacOf(s) : s.ac;
  if (s.acIncludesDex) return `${sheetAc}${s.shield ? " (with shield; DEX included)" : " (DEX included)"}`;
  if (!dex) return `${sheetAc}${s.shield ? " (with shield)" : ""}`;
  // Descending AC falls by the bonus; ascending AC rises by it.
  const fight = ascending ? sheetAc - dex : sheetAc + dex;
  return `${fight} (${sheetAc}${shield}, DEX ${s.dex} ${signed(ascending ? -dex : dex)})`;
}

export function houseDescribeSheet(encumbrance: Encumbrance) {
  return (s: HouseSheet): [string, string][] =>
    bxDescribeSheet(s, encumbrance).map(([k, v]): [string, string] =>
      k === "AC" || k === "AAC" ? [k, houseAcWords(s)] : [k, v],
    );
}
