CREATE TABLE "order_attention" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"reason" text NOT NULL,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"resolved_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "payment_checked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "order_attention" ADD CONSTRAINT "order_attention_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "order_attention_open_idx" ON "order_attention" USING btree ("order_id","reason") WHERE "order_attention"."resolved_at" is null;--> statement-breakpoint
CREATE INDEX "orders_payment_checked_idx" ON "orders" USING btree ("status","payment_status","payment_checked_at");