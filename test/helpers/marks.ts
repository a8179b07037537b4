import type { Mark } from "../../src/rules/marks.js";

/** A mark written as text in a test, as a stored row or a referee might hold it (the product reads marks through the state codec, which checks them). */
export const markOf = (key: string): Mark => key as Mark;
