/**
 * /declare and the round message's declare buttons: what a combatant announces
 * before initiative (charge, dodge, a spell…) or on its turn (a move, standing up).
 * The system checks it and says which marks it sets; the roster shows it.
 */
import type { DiceBag } from "../../rules/dice/bag.js";
import type { CombatState, Combatant, Declaration, Effect } from "../../rules/systems/types.js";
import type { Mark } from "../../rules/marks.js";
import { conditionLabels } from "../../rules/round/words.js";
import type { Hot } from "../../store/client.js";
import { encounterById } from "../../store/hot.js";
import { laneOnly } from "../../store/lane.js";
import type { Actor } from "../actor.js";
import type { Services } from "../services.js";
import { rule, UserError } from "../errors.js";
import { isReferee } from "../permissions.js";
import { bagFor, openStream, type OpenStream } from "../streams.js";
import { applyEffects, saveState } from "../encounters/effects.js";
import { isDown, loadFight, requireFight, requireFightOf, toRule, type Fight } from "../encounters/load.js";
import { bumpEncounter, type EncounterEvent } from "../encounters/index.js";
import { actingNow, allowance, declarable, roundContext, roundOver } from "./context.js";
import { readRound, type AheadDeclaration, type RoundState } from "./state.js";
import type { Combatant as CombatantRow } from "../../generated/prisma/client.js";
import { declaringFor, hasActed, passedTurn } from "./ready.js";
import { passTurn } from "./pass.js";
import { sourcesOf, withdrawn, type MarkSource } from "./marks.js";
import { forPlayer, pickActing } from "./who.js";
import { orderCodec } from "../codecs/encounter.js";
import { roundCodec } from "../codecs/encounter.js";

export interface DeclareRequest {
  /** A declaration id or label, or "none" to withdraw this round's declarations. */
  action: string;
  who?: string | null;
  detail?: string | null;
  /** Only from the round's message: that message's encounter and round, so a stale button changes nothing. */
  expect?: { encounterId: string; round: number };
}

const WITHDRAW = new Set(["none", "clear", "withdraw", "cancel"]);

const match = (list: Declaration[], k: string) =>
  list.find((x) => x.id === k) ?? list.find((x) => x.label.toLowerCase() === k);

/** Why a declaration the system has is not open to `who` now: the other phase, or what `who` is. */
function whyNot(f: Fight, who: Combatant, rs: RoundState, k: string): string | null {
  const done = (rs.declared[who.id] ?? []).find((id) => id === k || (rs.labels?.[id] ?? "").toLowerCase() === k);
  if (done) return `${who.name} has already declared ${rs.labels?.[done] ?? done} this round`;
  const ctx = roundContext(f, who, rs);
  const other = rs.phase === "declare" ? "act" : "declare";
  const later = match(
    f.system.round
      .declarations(who, { ...ctx, phase: other })
      .filter((d) => (d.when === "before") === (other === "declare")),
    k,
  );
  if (later)
    return `${later.label} is declared ${other === "declare" ? "before the round's order is rolled: at the next round's declarations" : "on its turn, once the order is rolled"}`;
  const anyone = f.combatants.flatMap((c) => (c.id === who.id ? [] : declarable(f, c, rs)));
  const open = match(anyone, k);
  if (!open) return null;
  // Say what stands in the way: this round's declarations, else its conditions, else what it carries.
  const opensWith = (c: Combatant, declared: string[]) =>
    !!match(f.system.round.declarations(c, { ...ctx, declared, phase: rs.phase }), k);
  const mine = (rs.declared[who.id] ?? []).map((id) => rs.labels?.[id] ?? id);
  const marks = conditionLabels(f.system.words, who.state.conditions);
  const why =
    mine.length && opensWith(who, [])
      ? `after ${mine.join(" and ")} this round`
      : marks.length && opensWith({ ...who, state: { ...who.state, conditions: [] } }, ctx.declared)
        ? `while ${marks.join(", ")}`
        : `not with what ${who.name} carries`;
  return `${open.label} is open to others but not to ${who.name} now: ${why}`;
}

