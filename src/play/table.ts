/**
 * The table's single rolls: /check, /save, /surprise, /reaction, /morale,
 * /damage, /heal, /odds. Each uses the running encounter's stream when there
 * is one (else the campaign's) and logs every die.
 */
import { campaignSystem } from "./campaigns/system.js";
import type { Campaign } from "../generated/prisma/client.js";
import { isUnsupported, type Combatant, type DamageResult, type Effect, type MoraleResult, type RuleResult, type RuleSystem, type DamageKind, type Side, type Situation, type SystemId, type StateView, type Unsupported } from "../rules/systems/types.js";
import type { Tx } from "../store/client.js";
import type { Actor } from "./actor.js";
import type { Services } from "./services.js";
import { rule, UserError } from "./errors.js";
import { didYouMean } from "./nearest.js";
import { isReferee, requireOwnerOrReferee, requireReferee } from "./permissions.js";
import { requireCampaign } from "./campaigns/find.js";
import { activeCharacter, asCombatant, findCharacter } from "./characters/index.js";
import { bagFor, openStream } from "./streams.js";
import { applyEffects, saveState } from "./encounters/effects.js";
import { isDown, loadFight, toRule, type Fight } from "./encounters/load.js";
import { nowAgainst } from "./round/onturn.js";
import type { DiceBag } from "../rules/dice/bag.js";
import { retainerMorale } from "./retainers/morale.js";
import { partyLeader } from "./encounters/leader.js";
import { sheetState } from "./round/marks.js";
import { formatDamage, parseDamage } from "../rules/dice/damage.js";
import { activeEncounter } from "../store/hot.js";
import { isSurprised, surpriseOptions } from "./encounters/surprise.js";
import { readSettings } from "./campaigns/settings.js";

export interface TableResult {
  result: RuleResult;
  extra: string[];
  campaign: Campaign;
}

interface Scope {
  campaign: Campaign;
  fight: Fight | null;
}

async function scope(tx: Tx, actor: Actor): Promise<Scope> {
  const campaign = await requireCampaign(tx, actor);
  const enc = await activeEncounter(tx, campaign.id);
  return { campaign, fight: enc ? await loadFight(tx, campaign, enc) : null };
}

/** Runs `fn` with a bag on the right stream and logs what it rolled, in one transaction (the caller's, when given). */
async function withDice<T>(s: Services, actor: Actor, purpose: string, fn: (tx: Tx, sc: Scope, bag: DiceBag) => Promise<T>, hidden = false, inTx?: Tx): Promise<T> {
  const run = async (tx: Tx) => {
    const sc = await scope(tx, actor);
    const open = await openStream(tx, { campaignId: sc.campaign.id, encounterId: sc.fight?.encounter.id ?? null });
    const out = await fn(tx, sc, bagFor(open, purpose, hidden));
    await open.close(tx, actor);
    return out;
  };
  return inTx ? run(inTx) : s.store.db.$transaction(run);
}

function unsupported<T>(r: T): Exclude<T, { unsupported: true }> {
  if (isUnsupported(r)) throw new UserError(r.message);
  return r as Exclude<T, { unsupported: true }>;
}

/**
 * Whose roll: the character with this id (a roll call's slot, which a rename cannot move), the named
 * character (referee, or one's own), else the actor's combatant or active character.
 */
