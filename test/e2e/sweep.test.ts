// Hostile and careless input, swept over every registered command, subcommand and
// option (read from the definitions the bot registered, so a new one is swept too):
// maximum-length, 4-byte and combining text, markdown, mentions and masked links,
// blank and invisible text, edge numbers. Checks classes 2 to 5 of "Hardening":
// every body valid against Discord's spec and within its limits, nobody pinged,
// no live masked link, blank input refused naming the option, every refusal
// ephemeral, never "Something went wrong", never a blank name stored.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readFileSync } from "node:fs";
import { startE2E, text, until, type E2E } from "../helpers/e2e.js";
import {
  answerOf,
  baseFor,
  edgeValues,
  hostileStrings,
  isEphemeral,
  leavesOf,
  limitProblems,
  type Leaf,
  type OptionDef,
} from "../helpers/sweep.js";
import { cleanText, isBlank } from "../../src/discord/input.js";
import type { Reply } from "../../src/local/types.js";

let h: E2E;
let leaves: Leaf[];
const ids = { userId: "", roleId: "" };
const seen: { leaf: string; option: string; input: string; reply: Reply }[] = [];
const failures: string[] = [];
const counts = { leaves: 0, options: 0, inputs: 0, interactions: 0, autocompletes: 0 };

async function setUp(): Promise<void> {
  await h.cmd("referee", "campaign start", { system: "third-age", name: "Sweep" });
  await h.cmd("alice", "character create", {
    name: "Alda",
    sheet: "hp=10 successAC=8 stamina=2 weapons=longsword:1d8",
  });
  await h.cmd("referee", "encounter start", { monsters: "1 orc", surprise: false });
  await h.cmd("alice", "encounter join", { character: "Alda" });
}

async function send(
  leaf: Leaf,
  option: string,
  input: string,
  options: Record<string, string | number | boolean>,
  user = "referee",
  extra = {},
): Promise<void> {
  counts.interactions++;
  try {
    const reply = await h.cmd(user, leaf.path, options, extra);
    // A deferred reply is answered later: wait for what the user finally sees.
    if (reply.callbackType === 5) await until(() => (answerOf(reply).flags & 128) === 0 && !answerOf(reply).deleted);
    seen.push({ leaf: leaf.path, option, input, reply });
  } catch (err) {
    failures.push(`/${leaf.path} ${option}=${input}: no answer (${(err as Error).message})`);
  }
}

async function sweepLeaf(leaf: Leaf): Promise<void> {
  await setUp();
  counts.leaves++;
  if (!leaf.options.length) return send(leaf, "-", "no options", {});
  for (const o of leaf.options) {
    counts.options++;
    const inputs: { label: string; value: string | number | boolean }[] =
      o.type === 3 && !o.choices?.length
        ? hostileStrings(o.max_length ?? 6000, ids)
        : edgeValues(o, ids).map((v) => ({ label: String(v), value: v }));
    for (const input of inputs) {
      counts.inputs++;
      await send(leaf, o.name, input.label, { ...baseFor(leaf, o.name), [o.name]: input.value });
    }
    if (o.autocomplete) await sweepAutocomplete(leaf, o);
  }
}

async function sweepAutocomplete(leaf: Leaf, o: OptionDef): Promise<void> {
  const [name, ...rest] = leaf.path.split(" ");
  const sub =
    rest.length === 2
      ? { subcommandGroup: rest[0], subcommand: rest[1] }
      : rest.length === 1
        ? { subcommand: rest[0] }
        : {};
  for (const input of hostileStrings(6000, ids)) {
    counts.autocompletes++;
    try {
      await h.local.autocomplete({
        guildId: h.guildId,
        channelId: h.channelId,
        userId: h.users.referee!,
        name: name!,
        ...sub,
        focused: o.name,
        options: { ...baseFor(leaf, o.name), [o.name]: input.value },
      });
    } catch (err) {
      failures.push(`/${leaf.path} autocomplete ${o.name}=${input.label}: no answer (${(err as Error).message})`);
    }
  }
}

beforeAll(async () => {
  // The log (at trace whatever LOG_LEVEL says) tells which interactions the router refused.
  h = await startE2E({ logLevel: "trace" });
  ids.userId = h.users.mallory!;
  ids.roleId = h.local.createRole(h.guildId, "Wardens").id;
  leaves = leavesOf(h.local.visibleCommands(h.guildId) as never);
  for (const leaf of leaves) await sweepLeaf(leaf);
  await sweepElsewhere();
}, 300_000);

/**
 * Every leaf again as someone with no campaign: in another channel and in another
 * server; and /verify of an encounter played elsewhere. All refusals.
 */
