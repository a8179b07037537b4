/**
 * What players must never read (docs/design.md, "Words players read"): a repository
 * path, a campaign option's id, an internal mark's key or a roll's id. Every e2e
 * file's `stop()` runs `wordsProblems` over every message the local Discord
 * holds, so a new message is checked without editing a test.
 */
import type { StoredMessage } from "../../src/local/types.js";
import { SYSTEM_IDS, systemOf } from "../../src/rules/systems/index.js";
import { allOptions, defaultSettings } from "../../src/play/campaigns/settings.js";
import { COMMON_CONDITIONS } from "../../src/rules/round/words.js";
import { settingsSchema as thirdAgeSettings } from "../../src/rules/systems/third-age/settings.js";
import { bxSettingsSchema } from "../../src/rules/systems/bx/settings.js";

const camel = (k: string) => /[a-z][A-Z]/.test(k);

/** Option ids as the code spells them: camelCase keys of the shared options, each system's and its settings schema's. */
export const OPTION_IDS: string[] = [
  ...new Set(
    [
      ...allOptions().map(([k]) => k),
      ...SYSTEM_IDS.flatMap((id) => Object.keys(defaultSettings(id))),
      ...Object.keys(thirdAgeSettings.shape),
      ...Object.keys(bxSettingsSchema.shape),
    ].filter(camel),
  ),
];

/** Condition keys that are not plain words ("moved-in-melee"): a label is what players read. */
export const MARK_KEYS: string[] = [
  ...new Set(
    [
      ...Object.keys(COMMON_CONDITIONS),
      ...SYSTEM_IDS.flatMap((id) => Object.keys(systemOf(id).words.conditions)),
    ].filter((k) => /-/.test(k)),
  ),
];

const CHECKS: [string, RegExp][] = [
  ["a repository path", /\b(?:docs|src|test|commands|prisma|scripts|bench)\/[\w./-]+|\b[\w/-]+\.(?:md|ts)\b/g],
  ["an option id", new RegExp(`\\b(?:${OPTION_IDS.map(escape).join("|")})\\b`, "g")],
  ["an internal mark", new RegExp(`\\b(?:${MARK_KEYS.map(escape).join("|")})\\b`, "g")],
  // A key with a parameter ("enchanted:blade:burning", "evading:<id>"): a lower-case word, a colon, no space.
  ["an internal mark", /\b[a-z][a-z -]*[a-z]:[a-z0-9][\w:-]*/g],
  ["a roll id", /\broll #\d+/gi],
];

/** A message's words: content, embeds (title, description, fields, footer, author), button and menu labels. */
export function wordsOf(m: StoredMessage): string {
  const parts: string[] = [String(m.content ?? "")];
  for (const e of (m.embeds ?? []) as Record<string, any>[]) {
    parts.push(e.title ?? "", e.description ?? "", e.author?.name ?? "", e.footer?.text ?? "");
    for (const f of e.fields ?? []) parts.push(f.name ?? "", f.value ?? "");
  }
  const walk = (c: Record<string, any>) => {
    parts.push(c.label ?? "", c.placeholder ?? "", c.content ?? "");
    for (const o of c.options ?? []) parts.push(o.label ?? "", o.description ?? "");
    for (const k of c.components ?? []) walk(k);
  };
  for (const row of (m.components ?? []) as Record<string, any>[]) walk(row);
  return parts.filter(Boolean).join("\n");
}

/** Code spans (syntax a user types, `hp=5 weapons=axe:1d8`), mentions, custom emoji and links are not words. */
function prose(text: string): string {
  return text
    .replace(/```[\s\S]*?```|`[^`\n]*`/g, " ")
    .replace(/<[@#:a][^>\s]*>/g, " ")
    .replace(/\bhttps?:\/\/\S+/g, " ");
}

/**
 * Each bot message that shows something players must not read, as "what: «match» in: the message".
 * A match inside what a user typed (`typed`) is the user's words, not the bot's, and is let through.
 */
export function wordsProblems(messages: Iterable<StoredMessage>, botId: string, typed: string[]): string[] {
  const out: string[] = [];
  for (const m of messages) {
    if (m.author?.id !== botId) continue;
    const words = prose(wordsOf(m));
    for (const [what, re] of CHECKS) {
      for (const hit of words.matchAll(re)) {
        if (typed.some((t) => t.includes(hit[0]))) continue;
        out.push(`${what}: «${hit[0]}» in: ${words.replace(/\s+/g, " ").slice(0, 400)}`);
        break;
      }
    }
  }
  return out;
}
