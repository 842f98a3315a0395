CREATE TABLE "return_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"return_id" uuid NOT NULL,
	"event" text NOT NULL,
	"from_status" text,
	"to_status" text NOT NULL,
	"source" text NOT NULL,
	"staff_id" uuid,
	"detail" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "return_lines" (
	"return_id" uuid NOT NULL,
	"order_item_id" uuid NOT NULL,
	"units" integer NOT NULL,
	"paid_paise" integer NOT NULL,
	CONSTRAINT "return_lines_return_id_order_item_id_pk" PRIMARY KEY("return_id","order_item_id"),
	CONSTRAINT "return_lines_units_positive" CHECK ("return_lines"."units" > 0)
);
--> statement-breakpoint
CREATE TABLE "return_photos" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"return_id" uuid,
	"url" text NOT NULL,
	"thumbnail_url" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "return_refunds" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"return_id" uuid NOT NULL,
	"attempt" integer NOT NULL,
	"idempotency_key" text NOT NULL,
	"method" text NOT NULL,
	"amount_paise" integer NOT NULL,
	"razorpay_refund_id" text,
	"status" text NOT NULL,
	"failure" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "return_refunds_idempotency_key_unique" UNIQUE("idempotency_key"),
	CONSTRAINT "return_refunds_razorpay_refund_id_unique" UNIQUE("razorpay_refund_id")
);
--> statement-breakpoint
CREATE TABLE "return_settings" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"window_days" integer DEFAULT 7 NOT NULL,
	"changed_mind_accepted" boolean DEFAULT true NOT NULL,
	"changed_mind_deduction_paise" integer DEFAULT 0 NOT NULL,
	"updated_by_staff_id" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "return_settings_single_row" CHECK ("return_settings"."id" = 1),
	CONSTRAINT "return_settings_window_range" CHECK ("return_settings"."window_days" between 1 and 60),
	CONSTRAINT "return_settings_deduction_range" CHECK ("return_settings"."changed_mind_deduction_paise" between 0 and 10000000)
);
--> statement-breakpoint
CREATE TABLE "returns" (
	"id" uuid PRIMARY KEY NOT NULL,
	"order_id" uuid NOT NULL,
	"user_id" uuid,
	"status" text DEFAULT 'requested' NOT NULL,
	"resolution" text NOT NULL,
	"reason" text NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"paid_paise" integer NOT NULL,
	"deduction_paise" integer DEFAULT 0 NOT NULL,
	"refund_paise" integer NOT NULL,
	"units" integer NOT NULL,
	"stock_settled" boolean DEFAULT false NOT NULL,
	"quality" text,
	"refund_attempts" integer DEFAULT 0 NOT NULL,
	"refusal_reason" text,
	"upi_id" text,
	"pickup_address" jsonb NOT NULL,
	"request_key" text NOT NULL,
	"replacement_order_id" uuid,
	"shiprocket_order_id" text,
	"shiprocket_shipment_id" text,
	"awb_code" text,
	"courier_name" text,
	"parcel_stage" text,
	"parcel_status_label" text,
	"pickup_booked_at" timestamp with time zone,
	"last_tracked_at" timestamp with time zone,
	"received_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "returns_money_adds_up" CHECK ("returns"."refund_paise" = "returns"."paid_paise" - "returns"."deduction_paise"),
	CONSTRAINT "returns_refund_not_negative" CHECK ("returns"."refund_paise" >= 0),
	CONSTRAINT "returns_units_positive" CHECK ("returns"."units" > 0)
);
--> statement-breakpoint
ALTER TABLE "orders" DROP CONSTRAINT "orders_total_positive";--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "replacement_of_order_id" uuid;--> statement-breakpoint
ALTER TABLE "stock_movements" ADD COLUMN "return_id" uuid;--> statement-breakpoint
ALTER TABLE "return_events" ADD CONSTRAINT "return_events_return_id_returns_id_fk" FOREIGN KEY ("return_id") REFERENCES "public"."returns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "return_events" ADD CONSTRAINT "return_events_staff_id_staff_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "return_lines" ADD CONSTRAINT "return_lines_return_id_returns_id_fk" FOREIGN KEY ("return_id") REFERENCES "public"."returns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "return_lines" ADD CONSTRAINT "return_lines_order_item_id_order_items_id_fk" FOREIGN KEY ("order_item_id") REFERENCES "public"."order_items"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "return_photos" ADD CONSTRAINT "return_photos_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "return_photos" ADD CONSTRAINT "return_photos_return_id_returns_id_fk" FOREIGN KEY ("return_id") REFERENCES "public"."returns"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "return_refunds" ADD CONSTRAINT "return_refunds_return_id_returns_id_fk" FOREIGN KEY ("return_id") REFERENCES "public"."returns"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "return_settings" ADD CONSTRAINT "return_settings_updated_by_staff_id_staff_id_fk" FOREIGN KEY ("updated_by_staff_id") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "returns" ADD CONSTRAINT "returns_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "returns" ADD CONSTRAINT "returns_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "returns" ADD CONSTRAINT "returns_replacement_order_id_orders_id_fk" FOREIGN KEY ("replacement_order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "return_events_return_idx" ON "return_events" USING btree ("return_id","created_at");--> statement-breakpoint
CREATE INDEX "return_lines_item_idx" ON "return_lines" USING btree ("order_item_id");--> statement-breakpoint
CREATE INDEX "return_photos_order_idx" ON "return_photos" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "return_photos_return_idx" ON "return_photos" USING btree ("return_id");--> statement-breakpoint
CREATE UNIQUE INDEX "return_refunds_attempt_idx" ON "return_refunds" USING btree ("return_id","attempt");--> statement-breakpoint
CREATE INDEX "returns_order_idx" ON "returns" USING btree ("order_id","created_at");--> statement-breakpoint
CREATE INDEX "returns_status_idx" ON "returns" USING btree ("status","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "returns_request_key_idx" ON "returns" USING btree ("order_id","request_key");--> statement-breakpoint
CREATE INDEX "returns_awb_idx" ON "returns" USING btree ("awb_code");--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_replacement_of_order_id_orders_id_fk" FOREIGN KEY ("replacement_of_order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "orders_replacement_of_idx" ON "orders" USING btree ("replacement_of_order_id") WHERE "orders"."replacement_of_order_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "stock_movements_return_idx" ON "stock_movements" USING btree ("return_id","product_id","reason") WHERE "stock_movements"."return_id" is not null;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_total_positive" CHECK ("orders"."total_paise" >= 100 or ("orders"."replacement_of_order_id" is not null and "orders"."total_paise" = 0));