function find(list: Declaration[], action: string, name: string, why?: () => string | null): Declaration {
  const k = action.trim().toLowerCase();
  const d = match(list, k);
  if (d) return d;
  const reason = why?.();
  if (!list.length) throw new UserError(`${reason ? `${reason}. ` : ""}${name} has nothing to declare now.`);
  throw new UserError(
    `${reason ? `${reason}.` : `${name} cannot declare "${action}" now.`} Open to ${name} now: ${list.map((x) => x.label).join(", ")}.`,
  );
}

function checkTurn(f: Fight, rowId: string, name: string, referee: boolean) {
  const now = actingNow(f);
  if (now && !now.includes(rowId) && !referee)
    throw new UserError(`It is not ${name}'s turn: that waits for its place in the order.`);
}

/** The fight, the declaring combatant and what it may declare now; a button of an earlier round changes nothing. */
async function locate(
  db: Hot | Services["store"]["db"],
  actor: Actor,
  who: string | null | undefined,
  expect?: DeclareRequest["expect"],
) {
  const fight = expect ? await requireFightOf(db, actor, expect.encounterId) : await requireFight(db, actor);
  if (expect && expect.round !== fight.encounter.round) {
    throw new UserError("That button belongs to an earlier round: use the latest round's message (or /declare).");
  }
  const row = pickActing(fight, actor, who, "who", "declares");
  // Once it has had its turn, what it declares is for the next round.
  const rs = declaringFor(fight, toRule(row, fight.system));
  return { fight, row, rs, open: declarable(fight, toRule(row, fight.system), rs) };
}

/** A combatant's per-declaration lists split into those of declarations that go and those that stay. */
function split(lists: Record<string, Mark[]>, goes: (decl: string) => boolean) {
  const of = (want: boolean) => [
    ...new Set(
      Object.entries(lists)
        .filter(([decl]) => goes(decl) === want)
        .flatMap(([, m]) => m),
    ),
  ];
  return {
    going: of(true),
    staying: new Set(of(false)),
    left: Object.fromEntries(Object.entries(lists).filter(([decl]) => !goes(decl))),
  };
}

/**
 * A round stored before marks kept their sources listed, per declaration, the marks each set (`marks`,
 * `given`): those lists read as the sources they stand for, on the combatants that carry the marks.
 */
function withLegacySources(f: Fight, rs: RoundState): Map<string, CombatState> {
  const states = new Map(f.combatants.map((c) => [c.id, c.state]));
  const add = (target: string, mark: Mark, source: MarkSource) => {
    const st = states.get(target);
    if (!st?.conditions.includes(mark)) return;
    const by = sourcesOf(st);
    if ((by[mark] ?? []).some((x) => x.by === source.by && x.decl === source.decl && x.round === source.round)) return;
    states.set(target, { ...st, by: { ...by, [mark]: [...(by[mark] ?? []), source] } });
  };
  const round = f.encounter.round;
  for (const [id, decls] of Object.entries(rs.marks))
    for (const [decl, ms] of Object.entries(decls)) for (const m of ms) add(id, m, { by: id, decl, round });
  for (const [id, decls] of Object.entries(rs.given ?? {}))
    for (const [decl, to] of Object.entries(decls))
      for (const [target, ms] of Object.entries(to)) for (const m of ms) add(target, m, { by: id, decl, round });
  return states;
}

/**
 * Takes back declarations the combatant made this round (all of them, or those named): the marks they
 * set, by their source, on anyone (a mark a kept declaration also set stays), and what they took off
 * the combatant comes back (its old rank, say), unless a kept declaration took it off too. In the
 * declare phase only; it rolls nothing.
 */