async function who(tx: Tx, sc: Scope, actor: Actor, name?: string | null, characterId?: string | null): Promise<Combatant> {
  if (characterId) {
    const row = sc.fight?.rows.find((r) => r.characterId === characterId);
    const c = row ? null : await tx.character.findFirst({ where: { id: characterId, campaignId: sc.campaign.id, deletedAt: null } });
    const ownerId = row ? row.controllerId : c?.ownerId;
    if (!row && !c) throw new UserError("That character is no longer in this campaign: nothing was rolled.");
    if (ownerId !== actor.userId && !isReferee(sc.campaign, actor)) throw new UserError(`That is ${ownerId ? `<@${ownerId}>'s` : "the referee's"} to roll.`);
    return row ? toRule(row) : asCombatant(c!);
  }
  if (sc.fight) {
    const rows = sc.fight.rows;
    const row = name ? rows.find((r) => r.name.toLowerCase() === name.toLowerCase()) : rows.find((r) => r.controllerId === actor.userId);
    if (row) {
      if (row.controllerId !== actor.userId && !isReferee(sc.campaign, actor)) throw new UserError(`That is ${row.controllerId ? `<@${row.controllerId}>'s` : "the referee's"} to roll.`);
      return toRule(row);
    }
  }
  const c = name ? await findCharacter(tx, sc.campaign.id, name) : await activeCharacter(tx, sc.campaign.id, actor.userId);
  if (!c) throw new UserError(name ? `No character named "${name}" here.${await nearTargets(tx, sc, name)}` : "You have no character here: create one with /character create.");
  if (c.ownerId !== actor.userId && !isReferee(sc.campaign, actor)) throw new UserError(`That is <@${c.ownerId}>'s to roll.`);
  return asCombatant(c);
}

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
  return withDice(s, actor, `check ${input.attribute}`, async (tx, sc, bag) => {
    const sys = campaignSystem(sc.campaign);
    const attr = sys.attributes.find((a) => a.toLowerCase() === input.attribute.toLowerCase() || a.toLowerCase().startsWith(input.attribute.toLowerCase()));
    if (!attr) throw new UserError(`${sys.name} has no attribute "${input.attribute}": use one of ${sys.attributes.join(", ")}.`);
    const c = await who(tx, sc, actor, input.character, input.characterId);
    const r = unsupported(rule(() => sys.check({ who: c, attribute: attr, ...(input.modifier ? { modifier: input.modifier } : {}), ...(input.difficulty != null ? { difficulty: input.difficulty } : {}) }, bag)));
    return { result: r, extra: [], campaign: sc.campaign };
  }, input.hidden, tx);
}

export async function savingThrow(s: Services, actor: Actor, input: SaveRequest, tx?: Tx): Promise<TableResult> {
  return withDice(s, actor, `save ${input.kind ?? ""}`.trim(), async (tx, sc, bag) => {
    const sys = campaignSystem(sc.campaign);
    if (isUnsupported(sys.saves)) throw new UserError(sys.saves.message);
    const c = await who(tx, sc, actor, input.character, input.characterId);
    const order = sc.fight?.rows.some((r) => r.id === c.id) ? nowAgainst(sc.fight, c.id) : undefined;
    const damage = input.damage?.trim() ? saveDamage(sc, actor, input.damage, bag) : undefined;
    const r = unsupported(rule(() => sys.save({ who: c, ...(input.kind ? { kind: input.kind } : {}), ...(input.modifier ? { modifier: input.modifier } : {}), ...(order ? { order } : {}), ...(damage !== undefined ? { damage } : {}) }, bag)));
    if (damage !== undefined && !r.effects?.some((e) => e.damage !== undefined)) throw new UserError(`${sys.name} does not tie damage to its saves: roll the save, then give the damage with /damage.`);
    const lines = r.effects?.length ? await applySaveEffects(tx, sc, c, r.effects, bag) : [];
    return { result: damage !== undefined ? { ...r, lines: [...r.lines, ...lines], rolls: bag.log } : r, extra: [], campaign: sc.campaign };
  }, input.hidden, tx);
}

/** The damage a save is tied to (the referee's): rolled from dice ("6d6") on the encounter's stream, or a number as given. */
function saveDamage(sc: Scope, actor: Actor, typed: string, bag: DiceBag): number {
  requireReferee(sc.campaign, actor, "tie damage to a save");
  const d = parseDamage(typed);
  if (!d || d.count > 100 || (d.count > 0 && (d.sides < 2 || d.sides > 100)) || d.modifier > 999 || (d.count === 0 && d.modifier < 1))
    throw new UserError("`damage` is dice like 6d6 or 3d8+2, or a number like 24 (up to 100 dice of up to 100 sides).");
  return d.count ? Math.max(0, bag.roll(`damage ${formatDamage(d)}`, d.count, d.sides, { modifier: d.modifier }).total) : d.modifier;
}

/** What a save changes on the one who rolled: in the fight (and onto its sheet), or on the character outside one. Its lines (the damage taken). */
async function applySaveEffects(tx: Tx, sc: Scope, c: Combatant, effects: Effect[], bag: DiceBag): Promise<string[]> {
  if (sc.fight?.rows.some((r) => r.id === c.id)) return (await applyEffects(tx, sc.fight, effects, bag)).lines;
  const conditions = effects.reduce(
    (cs, e) => [...cs.filter((x) => !e.removeConditions?.includes(x)), ...(e.addConditions ?? []).filter((x) => !cs.includes(x))],
    c.state.conditions,
  );
  let state = { ...c.state, conditions };
  const lines: string[] = [];
  const sys = campaignSystem(sc.campaign);
  for (const e of effects) {
    if (!e.damage) continue;
    const r = rule(() => sys.applyDamage({ ...c, state }, e.damage!, bag));
    state = { ...r.state, conditions: r.state.conditions };
    lines.push(...r.result.lines);
  }
  await tx.character.updateMany({ where: { id: c.id }, data: { state: JSON.stringify(state), version: { increment: 1 } } });
  return lines;
}

export async function surpriseRoll(s: Services, actor: Actor, input: { modifiers?: Partial<Record<"party" | "foes", number>> } = {}): Promise<TableResult> {
  return withDice(s, actor, "surprise", async (tx, sc, bag) => {
    requireReferee(sc.campaign, actor, "call for surprise");
    const sys = campaignSystem(sc.campaign);
    const cs = sc.fight?.combatants ?? [];
    const settings = readSettings(sc.campaign.system as SystemId, sc.campaign.settings);
    const r = unsupported(sys.surprise({ party: cs.filter((c) => c.side === "party"), foes: cs.filter((c) => c.side === "foes"), ...surpriseOptions(input.modifiers), settings }, bag));
    if (sc.fight) {
      // A new roll replaces the last one's: who is not surprised now loses the mark.
      const effects = sc.fight.combatants.map((c) => (isSurprised(r, c) ? { targetId: c.id, addConditions: ["surprised"] } : { targetId: c.id, removeConditions: ["surprised"] }));
      await applyEffects(tx, sc.fight, effects, bag);
    }
    return { result: r, extra: [], campaign: sc.campaign };
  });
}

export async function reactionRoll(s: Services, actor: Actor, input: { leader?: string | null; modifier?: number | null }): Promise<TableResult> {
  return withDice(s, actor, "reaction", async (tx, sc, bag) => {
    requireReferee(sc.campaign, actor, "roll reactions");
    const sys = campaignSystem(sc.campaign);
    const { leader, line } = partyLeader(await partyOf(tx, sc), input.leader);
    const r = unsupported(sys.reaction({ ...(leader ? { leader } : {}), ...(input.modifier ? { modifier: input.modifier } : {}) }, bag));
    return { result: { ...r, lines: [line, ...r.lines] }, extra: [], campaign: sc.campaign };
  });
}

/** The party: the running encounter's party side, else every player's active character. */
async function partyOf(tx: Tx, sc: Scope): Promise<Combatant[]> {
  if (sc.fight) return sc.fight.combatants.filter((c) => c.side === "party");
  const players = await tx.player.findMany({ where: { campaignId: sc.campaign.id } });
  const out: Combatant[] = [];
  for (const p of players) {
    const c = await activeCharacter(tx, sc.campaign.id, p.userId);
    if (c) out.push(asCombatant(c));
  }
  return out;
}

/**
 * Who rolls morale together: the system's groups (B/X: by creature type), or the side as one; `group` (a type
 * or a name) keeps only the group it names.
 */
function moraleGroups(sys: RuleSystem, members: Combatant[], group?: string | null): { name: string; who: Combatant[] }[] {
  const all = members.length && sys.moraleGroups ? sys.moraleGroups(members) : [{ name: "", who: members }];
  if (!group) return all;
  const k = group.trim().toLowerCase();
  const named = all.filter((g) => g.name.toLowerCase() === k || g.who.some((c) => c.name.toLowerCase() === k));
  if (!named.length) throw new UserError(`No one standing is "${group}": ${sys.moraleGroups ? `the groups are ${all.map((g) => g.name || "the side").join(", ")}` : "this system checks the side as one"}.`);
  return named;
}

/** Several groups' rolls as one answer: each line says whose roll it is; the marks stay with those who rolled. */
function mergeMorale(rolled: { name: string; r: MoraleResult | Unsupported }[]): MoraleResult | Unsupported {
  const done = rolled.filter((x): x is { name: string; r: MoraleResult } => !isUnsupported(x.r));
  if (!done.length) return rolled[0]!.r;
  return {
    title: done.map((x) => x.r.title).join("; "),
    lines: done.flatMap((x) => x.r.lines.map((l) => `${x.name}: ${l}`)),
    rules: [...new Set(done.flatMap((x) => x.r.rules))],
    rolls: done.flatMap((x) => x.r.rolls.map((d) => ({ ...d, label: `${d.label} (${x.name})` }))),
    holds: done.every((x) => x.r.holds),
    effects: done.flatMap((x) => x.r.effects ?? []),
  };
}

export async function moraleCheck(s: Services, actor: Actor, input: { side?: Side | null; rating?: number | null; modifier?: number | null; group?: string | null }): Promise<TableResult> {
  return withDice(s, actor, "morale", async (tx, sc, bag) => {
    requireReferee(sc.campaign, actor, "check morale");
    const sys = campaignSystem(sc.campaign);
    const side = input.side ?? "foes";
    const standing = (sc.fight?.combatants ?? []).filter((c) => c.side === side && !isDown(c));
    // Hired retainers roll against their loyalty instead (src/play/retainers/morale.ts).
    const loyal = side === "party" && sc.fight ? await retainerMorale(tx, sc.fight, standing, bag, input.modifier) : null;
    const members = standing.filter((c) => !loyal?.ids.includes(c.id));
    // Marks the retainers' rolls leave (a broken morale: fled) apply as the side's do.
    if (loyal?.result.effects?.length && sc.fight) await applyEffects(tx, sc.fight, loyal.result.effects, bag);
    if (loyal && !members.length && input.rating == null) return { result: loyal.result, extra: [], campaign: sc.campaign };
    if (!members.length && input.rating == null) throw new UserError(`No one on the ${side} side is standing here: give a \`rating\` to roll against.`);
    const groups = moraleGroups(sys, members, input.group);
    const roll = (who: Combatant[]) => sys.morale({ who, side, ...(input.rating != null ? { rating: input.rating } : {}), ...(input.modifier ? { modifier: input.modifier } : {}) }, bag);
    const rolled = groups.map((g) => ({ name: g.name, r: rule(() => roll(g.who)) }));
    const raw = rolled.length === 1 ? rolled[0]!.r : mergeMorale(rolled);
    // The rest of the side may have no morale of its own (B/X player characters): the retainers' rolls stand alone.
    if (isUnsupported(raw) && loyal) return { result: { ...loyal.result, lines: [...loyal.result.lines, raw.message] }, extra: [], campaign: sc.campaign };
    const r = unsupported(raw);
    // Marks each roll leaves (fled, fights to the death) apply to those who rolled it.
    if (sc.fight && !isUnsupported(r) && r.effects?.length) await applyEffects(tx, sc.fight, r.effects, bag);
    const result = loyal ? { ...r, lines: [...loyal.result.lines, ...r.lines], rules: [...r.rules, ...loyal.result.rules], rolls: [...loyal.result.rolls, ...r.rolls] } : r;
    return { result, extra: [], campaign: sc.campaign };
  });
}

/**
 * /morale with `talk`: a party member tries to intimidate or persuade the standing foes into surrender,
 * by the system's own roll (The Third Age: Charisma above their morale). On success they surrender and
 * leave the fight.
 */
export async function parleyCheck(s: Services, actor: Actor, input: { speaker?: string | null; intent: "intimidate" | "persuade"; rating?: number | null; modifier?: number | null }): Promise<TableResult> {
  return withDice(s, actor, input.intent, async (tx, sc, bag) => {
    requireReferee(sc.campaign, actor, `call for a roll to ${input.intent}`);
    const sys = campaignSystem(sc.campaign);
    if (!sys.parley) throw new UserError(`${sys.name} gives no roll to talk foes into surrender: the referee decides, or check their morale with /morale.`);
    if (!sc.fight) throw new UserError("No encounter is running here: there is no one to talk into surrender. Start one with /encounter start.");
    const party = sc.fight.combatants.filter((c) => c.side === "party" && !isDown(c));
    const named = input.speaker?.trim().toLowerCase();
    const speaker = named ? party.find((c) => c.name.toLowerCase() === named) : party.length === 1 ? party[0] : undefined;
    if (!speaker)
      throw new UserError(
        named
          ? `No one standing in the party is called "${input.speaker}"${party.length ? ` (standing: ${party.map((c) => c.name).join(", ")})` : ""}.`
          : `Say who speaks for the party with \`speaker\`${party.length ? ` (${party.map((c) => c.name).join(", ")})` : ""}.`,
      );
    const targets = sc.fight.combatants.filter((c) => c.side === "foes" && !isDown(c));
    if (!targets.length) throw new UserError("No foe is standing: there is no one to talk into surrender.");
    const r = rule(() =>
      sys.parley!({ who: speaker, targets, intent: input.intent, ...(input.rating != null ? { rating: input.rating } : {}), ...(input.modifier ? { modifier: input.modifier } : {}) }, bag),
    );
    const applied = await applyEffects(tx, sc.fight, r.effects, bag);
    return { result: { title: r.title, lines: [...r.lines, ...applied.lines], rules: r.rules, rolls: r.rolls }, extra: [], campaign: sc.campaign };
  });
}

/** /damage and /heal: on a combatant of the running encounter, else on a character. `fallFt`: the system's falling damage instead of an amount. */
export async function changeHealth(s: Services, actor: Actor, input: { target: string; amount?: number | null; fallFt?: number | null; heal: boolean; kind?: DamageKind }): Promise<TableResult> {
  if (input.fallFt != null) {
    if (input.heal || input.amount != null || (input.kind && input.kind !== "normal")) throw new UserError("A fall rolls its own damage: give `fall` alone, without `amount`, `subdual` or `illusory`.");
    if (!Number.isInteger(input.fallFt) || input.fallFt < 1 || input.fallFt > 1000) throw new UserError("The fall is a whole number of feet from 1 to 1000.");
    return fallDamage(s, actor, { target: input.target, heightFt: input.fallFt });
  }
  const amount = input.amount;
  if (amount == null || !Number.isInteger(amount) || amount < 1 || amount > 999) throw new UserError("The amount is a whole number from 1 to 999 (or give `fall` in feet for a fall).");
  return withDice(s, actor, input.heal ? "heal" : "damage", async (tx, sc, bag) => {
    const sys = campaignSystem(sc.campaign);
    if (input.kind === "illusion" && !sys.damageKinds?.includes("illusion")) throw new UserError(`${sys.name} has no illusory damage: give it as normal or \`subdual\` damage.`);
    const row = sc.fight?.rows.find((r) => r.name.toLowerCase() === input.target.toLowerCase());
    if (row && sc.fight) {
      requireOwnerOrReferee(sc.campaign, actor, row.controllerId, row.controllerId ? `<@${row.controllerId}>'s` : "the referee's");
      const before = toRule(row);
      if (input.heal) {
        const r = rule(() => sys.applyHealing(before, amount));
        await saveState(tx, row, r.state, sys.words);
        return { result: healed(sys, before, r, amount), extra: [], campaign: sc.campaign };
      }
      const was = fallen(sc.fight);
      const applied = await applyEffects(tx, sc.fight, [{ targetId: row.id, damage: amount, damageKind: input.kind ?? "normal" }], bag);
      const after = sc.fight.combatants.find((c) => c.id === row.id)!;
      const v = sys.view(after);
      return {
        result: { title: `${row.name} takes ${amount}${input.kind === "subdual" ? " subdual" : input.kind === "illusion" ? " illusory" : ""} damage`, lines: [...applied.lines, nowLine(v, after)], rules: applied.rules, rolls: bag.log },
        extra: moraleNudges(sc.fight, was),
        campaign: sc.campaign,
      };
    }
    const c = await findCharacter(tx, sc.campaign.id, input.target);
    if (!c) throw await noTarget(tx, sc, input.target);
    requireOwnerOrReferee(sc.campaign, actor, c.ownerId, `<@${c.ownerId}>'s`);
    const rc = asCombatant(c);
    const r = rule(() => (input.heal ? sys.applyHealing(rc, amount) : sys.applyDamage(rc, amount, bag, input.kind ?? "normal")));
    // Outside a fight, fight marks (prone on waking up) never reach the sheet either.
    await tx.character.update({ where: { id: c.id }, data: { state: JSON.stringify(sheetState(sys.words, r.state)), version: { increment: 1 } } });
    const result = input.heal ? healed(sys, rc, r, amount) : r.result;
    return { result: { ...result, rolls: bag.log }, extra: [], campaign: sc.campaign };
  });
}

/**
 * /heal treat: between fights, a wound the text says lasts "until you are treated" (Life & Guard's Head
 * Wound) is treated. In a fight it is the action of a turn, declared there.
 */
export async function treatWound(s: Services, actor: Actor, input: { target: string }): Promise<TableResult> {
  return s.store.db.$transaction(async (tx) => {
    const sc = await scope(tx, actor);
    const sys = campaignSystem(sc.campaign);
    if (!sys.treat) throw new UserError(`${sys.name} has no wound that waits for treatment: give the amount to heal.`);
    const row = sc.fight?.rows.find((r) => r.name.toLowerCase() === input.target.toLowerCase());
    if (row && sc.fight) throw new UserError(`${row.name} is in "${sc.fight.encounter.name}": there, treatment is the action of a turn (/declare on that turn). Nothing was changed.`);
    const c = await findCharacter(tx, sc.campaign.id, input.target);
    if (!c) throw await noTarget(tx, sc, input.target);
    requireOwnerOrReferee(sc.campaign, actor, c.ownerId, `<@${c.ownerId}>'s`);
    const rc = asCombatant(c);
    const r = rule(() => sys.treat!(rc, null));
    await tx.character.update({ where: { id: c.id }, data: { state: JSON.stringify(sheetState(sys.words, r.state)), version: { increment: 1 } } });
    const now = sys.view({ ...rc, state: r.state });
    return { result: { ...r.result, title: `${rc.name}: wound treated`, lines: [...r.result.lines, `Now ${now.summary}.`] }, extra: [], campaign: sc.campaign };
  });
}


/** " Did you mean …?" among the fight's combatants and the campaign's characters, or "". */
async function nearTargets(tx: Tx, sc: Scope, typed: string): Promise<string> {
  const characters = await tx.character.findMany({ where: { campaignId: sc.campaign.id, deletedAt: null, kind: { not: "monster" } }, select: { name: true } });
  return didYouMean(typed, [...(sc.fight?.rows.map((r) => r.name) ?? []), ...characters.map((c) => c.name)]);
}

/** No combatant and no character by that name: the refusal names the nearest of both. */
async function noTarget(tx: Tx, sc: Scope, target: string): Promise<UserError> {
  return new UserError(`There is no "${target}" here.${(await nearTargets(tx, sc, target)) || " Pick a character or a combatant from the list."}`);
}

/** /damage fall: the system rolls the fall's damage, then it is applied as any damage. */
async function fallDamage(s: Services, actor: Actor, input: { target: string; heightFt: number }): Promise<TableResult> {
  return withDice(s, actor, `fall of ${input.heightFt} ft`, async (tx, sc, bag) => {
    requireReferee(sc.campaign, actor, "apply a fall");
    const sys = campaignSystem(sc.campaign);
    if (!sys.fall) throw new UserError(`${sys.name} has no falling rule here: give the damage as \`amount\`.`);
    const row = sc.fight?.rows.find((r) => r.name.toLowerCase() === input.target.toLowerCase());
    const c = row ? null : await findCharacter(tx, sc.campaign.id, input.target);
    if (!row && !c) throw await noTarget(tx, sc, input.target);
    const who = row ? toRule(row) : asCombatant(c!);
    const was = sc.fight ? fallen(sc.fight) : undefined;
    const f = rule(() => sys.fall!(who, input.heightFt, bag));
    let lines = f.lines;
    let rules = f.rules;
    if (f.damage > 0 && row && sc.fight) {
      const applied = await applyEffects(tx, sc.fight, [{ targetId: row.id, damage: f.damage }], bag);
      const after = sc.fight.combatants.find((x) => x.id === row.id)!;
      lines = [...lines, ...applied.lines, nowLine(sys.view(after), after)];
      rules = [...rules, ...applied.rules];
    } else if (f.damage > 0 && c) {
      const r = sys.applyDamage(who, f.damage, bag);
      await tx.character.update({ where: { id: c.id }, data: { state: JSON.stringify(sheetState(sys.words, r.state)), version: { increment: 1 } } });
      lines = [...lines, ...r.result.lines];
      rules = [...rules, ...r.result.rules];
    }
    return { result: { title: `${who.name} falls ${input.heightFt} ft: ${f.damage} damage`, lines, rules: [...new Set(rules)], rolls: bag.log }, extra: sc.fight ? moraleNudges(sc.fight, was) : [], campaign: sc.campaign };
  });
}

/** Where a combatant stands after damage; a fall (death, unconscious…) the damage lines already told is not told again. */
function nowLine(v: StateView, c: Combatant): string {
  return `Now: ${v.summary}${v.status && !isDown(c) ? ` (${v.status})` : ""}.`;
}

/** Healing says what changed ("Alda: HP 9/10 → HP 10/10"), not only what was offered. */
function healed(sys: RuleSystem, before: Combatant, r: DamageResult, amount: number): RuleResult {
  const was = sys.view(before);
  const now = sys.view({ ...before, state: r.state });
  const title = was.summary === now.summary && was.status === now.status ? `${before.name} is not healed: already ${now.summary}` : `${before.name} healed: ${was.summary} → ${now.summary}`;
  const status = was.status !== now.status ? [`Now ${now.status || "unhurt"} (was ${was.status || "unhurt"}).`] : [];
  return { ...r.result, title, lines: [...r.result.lines, ...status, `Healing offered: ${amount}.`] };
}

/** How many of each side's non-player combatants are down now (what morale counts). */
export function fallen(f: Fight): Record<"foes" | "party", number> {
  const count = (side: "foes" | "party") => f.combatants.filter((c) => c.side === side && c.kind !== "pc" && isDown(c)).length;
  return { foes: count("foes"), party: count("party") };
}

/**
 * Morale prompts after damage: the system's own trigger, else the usual ones (a side's first fall, and half of it down).
 * Given the counts before (`was`), only a side that lost someone just now is prompted: the referee reads it once.
 */
export function moraleNudges(f: Fight, was?: Record<"foes" | "party", number>): string[] {
  const out: string[] = [];
  for (const side of ["foes", "party"] as const) {
    const members = f.combatants.filter((c) => c.side === side && c.kind !== "pc");
    const down = members.filter(isDown).length;
    if (!members.length || down === 0 || down === members.length) continue;
    if (was && down <= was[side]) continue;
    const said = `${down} of the ${side} ${down === 1 ? "has" : "have"} fallen`;
    if (f.system.moraleCue) {
      const cue = f.system.moraleCue(side, down, members.length);
      if (cue) out.push(`Morale: ${said} — ${cue.words}: the referee may call \`/morale side:${side}\`.`);
    } else if (down === 1 || down === Math.ceil(members.length / 2)) out.push(`Morale: ${said} — the referee may call \`/morale side:${side}\`.`);
  }
  return out;
}

export async function attackOdds(s: Services, actor: Actor, input: { target: string; attacker?: string | null; weapon?: string | null; situation: Situation }): Promise<TableResult> {
  const campaign = await requireCampaign(s.store.db, actor);
  const enc = await s.store.db.encounter.findFirst({ where: { campaignId: campaign.id, status: "active" } });
  if (!enc) throw new UserError("/odds looks at the running encounter: start one first.");
  const f = await loadFight(s.store.db, campaign, enc);
  const find = (n: string) => f.rows.find((r) => r.name.toLowerCase() === n.toLowerCase());
  const d = find(input.target);
  if (!d) throw new UserError(`There is no "${input.target}" in this encounter.${didYouMean(input.target, f.rows.map((r) => r.name))}`);
  const a = input.attacker ? find(input.attacker) : f.rows.find((r) => r.controllerId === actor.userId);
  if (!a) throw new UserError("Say who attacks with the `attacker` option.");
  const sys = f.system;
  if (!sys.odds) throw new UserError(`${sys.name} cannot compute odds yet.`);
  const all = f.rows.map(toRule);
  const r = unsupported(
    rule(() =>
      sys.odds!({
        attacker: toRule(a),
        defender: toRule(d),
        others: all.filter((c) => c.id !== a.id && c.id !== d.id),
        ...(input.weapon ? { weapon: input.weapon } : {}),
        situation: input.situation,
        ...(input.situation.modifier ? { modifierBy: isReferee(campaign, actor) ? ("referee" as const) : ("player" as const) } : {}),
      }),
    ),
  );
  return { result: r, extra: [], campaign };
}
