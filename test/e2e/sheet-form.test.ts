// Issue 20, point 4: a modal for sheets. /character create without `sheet` opens
// the system's fields in a Discord modal, five to a step (Discord's limit); the
// message after each step offers the other steps; /character edit opens the same
// form with the sheet's values. Issue 44, point 4: the form is in the system's words and order; Basic/Expert's
// (seed 002) leaves out a monster's fields and the referee's: 23 fields, 5 steps.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startE2E, buttons, text, type E2E } from "../helpers/e2e.js";
import type { Reply } from "../../src/local/types.js";
import { SYSTEM_IDS } from "../../src/rules/systems/index.js";

let h: E2E;
beforeAll(async () => {
  h = await startE2E();
  await h.cmd("referee", "campaign start", { system: "bx" });
});
afterAll(() => h?.stop());

/** The text inputs of a modal: custom id → label and placeholder. */
function labelled(r: Reply): Record<string, { label: string; placeholder: string }> {
  const out: Record<string, { label: string; placeholder: string }> = {};
  for (const row of (r.modal?.components ?? []) as {
    components: { custom_id: string; label: string; placeholder?: string }[];
  }[])
    for (const c of row.components) out[c.custom_id] = { label: c.label, placeholder: c.placeholder ?? "" };
  return out;
}

/** The text inputs of a modal: custom id → value. */
function inputs(r: Reply): Record<string, string> {
  const out: Record<string, string> = {};
  for (const row of (r.modal?.components ?? []) as { components: { custom_id: string; value?: string }[] }[])
    for (const c of row.components) out[c.custom_id] = c.value ?? "";
  return out;
}

describe("a sheet in a modal", () => {
  let created: Reply;
  it("create without a sheet opens the first five fields; submitting creates the character and offers the other steps", async () => {
    const open = await h.cmd("alice", "character create", { name: "Una" });
    expect(open.callbackType).toBe(9);
    expect(open.modal!.title).toBe("Una: Basic/Expert (1/5)");
    expect(labelled(open)).toEqual({
      class: {
        label: "Class",
        placeholder: "e.g. fighter, cleric, magic-user, thief, dwarf, elf, halfling · blank: fighter",
      },
      level: { label: "Level", placeholder: "1 to 36, e.g. 1 · blank: 1" },
      str: { label: "Strength", placeholder: "3 to 18, e.g. 13 · blank: rolled 3d6" },
      int: { label: "Intelligence", placeholder: "3 to 18, e.g. 9 · blank: rolled 3d6" },
      wis: { label: "Wisdom", placeholder: "3 to 18, e.g. 10 · blank: rolled 3d6" },
    });
    created = await h.submit("alice", open.modal!.custom_id as string, {
      class: "fighter",
      level: "3",
      str: "16",
      int: "9",
      wis: "10",
    });
    expect(text(created.message)).toMatch(/^Created: Una/);
    expect(buttons(created.message).map((b) => b.label)).toEqual([
      "1/5: Class–Wisdom",
      "2/5: Dexterity–Armour worn",
      "3/5: Shield–THAC0",
      "4/5: Attack bonus–Weight of armour and weapons",
      "5/5: Carries adventuring gear–Loyalty",
      "Done",
    ]);
    const c = await h.app.services.store.db.character.findFirstOrThrow({ where: { name: "Una" } });
    expect(JSON.parse(c.sheet)).toMatchObject({ class: "fighter", level: 3, str: 16 });
  });

  it("a step's button opens its modal with the values; the submit edits the same message", async () => {
    const step2 = buttons(created.message).find((b) => b.label.startsWith("2/5"))!;
    const refused = await h.press("bob", created.message.id, step2.id);
    expect(refused.ephemeral).toBe(true);
    expect(refused.message.content).toMatch(/Una's owner's to decide/);
    const open = await h.press("alice", created.message.id, step2.id);
    expect(open.callbackType).toBe(9);
    expect(Object.keys(inputs(open))).toEqual(["dex", "con", "cha", "hp", "armour"]);
    // Editing, a blank keeps the sheet's value.
    expect(Object.values(labelled(open)).every((f) => f.placeholder.endsWith("· blank: unchanged"))).toBe(true);
    const saved = await h.submit("alice", step2.id, { hp: "18", dex: "13" });
    expect(saved.message.id).toBe(created.message.id);
    expect(text(created.message)).toMatch(/^Updated: Una \(step 2 of 5\)/);
    const c = await h.app.services.store.db.character.findFirstOrThrow({ where: { name: "Una" } });
    expect(JSON.parse(c.sheet)).toMatchObject({ class: "fighter", level: 3, str: 16, hp: 18, dex: 13 });
  });

  it("a bad value is named, ephemerally, and nothing is saved", async () => {
    const c0 = await h.app.services.store.db.character.findFirstOrThrow({ where: { name: "Una" } });
    const step3 = buttons(created.message).find((b) => b.label.startsWith("3/5"))!;
    await h.press("alice", created.message.id, step3.id);
    const bad = await h.submit("alice", step3.id, { ac: "banana" });
    expect(
      bad.followUps
        .concat(bad.message)
        .some((m) => /problem, nothing was saved/.test(m.content) && (m.flags & 64) === 64),
    ).toBe(true);
    const c1 = await h.app.services.store.db.character.findFirstOrThrow({ where: { name: "Una" } });
    expect(c1.sheet).toBe(c0.sheet);
  });

  it("edit without a sheet opens the form with the sheet's current values; Done removes the steps", async () => {
    const open = await h.cmd("alice", "character edit");
    expect(open.callbackType).toBe(9);
    expect(inputs(open)).toMatchObject({ class: "fighter", level: "3", str: "16" });
    const saved = await h.submit("alice", open.modal!.custom_id as string, { level: "4" });
    expect(text(saved.message)).toMatch(/^Updated: Una \(step 1 of 5\)/);
    const done = buttons(created.message).find((b) => b.label === "Done")!;
    await h.press("alice", created.message.id, done.id);
    expect(buttons(created.message)).toEqual([]);
    expect(h.local.validationErrors).toEqual([]);
  });
});