async function withdraw(
  tx: Hot,
  f: Fight,
  id: string,
  rs: RoundState,
  bag: DiceBag,
  only?: string[],
): Promise<RoundState> {
  if (rs.phase !== "declare")
    throw new UserError("Declarations can be withdrawn only before the round's order is rolled.");
  const goes = (decl: string) => !only || only.includes(decl);
  const restores = split(rs.restores?.[id] ?? {}, goes);
  const back = restores.going.filter((c) => !restores.staying.has(c));
  const effects: Effect[] = [];
  for (const [target, state] of withLegacySources(f, rs)) {
    const w = withdrawn(state, id, f.encounter.round, goes);
    const idx = f.rows.findIndex((r) => r.id === target);
    // The sources the withdrawn declarations leave behind go first, so a mark another still holds stays with that one alone.
    if (JSON.stringify(sourcesOf(w.state)) !== JSON.stringify(sourcesOf(f.combatants[idx]!.state))) {
      f.rows[idx] = { ...f.rows[idx]!, state: saveState(tx, f.rows[idx]!, w.state, f.system) };
      f.combatants[idx] = { ...f.combatants[idx]!, state: w.state };
    }
    if (w.remove.length) effects.push({ targetId: target, removeConditions: w.remove });
  }
  if (back.length) effects.push({ targetId: id, addConditions: back });
  if (effects.length) await applyEffects(tx, f, effects, bag);
  const declared = (rs.declared[id] ?? []).filter((d) => !goes(d));
  const { [id]: _d, ...othersDeclared } = rs.declared;
  const { [id]: mine = {}, ...othersMarks } = rs.marks;
  const { [id]: _r, ...othersRestores } = rs.restores ?? {};
  const { [id]: given = {}, ...othersGiven } = rs.given ?? {};
  const { [id]: shown = {}, ...othersDetails } = rs.details ?? {};
  const keep = <T>(lists: Record<string, T>) =>
    Object.fromEntries(Object.entries(lists).filter(([decl]) => !goes(decl)));
  const keptMarks = keep(mine);
  const keptGiven = keep(given);
  const keptDetails = keep(shown);
  return {
    ...rs,
    details: Object.keys(keptDetails).length ? { ...othersDetails, [id]: keptDetails } : othersDetails,
    given: Object.keys(keptGiven).length ? { ...othersGiven, [id]: keptGiven } : othersGiven,
    declared: declared.length ? { ...othersDeclared, [id]: declared } : othersDeclared,
    marks: Object.keys(keptMarks).length ? { ...othersMarks, [id]: keptMarks } : othersMarks,
    restores: Object.keys(restores.left).length ? { ...othersRestores, [id]: restores.left } : othersRestores,
  };
}

export async function declare(s: Services, actor: Actor, req: DeclareRequest): Promise<EncounterEvent> {
  // Only the lane's statements (hot.ts), as /attack and /next.
  return s.store.db.$transaction(laneOnly((tx: Hot) => declareIn(tx, actor, req)));
}

/**
 * While the round is over (everyone has acted), a declaration is kept for the next round and made when the
 * referee starts it (turns.ts, declareAhead): checked now against that round's list, and again then.
 */
async function keepForNextRound(
  tx: Hot,
  actor: Actor,
  fight: Fight,
  row: CombatantRow,
  open: Declaration[],
  req: DeclareRequest,
  tag: string,
): Promise<EncounterEvent> {
  const now = readRound(fight.encounter);
  const mine = now.ahead?.[row.id] ?? [];
  const { [row.id]: _gone, ...others } = now.ahead ?? {};
  const next = fight.encounter.round + 1;
  let kept: AheadDeclaration[];
  let note: string;
  if (WITHDRAW.has(req.action.trim().toLowerCase()) && !open.some((d) => d.id === req.action.trim().toLowerCase())) {
    kept = [];
    note = `${row.name} withdraws what it declared for round ${next}${tag}.`;
  } else {
    const decl = find(open, req.action, row.name);
    if (mine.some((d) => d.action === decl.id))
      throw new UserError(`${row.name} has already declared ${decl.label} for round ${next}.`);
    const detail = req.detail ? ` (${req.detail})` : "";
    kept = [
      ...mine.filter((d) => !decl.excludes?.includes(d.action)),
      { action: decl.id, label: decl.label, by: actor.userId, ...(req.detail ? { detail: req.detail } : {}) },
    ];
    note = `${row.name} declares ${decl.label}${detail} for round ${next}${tag}: it stands when the referee starts the round.`;
  }
  const ahead = kept.length ? { ...others, [row.id]: kept } : others;
  await bumpEncounter(tx, fight.encounter, { roundState: roundCodec.encode({ ...now, ahead }) });
  return { fight: await reloadFight(tx, fight), results: [], notes: [note] };
}

