/**
 * Every string a user types reaches the handlers through here: the router cleans
 * each string option in place before any handler reads it, so no command can
 * store a blank, invisible or direction-changing name.
 */
import {
  ApplicationCommandOptionType,
  type AutocompleteInteraction,
  type ChatInputCommandInteraction,
  type CommandInteractionOption,
} from "discord.js";
import { UserError } from "../play/errors.js";

/** Characters that draw nothing or change the direction of what follows: always removed. */
const INVISIBLE =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are exactly what this removes
  // biome-ignore lint/suspicious/noMisleadingCharacterClass: each listed code point is removed on its own, joiners included
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\u00AD\u034F\u061C\u115F\u1160\u17B4\u17B5\u180B-\u180E\u200B\u200C\u200E\u200F\u202A-\u202E\u2060-\u206F\u2800\u3164\uFEFF\uFFA0\uFFF9-\uFFFB]|[\u{E0000}-\u{E007F}]/gu;
const SPACES = /[\s\p{Z}]+/gu;
/** Joiners and variation selectors mean something only inside a sequence: not at either end. */
// biome-ignore lint/suspicious/noMisleadingCharacterClass: joiners and selectors are trimmed one by one at the ends
const EDGES = /^[\s\u200D\uFE0E\uFE0F]+|[\s\u200D\uFE0E\uFE0F]+$/gu;
/** A combining mark with nothing to combine with (at the start, or after a space). */
const LONE_MARKS = /(^|\s)\p{M}+/gu;
/** More than four marks stacked on one letter only smear text over its neighbours. */
const STACKED = /(\p{M}{4})\p{M}+/gu;
const VISIBLE = /[\p{L}\p{N}\p{P}\p{S}]/u;

/** The text as it will be stored and shown: NFC, single spaces, nothing invisible, no lone marks. */
export function cleanText(raw: string): string {
  let s = raw.normalize("NFC").replace(INVISIBLE, "").replace(SPACES, " ").replace(EDGES, "");
  s = s.replace(LONE_MARKS, "$1").replace(STACKED, "$1").replace(EDGES, "");
  return s;
}

export function isBlank(text: string): boolean {
  return !VISIBLE.test(text);
}

function walk(options: readonly CommandInteractionOption[], visit: (o: CommandInteractionOption) => void): void {
  for (const o of options) {
    if (o.options?.length) walk(o.options, visit);
    else visit(o);
  }
}

/**
 * Cleans every string option of a command in place. A string left blank is refused,
 * naming the option; while typing (autocomplete) it is cleaned, never refused.
 */
export function cleanOptions(i: ChatInputCommandInteraction | AutocompleteInteraction): void {
  walk(i.options.data, (o) => {
    if (o.type !== ApplicationCommandOptionType.String || typeof o.value !== "string") return;
    const clean = cleanText(o.value);
    if (isBlank(clean) && !o.focused) {
      throw new UserError(`The option \`${o.name}\` is blank or only invisible characters: type something visible.`);
    }
    (o as { value: string }).value = isBlank(clean) ? "" : clean;
  });
}