/** A surrogate half alone (what cutting a pair leaves), or the replacement character it renders as. */
const BROKEN = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]|\uFFFD/;

describe("a long name outside the Basic Multilingual Plane (issue 43, point 6)", () => {
  // 40 characters, each a surrogate pair: 80 UTF-16 units. The form's id used to carry the name (and the
  // owner's id), passing Discord's 100 and making the modal fail ("Something went wrong").
  const name = "𝔄".repeat(40);
  it("the form opens with a whole title, submits, and the sheet is made; nothing shows a broken character", async () => {
    const open = await h.cmd("mallory", "character create", { name });
    expect(open.ephemeral && open.message?.content).toBeFalsy();
    expect(open.callbackType).toBe(9);
    const id = open.modal!.custom_id as string;
    expect(id.length).toBeLessThanOrEqual(100);
    expect(id).not.toContain("𝔄");
    const title = open.modal!.title as string;
    expect(title).not.toMatch(BROKEN);
    expect(title.length).toBeLessThanOrEqual(45);
    expect(title).toMatch(/^𝔄{19}… \(1\/5\)$/u);
    const made = await h.submit("mallory", id, { class: "thief", level: "2" });
    expect(text(made.message)).toMatch(/^Created: 𝔄{40}/u);
    expect(JSON.stringify(made.message)).not.toMatch(/\\ud8|\\udc|\uFFFD/i);
    expect(text(made.message)).not.toMatch(BROKEN);
    const c = await h.app.services.store.db.character.findFirstOrThrow({ where: { name } });
    expect(JSON.parse(c.sheet)).toMatchObject({ class: "thief", level: 2 });
    // The form's name waited in the store under the id; once used it is gone, and the same form cannot make a second.
    expect(await h.app.services.store.db.sheetDraft.count()).toBe(0);
    const again = await h.submit("mallory", id, { class: "thief" });
    expect(again.ephemeral).toBe(true);
    expect(again.message.content).toMatch(/no longer in use/);
    expect(h.local.validationErrors).toEqual([]);
  });

  it("the referee's form for a player's character (the owner's id made the old id longer still) opens and makes it", async () => {
    const other = "𝔅".repeat(40);
    const open = await h.cmd("referee", "character create", { name: other, owner: h.users.bob! });
    expect(open.callbackType).toBe(9);
    const made = await h.submit("referee", open.modal!.custom_id as string, { class: "cleric" });
    expect(text(made.message)).toMatch(/^Created: 𝔅{40}/u);
    const c = await h.app.services.store.db.character.findFirstOrThrow({ where: { name: other } });
    expect(c.ownerId).toBe(h.users.bob);
    expect(h.local.validationErrors).toEqual([]);
  });
});

describe("a typed sheet's bad list item", () => {
  // seed 002, "Missile Fire": a weapon is used in melee or thrown or fired as a missile; "ranged" is none of those.
  it("names the item by its place and name, and the value that was typed", async () => {
    const r = await h.cmd("bob", "character create", {
      name: "Kit",
      sheet: "class=thief level=3 hp=11 ac=7 weapons=dagger:1d4|sling:1d4:ranged",
    });
    expect(r.ephemeral).toBe(true);
    expect(r.message.content).toBe(
      'The sheet has a problem, nothing was saved:\n• weapons, the 2nd ("sling"), kind: Weapon kind must be melee, missile or thrown (got "ranged")',
    );
    expect(await h.app.services.store.db.character.count({ where: { name: "Kit" } })).toBe(0);
  });
});

