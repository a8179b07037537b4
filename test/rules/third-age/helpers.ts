import { DiceBag } from "../../../src/rules/dice/bag.js";
import { scriptedFaces } from "../../../src/rules/dice/random.js";
import type { Combatant, Side } from "../../../src/rules/systems/types.js";
import {
  initialState,
  monsterSchema,
  sheetSchema,
  type ThirdAgeSheet,
} from "../../../src/rules/systems/third-age/sheet.js";

export type TAC = Combatant<ThirdAgeSheet>;

export function bag(faces: number[]) {
  const src = scriptedFaces(faces);
  return Object.assign(new DiceBag(src), { remaining: () => src.remaining() });
}

export function pc(
  id: string,
  sheet: Record<string, unknown> = {},
  opts: { side?: Side; kind?: TAC["kind"]; state?: Record<string, unknown>; name?: string } = {},
): TAC {
  const s = (opts.kind === "monster" ? monsterSchema : sheetSchema).parse(sheet);
  const st = initialState(s);
  return {
    id,
    name: opts.name ?? id.charAt(0).toUpperCase() + id.slice(1),
    side: opts.side ?? "party",
    kind: opts.kind ?? "pc",
    sheet: s,
    state: { ...st, ...(opts.state ?? {}) },
  };
}

export function monster(
  id: string,
  sheet: Record<string, unknown> = {},
  opts: { side?: Side; state?: Record<string, unknown>; name?: string } = {},
): TAC {
  return pc(id, sheet, { ...opts, side: opts.side ?? "foes", kind: "monster" });
}
