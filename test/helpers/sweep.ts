/**
 * What the sweep tests iterate: every registered command's leaves (command,
 * subcommand or group + subcommand) and options, the hostile inputs fed to them,
 * and a checker of Discord's limits for every body the bot sent.
 */
import type { RecordedRequest, Reply, StoredMessage } from "../../src/local/types.js";
import { DISCORD_LIMITS as L } from "../../src/discord/limits.js";

export interface OptionDef {
  name: string;
  type: number;
  required?: boolean;
  autocomplete?: boolean;
  choices?: { name: string; value: string | number }[];
  min_value?: number;
  max_value?: number;
  max_length?: number;
  options?: OptionDef[];
}
export interface Leaf {
  /** "campaign referee add" */
  path: string;
  options: OptionDef[];
}

/** Every leaf of every registered command, so a new command or option is swept without editing a test. */
export function leavesOf(commands: { name: string; options?: OptionDef[] }[]): Leaf[] {
  const out: Leaf[] = [];
  const walk = (path: string, options: OptionDef[]) => {
    const subs = options.filter((o) => o.type === 1 || o.type === 2);
    if (!subs.length) return void out.push({ path, options });
    for (const s of subs) walk(`${path} ${s.name}`, s.options ?? []);
  };
  for (const c of commands) walk(c.name, c.options ?? []);
  return out.sort((a, b) => a.path.localeCompare(b.path));
}

/** Plausible values for the options a leaf needs besides the one being swept. */
const BASE: Record<string, string | number | boolean> = {
  target: "Orc",
  attacker: "Orc",
  name: "Alda",
  character: "Alda",
  employer: "Alda",
  attribute: "Body",
  sheet: "hp=5",
  dice: "1d6",
  value: "30",
  monsters: "1 orc",
  amount: 1,
  turns: 1,
};

/** The leaf's required options (but `except`) at plausible values: a first choice, a known name, 1. */
export function baseFor(leaf: Leaf, except?: string): Record<string, string | number | boolean> {
  const out: Record<string, string | number | boolean> = {};
  for (const o of leaf.options) {
    if (o.name === except || !o.required) continue;
    out[o.name] = o.choices?.[0]?.value ?? BASE[o.name] ?? (o.type === 3 ? "x" : o.type === 5 ? false : 1);
  }
  return out;
}

export interface Hostile {
  label: string;
  value: string;
  /** Nothing visible is left once cleaned: must be refused, naming the option. */
  blank: boolean;
}

const fill = (unit: string, points: number) =>
  Array.from(unit.repeat(Math.ceil(points / Array.from(unit).length)))
    .slice(0, points)
    .join("");

/** The text inputs a hostile or careless user types into a string option of at most `max` characters. */
export function hostileStrings(max: number, ids: { userId: string; roleId: string }): Hostile[] {
  const pings = `@everyone @here <@${ids.userId}> <@&${ids.roleId}> [click](https://example.com/x) `;
  return [
    { label: "max length, mentions and a masked link", value: fill(`${pings}**__||# `, max), blank: false },
    { label: "max length, 4-byte characters", value: fill("🐉", max), blank: false },
    { label: "max length, combining accents", value: fill("e\u0301", max), blank: false },
    { label: "layout markdown", value: `# Big\n> quote\n\`\`\`${pings}`.slice(0, max), blank: false },
    { label: "direction overrides around text", value: "Al\u202Eda\u202C\u2066".slice(0, max), blank: false },
    { label: "zero-width only", value: "\u200B\u200C\u2060\uFEFF", blank: true },
    { label: "direction overrides only", value: "\u202E\u202D\u2066\u200F", blank: true },
    { label: "lone combining marks", value: "\u0301\u0308\u0327", blank: true },
    { label: "NUL", value: "\u0000", blank: true },
    { label: "spaces only", value: " \u3000\u00A0 ", blank: true },
  ];
}

/** Edge values for every option that is not free text. */
export function edgeValues(o: OptionDef, ids: { userId: string; roleId: string }): (string | number | boolean)[] {
  if (o.choices?.length) return o.choices.map((c) => c.value);
  switch (o.type) {
    case 4:
    case 10:
      return [o.min_value ?? -(2 ** 53), o.max_value ?? 2 ** 53];
    case 5:
      return [true, false];
    case 6:
    case 9:
      return [ids.userId];
    case 8:
      return [ids.roleId];
    default:
      return [];
  }
}

