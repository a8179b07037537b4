/**
 * The referee asks several players for the same roll (/check or /save with
 * `players`): one message, one Roll button per player. Each press rolls that
 * player's own check from their sheet; the message collects who passed. A
 * hidden call shows only who has rolled; the referee reads the results.
 */
import type { Campaign, RollCall } from "../generated/prisma/client.js";
import type { Tx } from "../store/client.js";
import { lockRow } from "../store/hot.js";
import { isUnsupported, RuleError, type RuleSystem } from "../rules/systems/types.js";
import { DiceBag } from "../rules/dice/bag.js";
import type { Actor } from "./actor.js";
import type { Services } from "./services.js";
import { StaleError, UserError } from "./errors.js";
import { shortId } from "./ids.js";
import { isReferee, requireReferee } from "./permissions.js";
import { requireCampaign } from "./campaigns/find.js";
import { campaignSystem } from "./campaigns/system.js";
import { activeCharacter, asCombatant, findCharacter } from "./characters/index.js";
import { partyCharacters } from "./characters/party.js";
import { attributeCheck, savingThrow, type CheckRequest, type SaveRequest, type TableResult } from "./table.js";
import { callInputCodec, resultsCodec, targetsCodec } from "./codecs/rollcall.js";
import type { CallInput, CallResult, CallTarget } from "./rollcall-shape.js";

/** A message holds 5 rows of 5 buttons: 20 players, and a row for the referee. */
export const MAX_CALLED = 20;

export type CallKind = "check" | "save";
export type { CallInput, CallResult, CallTarget } from "./rollcall-shape.js";
export interface CallView {
  id: string;
  kind: CallKind;
  /** "Strength check", "Saving throw: Death Ray or Poison". */
  what: string;
  hidden: boolean;
  targets: (CallTarget & { result: CallResult | null })[];
  /** Every called player has rolled. */
  done: boolean;
}

/** Who is called: "party" (every living character of the party, characters/party.ts), mentions (each player's current character), or character names separated by commas. */
async function targetsOf(tx: Tx, campaign: Campaign, players: string): Promise<CallTarget[]> {
  const out: CallTarget[] = [];
  const add = (c: { id: string; name: string; ownerId: string }) =>
    out.some((t) => t.characterId === c.id) || out.push({ characterId: c.id, name: c.name, ownerId: c.ownerId });
  const words = players.trim();
  if (/^(party|all|everyone)$/i.test(words)) {
    for (const c of await partyCharacters(tx, campaign, { living: true })) add(c);
    if (!out.length)
      throw new UserError("No player has a character here yet: each creates one with /character create.");
    if (out.length > MAX_CALLED)
      throw new UserError(
        `The party is ${out.length} characters and one call asks at most ${MAX_CALLED} (a message holds that many buttons): split the call, naming players or characters in each.`,
      );
    return out;
  }
  const mentions = [...words.matchAll(/<@!?(\d+)>/g)].map((m) => m[1]!);
  for (const userId of mentions) {
    const c = await activeCharacter(tx, campaign.id, userId);
    if (!c)
      throw new UserError(
        `<@${userId}> has no character here (or several and none in use): they pick one with /character use.`,
      );
    add(c);
  }
  for (const name of words
    .replace(/<@!?\d+>/g, ",")
    .split(",")
    .map((n) => n.trim())
    .filter(Boolean)) {
    const c = await findCharacter(tx, campaign.id, name);
    if (!c)
      throw new UserError(
        `No character named "${name}" here: name characters separated by commas, mention players, or write \`party\`.`,
      );
    add(c);
  }
  if (!out.length)
    throw new UserError("Say who rolls: `party`, mentions of players, or character names separated by commas.");
  if (out.length > MAX_CALLED)
    throw new UserError(
      `One call asks at most ${MAX_CALLED} players (a message holds that many buttons): split the call.`,
    );
  return out;
}

