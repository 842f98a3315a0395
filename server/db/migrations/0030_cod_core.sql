CREATE TABLE "cod_confirm_links" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"order_id" uuid NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cod_settings" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"enabled" boolean DEFAULT false NOT NULL,
	"fee_paise" integer DEFAULT 4900 NOT NULL,
	"min_order_paise" integer DEFAULT 0 NOT NULL,
	"max_order_paise" integer DEFAULT 500000 NOT NULL,
	"rto_limit" integer DEFAULT 1 NOT NULL,
	"confirm_hours" integer DEFAULT 24 NOT NULL,
	"updated_by_staff_id" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cod_settings_single_row" CHECK ("cod_settings"."id" = 1),
	CONSTRAINT "cod_settings_order_range" CHECK ("cod_settings"."min_order_paise" <= "cod_settings"."max_order_paise")
);
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "cod_allowed" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "cod_fee_paise" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "cod_confirm_by" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "cod_confirmed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "cod_confirmed_via" text;--> statement-breakpoint
ALTER TABLE "cod_confirm_links" ADD CONSTRAINT "cod_confirm_links_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cod_settings" ADD CONSTRAINT "cod_settings_updated_by_staff_id_staff_id_fk" FOREIGN KEY ("updated_by_staff_id") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "orders_cod_awaiting_idx" ON "orders" USING btree ("cod_confirm_by") WHERE "orders"."status" = 'pending' and "orders"."payment_status" = 'cod_due';--> statement-breakpoint
CREATE INDEX "orders_cod_rto_idx" ON "orders" USING btree ("user_id") WHERE "orders"."payment_method" = 'COD' and "orders"."status" = 'returned_to_origin';