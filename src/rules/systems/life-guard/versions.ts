/**
 * Life & Guard's stored data, by version (src/rules/systems/contract/sheet.ts, `DataVersion`). The play codecs read a
 * row stored at an older version through `upgrade`; what is written is always the current version.
 */
import type { DataVersion, StoredVersions } from "../types.js";

/**
 * Its part of a combatant's state (and what a character keeps between fights).
 * - Version 1: the maximum Life a Head Wound takes until treated (seed 004, "Scars", row 6: "Minus d6 maximum Life
 *   until you are treated") is `headWoundLoss`; version 0 named it `lifeMaxPenalty`. It counts while the head wound
 *   mark is there, as before.
 */
const state: DataVersion = {
  version: 1,
  upgrade(raw, from) {
    let out = raw;
    if (from < 1 && "lifeMaxPenalty" in out) {
      const { lifeMaxPenalty, ...rest } = out;
      out = { ...rest, headWoundLoss: lifeMaxPenalty };
    }
    return out;
  },
};

/** Its sheets have kept their first shape (version 0). */
export const versions: StoredVersions = { state };
