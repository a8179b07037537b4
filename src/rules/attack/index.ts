export * from "./machine.js";
export * from "./situation.js";
