// The registry's ids are a closed set the compiler checks (issue 35, "SystemId is a union"): an unknown
// id does not type-check (`npm run typecheck` runs over test/ too, so each @ts-expect-error must hold).
import { describe, it, expect } from "vitest";
import { SYSTEMS, SYSTEM_IDS, isSystemId, systemOf, type SystemId } from "../../src/rules/systems/index.js";

describe("system ids", () => {
  it("are the registry's keys, each filed under its own id", () => {
    expect(SYSTEM_IDS).toEqual(["third-age", "bx", "bx-house", "siege", "life-guard"]);
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
