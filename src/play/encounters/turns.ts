/**
 * /initiative and /next: the round's phases (declare → initiative → act in order
 * → the round's end), driven by each system's `round` (docs/play.md, "The round").
 */
import type { Combatant, InitiativeInput, RuleResult } from "../../rules/systems/types.js";
import type { Hot } from "../../store/client.js";
import type { Actor } from "../actor.js";
import type { Services } from "../services.js";
import { StaleError, UserError } from "../errors.js";
import { requireReferee } from "../permissions.js";
import { bagFor, openStream, type OpenStream } from "../streams.js";
import { lapseOpenAttacks } from "../attacks/lapse.js";
import { applyEffects, saveState } from "./effects.js";
import { isDown, loadFight, requireFight, requireFightOf, type Fight } from "./load.js";
import { bumpEncounter, type EncounterEvent } from "./index.js";
import { endOfRound } from "../round/marks.js";
import { freshRound, readRound } from "../round/state.js";
import { cannotAct, declarable } from "../round/context.js";
import { conditionLabels, wordFor } from "../../rules/round/words.js";
import { ROUNDS_PER_TURN } from "../../rules/dungeon/index.js";
import { endTurnMarks } from "../dungeon/turnmarks.js";
import { addRounds, encounterById } from "../../store/hot.js";
import { laneOnly } from "../../store/lane.js";
import { turnStarts } from "../round/onturn.js";
import { orderCodec, roundCodec } from "../codecs/encounter.js";
import type { Mark } from "../../rules/marks.js";

/**
 * 60 rounds make a 10-minute turn: encounter rounds advance the campaign's clock too.
 * A fight that runs into the next turn ends the marks that last a turn (a charge's once-per-turn).
 */
async function tickClock(tx: Hot, f: Fight, rounds: number) {
  const now = await addRounds(tx, f.campaign.id, rounds);
  if (Math.floor(now / ROUNDS_PER_TURN) === Math.floor((now - rounds) / ROUNDS_PER_TURN)) return;
  await endTurnMarks(tx, f.campaign, f.system);
  for (let i = 0; i < f.combatants.length; i++) {
    const c = f.combatants[i]!;
    const kept = c.state.conditions.filter((x) => wordFor(f.system.words, x).lasts !== "turn");
    if (kept.length !== c.state.conditions.length) saveState(tx, f.rows[i]!, { ...c.state, conditions: kept }, f.system.words);
  }
}

function initiativeInput(f: Fight, round: number): InitiativeInput & { settings: Record<string, unknown>; dexterity: boolean } {
  const combatants = f.combatants.filter((c) => !isDown(c));
  return {
    combatants,
    method: f.settings.initiative,
    round,
    dexterity: f.settings.initiativeDex,
    // Systems read the options they know (Third Age: initiativeDexterity; bx: ties…).
    settings: { ...f.settings, initiativeDexterity: f.settings.initiativeDex, dexterity: f.settings.initiativeDex },
  };
}

async function setConditions(tx: Hot, f: Fight, update: (c: Combatant) => Mark[] | null) {
  for (const c of f.combatants) {
    const next = update(c);
    if (!next) continue;
    saveState(tx, f.rows.find((r) => r.id === c.id)!, { ...c.state, conditions: next }, f.system.words);
  }
}

async function markCannotAct(tx: Hot, f: Fight, ids: string[]) {
  await setConditions(tx, f, (c) => {
    const had = c.state.conditions.includes("cannot act");
    const should = ids.includes(c.id);
    if (had === should) return null;
    return should ? [...c.state.conditions, "cannot act"] : c.state.conditions.filter((x) => x !== "cannot act");
  });
}

const names = (f: Fight, ids: string[]) => ids.map((id) => f.combatants.find((c) => c.id === id)?.name ?? "?");

/** Live combatants the order leaves out (surprised in round 1, added later): they need a place. */
const missing = (f: Fight, order: string[][]) => f.combatants.filter((c) => !isDown(c) && !order.some((g) => g.includes(c.id)));

