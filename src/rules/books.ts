/**
 * The books the rule texts come from. Code and tests cite a text by its file
 * number (`seed 003, "Charging"`); what players read names the book and its
 * heading ("Castles & Crusades · Charging").
 */
import { SYSTEMS } from "./systems/index.js";

/** Book names by the rule text's file number, from each system's row. */
export const BOOKS: Record<string, string> = Object.fromEntries(Object.values(SYSTEMS).map((s) => [s.seed, s.name]));

const CITATION = /seed (\d{3})(?:,? ("([^"]+)"|([A-Z][\w '&/-]*)))?/g;

/** Every `seed NNN, "Heading"` in a text, as `Book · Heading`. */
export function bookWords(text: string): string {
  return text.replace(CITATION, (whole, num: string, _h, quoted: string | undefined, bare: string | undefined) => {
    const book = BOOKS[num];
    if (!book) return whole;
    const heading = (quoted ?? bare ?? "").trim();
    return heading ? `${book} · ${heading}` : book;
  });
}

/** "The Third Age's", "B/X house rules'": a book's name as an owner. */
export function possessive(name: string): string {
  return /s$/i.test(name) ? `${name}'` : `${name}'s`;
}
