/**
 * /initiative and /next: the round's phases (declare → initiative → act in order
 * → the round's end), driven by each system's `round` (docs/play.md, "The round").
 */
import type { Combatant, InitiativeInput, RuleResult } from "../../rules/systems/types.js";
import type { Hot } from "../../store/client.js";
import type { Actor } from "../actor.js";
import type { Services } from "../services.js";
import { StaleError, UserError } from "../errors.js";
import { isReferee, requireReferee } from "../permissions.js";
import { bagFor, openStream, type OpenStream } from "../streams.js";
import { lapseOpenAttacks } from "../attacks/lapse.js";
import { applyEffects, saveState } from "./effects.js";
import { isDown, loadFight, requireFight, requireFightOf, type Fight } from "./load.js";
import { bumpEncounter, type EncounterEvent } from "./index.js";
import { endOfRound } from "../round/marks.js";
import { freshRound, readRound } from "../round/state.js";
import { roundOver } from "../round/context.js";
import { passTurn, reachPlaces } from "../round/pass.js";
import { firstReady } from "../round/ready.js";
import { fallen, moraleCheck, moraleDue } from "../table/encounter.js";
import { declareIn } from "../round/declare.js";
import type { AheadDeclaration } from "../round/state.js";
import { conditionLabels, wordFor } from "../../rules/round/words.js";
import { ROUNDS_PER_TURN } from "../../rules/dungeon/index.js";
import { endTurnMarks } from "../dungeon/turnmarks.js";
import { addRounds, encounterById } from "../../store/hot.js";
import { laneOnly } from "../../store/lane.js";
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
    if (kept.length !== c.state.conditions.length)
      saveState(tx, f.rows[i]!, { ...c.state, conditions: kept }, f.system);
  }
}

