/** The round's shared kit: condition words and lifetimes, the default action economy. */
export * from "./words.js";
export * from "./economy.js";
