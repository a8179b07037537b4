import { describe, expect, it } from "vitest";
import {
  argIn,
  argOf,
  attacking,
  hasFamily,
  markIn,
  marksIn,
  numberIn,
  parseMark,
  shieldVs,
} from "../../src/rules/marks.js";
import { castingUntil } from "../../src/rules/systems/siege/marks.js";
import { oil } from "../../src/rules/systems/life-guard/marks.js";
import { FAMILIES, isDeclaredMark } from "../../src/rules/systems/index.js";
import { appliedMark } from "../../src/rules/systems/life-guard/attack-plan.js";
import { lifeGuard } from "../../src/rules/systems/life-guard/index.js";
import { wordFor } from "../../src/rules/round/words.js";

describe("marks read as records", () => {
  it("parses a family and its argument, and a plain key as none", () => {
    expect(parseMark(attacking("g1"))).toEqual({ family: "attacking", arg: "g1" });
    expect(parseMark(shieldVs("orc 2"))).toEqual({ family: "shield vs", arg: "orc 2" });
    expect(parseMark(castingUntil(3, "sleep"))).toEqual({ family: "casting until", arg: "3:sleep" });
    // Families whose names begin alike are told apart: "enchanted armour:" is not "enchanted:".
    expect(parseMark("enchanted armour:ward")).toEqual({ family: "enchanted armour", arg: "ward" });
    expect(parseMark("enchanted:sword:fire")).toEqual({ family: "enchanted", arg: "sword:fire" });
    expect(parseMark("struck fleeing:g2")).toEqual({ family: "struck fleeing", arg: "g2" });
    expect(parseMark("struck:g2")).toEqual({ family: "struck", arg: "g2" });
    expect(parseMark("prone")).toEqual({ family: undefined, arg: undefined });
  });

  it("reads a family's argument, and only the part after a given beginning", () => {
    expect(argOf(oil("sword", "undead"), "oil", "sword:")).toBe("undead");
    expect(argOf(oil("sword", "undead"), "oil", "axe:")).toBeUndefined();
    expect(argOf("attacking:g1", "behind")).toBeUndefined();
    expect(argOf(undefined, "at")).toBeUndefined();
  });

  it("finds marks of a family among a combatant's", () => {
    const marks = ["prone", "at:40", "stunned:2", "evading:g1", "evading:g2"] as const;
    expect(argIn([...marks], "at")).toBe("40");
    expect(numberIn([...marks], "stunned")).toBe(2);
    expect(numberIn([...marks], "moved")).toBeUndefined();
    expect(markIn([...marks], "evading")).toBe("evading:g1");
    expect(marksIn([...marks], "evading")).toEqual(["evading:g1", "evading:g2"]);
    expect(hasFamily([...marks], "cover")).toBe(false);
  });

  it("checks a stored key against the families the registry assembles: the shared ones and each system's", () => {
    // Shared (play reads them), B/X's, the house rules', Castles & Crusades' and Life & Guard's, each from its folder.
    for (const key of ["at:40", "kept:x", "moved:2", "stunned:1", "cover:light", "casting until:3:sleep", "oil:a:b"])
      expect(isDeclaredMark(key), key).toBe(true);
    expect(isDeclaredMark("moved 2 squares")).toBe(true);
    // A family nobody declares, or an argument not of its family's shape.
    for (const key of ["nonsense:x", "at:near", "cover:sideways", "casting until:soon", "front:"])
      expect(isDeclaredMark(key), key).toBe(false);
    expect(FAMILIES.stunned).toBe("number");
  });
});

describe("a condition in the player's own words", () => {
  // seed 004, "Enchantment": the weapon's next blow "applies a condition": one Life & Guard names is that condition;
  // another word is kept as the player gave it, and shown as that word.
  it("is the system's own key when its words name it, else applied:<word>", () => {
    expect(appliedMark("prone")).toBe("prone");
    expect(appliedMark("frost")).toBe("applied:frost");
    expect(wordFor(lifeGuard.words, "applied:frost").label).toBe("frost");
  });
});
