/** /encounter start, add, join, show, end: each in one transaction, every roll from the encounter's stream. */
import { partyLeader } from "./leader.js";
import type { Encounter } from "../../generated/prisma/client.js";
import { commitment, createStream } from "../../rules/dice/stream.js";
import { capability, has, refusal } from "../../rules/systems/define.js";
import type { Combatant, CombatState, RuleResult, RuleSystem } from "../../rules/systems/types.js";
import { isSurprised, surpriseOptions } from "./surprise.js";
import { sheetState } from "../round/marks.js";
import { argIn, atFeet, type Mark } from "../../rules/marks.js";
import { LEFT_CONDITIONS, OUT_CONDITIONS, SLAIN_CONDITIONS, wordFor } from "../../rules/round/words.js";
import { updateEncounter } from "../../store/hot.js";
import type { Tx, Hot } from "../../store/client.js";
import type { Actor } from "../actor.js";
import type { Services } from "../services.js";
import { UserError } from "../errors.js";
import { shortId } from "../ids.js";
import { requireReferee } from "../permissions.js";
import { requireCampaign } from "../campaigns/find.js";
import { activeCharacter, findCharacter } from "../characters/index.js";
import { bagFor, openStream, type OpenStream } from "../streams.js";
import { isDown, loadFight, requireFight, toRule, type Fight } from "./load.js";
import { parseMonsters, rollAppearing, rollMonsters } from "./monsters.js";
import { bestiaryOf, statLines } from "./bestiary.js";
import type { DiceBag } from "../../rules/dice/bag.js";
import { lapseOpenAttacks, type Lapsed } from "../attacks/lapse.js";
import { keptAsState, keptCodecFor, keptNothing, sheetCodecFor, stateCodecFor } from "../codecs/sheets.js";
import { streamCodec } from "../codecs/stream.js";
import { roundCodec } from "../codecs/encounter.js";
import { readRound } from "../round/state.js";

export interface EncounterEvent {
  fight: Fight;
  results: RuleResult[];
  notes: string[];
  lapsed?: Lapsed[];
}

export interface NewRow {
  name: string;
  side: string;
  kind: string;
  sheet: Record<string, unknown>;
  characterId?: string;
  retainerId?: string;
  controllerId?: string | null;
}

/** Where one added later stands on the encounter's line (systems that keep it): with its side, the farthest from the other. */
function placeWithSide(fight: Fight, side: string): Mark | null {
  if (!fight.system.keepsDistance) return null;
  const at = (c: Fight["combatants"][number]) => argIn(c.state.conditions, "at");
  const placed = fight.combatants.filter((c) => at(c) !== undefined);
  if (!placed.length) return null;
  const mine = placed.filter((c) => c.side === side).map((c) => Number(at(c)));
  const theirs = placed.filter((c) => c.side !== side).map((c) => Number(at(c)));
  const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
  if (mine.length) return atFeet(theirs.length && mean(theirs) < mean(mine) ? Math.max(...mine) : Math.min(...mine));
  return side === "party" ? atFeet(0) : null;
}

/** The mark that says a character or retainer is dead (its kept state), if it is: the dead never join a fight. */
export function slainMark(kept: string, system: RuleSystem): Mark | undefined {
  return keptAsState(keptCodecFor(system).decode(kept)).conditions.find((x) => SLAIN_CONDITIONS.includes(x));
}

/** Refuses to bring a dead character or retainer into a fight, in the system's word for it. */
export function refuseSlain(fight: Fight, name: string, kept: string): void {
  const mark = slainMark(kept, fight.system);
  if (mark)
    throw new UserError(
      `${name} is ${wordFor(fight.system.words, mark).label}: the dead do not join a fight. Nothing was changed.`,
    );
}

/**
 * Who came into this fight already down (unconscious, dying), by the marks they came with (`downBefore` in
 * their state, never written onto a sheet): still down by those alone at the end, they did not fall in it.
 */
const DOWN_BEFORE = "downBefore";
function fellHere(c: Combatant): boolean {
  const before = (c.state[DOWN_BEFORE] as Mark[] | undefined) ?? [];
  return c.state.conditions.some((x) => OUT_CONDITIONS.has(x) && !LEFT_CONDITIONS.includes(x) && !before.includes(x));
}

/**
 * Creates the rows' combatants. Who joins a side its surprise roll left surprised, before the surprise round is
 * over, is surprised with it (`RoundState.surprise`): the names of those, so the answer can say so.
 */
