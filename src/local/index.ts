// The local Discord: a Discord v10 API on 127.0.0.1 for tests, benchmarks and the playground.
export { LocalDiscord, type LocalDiscordOptions, type UnknownRoute } from "./server.js";
export { renderMessageText } from "./render.js";
export { renderReplyText } from "./control.js";
export { parseCommandLine, type ParsedLine } from "./line.js";
export { SpecValidator, DEFAULT_SPEC_PATH } from "./validate.js";
export type * from "./types.js";
