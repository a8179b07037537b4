-- AlterTable
ALTER TABLE "Combatant" ADD COLUMN "retainerId" TEXT;

