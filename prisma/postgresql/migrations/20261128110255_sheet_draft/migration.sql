-- CreateTable
CREATE TABLE "SheetDraft" (
    "id" TEXT NOT NULL,
    "campaignId" TEXT NOT NULL,
    "userId" TEXT NOT NULL,
    "ownerId" TEXT,
    "name" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "SheetDraft_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "SheetDraft_campaignId_createdAt_idx" ON "SheetDraft"("campaignId", "createdAt");

-- AddForeignKey
ALTER TABLE "SheetDraft" ADD CONSTRAINT "SheetDraft_campaignId_fkey" FOREIGN KEY ("campaignId") REFERENCES "Campaign"("id") ON DELETE CASCADE ON UPDATE CASCADE;

