// Who set a mark (docs/design.md, "The round"): a declaration's marks carry it as their source, and taking it back removes them by that source.
import { describe, expect, it } from "vitest";
import { stampAdded, withdrawn } from "../../src/play/round/marks.js";
import { keptCodecFor, stateCodecFor } from "../../src/play/codecs/sheets.js";

const stateCodec = stateCodecFor({});
const keptCodec = keptCodecFor({});

const charge = { by: "a", decl: "charge", round: 2 };
const set = { by: "a", decl: "set spear", round: 2 };

describe("mark sources", () => {
  it("a mark two declarations set stays while one of them stands; a mark from before stays", () => {
    let st = stampAdded(["prone"], { conditions: ["prone", "charging"] }, 2, charge, ["charging", "prone"]);
    expect(st.by).toEqual({ charging: [charge] });
    st = stampAdded(st.conditions, st, 2, set, ["charging"]);
    expect(st.by).toEqual({ charging: [charge, set] });
    const one = withdrawn(st, "a", 2, (d) => d === "charge");
    expect(one.remove).toEqual([]);
    expect(one.state.by).toEqual({ charging: [set] });
    expect(withdrawn(one.state, "a", 2, () => true).remove).toEqual(["charging"]);
    // Another round's declaration of the same id is not this one.
    expect(withdrawn(st, "a", 3, () => true).remove).toEqual([]);
  });

  it("a stored row's plain keys are read as marks nobody's declaration set; anything but a key is refused", () => {
    const st = stateCodec.decode(JSON.stringify({ conditions: ["prone", "an old key"], hp: 4 }));
    expect(st).toEqual({ conditions: ["prone", "applied:an old key"], hp: 4 });
    expect(withdrawn(st, "a", 1, () => true).remove).toEqual([]);
    expect(() => stateCodec.decode(JSON.stringify({ conditions: ["prone", 3], hp: 4 }))).toThrow(/Combatant\.state/);
    expect(keptCodec.decode("{}")).toEqual({});
  });
});
