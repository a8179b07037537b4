/** /roll: any dice expression, from the channel's campaign stream (or its live encounter's), logged. */
import { parseCommand } from "../rules/dice/parser.js";
import { rollCommand } from "../rules/dice/evaluate.js";
import { facesOf } from "../rules/dice/verify.js";
import { chanceAtLeast, distribution } from "../rules/dice/odds.js";
import type { RollOutcome } from "../rules/dice/result.js";
import type { Actor } from "./actor.js";
import type { Services } from "./services.js";
import type { Hot } from "../store/client.js";
import { rollById } from "../store/hot.js";
import { laneOnly } from "../store/lane.js";
import { findTable } from "./campaigns/find.js";
import { openStream } from "./streams.js";
import { UserError } from "./errors.js";

export interface RollRequest {
  expression: string;
  reason?: string | null;
  hidden?: boolean;
}

/** "Chance of this or better" for a single roll without explosions (exact), else null. */
export function chanceOfThisOrBetter(outcome: RollOutcome): number | null {
  if (outcome.parts.length !== 1 || outcome.diceRolled > 60) return null;
  const part = outcome.parts[0]!;
  if (part.dice.some((d) => d.exploded) || part.groups.some((g) => g.counting)) return null;
  try {
    return chanceAtLeast(distribution(part.expression, { explodeDepth: 0 }), part.total);
  } catch {
    return null;
  }
}

export interface RollDone {
  outcome: RollOutcome;
  rollId: number | null;
  /** Its place in its stream (the encounter's, or the campaign's outside encounters), as /verify numbers it. */
  number: number | null;
  reason: string | null;
  hidden: boolean;
  /** The campaign's name when the roll came from its verifiable stream. */
  campaign: string | null;
  encounter: string | null;
  chance: number | null;
}

/** A roll: of `req`, or (`{ again }`) of an earlier roll's expression and reason, read in the same transaction. */
export async function rollDice(s: Services, actor: Actor, what: RollRequest | { again: number }): Promise<RollDone> {
  const first = "again" in what ? null : what;
  const parsed = first ? parseCommand(first.expression) : null; // throws DiceError: nothing written
  // Only the lane's statements (hot.ts): on SQLite the lane runs this transaction itself (lane.ts).
  const done = await s.store.db.$transaction(
    laneOnly(async (tx: Hot) => {
      // The earlier roll (for Roll again) and the table are read together: one round trip on PostgreSQL,
      // the table's rows locked as they are read, so rolls at one table take turns at its stream (streams.ts).
      const [req, { campaign, encounter }] = await Promise.all([
        first ?? rollAgainSource(tx, actor, (what as { again: number }).again),
        findTable(tx, actor, false, true),
      ]);
      const reason = req.reason?.trim().slice(0, 200) || null;
      const open = await openStream(
        tx,
        { campaignId: campaign?.id ?? null, encounterId: encounter?.id ?? null },
        { campaign, encounter },
      );
      const before = open.stream.draws;
      const outcome = rollCommand(parsed ?? parseCommand(req.expression), open.stream);
      open.record({
        purpose: reason ?? "roll",
        expression: req.expression.trim(),
        faces: facesOf(outcome),
        total: outcome.parts.map((p) => p.total),
        drawsBefore: before,
        hidden: req.hidden ?? false,
      });
      return {
        // Written with the COMMIT, its id and number read back with it (store/later.ts).
        logged: open.close(tx, actor, undefined, true),
        outcome,
        reason,
        hidden: req.hidden ?? false,
        campaign: campaign?.name ?? null,
        encounter: encounter?.name ?? null,
        chance: chanceOfThisOrBetter(outcome),
      };
    }),
  );
  const { logged, ...rest } = done;
  const [roll] = await logged;
  // Its place in its stream (none outside a campaign): the rolls before it, and itself.
  return { ...rest, rollId: roll?.id ?? null, number: roll && roll.before !== null ? roll.before + 1 : null };
}

/** The expression and reason of an earlier roll, for "Roll again" (only within the same server). */
export async function rollAgainSource(db: Hot, actor: Actor, rollId: number): Promise<RollRequest> {
  const r = await rollById(db, rollId);
  if (!r || r.guildId !== actor.guildId || (r.hidden && r.userId !== actor.userId))
    throw new UserError("That roll is not known here any more: use /roll.");
  return { expression: r.expression, reason: r.purpose === "roll" ? null : r.purpose, hidden: false };
}
