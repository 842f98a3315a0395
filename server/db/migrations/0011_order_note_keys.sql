ALTER TABLE "order_notes" ADD COLUMN "request_key" text;--> statement-breakpoint
CREATE UNIQUE INDEX "order_notes_request_key_idx" ON "order_notes" USING btree ("order_id","request_key");