/** The round's start: the system's steps, then the order (rolled, rerolled, or kept). */
async function startRound(tx: Hot, fight: Fight, round: number, open: OpenStream): Promise<{ fight: Fight; results: RuleResult[]; order: string[][] }> {
  const results: RuleResult[] = [];
  const start = fight.system.roundStart(initiativeInput(fight, round), bagFor(open, `round ${round} start`));
  let order = start.order;
  const kept = orderCodec.decode(fight.encounter.order);
  if (!order && (round === 1 || !kept.length || missing(fight, kept).length)) {
    const init = fight.system.initiative(initiativeInput(fight, round), bagFor(open, `initiative, round ${round}`));
    results.push(init);
    order = init.order;
  }
  if (start.lines.length || start.rolls.length) results.push(start);
  await applyEffects(tx, fight, start.effects ?? [], bagFor(open, `round ${round} start`));
  const after = await loadFight(tx, fight.campaign, fight.encounter);
  await markCannotAct(tx, after, start.cannotAct);
  return { fight: await loadFight(tx, fight.campaign, fight.encounter), results, order: order ?? kept };
}

/** The round's end: the system's steps (the dying bleed, reloading), then marks that end with the round. */
async function endRound(tx: Hot, fight: Fight, open: OpenStream): Promise<{ fight: Fight; results: RuleResult[]; notes: string[] }> {
  const round = fight.encounter.round;
  const results: RuleResult[] = [];
  const notes: string[] = [];
  // Everyone, the fallen included: the round's end is where the dying bleed.
  const end = fight.system.round.end?.({ ...initiativeInput(fight, round), combatants: fight.combatants }, bagFor(open, `round ${round} end`));
  if (end) {
    const applied = await applyEffects(tx, fight, end.effects ?? [], bagFor(open, `round ${round} end`));
    const lines = [...end.lines, ...applied.lines];
    // A round's end where nothing happened (nobody bleeding, nothing reloaded) says nothing, as a round's start does.
    if (lines.length || end.rolls.length) results.push({ ...end, lines });
  }
  const f = await loadFight(tx, fight.campaign, fight.encounter);
  for (let i = 0; i < f.combatants.length; i++) {
    const c = f.combatants[i]!;
    const { state, ended } = endOfRound(f.system.words, c.state, round);
    if (!ended.length) continue;
    saveState(tx, f.rows[i]!, state, f.system.words);
    // A mark that shows nothing (a declared spell's name) ends without a word.
    const words = conditionLabels(f.system.words, ended, (id) => names(f, [id])[0]!);
    if (words.length) notes.push(`${c.name}: ${words.join("; ")} — ended with the round.`);
  }
  return { fight: await loadFight(tx, fight.campaign, fight.encounter), results, notes };
}

/** The first group from `from` in which someone can act; notes say who was skipped and why. */
function firstActing(f: Fight, order: string[][], from: number, notes: string[]): number {
  for (let t = from; t < order.length; t++) {
    const group = f.combatants.filter((c) => order[t]!.includes(c.id));
    const why = group.map((c) => [c, cannotAct(f, c)] as const);
    if (why.some(([, w]) => !w)) {
      for (const [c, w] of why) if (w) notes.push(`${c.name} ${w}: skipped.`);
      return t;
    }
    for (const [c, w] of why) notes.push(`${c.name} ${w}: skipped.`);
  }
  return order.length;
}

/** Someone standing has something to declare before initiative. */
function anyDeclarations(f: Fight): boolean {
  const rs = freshRound("declare");
  return f.combatants.some((c) => !isDown(c) && declarable(f, c, rs).length > 0);
}

function requireBothSides(f: Fight) {
  if (!f.combatants.some((c) => c.side === "foes") || !f.combatants.some((c) => c.side === "party")) {
    throw new UserError("Initiative needs both sides: add monsters with /encounter add and characters with /encounter join.");
  }
}

