-- AlterTable: the round (phase, declarations, attacks made this round)
ALTER TABLE "Encounter" ADD COLUMN "roundState" TEXT NOT NULL DEFAULT '{}';
