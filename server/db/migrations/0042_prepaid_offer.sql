CREATE TABLE "prepaid_offer_settings" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"enabled" boolean DEFAULT false NOT NULL,
	"kind" text DEFAULT 'percent' NOT NULL,
	"percent_off" integer,
	"max_discount_paise" integer,
	"amount_off_paise" integer,
	"updated_by_staff_id" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "prepaid_offer_settings_single_row" CHECK ("prepaid_offer_settings"."id" = 1)
);
--> statement-breakpoint
ALTER TABLE "order_money_entries" DROP CONSTRAINT "order_money_entries_amounts_positive";--> statement-breakpoint
ALTER TABLE "order_money_entries" ADD COLUMN "prepaid_discount_paise" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "prepaid_share_paise" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "prepaid_discount_paise" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "prepaid_offer_settings" ADD CONSTRAINT "prepaid_offer_settings_updated_by_staff_id_staff_id_fk" FOREIGN KEY ("updated_by_staff_id") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_money_entries" ADD CONSTRAINT "order_money_entries_amounts_positive" CHECK ("order_money_entries"."amount_paise" >= 0 and "order_money_entries"."units" >= 0 and "order_money_entries"."code_discount_paise" >= 0 and "order_money_entries"."prepaid_discount_paise" >= 0 and "order_money_entries"."tax_paise" >= 0);--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_prepaid_share_range" CHECK ("order_items"."prepaid_share_paise" >= 0 and "order_items"."coupon_share_paise" + "order_items"."prepaid_share_paise" <= "order_items"."unit_price_paise" * "order_items"."quantity");