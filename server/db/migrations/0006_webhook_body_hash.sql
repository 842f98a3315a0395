-- docs/architecture.md#security: webhooks are deduplicated on their signed body; the unsigned event id is kept for reference.
ALTER TABLE "webhook_events" DROP CONSTRAINT "webhook_events_pkey";--> statement-breakpoint
ALTER TABLE "webhook_events" ALTER COLUMN "event_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "webhook_events" ADD COLUMN "body_sha256" text;--> statement-breakpoint
-- Rows from before keep a key of their own: their raw bodies were not stored.
UPDATE "webhook_events" SET "body_sha256" = 'event:' || "event_id";--> statement-breakpoint
ALTER TABLE "webhook_events" ALTER COLUMN "body_sha256" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "webhook_events" ADD PRIMARY KEY ("body_sha256");
