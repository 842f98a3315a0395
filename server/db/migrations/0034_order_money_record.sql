CREATE TABLE "order_money_entries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"part" text NOT NULL,
	"order_item_id" uuid,
	"units" integer DEFAULT 0 NOT NULL,
	"amount_paise" integer NOT NULL,
	"code_discount_paise" integer DEFAULT 0 NOT NULL,
	"tax_paise" integer DEFAULT 0 NOT NULL,
	"method" text,
	"reference" text,
	"entry_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "order_money_entries_entry_key_unique" UNIQUE("entry_key"),
	CONSTRAINT "order_money_entries_amounts_positive" CHECK ("order_money_entries"."amount_paise" >= 0 and "order_money_entries"."units" >= 0 and "order_money_entries"."code_discount_paise" >= 0 and "order_money_entries"."tax_paise" >= 0)
);
--> statement-breakpoint
ALTER TABLE "order_money_entries" ADD CONSTRAINT "order_money_entries_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_money_entries" ADD CONSTRAINT "order_money_entries_order_item_id_order_items_id_fk" FOREIGN KEY ("order_item_id") REFERENCES "public"."order_items"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_money_entries_order_idx" ON "order_money_entries" USING btree ("order_id","created_at");