export async function addRows(tx: Tx, fight: Fight, rows: NewRow[]): Promise<{ surprised: string[] }> {
  const shared = readRound(fight.encounter).surprise;
  const surprised: string[] = [];
  for (const r of rows) {
    const row = r.characterId
      ? (await tx.character.findUniqueOrThrow({ where: { id: r.characterId } })).state
      : r.retainerId
        ? (await tx.retainer.findUniqueOrThrow({ where: { id: r.retainerId } })).state
        : null;
    // A retainer hired before its first fight has no state yet ("{}").
    // Fight marks never come in from a sheet (older releases wrote some there).
    const was = row ? keptCodecFor(fight.system).decode(row) : null;
    const kept: CombatState =
      was && !keptNothing(was) ? sheetState(fight.system.words, keptAsState(was)) : fight.system.initialState(r.sheet);
    const down = kept.conditions.filter((x) => OUT_CONDITIONS.has(x));
    const start: CombatState = down.length ? { ...kept, [DOWN_BEFORE]: down } : kept;
    const place = placeWithSide(fight, r.side);
    const surprise: Mark[] =
      shared?.[r.side as "party" | "foes"] && !start.conditions.includes("surprised") ? ["surprised"] : [];
    if (surprise.length) surprised.push(r.name);
    const conditions: Mark[] = [...start.conditions, ...surprise];
    if (place) conditions.push(place);
    const state = stateCodecFor(fight.system).encode({ ...start, conditions });
    await tx.combatant.create({
      data: {
        id: shortId(),
        encounterId: fight.encounter.id,
        characterId: r.characterId ?? null,
        retainerId: r.retainerId ?? null,
        controllerId: r.controllerId ?? null,
        name: r.name,
        side: r.side,
        kind: r.kind,
        sheet: sheetCodecFor(fight.system).encode(r.sheet),
        state,
      },
    });
  }
  return { surprised };
}

/** "Kobold 1 and Kobold 2 are surprised, as the foes are." */
function surprisedNote(names: string[], side: string): string[] {
  if (!names.length) return [];
  const who =
    names.length === 1 ? `${names[0]} is` : `${names.slice(0, -1).join(", ")} and ${names[names.length - 1]} are`;
  return [`${who} surprised, as the ${side === "party" ? "party is" : "foes are"}: this is still the surprise.`];
}

function numbered(existing: string[], base: string, count: number): string[] {
  const taken = new Set(existing.map((n) => n.toLowerCase()));
  const names: string[] = [];
  for (let n = 1; names.length < count; n++) {
    const name = count === 1 && !taken.has(base.toLowerCase()) && n === 1 ? base : `${base} ${n}`;
    if (!taken.has(name.toLowerCase())) {
      names.push(name);
      taken.add(name.toLowerCase());
    }
  }
  return names;
}

async function monsterRows(
  tx: Tx,
  fight: Fight,
  dice: DiceBag,
  spec: string,
  stats?: string | null,
  side: "foes" | "party" = "foes",
) {
  const kinds = parseMonsters(fight.system, spec, stats, await bestiaryOf(tx, fight.campaign));
  const existing = fight.rows.map((r) => r.name);
  const rows: (NewRow & { typed: Record<string, unknown> })[] = [];
  for (const k of kinds) {
    for (const name of numbered([...existing, ...rows.map((r) => r.name)], k.name, k.count))
      rows.push({ name, side, kind: "monster", sheet: k.sheet, typed: k.typed, controllerId: null });
  }
  const rolled = rollMonsters(fight.system, rows, dice);
  return { rows: rows.map(({ typed: _t, ...r }) => r), rolled };
}

export interface StartInput {
  name?: string | null;
  /** The name once the monsters are known (their numbers rolled): a wandering monster's encounter. */
  named?: (monsters: string) => string;
  monsters?: string | null;
  stats?: string | null;
  surprise?: boolean | null;
  reaction?: boolean | null;
  /** The party's leader for the reaction roll (default: the highest Charisma). */
  leader?: string | null;
  /** The referee's bonus (+) or penalty (−) to each side's surprise roll or check. */
  surpriseModifiers?: Partial<Record<"party" | "foes", number>>;
  /** The fight is outdoors: a text that says so measures the encounter distance in yards. */
  outdoors?: boolean | null;
  /** The ways in, for a system that rolls the direction of appearance among them. */
  entries?: number | null;
}