// Issue 32, point 6: the form reads back what it writes. A longbow's ranges and tags are lists
// inside a list item: written with "/", they come back the same when the step is submitted unchanged.
describe("a form step submitted unchanged", () => {
  it("keeps a weapon's ranges and tags, and the sheet is the same", async () => {
    const made = await h.cmd("bob", "character create", {
      name: "Fenn",
      sheet: "class=fighter level=2 hp=12 weapons=longbow:1d6:missile:no:no:0:no:70/140/210:bow/great bow|sword:1d8",
    });
    expect(made.ephemeral).toBe(false);
    const before = await h.app.services.store.db.character.findFirstOrThrow({ where: { name: "Fenn" } });
    expect(JSON.parse(before.sheet).weapons[0]).toMatchObject({
      name: "longbow",
      ranges: [70, 140, 210],
      tags: ["bow", "great bow"],
    });

    const open = await h.cmd("bob", "character edit", { name: "Fenn" });
    const first = await h.submit("bob", open.modal!.custom_id as string, inputs(open));
    expect(text(first.message)).toMatch(/^Updated: Fenn \(step 1 of 5\)/);
    const step4 = buttons(first.message).find((b) => b.label.startsWith("4/5"))!;
    const form = await h.press("bob", first.message.id, step4.id);
    // A tag with a space ("great bow") cannot be written in words: that weapon keeps its fields by position.
    expect(inputs(form).weapons).toBe("longbow:1d6:missile:no:no:0:no:70/140/210:bow/great bow:yes|sword 1d8");
    const saved = await h.submit("bob", step4.id, inputs(form));
    expect(text(saved.message)).toMatch(/^Updated: Fenn \(step 4 of 5\)/);
    const after = await h.app.services.store.db.character.findFirstOrThrow({ where: { name: "Fenn" } });
    expect(JSON.parse(after.sheet)).toEqual(JSON.parse(before.sheet));
  });
});

// Issue 44, point 4: a level-1 fighter made with the form got HP 6 (the sheet's default) with no roll shown.
// seed 002 names hit dice by class without the table; the classic B/X one (docs/rules/bx.md, "Sheets the rules
// fill in"): a fighter's d8 a level, abilities 3d6 in order. What the form leaves blank is rolled, and said.
describe("a new sheet's blanks, rolled and said", () => {
  it("the created sheet says each rolled value and its dice; typed values are the player's", async () => {
    const open = await h.cmd("mallory", "character create", { name: "Brom" });
    const made = await h.submit("mallory", open.modal!.custom_id as string, {
      class: "fighter",
      level: "1",
      str: "15",
      int: "9",
      wis: "10",
    });
    const c = await h.app.services.store.db.character.findFirstOrThrow({ where: { name: "Brom" } });
    const sheet = JSON.parse(c.sheet);
    expect(sheet).toMatchObject({ class: "fighter", level: 1, str: 15, int: 9, wis: 10 });
    const said = text(made.message);
    // The campaign's stream after this file's earlier sheets (run the whole file). CON 11: no modifier.
    expect(sheet).toMatchObject({ dex: 6, con: 11, cha: 15, hp: 2 });
    expect(said).toContain(
      "Dexterity 6: rolled 3d6 [3, 2, 1]\nConstitution 11: rolled 3d6 [4, 5, 2]\nCharisma 15: rolled 3d6 [6, 6, 3]\nHit points 2: rolled 1d8 [2] (fighter)",
    );
    expect(said).not.toMatch(/Strength \d+: rolled/);
    expect(said).toMatch(/Filled by the rules: Dexterity, Constitution, Charisma, Hit points/);
  });
});

// Issue 44, point 4: every system's form, as Discord shows it, in that system's words.
describe("each system's character form", () => {
  for (const id of SYSTEM_IDS) {
    it(`${id}: labels in the system's words, no "blank: unchanged" on a new character, a valid modal`, async () => {
      const channelId = h.local.createChannel(h.guildId, `form-${id}`).id;
      await h.cmd("referee", "campaign start", { system: id }, { channelId });
      const open = await h.cmd("bob", "character create", { name: "Ivo" }, { channelId });
      expect(open.callbackType).toBe(9);
      const fields = Object.entries(labelled(open));
      expect(fields).toHaveLength(5);
      for (const [key, f] of fields) {
        expect(f.label).not.toBe(key);
        expect(f.label).not.toMatch(/^[A-Z]{4,}$|\b[a-z]+[A-Z]/);
        expect(f.placeholder).toMatch(/^.+ · blank: .+$/);
        expect(f.placeholder).not.toMatch(/unchanged/);
      }
      expect(h.local.validationErrors).toEqual([]);
    });
  }
});
