CREATE TABLE "checkout_reminders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"step" integer NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"skipped_reason" text,
	"channel" text,
	"coupon_code" text,
	"link_hash" text,
	"sent_at" timestamp with time zone,
	"resumed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "checkout_reminders_step" CHECK ("checkout_reminders"."step" in (1, 2)),
	CONSTRAINT "checkout_reminders_skipped_reason" CHECK (("checkout_reminders"."status" = 'skipped') = ("checkout_reminders"."skipped_reason" is not null))
);
--> statement-breakpoint
CREATE TABLE "reminder_opt_outs" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "restocks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"product_id" integer NOT NULL,
	"units" integer NOT NULL,
	"processed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "restocks_units_positive" CHECK ("restocks"."units" > 0)
);
--> statement-breakpoint
CREATE TABLE "stock_notify_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"product_id" integer NOT NULL,
	"channel" text NOT NULL,
	"restock_id" uuid,
	"told_at" timestamp with time zone,
	"skipped_reason" text,
	"cancelled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "winback_settings" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"first_delay_minutes" integer DEFAULT 60 NOT NULL,
	"second_delay_minutes" integer DEFAULT 1380 NOT NULL,
	"second_reminder_code" text,
	"updated_by_staff_id" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "winback_settings_single_row" CHECK ("winback_settings"."id" = 1),
	CONSTRAINT "winback_settings_delays" CHECK ("winback_settings"."first_delay_minutes" between 30 and 720 and "winback_settings"."second_delay_minutes" between "winback_settings"."first_delay_minutes" + 60 and 4320)
);
--> statement-breakpoint
ALTER TABLE "checkout_reminders" ADD CONSTRAINT "checkout_reminders_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checkout_reminders" ADD CONSTRAINT "checkout_reminders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reminder_opt_outs" ADD CONSTRAINT "reminder_opt_outs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "restocks" ADD CONSTRAINT "restocks_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_notify_requests" ADD CONSTRAINT "stock_notify_requests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_notify_requests" ADD CONSTRAINT "stock_notify_requests_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "winback_settings" ADD CONSTRAINT "winback_settings_updated_by_staff_id_staff_id_fk" FOREIGN KEY ("updated_by_staff_id") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "checkout_reminders_order_step_idx" ON "checkout_reminders" USING btree ("order_id","step");--> statement-breakpoint
CREATE UNIQUE INDEX "checkout_reminders_link_idx" ON "checkout_reminders" USING btree ("link_hash");--> statement-breakpoint
CREATE INDEX "checkout_reminders_user_sent_idx" ON "checkout_reminders" USING btree ("user_id","sent_at");--> statement-breakpoint
CREATE INDEX "checkout_reminders_sent_idx" ON "checkout_reminders" USING btree ("sent_at");--> statement-breakpoint
CREATE INDEX "restocks_pending_idx" ON "restocks" USING btree ("created_at") WHERE "restocks"."processed_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "stock_notify_requests_waiting_idx" ON "stock_notify_requests" USING btree ("user_id","product_id") WHERE "stock_notify_requests"."restock_id" is null and "stock_notify_requests"."cancelled_at" is null;--> statement-breakpoint
CREATE INDEX "stock_notify_requests_list_idx" ON "stock_notify_requests" USING btree ("product_id","created_at","id") WHERE "stock_notify_requests"."restock_id" is null and "stock_notify_requests"."cancelled_at" is null;--> statement-breakpoint
CREATE INDEX "stock_notify_requests_user_told_idx" ON "stock_notify_requests" USING btree ("user_id","told_at");