/**
 * The books the rule texts come from. Code and tests cite a text by its file
 * number (`seed 003, "Charging"`); what players read names the book and its
 * heading ("Castles & Crusades · Charging").
 */
import { SYSTEMS } from "./systems/index.js";
import { RULING } from "./ruling.js";

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

/**
 * Rule references as one short reference (docs/design.md, "Words players read"): the
 * first heading cited as "Book · Heading", and the first ruling or other words in a
 * few words ("a ruling: …", with the book's name when no heading names it).
 */
export function oneReference(rules: string[]): string {
  let heading: string | undefined;
  let headingBook: string | undefined;
  let note: string | undefined;
  for (const r of rules) {
    const m = RULING.exec(r);
    if (m) {
      if (note === undefined) note = `${m[1] && BOOKS[m[1]] ? `${BOOKS[m[1]]} · ` : ""}a ruling: ${m[2]}`;
      continue;
    }
    const words = bookWords(r);
    if (words !== r && /^seed \d{3}/.test(r.trim())) {
      if (heading === undefined) {
        heading = words;
        headingBook = BOOKS[r.trim().slice(5, 8)];
      }
    } else if (note === undefined) note = words;
  }
  // The book is named once: "The Third Age · Attack Rolls · a ruling: …".
  if (heading && note && headingBook && note.startsWith(`${headingBook} · `)) note = note.slice(headingBook.length + 3);
  return [heading, note].filter(Boolean).join(" · ");
}

/** "The Third Age's", "B/X house rules'": a book's name as an owner. */
export function possessive(name: string): string {
  return /s$/i.test(name) ? `${name}'` : `${name}'s`;
}