async function sweepElsewhere(): Promise<void> {
  const otherGuild = h.local.createGuild("Other Table").id;
  const places = [
    { guildId: h.guildId, channelId: h.local.createChannel(h.guildId, "elsewhere").id },
    { guildId: otherGuild, channelId: h.local.createChannel(otherGuild, "table").id },
  ];
  for (const u of ["referee", "mallory"]) h.local.addMember(otherGuild, h.users[u]!);
  const ended = await h.app.services.store.db.encounter.findFirst({ where: { revealed: true } });
  if (!ended) failures.push("no ended encounter to /verify from elsewhere");
  for (const where of places) {
    for (const leaf of leaves)
      await send(
        leaf,
        "-",
        `elsewhere ${where.guildId === h.guildId ? "channel" : "server"}`,
        baseFor(leaf),
        "mallory",
        where,
      );
    const verify = leaves.find((l) => l.path === "verify")!;
    await send(
      verify,
      "encounter",
      `played elsewhere (${where.guildId === h.guildId ? "channel" : "server"})`,
      { encounter: ended?.id ?? "x" },
      "referee",
      where,
    );
  }
}
afterAll(() => h?.stop());

describe("every command and option against hostile input", () => {
  it("answers every interaction, never with 'Something went wrong'", () => {
    console.log(
      `swept ${counts.leaves} commands/subcommands, ${counts.options} options, ${counts.inputs} option inputs, ${counts.interactions} commands and ${counts.autocompletes} autocompletes`,
    );
    expect(leaves.length).toBeGreaterThanOrEqual(40);
    const broken = seen
      .filter((s) => /Something went wrong/.test(text(answerOf(s.reply))))
      .map((s) => `/${s.leaf} ${s.option}=${s.input}: ${text(answerOf(s.reply))}`);
    expect([...failures, ...broken]).toEqual([]);
  });

  it("sends only bodies valid against Discord's OpenAPI spec and within its limits, pinging no one", () => {
    expect(
      h.local.validationErrors.map((v) => `${v.method} ${v.operation}: ${JSON.stringify(v.errors.slice(0, 2))}`),
    ).toEqual([]);
    expect(limitProblems(h.local.requests)).toEqual([]);
    for (const m of h.local.messages.values())
      expect(m.mention_everyone || m.mention_roles.length > 0 || m.mentions.length > 0).toBe(false);
  });

  it("refuses blank or invisible text ephemerally, naming the option", () => {
    const blanks = new Set(
      hostileStrings(10, ids)
        .filter((x) => x.blank)
        .map((x) => x.label),
    );
    const bad = seen
      .filter((s) => blanks.has(s.input))
      .filter((s) => !isEphemeral(answerOf(s.reply)) || !text(answerOf(s.reply)).includes(`\`${s.option}\``))
      .map((s) => `/${s.leaf} ${s.option}=${s.input}: ${text(answerOf(s.reply))}`);
    expect(bad).toEqual([]);
    expect(seen.filter((s) => blanks.has(s.input)).length).toBeGreaterThan(100);
  });

  it("answers every refusal and error ephemerally, also from another channel or server", () => {
    const elsewhere = seen.filter((s) => s.input.startsWith("elsewhere") || s.input.startsWith("played elsewhere"));
    expect(elsewhere.length).toBe(2 * leaves.length + 2);
    const verify = elsewhere.filter((s) => s.input.startsWith("played elsewhere")).map((s) => answerOf(s.reply));
    expect(verify.map((m) => [isEphemeral(m), /not played in this channel/.test(m.content)])).toEqual([
      [true, true],
      [true, true],
    ]);
    // The router logs each interaction's outcome: every one not "ok" must have been answered ephemerally.
    const outcomes = new Map<string, string>();
    for (const line of readFileSync(h.logFile!, "utf8").split("\n")) {
      if (!line.includes('"msg":"interaction"')) continue;
      const e = JSON.parse(line) as { interaction: string; outcome: string };
      outcomes.set(e.interaction, e.outcome);
    }
    const refused = seen.filter((s) => outcomes.get(s.reply.interactionId) !== "ok");
    expect(refused.length).toBeGreaterThan(300);
    console.log(`${refused.length} of ${seen.length} commands were refused or failed; all ephemerally`);
    const pub = refused
      .filter((s) => !isEphemeral(answerOf(s.reply)))
      .map((s) => `/${s.leaf} ${s.option}=${s.input}: ${text(answerOf(s.reply))}`);
    expect(pub).toEqual([]);
  });

  it("stores no blank or invisible name", async () => {
    const db = h.app.services.store.db;
    const names = [
      ...(await db.campaign.findMany({ select: { name: true } })),
      ...(await db.character.findMany({ select: { name: true } })),
      ...(await db.encounter.findMany({ select: { name: true } })),
      ...(await db.retainer.findMany({ select: { name: true } })),
    ].map((r) => r.name ?? "x");
    expect(names.filter((n) => isBlank(n) || cleanText(n) !== n)).toEqual([]);
  });
});
