/** /check and /save: a character's attribute check or saving throw, in a fight or out of one. */
import { campaignSystem } from "../campaigns/system.js";
import type { Combatant, Effect } from "../../rules/systems/types.js";
import type { Tx } from "../../store/client.js";
import type { Actor } from "../actor.js";
import type { Services } from "../services.js";
import { rule, UserError } from "../errors.js";
import { requireReferee } from "../permissions.js";
import { applyEffects } from "../encounters/effects.js";
import { nowAgainst } from "../round/onturn.js";
import { countAs, type DiceBag } from "../../rules/dice/bag.js";
import { formatDamage, parseDamage } from "../../rules/dice/damage.js";
import { type TableResult, type Scope, withDice, unsupported, who } from "./scope.js";
import { keptCodecFor, sheetCodecFor } from "../codecs/sheets.js";

export interface CheckRequest {
  attribute: string;
  modifier?: number | null;
  difficulty?: number | null;
  character?: string | null;
  /** The character by id instead of by name (a roll call's slot). */
  characterId?: string | null;
  /** Logged as hidden (the referee's call for a hidden roll). */
  hidden?: boolean;
}

export interface SaveRequest {
  kind?: string | null;
  modifier?: number | null;
  /** The referee's: the damage of the effect saved against, dice ("6d6") or a number; the system says what a success does to it. */
  damage?: string | null;
  character?: string | null;
  characterId?: string | null;
  hidden?: boolean;
}

/** `tx`: the caller's transaction (a roll call records the result in the same one). */
export async function attributeCheck(s: Services, actor: Actor, input: CheckRequest, tx?: Tx): Promise<TableResult> {
  return withDice(
    s,
    actor,
    `check ${input.attribute}`,
    async (tx, sc, bag) => {
      const sys = campaignSystem(sc.campaign);
      const attr = sys.attributes.find(
        (a) =>
          a.toLowerCase() === input.attribute.toLowerCase() ||
          a.toLowerCase().startsWith(input.attribute.toLowerCase()),
      );
      if (!attr)
        throw new UserError(
          `${sys.name} has no attribute "${input.attribute}": use one of ${sys.attributes.join(", ")}.`,
        );
      const c = await who(tx, sc, actor, input.character, input.characterId);
      const r = unsupported(
        rule(() =>
          sys.check(
            {
              who: c,
              attribute: attr,
              ...(input.modifier ? { modifier: input.modifier } : {}),
              ...(input.difficulty != null ? { difficulty: input.difficulty } : {}),
            },
            bag,
          ),
        ),
      );
      return { result: r, extra: [], campaign: sc.campaign };
    },
    input.hidden,
    tx,
  );
}

export async function savingThrow(s: Services, actor: Actor, input: SaveRequest, tx?: Tx): Promise<TableResult> {
  return withDice(
    s,
    actor,
    `save ${input.kind ?? ""}`.trim(),
    async (tx, sc, bag) => {
      const sys = campaignSystem(sc.campaign);
      const c = await who(tx, sc, actor, input.character, input.characterId);
      const order = sc.fight?.rows.some((r) => r.id === c.id) ? nowAgainst(sc.fight, c.id) : undefined;
      const damage = input.damage?.trim() ? saveDamage(sc, actor, input.damage, bag) : undefined;
      const r = unsupported(
        rule(() =>
          sys.save(
            {
              who: c,
              ...(input.kind ? { kind: input.kind } : {}),
              ...(input.modifier ? { modifier: input.modifier } : {}),
              ...(order ? { order } : {}),
              ...(damage !== undefined ? { damage } : {}),
            },
            bag,
          ),
        ),
      );
      if (damage !== undefined && !r.effects?.some((e) => e.damage !== undefined))
        throw new UserError(
          `${sys.name} does not tie damage to its saves: roll the save, then give the damage with /damage.`,
        );
      const lines = r.effects?.length ? await applySaveEffects(tx, sc, c, r.effects, bag) : [];
      return {
        result: damage !== undefined ? { ...r, lines: [...r.lines, ...lines], rolls: bag.log } : r,
        extra: [],
        campaign: sc.campaign,
      };
    },
    input.hidden,
    tx,
  );
}

/** The damage a save is tied to (the referee's): rolled from dice ("6d6") on the encounter's stream, or a number as given. */
function saveDamage(sc: Scope, actor: Actor, typed: string, bag: DiceBag): number {
  requireReferee(sc.campaign, actor, "tie damage to a save");
  const d = parseDamage(typed);
  if (
    !d ||
    d.count > 100 ||
    (d.count > 0 && (d.sides < 2 || d.sides > 100)) ||
    d.modifier > 999 ||
    (d.count === 0 && d.modifier < 1)
  )
    throw new UserError("`damage` is dice like 6d6 or 3d8+2, or a number like 24 (up to 100 dice of up to 100 sides).");
  if (!d.count) return d.modifier;
  const r = bag.roll(`damage ${formatDamage(d)}`, d.count, d.sides, { modifier: d.modifier });
  return countAs(r, Math.max(0, r.total), "no less than 0").counts?.total ?? r.total;
}

/** What a save changes on the one who rolled: in the fight (and onto its sheet), or on the character outside one. Its lines (the damage taken). */
async function applySaveEffects(tx: Tx, sc: Scope, c: Combatant, effects: Effect[], bag: DiceBag): Promise<string[]> {
  if (sc.fight?.rows.some((r) => r.id === c.id)) return (await applyEffects(tx, sc.fight, effects, bag)).lines;
  const conditions = effects.reduce(
    (cs, e) => [
      ...cs.filter((x) => !e.removeConditions?.includes(x)),
      ...(e.addConditions ?? []).filter((x) => !cs.includes(x)),
    ],
    c.state.conditions,
  );
  let state = { ...c.state, conditions };
  const lines: string[] = [];
  const sys = campaignSystem(sc.campaign);
  let sheet = c.sheet;
  for (const e of effects) {
    if (e.damage) {
      const r = rule(() => sys.applyDamage({ ...c, state }, e.damage!, bag));
      state = { ...r.state, conditions: r.state.conditions };
      lines.push(...r.result.lines);
    }
    // Fields of the sheet that change for good (B/X: the equipment a destructive attack destroyed), as in a fight.
    if (e.sheet) sheet = { ...sheet, ...e.sheet };
    if (e.note) lines.push(e.note);
  }
  await tx.character.updateMany({
    where: { id: c.id },
    data: {
      state: keptCodecFor(sys).encode(state),
      ...(sheet !== c.sheet ? { sheet: sheetCodecFor(sys).encode(sheet) } : {}),
      version: { increment: 1 },
    },
  });
  return lines;
}
