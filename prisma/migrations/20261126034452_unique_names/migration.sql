-- AlterTable
ALTER TABLE "Character" ADD COLUMN "nameKey" TEXT;

-- AlterTable
ALTER TABLE "Retainer" ADD COLUMN "nameKey" TEXT;

-- Backfill: each live name keyed once per campaign. Where older releases let a name be taken
-- twice (two requests at once), the earliest row keeps the key and the later ones stay unkeyed
-- (still live, and still found by name) so that the unique index can be built.
UPDATE "Character" SET "nameKey" = CASE WHEN "kind" = 'monster' THEN 'monster:' || lower("name") ELSE lower("name") END
WHERE "deletedAt" IS NULL AND NOT EXISTS (
  SELECT 1 FROM "Character" o
  WHERE o."campaignId" = "Character"."campaignId" AND o."deletedAt" IS NULL
    AND (o."kind" = 'monster') = ("Character"."kind" = 'monster') AND lower(o."name") = lower("Character"."name")
    AND (o."createdAt" < "Character"."createdAt" OR (o."createdAt" = "Character"."createdAt" AND o."id" < "Character"."id"))
);

UPDATE "Retainer" SET "nameKey" = lower("name")
WHERE "status" <> 'dismissed' AND NOT EXISTS (
  SELECT 1 FROM "Retainer" o
  WHERE o."campaignId" = "Retainer"."campaignId" AND o."status" <> 'dismissed' AND lower(o."name") = lower("Retainer"."name")
    AND (o."createdAt" < "Retainer"."createdAt" OR (o."createdAt" = "Retainer"."createdAt" AND o."id" < "Retainer"."id"))
);

-- CreateIndex
CREATE UNIQUE INDEX "Character_campaignId_nameKey_key" ON "Character"("campaignId", "nameKey");

-- CreateIndex
CREATE UNIQUE INDEX "Retainer_campaignId_nameKey_key" ON "Retainer"("campaignId", "nameKey");