/**
 * Refuses a call no one could answer (a B/X save without its kind): the rules are tried on each
 * called sheet with dice that are thrown away, and the call stands if any of them can roll.
 */
async function probe(tx: Tx, sys: RuleSystem, kind: CallKind, input: CallInput, targets: CallTarget[]): Promise<void> {
  const rows = await tx.character.findMany({ where: { id: { in: targets.map((t) => t.characterId) } } });
  let why = "";
  for (const row of rows) {
    const who = asCombatant(row, sys);
    try {
      const bag = new DiceBag({ next: () => 0.5 });
      const c = input as CheckRequest;
      const k = (input as SaveRequest).kind;
      const r =
        kind === "check"
          ? sys.check(
              { who, attribute: c.attribute, ...(c.difficulty != null ? { difficulty: c.difficulty } : {}) },
              bag,
            )
          : sys.save({ who, ...(k ? { kind: k } : {}) }, bag);
      if (!isUnsupported(r)) return;
      why = r.message;
    } catch (err) {
      if (!(err instanceof RuleError)) throw err;
      why = err.message;
    }
  }
  if (why) throw new UserError(`${why.replace(/\.?$/, ".")} Nothing was asked: call again with that.`);
}

function describe(kind: CallKind, input: CallInput, systemName: string): string {
  const mod = input.modifier ? ` (${input.modifier > 0 ? "+" : ""}${input.modifier})` : "";
  if (kind === "check") {
    const c = input as CheckRequest;
    return `${c.attribute} check${mod}${c.difficulty != null ? `, difficulty ${c.difficulty}` : ""}`;
  }
  const k = (input as SaveRequest).kind;
  return `${systemName} saving throw${k ? `: ${k}` : ""}${mod}`;
}

function view(call: RollCall): CallView {
  const targets = targetsCodec.decode(call.targets);
  const results = resultsCodec.decode(call.results);
  const input = callInputCodec.decode(call.input);
  const rows = targets.map((t) => {
    const r = results[t.characterId];
    return { ...t, result: typeof r === "object" ? r : null };
  });
  return {
    id: call.id,
    kind: call.kind as CallKind,
    what: input.what,
    hidden: call.hidden,
    targets: rows,
    done: rows.every((r) => r.result),
  };
}

export async function callForRolls(
  s: Services,
  actor: Actor,
  req: { kind: CallKind; players: string; hidden?: boolean | null; input: CallInput },
): Promise<CallView> {
  return s.store.db.$transaction(async (tx) => {
    const campaign = await requireCampaign(tx, actor);
    requireReferee(campaign, actor, "ask players for rolls");
    const sys = campaignSystem(campaign);
    if (req.kind === "check") {
      const c = req.input as CheckRequest;
      const attr = sys.attributes.find(
        (a) => a.toLowerCase() === c.attribute.toLowerCase() || a.toLowerCase().startsWith(c.attribute.toLowerCase()),
      );
      if (!attr)
        throw new UserError(`${sys.name} has no attribute "${c.attribute}": use one of ${sys.attributes.join(", ")}.`);
      req = { ...req, input: { ...c, attribute: attr } };
    }
    const targets = await targetsOf(tx, campaign, req.players);
    await probe(tx, sys, req.kind, req.input, targets);
    const call = await tx.rollCall.create({
      data: {
        id: shortId(),
        campaignId: campaign.id,
        channelId: actor.channelId,
        callerId: actor.userId,
        kind: req.kind,
        input: callInputCodec.encode({ ...req.input, what: describe(req.kind, req.input, sys.name) }),
        hidden: !!req.hidden,
        targets: targetsCodec.encode(targets),
      },
    });
    return view(call);
  });
}

export async function attachCallMessage(s: Services, callId: string, messageId: string): Promise<void> {
  await s.store.db.rollCall.updateMany({ where: { id: callId }, data: { messageId } });
}

async function loadCall(db: Tx | Services["store"]["db"], callId: string): Promise<RollCall> {
  const call = await db.rollCall.findUnique({ where: { id: callId } });
  if (!call) throw new StaleError("This call for rolls is no longer known: ask the referee for a new one.");
  return call;
}