const len = (s: unknown) => (typeof s === "string" ? Array.from(s).length : 0);
type Obj = Record<string, any>;

function checkMessage(m: Obj, where: string, problems: string[]): void {
  const p = (what: string) => problems.push(`${where}: ${what}`);
  if (len(m.content) > L.content) p(`content of ${len(m.content)} characters`);
  if (!m.allowed_mentions || !Array.isArray(m.allowed_mentions.parse) || m.allowed_mentions.parse.length)
    p(`allowed_mentions ${JSON.stringify(m.allowed_mentions)}`);
  const embeds = (m.embeds ?? []) as Obj[];
  if (embeds.length > L.embeds) p(`${embeds.length} embeds`);
  let total = 0;
  for (const e of embeds) {
    if (len(e.title) > L.title) p(`embed title of ${len(e.title)}`);
    if (len(e.description) > L.description) p(`embed description of ${len(e.description)}`);
    if (len(e.footer?.text) > L.footer) p(`embed footer of ${len(e.footer?.text)}`);
    if ((e.fields ?? []).length > L.fields) p(`${e.fields.length} fields`);
    for (const f of e.fields ?? []) {
      if (len(f.name) > L.fieldName || len(f.value) > L.fieldValue || !len(f.name) || !len(f.value))
        p(`field of ${len(f.name)}/${len(f.value)}`);
      total += len(f.name) + len(f.value);
    }
    total += len(e.title) + len(e.description) + len(e.footer?.text) + len(e.author?.name);
  }
  if (total > L.embedTotal) p(`embeds total ${total}`);
  const texts = [
    m.content,
    ...embeds.flatMap((e) => [
      e.title,
      e.description,
      e.footer?.text,
      ...(e.fields ?? []).flatMap((f: Obj) => [f.name, f.value]),
    ]),
  ];
  if (texts.some((t) => typeof t === "string" && t.includes("]("))) p("a live masked link [text](url)");
  checkComponents((m.components ?? []) as Obj[], where, problems);
}

function checkComponents(list: Obj[], where: string, problems: string[]): void {
  for (const c of list) {
    if (len(c.label) > L.label) problems.push(`${where}: button label of ${len(c.label)}`);
    if (len(c.custom_id) > L.customId) problems.push(`${where}: custom id of ${len(c.custom_id)}`);
    checkComponents((c.components ?? []) as Obj[], where, problems);
  }
}

function checkChoices(choices: Obj[], where: string, problems: string[]): void {
  if (choices.length > L.choices) problems.push(`${where}: ${choices.length} choices`);
  for (const c of choices) {
    if (!len(c.name) || len(c.name) > L.choiceName) problems.push(`${where}: choice name of ${len(c.name)}`);
    if (typeof c.value === "string" && len(c.value) > L.choiceValue)
      problems.push(`${where}: choice value of ${len(c.value)}`);
  }
}

/** Problems with Discord's limits and mentions in the bodies the bot sent (the spec itself is checked by the local Discord). */
export function limitProblems(requests: RecordedRequest[]): string[] {
  const problems: string[] = [];
  for (const r of requests) {
    const body = r.body as Obj | undefined;
    if (!body || typeof body !== "object" || (r.method !== "POST" && r.method !== "PATCH")) continue;
    const where = `${r.method} ${r.path.replace(/\/[^/]{40,}/, "/…")}`;
    if (/^\/interactions\/\d+\/[^/]+\/callback$/.test(r.path)) {
      if ((body.type === 4 || body.type === 7) && body.data) checkMessage(body.data, where, problems);
      if (body.type === 8) checkChoices(body.data?.choices ?? [], where, problems);
      if (body.type === 9 && len(body.data?.title) > L.modalTitle) problems.push(`${where}: modal title`);
    } else if (/^\/(webhooks\/\d+\/[^/]+|channels\/\d+\/messages)/.test(r.path)) {
      checkMessage(body, where, problems);
    }
  }
  return problems;
}

/** The message a user finally sees for an interaction: the reply, or the last follow-up when the reply was removed. */
export function answerOf(r: Reply): StoredMessage {
  const live = [r.message, ...r.followUps].filter((m) => !m.deleted && !(m.flags & 128));
  return live[live.length - 1] ?? r.message;
}

export const isEphemeral = (m: StoredMessage) => (m.flags & 64) === 64;