/** A declaration, inside the caller's transaction (the round's start makes those declared ahead with it). */
export async function declareIn(tx: Hot, actor: Actor, req: DeclareRequest): Promise<EncounterEvent> {
  {
    let { fight, row, rs, open } = await locate(tx, actor, req.who, req.expect);
    const by = forPlayer(row, actor);
    const tag = by ? ` (${by})` : "";
    const word = req.action.trim().toLowerCase();
    // Who has had its turn declares for the next round, unless what it names is still open this round (a move after its attack).
    const late =
      hasActed(fight, toRule(row, fight.system)) && !roundOver(fight)
        ? declarable(fight, toRule(row, fight.system), readRound(fight.encounter))
        : null;
    const nextOpen = open;
    if (hasActed(fight, toRule(row, fight.system)) && (!late || !match(late, word)))
      return keepForNextRound(tx, actor, fight, row, open, req, tag);
    if (late) {
      rs = readRound(fight.encounter);
      open = late;
    }
    const stream = await openStream(tx, { campaignId: fight.campaign.id, encounterId: fight.encounter.id });
    // "none" (or "clear", "cancel", "withdraw") takes this round's declarations back, unless the system has a declaration by that id.
    if (WITHDRAW.has(word) && !open.some((d) => d.id === word))
      return withdrawThisRound(tx, actor, fight, row, rs, stream, tag);
    const who = toRule(row, fight.system);
    const decl = find(open, req.action, row.name, () => whyNot(fight, who, rs, req.action.trim().toLowerCase()));
    if (decl.when === "turn" && !late) checkTurn(fight, row.id, row.name, isReferee(fight.campaign, actor));
    if ((rs.declared[row.id] ?? []).includes(decl.id))
      throw new UserError(`${row.name} has already declared ${decl.label} this round.`);
    const bag = bagFor(stream, `${row.name} declares ${decl.label}`);
    const ctx = roundContext(fight, who, rs);
    // Still open this round by its list, but its rule refuses it now (one action a turn): it is for the next round.
    const refusedNow = (err: unknown) => late && err instanceof UserError && match(nextOpen, word);
    let result: ReturnType<typeof fight.system.round.declare>;
    try {
      result = rule(() => askSystem(fight, ctx, rs, { who, id: decl.id, detail: req.detail }, bag));
    } catch (err) {
      if (refusedNow(err)) return keepForNextRound(tx, actor, fight, row, nextOpen, req, tag);
      throw err;
    }
    const replaced = (rs.declared[row.id] ?? []).filter((x) => decl.excludes?.includes(x));
    let next = replaced.length && rs.phase === "declare" ? await withdraw(tx, fight, row.id, rs, bag, replaced) : rs;
    const keep = (rs.declared[row.id] ?? []).filter((x) => !replaced.includes(x));
    const f = await loadFight(tx, fight.campaign, fight.encounter);
    // The marks it sets carry it as their source: withdrawing it takes them back.
    const applied = await applyEffects(tx, f, result.effects, bag, {
      by: row.id,
      decl: decl.id,
      round: f.encounter.round,
    });
    const removed = applied.removed[row.id] ?? [];
    next = recordDeclaration(
      next,
      row.id,
      [...keep, decl.id],
      decl,
      result,
      removed,
      () => allowance(fight, who, rs).attacks,
    );
    // A declaration that spends the action on its turn leaves the place, perhaps, with nobody to act: the turn passes on.
    const passed: string[] = [];
    const pass = rs.phase === "act" ? passedTurn(f, next, passed) : null;
    await bumpEncounter(tx, fight.encounter, {
      roundState: roundCodec.encode(next),
      ...(pass !== null ? { turn: pass } : {}),
    });
    if (pass !== null) passed.push(...(await passTurn(tx, f, pass)));
    await stream.close(tx, actor);
    return {
      fight: await reloadFight(tx, fight),
      results: [{ ...result, lines: [...result.lines, ...applied.lines] }],
      notes: [`${row.name} declares ${decl.label}${result.shows ? ` (${result.shows})` : ""}${tag}.`, ...passed],
    };
  }
}

