-- AlterTable
ALTER TABLE "Encounter" ADD COLUMN "board" TEXT;

