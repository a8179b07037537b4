-- CreateTable
CREATE TABLE "RollCall" (
    "id" TEXT NOT NULL,
    "campaignId" TEXT NOT NULL,
    "channelId" TEXT NOT NULL,
    "messageId" TEXT,
    "callerId" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "input" TEXT NOT NULL,
    "hidden" BOOLEAN NOT NULL DEFAULT false,
    "targets" TEXT NOT NULL,
    "results" TEXT NOT NULL DEFAULT '{}',
    "version" INTEGER NOT NULL DEFAULT 0,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "RollCall_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "RollCall_campaignId_idx" ON "RollCall"("campaignId");

-- AddForeignKey
ALTER TABLE "RollCall" ADD CONSTRAINT "RollCall_campaignId_fkey" FOREIGN KEY ("campaignId") REFERENCES "Campaign"("id") ON DELETE CASCADE ON UPDATE CASCADE;