/**
 * The order in a few words: the sides when each place is one side's and they come in at most three runs
 * ("Foes, then Party"), else the names place by place ("Una, then Orc 1 and Orc 2, then Bo"), the first few.
 */
function orderWords(f: Fight, order: string[][]): string {
  const side = (g: string[]) => [...new Set(g.map((id) => f.combatants.find((c) => c.id === id)?.side))];
  const word = (x: string | undefined) => (x === "party" ? "Party" : "Foes");
  const runs: string[] = [];
  for (const g of order) {
    const sides = side(g);
    const w = sides.length === 1 ? word(sides[0]) : "";
    if (w && runs.at(-1) === w) continue;
    runs.push(w);
  }
  if (runs.length <= 3 && runs.every(Boolean)) return runs.join(", then ");
  const places = order.map((g) => names(f, g).join(" and "));
  return places.length > 5 ? `${places.slice(0, 5).join(", then ")}, …` : places.join(", then ");
}

export async function rollInitiative(s: Services, actor: Actor, opts: { reroll?: boolean } = {}): Promise<EncounterEvent> {
  // Only the lane's statements (hot.ts): on SQLite the lane runs this transaction itself (lane.ts).
  return s.store.db.$transaction(laneOnly(async (tx: Hot) => {
    const fight = await requireFight(tx, actor);
    requireReferee(fight.campaign, actor, "roll initiative");
    requireBothSides(fight);
    const rs = readRound(fight.encounter);
    if (rs.phase === "declare") return beginRound(tx, s, actor, fight);
    const round = fight.encounter.round;
    // The order stands once rolled: a second /initiative by mistake must not switch it. The referee asks for it.
    if (!opts.reroll) {
      const kept = orderCodec.decode(fight.encounter.order);
      throw new UserError(`Round ${round}'s order is already rolled${kept.length ? ` (${orderWords(fight, kept)})` : ""}. To roll it again, repeat with \`reroll:true\`; /next moves on to the next turn.`);
    }
    // Attacks waiting for an answer stay open: rolling the order again does not end the round.
    const open = await openStream(tx, { campaignId: fight.campaign.id, encounterId: fight.encounter.id });
    // The referee rolls the order again in the middle of a round: the round's marks and attacks stand.
    const init = fight.system.initiative(initiativeInput(fight, round), bagFor(open, `initiative, round ${round}`));
    const notes: string[] = [`The referee rolls round ${round}'s order again: ${orderWords(fight, init.order)}. What was done this round stands.`];
    const turn = firstActing(fight, init.order, 0, notes);
    await bumpEncounter(tx, fight.encounter, { order: orderCodec.encode(init.order), turn });
    notes.push(...(await turnStarts(tx, await reload(tx, fight), init.order, turn)));
    await open.close(tx, actor);
    return { fight: await reload(tx, fight), results: [init], notes };
  }));
}

const reload = async (tx: Hot, f: Fight) => loadFight(tx, f.campaign, await encounterById(tx, f.encounter.id));

/** Declarations are in: the round starts (initiative where the system rolls it) and combatants act. */
async function beginRound(tx: Hot, s: Services, actor: Actor, fight: Fight): Promise<EncounterEvent> {
  const lapsed = await lapseOpenAttacks(tx, fight, actor, s.now());
  const round = Math.max(1, fight.encounter.round);
  const open = await openStream(tx, { campaignId: fight.campaign.id, encounterId: fight.encounter.id });
  // The first round begins: it counts on the campaign's clock (later rounds count when they open).
  if (fight.encounter.round === 0) await tickClock(tx, fight, 1);
  const started = await startRound(tx, await loadFight(tx, fight.campaign, fight.encounter), round, open);
  const notes = [`Round ${round}: act in order.`];
  const turn = firstActing(started.fight, started.order, 0, notes);
  const rs = { ...readRound(fight.encounter), phase: "act" as const };
  await bumpEncounter(tx, fight.encounter, { order: orderCodec.encode(started.order), round, turn, roundState: roundCodec.encode(rs) });
  notes.push(...(await turnStarts(tx, await reload(tx, fight), started.order, turn)));
  await open.close(tx, actor);
  return { fight: await reload(tx, fight), results: started.results, notes, lapsed };
}

