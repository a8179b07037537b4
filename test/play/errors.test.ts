import { describe, expect, it } from "vitest";
import { rule, UserError } from "../../src/play/errors.js";
import { RuleError } from "../../src/rules/systems/types.js";

describe("rule: what the rules refuse reaches the user in the same words", () => {
  it("returns the rule's result", () => {
    expect(rule(() => 7)).toBe(7);
  });

  it("a RuleError becomes a UserError with its message; anything else passes through", () => {
    const refused = () =>
      rule(() => {
        throw new RuleError("No such weapon: club.");
      });
    expect(refused).toThrow(UserError);
    expect(refused).toThrow("No such weapon: club.");
    const broken = () =>
      rule(() => {
        throw new TypeError("bug");
      });
    expect(broken).toThrow(TypeError);
    expect(broken).not.toThrow(UserError);
  });
});