/** "none" takes back what the combatant declared this round: the marks they set are withdrawn with them. */
async function withdrawThisRound(
  tx: Hot,
  actor: Actor,
  fight: Fight,
  row: CombatantRow,
  rs: RoundState,
  stream: OpenStream,
  tag: string,
): Promise<EncounterEvent> {
  const next = await withdraw(tx, fight, row.id, rs, bagFor(stream, `${row.name} withdraws`));
  await bumpEncounter(tx, fight.encounter, { roundState: roundCodec.encode(next) });
  await stream.close(tx, actor);
  return {
    fight: await reloadFight(tx, fight),
    results: [],
    notes: [`${row.name} withdraws this round's declarations${tag}.`],
  };
}

/** The system checks the declaration against the round as it stands and says what it does. */
function askSystem(
  fight: Fight,
  ctx: ReturnType<typeof roundContext>,
  rs: RoundState,
  { who, id, detail }: { who: Combatant; id: string; detail?: string | null | undefined },
  bag: DiceBag,
): ReturnType<Fight["system"]["round"]["declare"]> {
  return fight.system.round.declare(
    {
      who,
      id,
      ...(detail ? { detail } : {}),
      others: ctx.others,
      round: ctx.round,
      declared: ctx.declared,
      settings: ctx.settings ?? {},
      phase: rs.phase,
      attacked: ctx.attacked ?? 0,
      acted: actedSoFar(fight, rs),
    },
    bag,
  );
}

/**
 * The round's record of the declaration: it stands among the combatant's declarations, with its label, what it
 * shows on the roster, the marks it took off (given back when it is withdrawn), the foes it faces, and, if it
 * spends the action, the turn's attacks used up.
 */
function recordDeclaration(
  rs: RoundState,
  id: string,
  declared: string[],
  decl: Declaration,
  result: ReturnType<Fight["system"]["round"]["declare"]>,
  removed: NonNullable<RoundState["restores"]>[string][string],
  attacks: () => number,
): RoundState {
  return {
    ...rs,
    declared: { ...rs.declared, [id]: declared },
    labels: { ...rs.labels, [decl.id]: decl.label },
    ...(result.shows
      ? { details: { ...rs.details, [id]: { ...(rs.details?.[id] ?? {}), [decl.id]: result.shows } } }
      : {}),
    ...(removed.length
      ? { restores: { ...rs.restores, [id]: { ...(rs.restores?.[id] ?? {}), [decl.id]: removed } } }
      : {}),
    ...(result.faces?.length
      ? { foes: { ...rs.foes, ...Object.fromEntries(result.faces.map((x) => [x.attackerId, x.defenderId])) } }
      : {}),
    ...(result.spendsAction ? { attacks: { ...rs.attacks, [id]: Math.max(rs.attacks[id] ?? 0, attacks()) } } : {}),
  };
}