/** Where a round stands: a board's Next carries it, and moves on only from there. */
export interface RoundPosition {
  encounterId: string;
  round: number;
  turn: number;
  phase: string;
}

/**
 * `expect`: the board's Next carries the encounter and the position it moves on from, so a press on any
 * board showing the current position works (attacks made since do not matter), and a repeated or
 * concurrent press moves the round once.
 */
export async function nextTurn(s: Services, actor: Actor, expect?: RoundPosition): Promise<EncounterEvent & { newRound: boolean }> {
  // Only the lane's statements (hot.ts): on SQLite the lane runs this transaction itself (lane.ts).
  return s.store.db.$transaction(laneOnly(async (tx: Hot) => {
    let fight = expect ? await requireFightOf(tx, actor, expect.encounterId) : await requireFight(tx, actor);
    requireReferee(fight.campaign, actor, "move to the next turn");
    const e = fight.encounter;
    if (expect && (expect.round !== e.round || expect.turn !== e.turn || expect.phase !== readRound(e).phase)) {
      throw new StaleError("The round has moved on since that board: nothing was changed. The newest board, at the bottom, has the live buttons.");
    }
    if (readRound(fight.encounter).phase === "declare") {
      requireBothSides(fight);
      return { ...(await beginRound(tx, s, actor, fight)), newRound: true };
    }
    const order = orderCodec.decode(fight.encounter.order);
    if (!order.length) throw new UserError("Roll /initiative first: the round has no order yet.");
    const notes: string[] = [];
    const turn = firstActing(fight, order, fight.encounter.turn + 1, notes);
    if (turn < order.length) {
      // Attacks waiting for an answer stay open: the next combatant's turn does not close them.
      await bumpEncounter(tx, fight.encounter, { turn });
      notes.push(...(await turnStarts(tx, await reload(tx, fight), order, turn)));
      return { fight: await reload(tx, fight), results: [], notes, newRound: false };
    }
    // The round ends: attacks still waiting resolve as they stand, then the round's steps run.
    const lapsed = await lapseOpenAttacks(tx, fight, actor, s.now());
    if (lapsed.length) fight = await loadFight(tx, fight.campaign, fight.encounter);
    const open = await openStream(tx, { campaignId: fight.campaign.id, encounterId: fight.encounter.id });
    const ended = await endRound(tx, fight, open);
    notes.push(...ended.notes);
    const round = fight.encounter.round + 1;
    // A round counts on the campaign's clock once, when it opens (its declarations are part of it).
    await tickClock(tx, ended.fight, 1);
    if (anyDeclarations(ended.fight)) {
      await bumpEncounter(tx, fight.encounter, { round, turn: 0, roundState: roundCodec.encode(freshRound("declare")) });
      await open.close(tx, actor);
      notes.push(`Round ${round}: declare now (the buttons below, or /declare); then /next rolls the round's order.`);
      return { fight: await reload(tx, fight), results: ended.results, notes, lapsed, newRound: true };
    }
    const started = await startRound(tx, await loadFight(tx, fight.campaign, fight.encounter), round, open);
    notes.push(`Round ${round} begins.`);
    const first = firstActing(started.fight, started.order, 0, notes);
    await bumpEncounter(tx, fight.encounter, { order: orderCodec.encode(started.order), round, turn: first, roundState: roundCodec.encode(freshRound("act")) });
    notes.push(...(await turnStarts(tx, await reload(tx, fight), started.order, first)));
    await open.close(tx, actor);
    return { fight: await reload(tx, fight), results: [...ended.results, ...started.results], notes, lapsed, newRound: true };
  }));
}