export async function startEncounter(
  s: Services,
  actor: Actor,
  input: StartInput,
): Promise<EncounterEvent & { seedHash: string }> {
  return s.store.db.$transaction(async (tx) => {
    const campaign = await requireCampaign(tx, actor);
    requireReferee(campaign, actor, "start encounters");
    const running = await tx.encounter.findFirst({ where: { campaignId: campaign.id, status: "active" } });
    if (running) throw new UserError(`"${running.name}" is still running: end it with /encounter end first.`);
    const seed = s.newSeed();
    const count = await tx.encounter.count({ where: { campaignId: campaign.id } });
    let encounter = await tx.encounter.create({
      data: {
        id: shortId(),
        campaignId: campaign.id,
        name: (input.name?.trim() || `Encounter ${count + 1}`).slice(0, 80),
        seed,
        seedHash: commitment(seed),
        streamState: streamCodec.encode(createStream(seed).save()),
      },
    });
    let fight = await loadFight(tx, campaign, encounter);
    const notes: string[] = [];
    await addRows(tx, fight, await partyRows(tx, fight, notes));
    const open = await openStream(tx, { campaignId: campaign.id, encounterId: encounter.id });
    const results: RuleResult[] = [];
    // Stats without `monsters`: the name in front of the stat line names them, else the referee is asked for one.
    // Several stat lines without `monsters`: one of each kind they name.
    const named = input.stats?.trim() ? statLines(fight.system, input.stats).map((l) => l.name) : [];
    const monsters = input.monsters?.trim() || (named.length && named.every(Boolean) ? named.join(", ") : null);
    if (input.stats?.trim() && !monsters)
      throw new UserError(
        `Name the monsters these stats are for: \`monsters:2 ogres\`, or put the name in front of ${named.length > 1 ? "each" : "the"} stat line.`,
      );
    if (monsters) encounter = await monstersJoin(tx, fight, encounter, { monsters, input, open, results });
    fight = await loadFight(tx, campaign, encounter);

    let surprise = false;
    if (input.surprise !== false)
      ({ surprise, encounter } = await rollSurprise(
        tx,
        fight,
        encounter,
        input,
        bagFor(open, "surprise"),
        results,
        notes,
      ));
    const apart = encounterDistance(fight, surprise, !!input.outdoors, bagFor(open, "distance"), results);
    if (input.entries) {
      results.push(
        capability(fight.system, "appearance").appearance(
          { entries: input.entries },
          bagFor(open, "direction of appearance"),
        ),
      );
    }
    // A system that keeps the distance (B/X): the party on its line at 0, the foes at the distance rolled.
    if (fight.system.keepsDistance && apart !== undefined)
      for (const c of fight.combatants) await addCondition(tx, fight, c.id, atFeet(c.side === "party" ? 0 : apart));
    if (input.reaction || input.leader) rollReaction(fight, input.leader, bagFor(open, "reaction"), results, notes);
    await open.close(tx, actor);
    return { fight: await loadFight(tx, campaign, encounter), results, notes, seedHash: encounter.seedHash };
  });
}

/** The party: every player's active character. The dead stay out: a fight never pulls in a dead character. */
async function partyRows(tx: Tx, fight: Fight, notes: string[]): Promise<NewRow[]> {
  const players = await tx.player.findMany({ where: { campaignId: fight.campaign.id } });
  const party: NewRow[] = [];
  for (const p of players) {
    const c = await activeCharacter(tx, fight.campaign.id, p.userId);
    if (!c) continue;
    const slain = slainMark(c.state, fight.system);
    if (slain) notes.push(`${c.name} is ${wordFor(fight.system.words, slain).label} and stays out of the fight.`);
    else
      party.push({
        name: c.name,
        side: "party",
        kind: c.kind,
        sheet: sheetCodecFor(fight.system).decode(c.sheet),
        characterId: c.id,
        controllerId: c.ownerId,
      });
  }
  return party;
}

/**
 * The monsters join: how many, where the referee gave dice ("1d6 kobolds"), rolled first from the encounter's
 * stream, then their hit points; a wandering monster's encounter is named once their numbers are known.
 */
async function monstersJoin(
  tx: Tx,
  fight: Fight,
  encounter: Encounter,
  { monsters, input, open, results }: { monsters: string; input: StartInput; open: OpenStream; results: RuleResult[] },
): Promise<Encounter> {
  const appearing = rollAppearing(monsters, bagFor(open, "number appearing"));
  if (appearing.result) results.push(appearing.result);
  const m = await monsterRows(tx, fight, bagFor(open, "monsters' hit points"), appearing.spec, input.stats);
  await addRows(tx, fight, m.rows);
  if (m.rolled) results.push(m.rolled);
  if (!input.named) return encounter;
  return tx.encounter.update({
    where: { id: encounter.id },
    data: { name: input.named(appearing.spec).slice(0, 80) },
  });
}

