/**
 * /attack and its reaction buttons: the system's attack state machine, kept
 * as a PendingAction between presses. Every write checks and bumps a version,
 * so a repeated or concurrent press changes nothing twice.
 */
import type { AttackState, Situation, SituationKey } from "../../rules/systems/types.js";
import type { DiceRoll } from "../../rules/dice/bag.js";
import type { Hot } from "../../store/client.js";
import { combatantsOfPending, encounterOfPending, insertPending, pendingById, updatePending } from "../../store/hot.js";
import type { Check } from "../../store/later.js";
import { laneOnly } from "../../store/lane.js";
import type { Actor } from "../actor.js";
import type { Services } from "../services.js";
import { rule, StaleError, UserError } from "../errors.js";
import { shortId } from "../ids.js";
import { isReferee, PermissionError } from "../permissions.js";
import { bagFor, openStream } from "../streams.js";
import { applyEffects } from "../encounters/effects.js";
import { fightOf, findCombatant, isDown, loadFight, requireFight, type Fight } from "../encounters/load.js";
import { findCampaign, noCampaign } from "../campaigns/find.js";
import { lapseOpenAttacks, type Lapsed } from "./lapse.js";
import { fallen, moraleNudges } from "../table.js";
import { attackInput, readPending, stepEffects, type StoredInput } from "./pending.js";
import { gateAttack, gateTarget } from "../round/gate.js";
import { passedTurn } from "../round/ready.js";
import { passTurn } from "../round/pass.js";
import { withFoes } from "../round/foes.js";
import { forPlayer } from "../round/who.js";
import { pickCombatant } from "../round/pick.js";
import { roundCodec } from "../codecs/encounter.js";
import { attackInputCodec, attackStateCodec } from "../codecs/pending.js";

export interface AttackView {
  pendingId: string | null;
  version: number;
  state: AttackState;
  attacker: string;
  defender: string;
  /** Outcome lines of effects applied so far (damage, falls). */
  outcomeLines: string[];
  /** Dice those effects rolled (a Life save). */
  outcomeRolls: DiceRoll[];
  /** Who may press each option, as Discord user ids (null = any referee). */
  pressers: Record<string, string | null>;
  ignored: SituationKey[];
  encounterId: string;
  encounterName: string;
  /** Prompts for the referee (morale triggers) after this step's damage. */
  notes: string[];
  /** For the board: the turn passed on by itself, and what its start did. */
  boardNotes?: string[];
}

function controllerOf(f: Fight, combatantId: string): string | null {
  return f.rows.find((r) => r.id === combatantId)?.controllerId ?? null;
}

function pressers(f: Fight, state: AttackState): Record<string, string | null> {
  return Object.fromEntries(state.options.map((o) => [o.id, controllerOf(f, o.by)]));
}

export interface AttackRequest {
  target: string;
  attacker?: string | null;
  weapon?: string | null;
  situation: Situation;
  /** The referee allows an attack beyond the round's allowance. */
  override?: boolean | null;
}

export async function attack(s: Services, actor: Actor, req: AttackRequest): Promise<AttackView> {
  // Only the lane's statements (hot.ts): on SQLite the lane runs this transaction itself (lane.ts).
  return s.store.db.$transaction(
    laneOnly(async (tx: Hot) => {
      // Locked as read: attacks and rolls at one table take turns at the encounter's stream (streams.ts).
      const fight = await requireFight(tx, actor, { lock: true });
      const a = pickCombatant(fight, actor, req.attacker, "attack");
      const d = findCombatant(fight, req.target);
      if (a.id === d.id) throw new UserError(`${a.name} cannot attack themself: pick another target.`);
      // Who is attacked first (the dead, who fled), then whether the attacker may attack now.
      const targetNotes = gateTarget(fight, d, actor, req.override === true);
      const gate = gateAttack(fight, a, actor, req.override === true);
      gate.notes.push(...targetNotes);
      // Attacks still waiting for their defender's answer stay open (docs/design.md, "Reactions", step 4).
      const was = fallen(fight);

      const stored = storedInput(fight, actor, req, { attackerId: a.id, defenderId: d.id }, gate);
      const stream = await openStream(
        tx,
        { campaignId: fight.campaign.id, encounterId: fight.encounter.id },
        { encounter: fight.encounter },
      );
      const bag = bagFor(stream, `${a.name} attacks ${d.name}`);
      let state: AttackState = rule(() => fight.system.attack.begin(attackInput(fight, stored), bag));
      let view = await settle(tx, fight, stored, state, bag);
      ({ state, view } = await pressForced(tx, fight, view.stored, state, bag));
      const pendingId = state.phase !== "done" ? keepPending(tx, fight, actor, state, view.stored, s.now()) : null;
      // Nobody left to act at this place: the turn passes on by itself (ready.ts), and what its start does happens.
      const after = withFoes(gate.after, a.id, d.id);
      const boardNotes: string[] = [];
      const pass = passedTurn(fight, after, boardNotes);
      if (pass !== null) boardNotes.push(...(await passTurn(tx, fight, pass)));
      // The round's record of this attack goes with the stream's state: one UPDATE of the encounter.
      // Every write of the attack is sent with the COMMIT (store/later.ts): one round trip on PostgreSQL.
      stream.close(tx, actor, {
        version: fight.encounter.version,
        data: { roundState: roundCodec.encode(after), ...(pass !== null ? { turn: pass } : {}) },
      });
      return {
        pendingId,
        version: 0,
        state,
        attacker: a.name,
        defender: d.name,
        outcomeLines: view.stored.outcomeLines,
        outcomeRolls: view.stored.outcomeRolls ?? [],
        pressers: pressers(fight, state),
        ignored: state.ignored,
        encounterId: fight.encounter.id,
        encounterName: fight.encounter.name,
        notes: view.stored.outcomeLines.length ? moraleNudges(fight, was) : [],
        boardNotes,
      };
    }),
  );
}

