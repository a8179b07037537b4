/**
 * /condition: the referee sets or ends a condition on any combatant of the running fight (blind,
 * stunned, invisible… in the system's own words), with its lifetime: the system's, or one chosen
 * (this round, this encounter, until removed). The attack rules read the condition; the board shows it.
 */
import { LIFETIME_WORDS, refereeConditions, wordFor } from "../../rules/round/words.js";
import type { CombatState, ConditionWord, Lifetime, RuleResult } from "../../rules/systems/types.js";
import type { Actor } from "../actor.js";
import type { Services } from "../services.js";
import { UserError } from "../errors.js";
import { isReferee, requireReferee } from "../permissions.js";
import { findCampaign } from "../campaigns/find.js";
import { campaignSystem } from "../campaigns/system.js";
import { saveState } from "./effects.js";
import { findCombatant, loadFight, requireFight, toRule, type Fight } from "./load.js";
import { bumpEncounter, type EncounterEvent } from "./index.js";
import { didYouMean } from "../nearest.js";
import { activeEncounter, encounterById } from "../../store/hot.js";
import type { Tx } from "../../store/client.js";
import { requireCampaign } from "../campaigns/find.js";
import { findCharacter } from "../characters/index.js";
import { sheetState, stampAdded } from "../round/marks.js";
import { keptAsState, keptCodecFor } from "../codecs/sheets.js";
import type { Mark } from "../../rules/marks.js";

/** The lifetimes a referee may choose, by the option's value. */
export const CHOSEN_LIFETIMES: Record<string, Lifetime> = {
  round: "round",
  encounter: "encounter",
  removed: "permanent",
};

export interface ConditionInput {
  target: string;
  condition: string;
  /** "round", "encounter" or "removed"; absent: the system's own lifetime for it. */
  lasts?: string | null;
}

/** A condition key from what was typed or picked: the key, or its words. */
function pick(list: [Mark, ConditionWord][], typed: string): [Mark, ConditionWord] | undefined {
  const k = typed.trim().toLowerCase();
  return (
    list.find(([key]) => key === k) ??
    list.find(([, w]) => w.label.toLowerCase() === k) ??
    list.find(([, w]) => w.label.toLowerCase().startsWith(`${k} (`))
  );
}

const bare = (w: ConditionWord) => w.label;

/** Outside a fight: a condition kept on a character's sheet ("until removed") is ended there. */
async function endOnCharacter(tx: Tx, actor: Actor, input: ConditionInput): Promise<ConditionChange> {
  const campaign = await requireCampaign(tx, actor);
  requireReferee(campaign, actor, "end conditions");
  const sys = campaignSystem(campaign);
  const c = await findCharacter(tx, campaign.id, input.target);
  if (!c) throw new UserError(`No encounter is running, and there is no character "${input.target}" here.`);
  const state = keptAsState(keptCodecFor(sys).decode(c.state));
  const open = refereeConditions(sys.words).filter(([k]) => state.conditions?.includes(k));
  const found = pick(open, input.condition);
  if (!found)
    throw new UserError(
      `${c.name} is not ${input.condition.trim()}${open.length ? `: the conditions to end on ${c.name} are ${open.map(([, w]) => w.label).join("; ")}` : ""}.`,
    );
  const [key, word] = found;
  const lasts = { ...(state.lasts ?? {}) };
  delete lasts[key];
  const next: CombatState = { ...state, conditions: state.conditions.filter((x) => x !== key), lasts };
  await tx.character.update({
    where: { id: c.id },
    data: { state: keptCodecFor(sys).encode(sheetState(sys.words, next)), version: { increment: 1 } },
  });
  return { result: ended(c.name, word, `${sys.name} · set by the referee`) };
}

const ended = (name: string, word: ConditionWord, rule: string): RuleResult => ({
  title: `${name} is no longer ${word.label.replace(/ \(.*\)$/, "")}`,
  lines: [`${name}: no longer ${word.label}.`],
  rules: [rule],
  rolls: [],
});

/** What /condition changed: in a fight, the encounter (its board follows); outside one, a character. */
export type ConditionChange = { event: EncounterEvent } | { result: RuleResult };

