import { describe, it, expect } from "vitest";
import { Embed } from "../../src/discord/embeds/embed.js";

describe("Embed: the builder's setters, checking Discord's limits directly", () => {
  it("writes what it is given, as the builder would", () => {
    const e = new Embed({ color: 0x5b8def })
      .setTitle("Alda rolls")
      .setDescription("1d20 = 14")
      .setFooter({ text: "The Third Age · Surprise" })
      .addFields({ name: "a", value: "b" }, { name: "c", value: "d", inline: true });
    expect(e.toJSON()).toEqual({
      color: 0x5b8def,
      title: "Alda rolls",
      description: "1d20 = 14",
      footer: { text: "The Third Age · Surprise" },
      fields: [
        { name: "a", value: "b" },
        { name: "c", value: "d", inline: true },
      ],
    });
    expect(new Embed().setColor("#ff0000").setTitle(null).toJSON()).toEqual({ color: 0xff0000 });
  });

  it("refuses text outside Discord's limits, as the builder did", () => {
    expect(() => new Embed().setTitle("")).toThrow(/title must be 1 to 256/);
    expect(() => new Embed().setTitle("x".repeat(257))).toThrow(/title must be 1 to 256/);
    expect(() => new Embed().setDescription("x".repeat(4097))).toThrow(/description must be 1 to 4096/);
    expect(() => new Embed().addFields({ name: "n", value: "" })).toThrow(/field value/);
    expect(() => new Embed().addFields(Array.from({ length: 26 }, (_, i) => ({ name: `f${i}`, value: "v" })))).toThrow(
      /at most 25 fields/,
    );
  });
});