/** Who has had their place in this round's order (before the one acting now), or has attacked this round. */
function actedSoFar(f: Fight, rs: RoundState): string[] {
  const order = orderCodec.decode(f.encounter.order);
  const passed = rs.phase === "act" ? order.slice(0, f.encounter.turn).flat() : [];
  return [...new Set([...passed, ...Object.keys(rs.attacks).filter((id) => (rs.attacks[id] ?? 0) > 0)])];
}

const reloadFight = async (tx: Hot, f: Fight) => loadFight(tx, f.campaign, await encounterById(tx, f.encounter.id));

/** Autocomplete: what the actor's combatant (or the named one) may declare now. */
export async function declarationChoices(
  s: Services,
  actor: Actor,
  typed: string,
  who?: string | null,
): Promise<{ name: string; value: string }[]> {
  try {
    const fight = await requireFight(s.store.db, actor);
    const row = pickActing(fight, actor, who, "who", "declares");
    const k = typed.trim().toLowerCase();
    const list = declarable(fight, toRule(row, fight.system), declaringFor(fight, toRule(row, fight.system))).filter(
      (d) => !k || d.label.toLowerCase().includes(k) || d.id.includes(k),
    );
    return [
      ...list.map((d) => ({ name: `${d.label}${d.detail ? ` (${d.detail})` : ""}`.slice(0, 100), value: d.id })),
      { name: "Withdraw this round's declarations", value: "none" },
    ].slice(0, 25);
  } catch {
    return [];
  }
}

/**
 * The declaration a round message's button names, for the presser's combatant (or `who`, one of the
 * presser's): checked as /declare would. A presser with several combatants that may declare it (a
 * character and a retainer) gets them back to choose from; so does a referee with none of their own
 * that may, for whoever may (a player's character when the player is absent, a monster).
 */
export async function declarationOf(
  s: Services,
  actor: Actor,
  action: string,
  expect: { encounterId: string; round: number },
  who?: string | null,
): Promise<{ decl: Declaration; who: string } | { choose: { id: string; name: string }[]; label: string }> {
  if (!who) {
    const fight = await requireFightOf(s.store.db, actor, expect.encounterId);
    const now = readRound(fight.encounter);
    const k = action.trim().toLowerCase();
    const standing = fight.rows.filter((r) => !isDown(toRule(r, fight.system)));
    const listFor = (r: (typeof standing)[number]) =>
      declarable(fight, toRule(r, fight.system), declaringFor(fight, toRule(r, fight.system), now));
    const may = (r: (typeof standing)[number]) => {
      const d = match(listFor(r), k);
      return (
        d && !(now.declared[r.id] ?? []).includes(d.id) && !(now.ahead?.[r.id] ?? []).some((x) => x.action === d.id)
      );
    };
    const mine = standing.filter((r) => r.controllerId === actor.userId);
    const can = mine.filter(may);
    const current = expect.encounterId === fight.encounter.id && expect.round === fight.encounter.round;
    const label = (r: (typeof standing)[number]) => match(listFor(r), k)!.label;
    if (can.length > 1 && current)
      return { choose: can.map((r) => ({ id: r.id, name: r.name })), label: label(can[0]!) };
    if (!can.length && current && isReferee(fight.campaign, actor)) {
      // The referee's tap names nobody: asked who, even when one may, since it acts for someone else.
      const anyone = standing.filter((r) => r.controllerId !== actor.userId && may(r));
      if (!anyone.length)
        throw new UserError("Nobody may declare that now: each has declared it already, or it is not open to them.");
      return { choose: anyone.map((r) => ({ id: r.id, name: r.name })), label: label(anyone[0]!) };
    }
    // One may: it declares. None may: the refusal speaks of the first of them (a button has no `who` to ask for).
    if (can.length === 1 || (can.length === 0 && mine.length > 1)) who = (can[0] ?? mine[0])!.id;
  }
  const { fight, row, rs, open } = await locate(s.store.db, actor, who, expect);
  return {
    decl: find(open, action, row.name, () => whyNot(fight, toRule(row, fight.system), rs, action.trim().toLowerCase())),
    who: row.id,
  };
}