async function change(s: Services, actor: Actor, input: ConditionInput, add: boolean): Promise<ConditionChange> {
  return s.store.db.$transaction(async (tx) => {
    const campaign = await requireCampaign(tx, actor);
    if (!add && !(await activeEncounter(tx, campaign.id))) return endOnCharacter(tx, actor, input);
    const fight = await requireFight(tx, actor);
    requireReferee(fight.campaign, actor, add ? "set conditions" : "end conditions");
    const row = findCombatant(fight, input.target);
    const c = toRule(row, fight.system);
    const words = fight.system.words;
    const open = refereeConditions(words);
    let key: Mark;
    let word: ConditionWord;
    if (add) {
      const found = pick(open, input.condition);
      if (!found)
        throw new UserError(
          `"${input.condition}" is not a condition to set in ${fight.system.name}.${
            didYouMean(
              input.condition,
              open.map(([, w]) => bare(w)),
            ) || ""
          } Choose one of: ${open.map(([, w]) => bare(w)).join("; ")}.`,
        );
      [key, word] = found;
    } else {
      const present = c.state.conditions.map((x): [Mark, ConditionWord] => [x, wordFor(words, x)]);
      const found = pick(
        present.filter(([x]) => open.some(([k]) => k === x)),
        input.condition,
      );
      if (!found) {
        const ends = present.filter(([x]) => open.some(([k]) => k === x)).map(([, w]) => bare(w));
        throw new UserError(
          `${c.name} is not ${input.condition.trim()}${ends.length ? `: the conditions to end on ${c.name} are ${ends.join("; ")}` : ": nothing the referee set is on them"}.`,
        );
      }
      [key, word] = found;
    }
    let lasts: Lifetime | undefined;
    if (add && input.lasts) {
      lasts = CHOSEN_LIFETIMES[input.lasts];
      if (!lasts)
        throw new UserError(`"${input.lasts}" is not a lifetime: this round, this encounter or until removed.`);
    }
    const chosen = { ...(c.state.lasts ?? {}) };
    const life = lasts ?? word.lasts;
    if (add) {
      if (c.state.conditions.includes(key) && chosen[key] === life)
        throw new UserError(`${c.name} is already ${word.label}, ${LIFETIME_WORDS[life]}: nothing changed.`);
      chosen[key] = life;
    } else delete chosen[key];
    const conditions: Mark[] = add
      ? [...new Set<Mark>([...c.state.conditions, key])]
      : c.state.conditions.filter((x) => x !== key);
    let state: CombatState = { ...c.state, conditions, lasts: chosen };
    state = stampAdded(c.state.conditions, state, fight.encounter.round);
    saveState(tx, row, state, fight.system);
    await bumpEncounter(tx, fight.encounter);
    const after: Fight = await loadFight(
      tx,
      fight.campaign,
      (await encounterById(tx, fight.encounter.id)) ?? fight.encounter,
    );
    const rule = `${fight.system.name} · set by the referee`;
    const result: RuleResult = add
      ? {
          title: `${c.name} is ${word.label.replace(/ \(.*\)$/, "")}`,
          lines: [
            `${c.name}: ${word.label}, ${LIFETIME_WORDS[life]}${life === "round" ? " (it ends when this round ends)" : life === "encounter" ? " (it ends with the fight)" : ""}.`,
          ],
          rules: [rule],
          rolls: [],
        }
      : ended(c.name, word, rule);
    return { event: { fight: after, results: [result], notes: [] } };
  });
}

export const setCondition = (s: Services, actor: Actor, input: ConditionInput) => change(s, actor, input, true);
export const endCondition = (s: Services, actor: Actor, input: ConditionInput) => change(s, actor, input, false);

/** Autocomplete: the conditions the referee may set in this system (to set), or those on the target now (to end). */
export async function conditionChoices(
  s: Services,
  actor: Actor,
  typed: string,
  mode: "add" | "remove",
  target?: string | null,
): Promise<{ name: string; value: string }[]> {
  const campaign = await findCampaign(s.store.db, actor);
  if (!campaign || !isReferee(campaign, actor)) return [];
  const words = campaignSystem(campaign).words;
  let list = refereeConditions(words);
  if (mode === "remove" && target) {
    const fight = await requireFight(s.store.db, actor).catch(() => null);
    const row = fight?.rows.find((r) => r.name.toLowerCase() === target.trim().toLowerCase());
    if (row) {
      const on = toRule(row, campaignSystem(campaign)).state.conditions;
      list = list.filter(([k]) => on.includes(k));
    }
  }
  const t = typed.trim().toLowerCase();
  return list
    .filter(([k, w]) => k.includes(t) || w.label.toLowerCase().includes(t))
    .slice(0, 25)
    .map(([k, w]) => ({ name: `${w.label} · ${LIFETIME_WORDS[w.lasts]}`.slice(0, 100), value: k }));
}
