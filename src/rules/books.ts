/**
 * The books the rule texts come from. Code and tests cite a text by its file
 * number (`seed 003, "Charging"`); what players read names the book and its
 * heading ("Castles & Crusades · Charging").
 */
import { SYSTEMS } from "./systems/index.js";
import { RULING } from "./ruling.js";

/** The book a rule text's file number names, from the rows the registry holds now. */
export const bookOf = (seed: string | undefined): string | undefined =>
  seed === undefined ? undefined : Object.values(SYSTEMS).find((s) => s.seed === seed)?.name;

const CITATION = /seed (\d{3})(?:,? ("([^"]+)"|([A-Z][\w '&/-]*)))?/g;

/** Every `seed NNN, "Heading"` in a text, as `Book · Heading`. */
export function bookWords(text: string): string {
  return text.replace(CITATION, (whole, num: string, _h, quoted: string | undefined, bare: string | undefined) => {
    const book = bookOf(num);
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
      if (note === undefined) note = `${bookOf(m[1]) ? `${bookOf(m[1])} · ` : ""}a ruling: ${m[2]}`;
      continue;
    }
    const words = bookWords(r);
    if (words !== r && /^seed \d{3}/.test(r.trim())) {
      if (heading === undefined) {
        heading = words;
        headingBook = bookOf(r.trim().slice(5, 8));
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
