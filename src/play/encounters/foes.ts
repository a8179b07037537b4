/**
 * "Foes attack ▶" and "… attacks" on the board (docs/design.md, "The board"): each acting foe's routine against
 * its current opponent (or the one the referee sends it at), one attack after another, each as a typed
 * /attack would make it: its own transaction, its own message and reactions.
 */
import type { Actor } from "../actor.js";
import type { Services } from "../services.js";
import { StaleError, UserError } from "../errors.js";
import { requireReferee } from "../permissions.js";
import { attack, type AttackView } from "../attacks/index.js";
import { isDown, requireFightOf, toRule, type Fight } from "./load.js";
import { foesToAct, opponentOf, routineWeapon } from "../round/foes.js";
import { allowance } from "../round/context.js";
import { placeCap } from "../round/gate.js";
import { readRound } from "../round/state.js";
import { combatantsOf } from "../../store/hot.js";
import { boardOf } from "./board.js";
import { nextTurn } from "./turns.js";
import { roundOver } from "../round/context.js";
import type { EncounterEvent } from "./index.js";

/** Where the board stood when it was pressed: a press on an older board changes nothing. */
export interface FoesRequest {
  encounterId: string;
  round: number;
  turn: number;
  /** The referee's picks from the board's menu: these foes attack these targets (the others their opponents). */
  picks?: { foe: string; target: string }[];
}

export interface FoesAttacked {
  encounterId: string;
  views: AttackView[];
  /** Foes that did not attack, and why (no opponent yet, their target fell). */
  notes: string[];
  /** The next round, when the foes were the last to act and nothing waits for an answer: the same press moved on. */
  next?: EncounterEvent;
}

/**
 * The foes were the last to act: once their attacks leave everyone having acted, with nothing waiting for an
 * answer, the referee's press that sent them also ends the round and rolls the next order (the round's one press).
 */
async function movedOn(s: Services, actor: Actor, encounterId: string): Promise<{ next?: EncounterEvent }> {
  const b = await boardOf(s, encounterId);
  if (!b || !roundOver(b.fight) || (b.waiting.total ?? b.waiting.length) > 0) return {};
  const e = b.fight.encounter;
  return { next: await nextTurn(s, actor, { encounterId, round: e.round, turn: e.turn, phase: "act" }) };
}

/**
 * The plan: each foe to act and the one it attacks. The referee's picks send those foes where picked; every
 * other foe to act goes at its current opponent; a foe with none is named in `notes` (the menu asks for it).
 */
function plan(f: Fight, req: FoesRequest, notes: string[]): { foe: string; target: string }[] {
  const ready = foesToAct(f);
  if (!ready.length) throw new UserError("No foe is to act now: the board's title says who is. Nothing was changed.");
  const picked = new Map<string, string>();
  for (const p of req.picks ?? []) {
    const foe = f.combatants.find((c) => c.id === p.foe);
    const target = f.combatants.find((c) => c.id === p.target);
    if (!foe || !ready.some((c) => c.id === foe.id))
      throw new StaleError(
        `${foe?.name ?? "That foe"} is not to act now: nothing was changed. The newest board has the live menu.`,
      );
    if (!target || isDown(target) || target.side === foe.side)
      throw new StaleError(
        `${target?.name ?? "That target"} cannot be attacked now: nothing was changed. Pick again on the newest board.`,
      );
    if (picked.has(foe.id)) throw new UserError(`Pick one target for ${foe.name}: nothing was changed.`);
    picked.set(foe.id, target.id);
  }
  const out: { foe: string; target: string }[] = [];
  for (const foe of ready) {
    const target = picked.get(foe.id) ?? opponentOf(f, foe)?.id;
    if (target) out.push({ foe: foe.id, target });
    else notes.push(`${foe.name} has nobody to fight yet: pick whom it attacks in the menu.`);
  }
  if (!out.length)
    throw new UserError(
      `${notes.length === 1 ? "The foe to act has" : "None of the foes to act has"} an opponent yet: pick whom ${notes.length === 1 ? "it attacks" : "each attacks"} in the board's menu (${ready.map((c) => c.name).join(", ")}). Nothing was changed.`,
    );
  return out;
}

/**
 * One send of the foes at a time per encounter: a second press waits for the first, then finds the round moved
 * on (or nobody left to act) and changes nothing. An encounter's server is served by one process (its shard).
 */
const sending = new Map<string, Promise<unknown>>();
export function foesAttack(s: Services, actor: Actor, req: FoesRequest): Promise<FoesAttacked> {
  const before = sending.get(req.encounterId) ?? Promise.resolve();
  const run = before.catch(() => {}).then(() => sendFoes(s, actor, req));
  const tail = run.catch(() => {});
  sending.set(req.encounterId, tail);
  void tail.then(() => {
    if (sending.get(req.encounterId) === tail) sending.delete(req.encounterId);
  });
  return run;
}

async function sendFoes(s: Services, actor: Actor, req: FoesRequest): Promise<FoesAttacked> {
  const f = await requireFightOf(s.store.db, actor, req.encounterId);
  requireReferee(f.campaign, actor, "send the foes in");
  const rs = readRound(f.encounter);
  if (f.encounter.round !== req.round || f.encounter.turn !== req.turn || rs.phase !== "act") {
    throw new StaleError(
      "The round has moved on since that board: nothing was changed. The newest board, at the bottom, has the live buttons.",
    );
  }
  const notes: string[] = [];
  const views: AttackView[] = [];
  for (const { foe, target } of plan(f, req, notes)) {
    const who = f.combatants.find((c) => c.id === foe)!;
    const may = allowance(f, who, rs).attacks;
    const cap = placeCap(f, who.id, may)?.cap ?? may;
    for (let index = rs.attacks[who.id] ?? 0; index < cap; index++) {
      const weapon = routineWeapon(who, index);
      try {
        views.push(await attack(s, actor, { target, attacker: foe, situation: {}, ...(weapon ? { weapon } : {}) }));
      } catch (err) {
        // Refused (the round moved on meanwhile, another press sent it first): the rest of its routine waits.
        if (!(err instanceof UserError)) throw err;
        if (!views.length && !notes.length && err instanceof StaleError) throw err;
        notes.push(`${who.name}: ${err.message}`);
        break;
      }
      if (index + 1 >= cap) break;
      // Its target fell to this blow: the rest of its routine waits for the referee's pick.
      const rows = await combatantsOf(s.store.db, f.encounter.id);
      const row = rows.find((r) => r.id === target);
      if (!row || isDown(toRule(row, f.system))) {
        notes.push(
          `${who.name}'s other attacks wait: ${row?.name ?? "its target"} is down. Pick another target in the menu.`,
        );
        break;
      }
    }
  }
  if (!views.length) throw new UserError(notes.join(" ") || "No foe attacked: nothing was changed.");
  return { encounterId: f.encounter.id, views, notes, ...(await movedOn(s, actor, f.encounter.id)) };
}
