/** Between fights: the campaign's clock, light, supplies, effects, movement and wandering monsters. Pure. */
export * from "./clock.js";
export * from "./effects.js";
export * from "./light.js";
export * from "./movement.js";
export * from "./refs.js";
export * from "./state.js";
export * from "./supplies.js";
export * from "./turn.js";
export * from "./wandering.js";