function initiativeInput(
  f: Fight,
  round: number,
): InitiativeInput & { settings: Record<string, unknown>; dexterity: boolean } {
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
    saveState(tx, f.rows.find((r) => r.id === c.id)!, { ...c.state, conditions: next }, f.system);
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
const missing = (f: Fight, order: string[][]) =>
  f.combatants.filter((c) => !isDown(c) && !order.some((g) => g.includes(c.id)));

/** The round's start: the system's steps, then the order (rolled, rerolled, or kept). */
async function startRound(
  tx: Hot,
  fight: Fight,
  round: number,
  open: OpenStream,
): Promise<{ fight: Fight; results: RuleResult[]; order: string[][] }> {
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
async function endRound(
  tx: Hot,
  fight: Fight,
  open: OpenStream,
): Promise<{ fight: Fight; results: RuleResult[]; notes: string[] }> {
  const round = fight.encounter.round;
  const results: RuleResult[] = [];
  const notes: string[] = [];
  // Everyone, the fallen included: the round's end is where the dying bleed.
  const end = fight.system.round.end?.(
    { ...initiativeInput(fight, round), combatants: fight.combatants },
    bagFor(open, `round ${round} end`),
  );
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
    saveState(tx, f.rows[i]!, state, f.system);
    // A mark that shows nothing (a declared spell's name) ends without a word.
    const words = conditionLabels(f.system.words, ended, (id) => names(f, [id])[0]!);
    if (words.length) notes.push(`${c.name}: ${words.join("; ")} — ended with the round.`);
  }
  return { fight: await loadFight(tx, fight.campaign, fight.encounter), results, notes };
}

function requireBothSides(f: Fight) {
  if (!f.combatants.some((c) => c.side === "foes") || !f.combatants.some((c) => c.side === "party")) {
    throw new UserError(
      "Initiative needs both sides: add monsters with /encounter add and characters with /encounter join.",
    );
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

export async function rollInitiative(
  s: Services,
  actor: Actor,
  opts: { reroll?: boolean } = {},
): Promise<EncounterEvent> {
  // Only the lane's statements (hot.ts): on SQLite the lane runs this transaction itself (lane.ts).
  return s.store.db.$transaction(
    laneOnly(async (tx: Hot) => {
      const fight = await requireFight(tx, actor);
      requireReferee(fight.campaign, actor, "roll initiative");
      requireBothSides(fight);
      const rs = readRound(fight.encounter);
      if (rs.phase === "declare") return beginRound(tx, s, actor, fight);
      const round = fight.encounter.round;
      // The order stands once rolled: a second /initiative by mistake must not switch it. The referee asks for it.
      if (!opts.reroll) {
        const kept = orderCodec.decode(fight.encounter.order);
        throw new UserError(
          `Round ${round}'s order is already rolled${kept.length ? ` (${orderWords(fight, kept)})` : ""}. To roll it again, repeat with \`reroll:true\`; /next moves on to the next turn.`,
        );
      }
      // Attacks waiting for an answer stay open: rolling the order again does not end the round.
      const open = await openStream(tx, { campaignId: fight.campaign.id, encounterId: fight.encounter.id });
      // The referee rolls the order again in the middle of a round: the round's marks and attacks stand.
      const init = fight.system.initiative(initiativeInput(fight, round), bagFor(open, `initiative, round ${round}`));
      const notes: string[] = [
        `The referee rolls round ${round}'s order again: ${orderWords(fight, init.order)}. What was done this round stands.`,
      ];
      const turn = firstReady(fight, init.order, 0, rs, notes);
      await bumpEncounter(tx, fight.encounter, { order: orderCodec.encode(init.order), turn });
      notes.push(...(await reachPlaces(tx, await reload(tx, fight), init.order, 0, turn)));
      await open.close(tx, actor);
      return { fight: await reload(tx, fight), results: [init], notes };
    }),
  );
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
  const rs = { ...readRound(fight.encounter), phase: "act" as const };
  const turn = firstReady(started.fight, started.order, 0, rs, notes);
  await bumpEncounter(tx, fight.encounter, {
    order: orderCodec.encode(started.order),
    round,
    turn,
    roundState: roundCodec.encode(rs),
  });
  notes.push(...(await reachPlaces(tx, await reload(tx, fight), started.order, 0, turn)));
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
export async function nextTurn(
  s: Services,
  actor: Actor,
  expect?: RoundPosition,
): Promise<EncounterEvent & { newRound: boolean }> {
  const morale = await moraleAtRoundEnd(s, actor, expect);
  const ev = await moveOn(s, actor, expect);
  return morale.length ? { ...ev, results: [...morale, ...ev.results] } : ev;
}

/**
 * "Morale at its trigger" is a step of the round's end (docs/design.md, "The round"): when the referee ends a round
 * with a side's morale check due and not called, it is rolled first, by the system's own check.
 */
async function moraleAtRoundEnd(s: Services, actor: Actor, expect?: RoundPosition): Promise<RuleResult[]> {
  const f = expect
    ? await requireFightOf(s.store.db, actor, expect.encounterId).catch(() => null)
    : await requireFight(s.store.db, actor).catch(() => null);
  if (!f || !isReferee(f.campaign, actor) || !roundOver(f)) return [];
  const rs = readRound(f.encounter);
  if (expect && (expect.round !== f.encounter.round || expect.turn !== f.encounter.turn || expect.phase !== rs.phase))
    return [];
  const out: RuleResult[] = [];
  for (const side of moraleDue(f, rs.moraleAt)) {
    const r = await moraleCheck(s, actor, { side }).catch((err: Error) => {
      if (err instanceof UserError) return null;
      throw err;
    });
    if (r) out.push(r.result);
  }
  return out;
}

async function moveOn(
  s: Services,
  actor: Actor,
  expect?: RoundPosition,
): Promise<EncounterEvent & { newRound: boolean }> {
  // Only the lane's statements (hot.ts): on SQLite the lane runs this transaction itself (lane.ts).
  return s.store.db.$transaction(
    laneOnly(async (tx: Hot) => {
      const fight = expect ? await requireFightOf(tx, actor, expect.encounterId) : await requireFight(tx, actor);
      requireReferee(fight.campaign, actor, "move to the next turn");
      const e = fight.encounter;
      if (expect && (expect.round !== e.round || expect.turn !== e.turn || expect.phase !== readRound(e).phase)) {
        throw new StaleError(
          "The round has moved on since that board: nothing was changed. The newest board, at the bottom, has the live buttons.",
        );
      }
      if (readRound(fight.encounter).phase === "declare") {
        requireBothSides(fight);
        return { ...(await beginRound(tx, s, actor, fight)), newRound: true };
      }
      const order = orderCodec.decode(fight.encounter.order);
      if (!order.length) throw new UserError("Roll /initiative first: the round has no order yet.");
      const notes: string[] = [];
      if (!roundOver(fight)) {
        // Past those who will not act: the next place where someone can, else everyone has had their place.
        const turn = firstReady(fight, order, fight.encounter.turn + 1, readRound(fight.encounter), notes);
        // Attacks waiting for an answer stay open: the next combatant's turn does not close them.
        await bumpEncounter(tx, fight.encounter, { turn });
        notes.push(...(await passTurn(tx, fight, turn)));
        return { fight: await reload(tx, fight), results: [], notes, newRound: false };
      }
      return { ...(await nextRound(tx, s, actor, fight, notes)), newRound: true };
    }),
  );
}

/**
 * Everyone has had their place: the round ends (attacks still waiting resolve as they stand, then the round's
 * steps), the declarations made for the next round stand (each checked again), and its order is rolled, in
 * one press. A morale trigger left unanswered passes with the round.
 */
async function nextRound(tx: Hot, s: Services, actor: Actor, fight: Fight, notes: string[]): Promise<EncounterEvent> {
  const lapsed = await lapseOpenAttacks(tx, fight, actor, s.now());
  if (lapsed.length) fight = await loadFight(tx, fight.campaign, fight.encounter);
  const open = await openStream(tx, { campaignId: fight.campaign.id, encounterId: fight.encounter.id });
  const ended = await endRound(tx, fight, open);
  notes.push(...ended.notes);
  const round = fight.encounter.round + 1;
  // A round counts on the campaign's clock once, when it opens (its declarations are part of it).
  await tickClock(tx, ended.fight, 1);
  const was = readRound(fight.encounter);
  const moraleAt = fallen(ended.fight);
  await bumpEncounter(tx, fight.encounter, {
    round,
    turn: 0,
    roundState: roundCodec.encode({ ...freshRound("declare", was), moraleAt }),
  });
  await open.close(tx, actor);
  const declared = await declareAhead(tx, actor, was.ahead ?? {});
  const begun = await beginRound(tx, s, actor, await reload(tx, fight));
  return {
    fight: begun.fight,
    results: [...ended.results, ...declared.results, ...begun.results],
    notes: [...notes, ...declared.notes, ...begun.notes],
    lapsed,
  };
}

/** The declarations made while the round was over, made now for the round that opens, by whoever made them. */
async function declareAhead(
  tx: Hot,
  actor: Actor,
  ahead: Record<string, AheadDeclaration[]>,
): Promise<{ results: RuleResult[]; notes: string[] }> {
  const results: RuleResult[] = [];
  const notes: string[] = [];
  for (const [who, list] of Object.entries(ahead)) {
    for (const d of list) {
      const by: Actor = d.by === actor.userId ? actor : { ...actor, userId: d.by, roleIds: [] };
      try {
        const ev = await declareIn(tx, by, { action: d.action, who, ...(d.detail ? { detail: d.detail } : {}) });
        results.push(...ev.results);
        notes.push(...ev.notes);
      } catch (err) {
        if (!(err instanceof UserError)) throw err;
        notes.push(`${d.label}, declared for this round, does not stand: ${err.message}`);
      }
    }
  }
  return { results, notes };
}
