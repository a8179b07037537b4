/** The stored rows play hands to its callers (discord renders them): their types, so callers need not reach into the store. */
export type { Campaign, Character, Retainer } from "../generated/prisma/client.js";