/** What the attack keeps between presses: who attacks whom, the situation (and who set its modifier), the gate's notes, its place in the round. */
function storedInput(
  fight: Fight,
  actor: Actor,
  req: AttackRequest,
  who: { attackerId: string; defenderId: string },
  gate: ReturnType<typeof gateAttack>,
): StoredInput {
  return {
    ...who,
    situation: req.situation,
    ...(req.situation.modifier
      ? { modifierBy: isReferee(fight.campaign, actor) ? ("referee" as const) : ("player" as const) }
      : {}),
    outcomeLines: gate.notes,
    attackIndex: gate.attackIndex,
    round: fight.encounter.round,
    ...(req.weapon ? { weapon: req.weapon } : {}),
    ...(req.override === true && isReferee(fight.campaign, actor) ? { override: true } : {}),
  };
}

/** An attack still waiting for an answer is kept as a pending action, open for the campaign's reaction window. */
function keepPending(tx: Hot, fight: Fight, actor: Actor, state: AttackState, stored: StoredInput, now: Date): string {
  const id = shortId();
  insertPending(
    tx,
    {
      id,
      encounterId: fight.encounter.id,
      kind: "attack",
      state: attackStateCodec.encode(state),
      input: attackInputCodec.encode(stored),
      channelId: actor.channelId,
      expiresAt: new Date(now.getTime() + fight.settings.reactionWindow * 1000),
    },
    new Date(),
  );
  return id;
}

/** Applies what one step of the attack hands over (its cost, the attack's effects if it became final, a follow-up's), and keeps the lines for the embed. */
async function settle(
  tx: Hot,
  fight: Fight,
  stored: StoredInput,
  state: AttackState,
  bag: ReturnType<typeof bagFor>,
): Promise<{ stored: StoredInput }> {
  const applied = await applyEffects(tx, fight, stepEffects(state), bag);
  return {
    stored: {
      ...stored,
      outcomeLines: [...stored.outcomeLines, ...applied.lines],
      outcomeRolls: [...(stored.outcomeRolls ?? []), ...applied.rolls],
    },
  };
}

/** Only "take" or "pass" is open: nobody has a choice to make, so it resolves at once (docs/design.md, "Reactions"). */
const forced = (state: AttackState) =>
  state.phase !== "done" && state.options.length > 0 && state.options.every((o) => o.id === "take" || o.id === "pass");

/** Follow-ups that only a combatant now out of the fight could take (a counterattack by a defender the blow put out of action): none is offered. */
const onlyTheFallen = (fight: Fight, state: AttackState) =>
  state.phase === "followups" &&
  state.options.length > 0 &&
  state.options.every((o) => {
    const c = fight.combatants.find((x) => x.id === o.by);
    return c !== undefined && isDown(c);
  });

async function pressForced(
  tx: Hot,
  fight: Fight,
  stored: StoredInput,
  state: AttackState,
  bag: ReturnType<typeof bagFor>,
) {
  let view = { stored };
  while (forced(state)) {
    state = fight.system.attack.react(state, state.options[0]!.id, attackInput(fight, view.stored), bag);
    view = await settle(tx, fight, view.stored, state, bag);
  }
  if (onlyTheFallen(fight, state)) {
    state = fight.system.attack.lapse(state, attackInput(fight, view.stored), bag);
    view = await settle(tx, fight, view.stored, state, bag);
  }
  return { state, view };
}

const MOVED_ON: Check = { rows: 1, fail: () => new StaleError() };