/** The monsters' reaction, rolled with the party's leader (the one named, else the highest Charisma). */
function rollReaction(
  fight: Fight,
  named: string | null | undefined,
  bag: DiceBag,
  results: RuleResult[],
  notes: string[],
): void {
  const { leader, line } = partyLeader(
    fight.combatants.filter((c) => c.side === "party"),
    named,
  );
  const r = has(fight.system, "reaction")?.reaction(leader ? { leader } : {}, bag);
  if (!r) notes.push(refusal(fight.system, "reaction"));
  else results.push({ ...r, lines: [line, ...r.lines] });
}

/** Surprise at the start, for both sides by the system's rule; the surprised marked, and kept for the surprise round. */
async function rollSurprise(
  tx: Tx,
  fight: Fight,
  encounter: Encounter,
  input: StartInput,
  bag: DiceBag,
  results: RuleResult[],
  notes: string[],
): Promise<{ surprise: boolean; encounter: Encounter }> {
  const sides = {
    party: fight.combatants.filter((c) => c.side === "party"),
    foes: fight.combatants.filter((c) => c.side === "foes"),
  };
  const r = has(fight.system, "surprise")?.surprise(
    { ...sides, ...surpriseOptions(input.surpriseModifiers), settings: fight.settings },
    bag,
  );
  if (!r) {
    notes.push(refusal(fight.system, "surprise"));
    return { surprise: false, encounter };
  }
  results.push(r);
  for (const c of fight.combatants) if (isSurprised(r, c)) await addCondition(tx, fight, c.id, "surprised");
  // Kept for the surprise round: who joins a surprised side before it is over is surprised too.
  const kept = await tx.encounter.update({
    where: { id: encounter.id },
    data: { roundState: roundCodec.encode({ ...readRound(encounter), surprise: { ...r.surprised } }) },
  });
  for (const side of ["party", "foes"] as const) {
    if (r.surprised[side] && !sides[side].length)
      notes.push(
        `No ${side === "party" ? "party member" : "foe"} is here yet: ${side === "party" ? "those who join" : "foes added"} before the surprise round is over are surprised, as their side is.`,
      );
  }
  return { surprise: r.surprised.party || r.surprised.foes, encounter: kept };
}

/** How far apart the sides meet: the system's rule, else 2d6 × 10 feet. */
function encounterDistance(
  fight: Fight,
  surprise: boolean,
  outdoors: boolean,
  bag: DiceBag,
  results: RuleResult[],
): number | undefined {
  if (fight.system.encounterDistance) {
    const r = fight.system.encounterDistance({ surprise, ...(outdoors ? { outdoors: true } : {}) }, bag);
    results.push(r);
    const d = (r as RuleResult & { distance?: unknown }).distance;
    return typeof d === "number" ? d : undefined;
  }
  const dist = bag.roll("encounter distance", 2, 6);
  results.push({
    title: "Distance",
    lines: [`The sides meet ${dist.total * 10} feet apart (2d6 = ${dist.total}, × 10).`],
    rules: ["The book gives no encounter distance: 2d6 × 10 feet, the usual old-school distance"],
    rolls: [dist],
  });
  return dist.total * 10;
}

async function addCondition(tx: Tx, fight: Fight, id: string, cond: Mark) {
  const row = fight.rows.find((r) => r.id === id)!;
  const codec = stateCodecFor(fight.system);
  const state = codec.decode(row.state);
  if (!state.conditions.includes(cond)) state.conditions.push(cond);
  await tx.combatant.update({ where: { id }, data: { state: codec.encode(state) } });
}

export async function addMonsters(
  s: Services,
  actor: Actor,
  input: { monsters: string; stats?: string | null; side?: "foes" | "party" },
): Promise<EncounterEvent> {
  return s.store.db.$transaction(async (tx) => {
    const fight = await requireFight(tx, actor);
    requireReferee(fight.campaign, actor, "add monsters");
    const open = await openStream(tx, { campaignId: fight.campaign.id, encounterId: fight.encounter.id });
    const appearing = rollAppearing(input.monsters, bagFor(open, "number appearing"));
    const { rows, rolled } = await monsterRows(
      tx,
      fight,
      bagFor(open, "monsters' hit points"),
      appearing.spec,
      input.stats,
      input.side ?? "foes",
    );
    const added = await addRows(tx, fight, rows);
    await open.close(tx, actor);
    await bumpEncounter(tx, fight.encounter);
    const after = await loadFight(tx, fight.campaign, fight.encounter);
    return {
      fight: after,
      results: [appearing.result, rolled].filter((r): r is RuleResult => !!r),
      notes: [`Added ${rows.map((r) => r.name).join(", ")}.`, ...surprisedNote(added.surprised, input.side ?? "foes")],
    };
  });
}

