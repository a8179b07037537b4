// Issue 32, point 6: a sheet form reads back what it writes. For every system's sheet and
// monster schema, any valid sheet typed back into the form's fields and submitted unchanged
// gives the same sheet (lists with |, an item's fields with :, a list inside an item with /,
// separators inside a value escaped with a backslash).
import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { SYSTEMS } from "../../src/rules/systems/index.js";
import { formFields, readFormValues, typedBack, validateSheet } from "../../src/play/sheets.js";
import { bxSheetSchema } from "../../src/rules/systems/bx/sheet.js";
import { validSheet } from "../helpers/sheet-arbitrary.js";

function roundTrip(schema: Parameters<typeof formFields>[0], sheet: Record<string, unknown>): unknown {
  const values = Object.fromEntries(formFields(schema, {}, sheet).map((f) => [f.key, f.value]));
  return validateSheet(schema, readFormValues(values, schema));
}

describe("the sheet form's text reads back what it writes", () => {
  it("a longbow with ranges and tags, submitted unchanged, is the same longbow", () => {
    const sheet = validateSheet(bxSheetSchema, {
      class: "fighter",
      weapons: [
        { name: "longbow", damage: "1d6", kind: "missile", ranges: [70, 140, 210], tags: ["bow", "great bow"] },
        { name: "sword: +1|spare", damage: "1d8" },
      ],
    }) as Record<string, unknown>;
    const weapons = formFields(bxSheetSchema, {}, sheet).find((f) => f.key === "weapons")!;
    expect(weapons.value).toBe(
      "longbow:1d6:missile:no:no:0:no:70/140/210:bow/great bow:yes|sword\\: +1\\|spare:1d8:melee:no:no:0:no:::yes",
    );
    expect(roundTrip(bxSheetSchema, sheet)).toEqual(sheet);
  });

  it("a lone dash inside a list is a value, not the empty list", () => {
    const shape = (bxSheetSchema as unknown as { def: { shape: Record<string, never> } }).def.shape;
    expect(typedBack([{ name: "-", tags: ["-"] }], shape.weapons)).toBe("-::::::::\\-");
  });

  for (const system of Object.values(SYSTEMS)) {
    for (const which of ["sheet", "monster"] as const) {
      it(`${system.name}: any valid ${which}, formatted and read back, is the same ${which}`, () => {
        const schema = system[which];
        fc.assert(
          fc.property(validSheet(schema), (sheet) => {
            expect(roundTrip(schema, sheet)).toEqual(sheet);
          }),
          { numRuns: 150, seed: 32 },
        );
      });
    }
  }
});
