// The registry's ids are a closed set the compiler checks (issue 35, "SystemId is a union"), derived from the
// registry's lines (issue 46): an unknown id does not type-check (`npm run typecheck` runs over test/ too, so
// each expected error below must hold). No list of ids here: a new system changes no test.
import { describe, it, expect } from "vitest";
import { SYSTEMS, SYSTEM_IDS, isSystemId, systemOf, type SystemId } from "../../src/rules/systems/index.js";

describe("system ids", () => {
  it("are the registry's keys, each filed under its own id", () => {
    expect(SYSTEM_IDS).toEqual(Object.keys(SYSTEMS));
    expect(SYSTEM_IDS.length).toBeGreaterThan(0);
    for (const id of SYSTEM_IDS) expect(SYSTEMS[id].id).toBe(id);
  });

  it("a stored id is checked at the boundary; an unknown one is refused at run time and at compile time", () => {
    expect(isSystemId("bx")).toBe(true);
    expect(isSystemId("d&d-5e")).toBe(false);
    expect(isSystemId("toString")).toBe(false);
    expect(() => systemOf("d&d-5e")).toThrow(/unknown rule system/);
    // @ts-expect-error: not a system of the registry
    const unknown: SystemId = "d&d-5e";
    // @ts-expect-error: the registry has no such key
    expect(SYSTEMS["d&d-5e"]).toBeUndefined();
    expect(unknown).toBe("d&d-5e");
  });
});