export async function joinEncounter(
  s: Services,
  actor: Actor,
  input: { character?: string | null },
): Promise<EncounterEvent> {
  return s.store.db.$transaction(async (tx) => {
    const fight = await requireFight(tx, actor);
    const c = input.character
      ? await findCharacter(tx, fight.campaign.id, input.character)
      : await activeCharacter(tx, fight.campaign.id, actor.userId);
    if (!c)
      throw new UserError(
        input.character
          ? `No character named "${input.character}" here.`
          : "You have no character here: create one with /character create.",
      );
    const controller = c.ownerId;
    if (controller !== actor.userId) {
      requireReferee(fight.campaign, actor, `bring ${c.name} into the fight (it is another player's)`);
    }
    if (fight.rows.some((r) => r.characterId === c.id))
      throw new UserError(`${c.name} is already in "${fight.encounter.name}".`);
    refuseSlain(fight, c.name, c.state);
    const added = await addRows(tx, fight, [
      {
        name: c.name,
        side: "party",
        kind: c.kind,
        sheet: sheetCodecFor(fight.system).decode(c.sheet),
        characterId: c.id,
        controllerId: controller,
      },
    ]);
    await bumpEncounter(tx, fight.encounter);
    return {
      fight: await loadFight(tx, fight.campaign, fight.encounter),
      results: [],
      notes: [`${c.name} joins the fight.`, ...surprisedNote(added.surprised, "party")],
    };
  });
}

export async function showEncounter(s: Services, actor: Actor): Promise<EncounterEvent> {
  return { fight: await requireFight(s.store.db, actor), results: [], notes: [] };
}

export interface EncounterSummary {
  encounter: Encounter;
  /** Who fell in this fight (not who came into it already down). */
  fallen: string[];
  /** Who came into the fight down (unconscious, dying) and is down by that alone at its end. */
  downBefore: string[];
  /** Who left the fight alive: fled, surrendered, routed. */
  left: string[];
  standing: string[];
  rolls: number;
  lapsed: Lapsed[];
}

export async function endEncounter(s: Services, actor: Actor): Promise<EncounterSummary> {
  return s.store.db.$transaction(async (tx) => {
    const fight = await requireFight(tx, actor);
    requireReferee(fight.campaign, actor, "end the encounter");
    const lapsed = await lapseOpenAttacks(tx, fight, actor, s.now());
    const after = await loadFight(tx, fight.campaign, fight.encounter);
    const r = await tx.encounter.updateMany({
      where: { id: fight.encounter.id, version: fight.encounter.version, status: "active" },
      data: { status: "ended", revealed: true, endedAt: s.now(), version: { increment: 1 } },
    });
    if (r.count !== 1) throw new UserError("The encounter changed at the same moment: nothing was changed. Try again.");
    const rolls = await tx.roll.count({ where: { encounterId: fight.encounter.id } });
    const encounter = await tx.encounter.findUniqueOrThrow({ where: { id: fight.encounter.id } });
    const describe = (c: Combatant) =>
      ((status) => (status ? `${c.name} (${status})` : c.name))(after.system.view(c).status);
    const gone = (c: Combatant) => c.state.conditions.find((x) => LEFT_CONDITIONS.includes(x));
    return {
      encounter,
      // Who fell here is listed as fallen, even if it had fled or surrendered before it was struck down.
      fallen: after.combatants.filter((c) => fellHere(c)).map(describe),
      downBefore: after.combatants.filter((c) => isDown(c) && !gone(c) && !fellHere(c)).map(describe),
      left: after.combatants
        .filter((c) => gone(c) && !fellHere(c))
        .map((c) => `${c.name} (${wordFor(after.system.words, gone(c)!).label})`),
      standing: after.combatants.filter((c) => !isDown(c)).map(describe),
      rolls,
      lapsed,
    };
  });
}

/** Bumps the encounter's version: every write checks it, so a racing write fails cleanly. */
export { surprisedNote };

export async function bumpEncounter(
  tx: Hot,
  e: Encounter,
  data: Partial<Pick<Encounter, "round" | "turn" | "order" | "roundState">> = {},
): Promise<void> {
  if ((await updateEncounter(tx, e.id, data, e.version)) !== 1)
    throw new UserError("The encounter changed at the same moment: nothing was changed. Try again.");
}

export { toRule };
