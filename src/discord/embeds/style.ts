/** Colours and small text helpers shared by every embed. */
/** Embed colours, given to the constructor: `new Embed({ color: COLOURS.roll })` (embed.ts). */
export const COLOURS = {
  roll: 0x5b8def,
  success: 0x3ba55d,
  partial: 0xf0b232,
  failure: 0xd83c3e,
  info: 0x8a8f98,
  referee: 0x9b59b6,
} as const;

/** Discord's limits for an embed's parts. */
export const LIMITS = { title: 256, fieldName: 256, fieldValue: 1024, description: 4096, fields: 25 } as const;

import { bookWords, oneReference } from "../../rules/books.js";
import { clipUnits } from "../limits.js";

/** The rules behind an outcome as one short reference players read ("Castles & Crusades · Charging"). */
export function citations(rules: string[], lead: string[] = []): string {
  return clip([...lead, oneReference(rules)].filter(Boolean).join(" · "), 2048);
}

/** Text for players: citations of the rule texts name the book and the heading. */
export const forPlayers = (text: string): string => bookWords(text);

/** At most `max` characters as discord.js's builders count them, cut between graphemes (never inside a surrogate pair), ending "…" when cut. */
export function clip(text: string, max: number): string {
  return clipUnits(text, max);
}