/** A press of one of the attack's buttons. */
export async function react(
  s: Services,
  actor: Actor,
  pendingId: string,
  version: number,
  optionId: string,
): Promise<AttackView> {
  // Only the lane's statements (hot.ts), as /attack.
  return s.store.db.$transaction(
    laneOnly(async (tx: Hot) => {
      // The attack's encounter, the attack, the campaign and the combatants in one read (one round trip
      // on PostgreSQL). The encounter is locked as it is read, for its stream (streams.ts), and comes
      // first: what is read after it is as the last press to hold it left it.
      const [encounter, p, campaign, rows] = await Promise.all([
        encounterOfPending(tx, pendingId, true),
        pendingById(tx, pendingId),
        findCampaign(tx, actor),
        combatantsOfPending(tx, pendingId),
      ]);
      if (!p || !encounter) throw new StaleError("This attack is not known any more: nothing was changed.");
      if (!campaign) throw noCampaign();
      if (encounter.campaignId !== campaign.id)
        throw new StaleError("This attack belongs to another campaign: nothing was changed.");
      if (encounter.status !== "active") throw new StaleError("That encounter has ended: nothing was changed.");
      if (p.status !== "open" || p.version !== version)
        throw new StaleError("This has moved on: that choice was already made, so nothing was changed.");
      const fight = fightOf(campaign, encounter, rows);
      const was = fallen(fight);
      const { state, input } = readPending(p);
      const option = state.options.find((o) => o.id === optionId);
      if (!option) throw new StaleError("That choice is not open any more: nothing was changed.");
      const controller = controllerOf(fight, option.by);
      // A player's choice is the player's; the referee may make it for an absent player, and the embed says so.
      const allowed = controller === actor.userId || isReferee(campaign, actor);
      const who = fight.rows.find((r) => r.id === option.by)?.name ?? "someone else";
      if (!allowed)
        throw new PermissionError(
          `That is ${controller ? `<@${controller}>'s` : "the referee's"} to decide (for ${who}).`,
        );
      const by = forPlayer({ controllerId: controller }, actor);
      const before = by
        ? { ...input, outcomeLines: [...input.outcomeLines, `${who}'s ${option.label}: ${by}.`] }
        : input;
      const stream = await openStream(tx, { campaignId: campaign.id, encounterId: encounter.id }, { encounter });
      const bag = bagFor(stream, `${option.label}`);
      let next: AttackState = rule(() => fight.system.attack.react(state, optionId, attackInput(fight, input), bag));
      let view = await settle(tx, fight, before, next, bag);
      ({ state: next, view } = await pressForced(tx, fight, view.stored, next, bag));
      // Sent with the COMMIT: a press that lost the race to another fails the transaction, nothing written.
      updatePending(
        tx,
        p.id,
        p.version,
        {
          state: attackStateCodec.encode(next),
          input: attackInputCodec.encode(view.stored),
          status: next.phase === "done" ? "done" : "open",
        },
        MOVED_ON,
      );
      stream.close(tx, actor);
      const names = (id: string) => fight.rows.find((x) => x.id === id)?.name ?? "?";
      return {
        pendingId: p.id,
        version: p.version + 1,
        state: next,
        attacker: names(input.attackerId),
        defender: names(input.defenderId),
        outcomeLines: view.stored.outcomeLines,
        outcomeRolls: view.stored.outcomeRolls ?? [],
        pressers: pressers(fight, next),
        ignored: next.ignored,
        encounterId: encounter.id,
        encounterName: encounter.name,
        notes: view.stored.outcomeLines.length > before.outcomeLines.length ? moraleNudges(fight, was) : [],
      };
    }),
  );
}

/** Records the message an attack was posted as, so a lapse can edit it later. */
export async function attachMessage(s: Services, pendingId: string, messageId: string): Promise<void> {
  await s.store.db.pendingAction.updateMany({ where: { id: pendingId }, data: { messageId } });
}

/** Sweeper: attacks whose reaction window ran out, in every encounter, resolved as they stand. */
/** `owns`: the guilds this process's shard runs timers for (each guild's on exactly one shard). */
export async function lapseDue(s: Services, owns: (guildId: string) => boolean = () => true): Promise<Lapsed[]> {
  const due = await s.store.db.pendingAction.findMany({
    where: { status: "open", expiresAt: { lte: s.now() } },
    select: { encounterId: true },
    distinct: ["encounterId"],
  });
  const out: Lapsed[] = [];
  for (const { encounterId } of due) {
    const got = await s.store.db.$transaction(async (tx) => {
      const encounter = await tx.encounter.findUniqueOrThrow({ where: { id: encounterId } });
      const campaign = await tx.campaign.findUniqueOrThrow({ where: { id: encounter.campaignId } });
      if (!owns(campaign.guildId)) return [];
      const fight = await loadFight(tx, campaign, encounter);
      const sys: Actor = { guildId: campaign.guildId, channelId: campaign.channelId, userId: "system", roleIds: [] };
      return lapseOpenAttacks(tx, fight, sys, s.now(), true);
    });
    out.push(...got);
  }
  return out;
}
