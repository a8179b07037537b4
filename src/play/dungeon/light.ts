/** /dungeon light (light, put out, hand over) and /dungeon effect. */
import { handOver, lightUp, putOut, setEffect, type DungeonState, type LightKind } from "../../rules/dungeon/index.js";
import type { Campaign } from "../../generated/prisma/client.js";
import type { Tx } from "../../store/client.js";
import type { Actor } from "../actor.js";
import type { Services } from "../services.js";
import { requireCampaign } from "../campaigns/find.js";
import { readSettings } from "../campaigns/settings.js";
import { UserError } from "../errors.js";
import { requireOwnerOrReferee, requireReferee } from "../permissions.js";
import type { SystemId } from "../../rules/systems/index.js";
import { activeCharacter } from "../characters/index.js";
import { loadClock, saveClock } from "./clock.js";
import { memberNamed, partyOf } from "./party.js";
import { dungeonView, type DungeonView } from "./view.js";

export interface DungeonChange {
  view: DungeonView;
  lines: string[];
}

/** Runs `change` on the clock's state in one transaction and saves it under the clock's version. */
async function changeState(
  s: Services,
  actor: Actor,
  change: (tx: Tx, c: Campaign, st: DungeonState, now: number) => Promise<{ state: DungeonState; lines: string[] }>,
): Promise<DungeonChange> {
  return s.store.db.$transaction(async (tx) => {
    const campaign = await requireCampaign(tx, actor);
    const { clock, state } = await loadClock(tx, campaign.id);
    const out = await change(tx, campaign, state, clock.rounds);
    await saveClock(tx, clock, { state: out.state });
    return { view: await dungeonView(tx, campaign, clock.rounds, out.state), lines: out.lines };
  });
}

export interface LightInput {
  action: "light" | "out" | "give";
  kind?: LightKind | null;
  /** Who holds it (default: the actor's character). */
  holder?: string | null;
  /** For "give": who takes it. */
  to?: string | null;
}

export async function changeLight(s: Services, actor: Actor, input: LightInput): Promise<DungeonChange> {
  return changeState(s, actor, async (tx, campaign, state, now) => {
    const party = await partyOf(tx, campaign);
    const mine = input.holder ? null : await activeCharacter(tx, campaign.id, actor.userId);
    if (!input.holder && !mine) throw new UserError("Say who holds the light with the `holder` option.");
    const holder = memberNamed(party, input.holder ?? mine!.name);
    requireOwnerOrReferee(campaign, actor, holder.ownerId, `<@${holder.ownerId}>'s`);
    const kind = input.kind ?? null;
    if (input.action === "light") {
      const st = readSettings(campaign.system as SystemId, campaign.settings);
      const k = kind ?? "torch";
      const r = lightUp({
        lights: state.lights,
        supplies: state.supplies,
        kind: k,
        holder: holder.name,
        now,
        turns: k === "torch" ? st.torchTurns : st.lanternTurns,
      });
      return { state: { ...state, lights: r.lights, supplies: r.supplies, lit: true }, lines: [r.line] };
    }
    if (input.action === "out") {
      const r = putOut({ lights: state.lights, holder: holder.name, kind, now });
      return { state: { ...state, lights: r.lights }, lines: [r.line] };
    }
    if (!input.to) throw new UserError("Say who takes the light with the `to` option.");
    const to = memberNamed(party, input.to);
    const r = handOver({ lights: state.lights, holder: holder.name, to: to.name, kind });
    return { state: { ...state, lights: r.lights }, lines: [r.line] };
  });
}

/** Starts, or with 0 turns ends, a spell or effect that the clock counts down (referee). */
export async function changeEffect(
  s: Services,
  actor: Actor,
  input: { name: string; turns: number },
): Promise<DungeonChange> {
  return changeState(s, actor, async (_tx, campaign, state, now) => {
    requireReferee(campaign, actor, "time spells and effects");
    const r = setEffect(state.effects, input.name.slice(0, 60), input.turns, now);
    return { state: { ...state, effects: r.effects }, lines: [r.line] };
  });
}

export { changeState };
