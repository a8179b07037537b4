// Issue 44, point 4: the sheet's form in each system's words. Every field a form shows is labelled as the
// book names it (never the schema's key), says what to type with an example, and on a new sheet what a blank
// gives; the examples of list fields read as they say. Weapons are written in words, naming only what differs
// from a weapon's defaults; the positional form stored sheets and typed sheets use is still read.
import { describe, expect, it } from "vitest";
import { SYSTEMS } from "../../src/rules/systems/index.js";
import { formFields, readFormValues, readSheetInput, validateSheet } from "../../src/play/sheets.js";
import { placeholderOf } from "../../src/discord/sheetform.js";
import { bxSheetSchema } from "../../src/rules/systems/bx/sheet.js";

describe("each system's form", () => {
  for (const system of Object.values(SYSTEMS)) {
    it(`${system.name}: labels in its words, placeholders that fit, no "blank: unchanged" on a new sheet`, () => {
      const fields = formFields(system.sheet, system.form);
      expect(fields.length).toBeGreaterThan(0);
      for (const f of fields) {
        expect(f.label).not.toBe(f.key);
        expect(f.label).not.toMatch(/^[A-Z]{4,}$|\b[a-z]+[A-Z]/); // "ATTACKBONUS", "acMode"
        expect(f.label.length).toBeLessThanOrEqual(45);
        const p = placeholderOf(f, true);
        expect(p).not.toMatch(/unchanged|…$/);
        expect(p.length).toBeLessThanOrEqual(100);
        expect(placeholderOf(f, false)).toMatch(/blank: unchanged$/);
      }
    });

    it(`${system.name}: the examples of its list fields read as they say`, () => {
      for (const f of formFields(system.sheet, system.form)) {
        if (!f.label.includes("|")) continue;
        const example = f.example
          .replace(/^e\.g\. /, "")
          .replace(/ \(.*\)$/, "")
          .replace(/ \| /g, "|");
        const typed = readFormValues({ [f.key]: example }, system.sheet);
        expect(() => validateSheet(system.sheet, typed), `${f.key}: ${example}`).not.toThrow();
      }
    });
  }
});

describe('weapons in words (B/X, seed 002, "Weapons")', () => {
  const weapons = (text: string) =>
    (validateSheet(bxSheetSchema, readSheetInput(`weapons=${text}`, bxSheetSchema)) as { weapons: unknown[] }).weapons;

  it("name only what differs: a spear with a tag, a crossbow's kind and ranges, a magic two-handed sword", () => {
    expect(
      weapons(
        "spear 1d6 reach|crossbow 1d6 missile 80/160/240|battle axe 1d8 two-handed slow|sword 1d8 +1 silver untrained",
      ),
    ).toEqual([
      {
        name: "spear",
        damage: "1d6",
        kind: "melee",
        slow: false,
        twoHanded: false,
        magic: 0,
        silver: false,
        tags: ["reach"],
        trained: true,
      },
      {
        name: "crossbow",
        damage: "1d6",
        kind: "missile",
        slow: false,
        twoHanded: false,
        magic: 0,
        silver: false,
        ranges: [80, 160, 240],
        tags: [],
        trained: true,
      },
      {
        name: "battle axe",
        damage: "1d8",
        kind: "melee",
        slow: true,
        twoHanded: true,
        magic: 0,
        silver: false,
        tags: [],
        trained: true,
      },
      {
        name: "sword",
        damage: "1d8",
        kind: "melee",
        slow: false,
        twoHanded: false,
        magic: 1,
        silver: true,
        tags: [],
        trained: false,
      },
    ]);
  });

  it("the old positional form still reads, and the form writes a weapon back in words", () => {
    const old = weapons("spear:1d6:melee:false:false:0:false::spear");
    expect(old).toEqual([
      {
        name: "spear",
        damage: "1d6",
        kind: "melee",
        slow: false,
        twoHanded: false,
        magic: 0,
        silver: false,
        tags: ["spear"],
        trained: true,
      },
    ]);
    const sheet = validateSheet(bxSheetSchema, {
      weapons: [...old, ...weapons("crossbow 1d6 missile 80/160/240")],
    }) as Record<string, unknown>;
    expect(formFields(bxSheetSchema, SYSTEMS.bx.form, sheet).find((f) => f.key === "weapons")!.value).toBe(
      "spear 1d6 spear|crossbow 1d6 missile 80/160/240",
    );
  });

  it("a name with a space before a `:` says what went wrong and how to write it", () => {
    expect(() => readSheetInput("class=fighter weapons=battle axe:1d8", bxSheetSchema)).toThrow(
      '"axe" is not a field of this system\'s sheet: after a space, "axe:" starts a new field, so weapons stopped at "battle". Write the item in words, without ":" (`weapons=battle axe 1d8`), or put the whole value in quotes (`weapons="battle axe:1d8"`).',
    );
    expect(weapons('"battle axe:1d8"')).toMatchObject([{ name: "battle axe", damage: "1d8" }]);
  });
});