/** Another press on the same call landed first: the answer is tried again on the call as it is now. */
class Raced extends Error {}

/**
 * A press on a player's Roll button: that player (or a referee) rolls that character's check. The roll
 * and its place on the call are one transaction: a double press rolls once, and a crash leaves no slot
 * half taken (a slot marked "rolling" by an older version counts as not rolled).
 */
export async function answerCall(
  s: Services,
  actor: Actor,
  callId: string,
  characterId: string,
): Promise<{ call: CallView; roll: TableResult }> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await s.store.db.$transaction((tx) => answerOnce(s, tx, actor, callId, characterId));
    } catch (err) {
      if (!(err instanceof Raced) || attempt >= 20)
        throw err instanceof Raced ? new UserError("Many rolls landed at once: press again.") : err;
    }
  }
}

async function answerOnce(
  s: Services,
  tx: Tx,
  actor: Actor,
  callId: string,
  characterId: string,
): Promise<{ call: CallView; roll: TableResult }> {
  const call = await loadCall(tx, callId);
  const target = targetsCodec.decode(call.targets).find((t) => t.characterId === characterId);
  if (!target) throw new StaleError();
  const campaign = await requireCampaign(tx, actor);
  if (campaign.id !== call.campaignId) throw new StaleError();
  if (target.ownerId !== actor.userId && !isReferee(campaign, actor))
    throw new UserError(`That button is <@${target.ownerId}>'s: ${target.name} rolls it.`);
  const rolled = (c: RollCall) => typeof resultsCodec.decode(c.results)[characterId] === "object";
  if (rolled(call)) throw new UserError("You have rolled for this call already.");
  const input = callInputCodec.decode(call.input);
  const ask = { characterId, hidden: call.hidden };
  const roll =
    call.kind === "check"
      ? await attributeCheck(s, actor, { ...(input as CheckRequest), ...ask }, tx)
      : await savingThrow(s, actor, { ...(input as SaveRequest), ...ask }, tx);
  const r = roll.result as TableResult["result"] & { success?: boolean };
  const now = await tx.character.findUnique({ where: { id: characterId }, select: { name: true } });
  const named = [now?.name, target.name].find((n) => n && roll.result.title.startsWith(`${n}: `));
  const title = named ? roll.result.title.slice(named.length + 2) : roll.result.title;
  // The press's own result goes into the call as it is now, its row locked until the commit (on
  // PostgreSQL; SQLite runs one transaction at a time): presses at once each add theirs to what the
  // others left, in turn, instead of losing to them (Raced). Locked this late, a press holds the
  // call only for its last write. A second press of the same slot finds it rolled and rolls back.
  await lockRow(tx, "RollCall", callId);
  const latest = await loadCall(tx, callId);
  if (rolled(latest)) throw new UserError("You have rolled for this call already.");
  const results = {
    ...resultsCodec.decode(latest.results),
    [characterId]: {
      success: !!r.success,
      line: [title, ...roll.result.lines.slice(0, 1)].filter(Boolean).join(" — "),
    },
  };
  const n = await tx.rollCall.updateMany({
    where: { id: callId, version: latest.version },
    data: { results: resultsCodec.encode(results), version: { increment: 1 } },
  });
  if (!n.count) throw new Raced();
  return { call: view({ ...latest, results: resultsCodec.encode(results), version: latest.version + 1 }), roll };
}

/** The referee reads a hidden call's results: a referee of the call's own campaign, wherever it stands now. */
export async function callResults(s: Services, actor: Actor, callId: string): Promise<CallView> {
  const call = await loadCall(s.store.db, callId);
  const campaign = await s.store.db.campaign.findUnique({ where: { id: call.campaignId } });
  if (!campaign || campaign.guildId !== actor.guildId) throw new StaleError();
  requireReferee(campaign, actor, "read a hidden call's results");
  return view(call);
}
