/**
 * A system's manifest: its core (every member required), the capability groups it has, and in its own words
 * why it lacks the others. `defineSystem` checks it and builds the `RuleSystem`; play asks for a group with
 * `capability` (refused in the system's words) or `has` (where play has its own way without it).
 */
import { RuleError, type RuleSystem, type SystemCore } from "./types.js";
import { CAPABILITIES, type Capabilities, type Capability } from "./contract/capabilities.js";

type Groups<Sheet> = Partial<Capabilities<Sheet>>;

/** What a system writes: its core, `can` (the groups it has), `lacks` (its own refusal for a group it has not). */
export interface Manifest<Sheet extends Record<string, unknown>, Can extends Groups<Sheet>> extends SystemCore<Sheet> {
  can: Can;
  /** Its own words for a group it lacks (a group it has cannot be refused); without, the shared words naming the book. */
  lacks?: { [K in Exclude<Capability, keyof Can>]?: string };
}

/** Why a system lacks a group, where it says nothing of its own: in players' words, naming the book. */
const REFUSALS: Record<Capability, (book: string) => string> = {
  surprise: (book) => `${book} has no surprise roll: the referee decides who is surprised.`,
  reaction: (book) => `${book} has no reaction table: the referee decides how the creatures react.`,
  morale: (book) => `${book} has no morale roll: the referee decides whether the foes fight on.`,
  retainers: (book) => `${book} has no loyalty rule: the referee decides.`,
  parley: (book) =>
    `${book} gives no roll to talk foes into surrender: the referee decides, or check their morale with /morale.`,
  odds: (book) => `${book} cannot compute odds yet.`,
  xp: (book) => `${book} keeps no XP rule here: change the sheet with /character edit.`,
  fill: (book) => `${book} gives nothing to roll for a sheet`,
  treat: (book) => `${book} has no wound that waits for treatment: give the amount to heal.`,
  fall: (book) => `${book} has no falling rule here: give the damage as \`amount\`.`,
  appearance: (book) =>
    `${book} rolls no direction of appearance: start the encounter without \`entries\` (or roll it yourself with /roll).`,
};

type Flat<T> = (T extends unknown ? (x: T) => void : never) extends (x: infer I) => void ? I : never;

/** A system as its manifest gives it: a `RuleSystem`, with the members of the groups it has also at hand (`bx.odds(…)`). */
export type SystemOf<Sheet extends Record<string, unknown>, Can extends Groups<Sheet>> = RuleSystem<Sheet> &
  Flat<NonNullable<Can[keyof Can]>>;

export function defineSystem<Sheet extends Record<string, unknown>, Can extends Groups<Sheet>>(
  manifest: Manifest<Sheet, Can>,
): SystemOf<Sheet, Can> {
  const { can, lacks = {}, ...core } = manifest;
  const own = lacks as Partial<Record<Capability, string>>;
  const has = (k: Capability) => (can as Groups<Sheet>)[k] !== undefined;
  const refusals = Object.fromEntries(
    CAPABILITIES.filter((k) => !has(k)).map((k) => [k, own[k] ?? REFUSALS[k](core.name)]),
  );
  const members = Object.values(can).filter((g) => g !== undefined);
  return Object.assign({}, core, ...members, { can, lacks: refusals });
}

/** The group `name` of `system`, or a RuleError in the system's words when it lacks it (players read it as is). */
export function capability<K extends Capability, Sheet extends Record<string, unknown>>(
  system: RuleSystem<Sheet>,
  name: K,
): Capabilities<Sheet>[K] {
  const group = system.can[name];
  if (group === undefined) throw new RuleError(refusal(system, name));
  return group as Capabilities<Sheet>[K];
}

/** The group `name` of `system`, or undefined where play goes on without it. */
export function has<K extends Capability, Sheet extends Record<string, unknown>>(
  system: RuleSystem<Sheet>,
  name: K,
): Capabilities<Sheet>[K] | undefined {
  return system.can[name] as Capabilities<Sheet>[K] | undefined;
}

/** Why `system` lacks `name`, in its words (a note where play goes on without it). */
export const refusal = (system: RuleSystem, name: Capability): string =>
  system.lacks[name] ?? REFUSALS[name](system.name);
