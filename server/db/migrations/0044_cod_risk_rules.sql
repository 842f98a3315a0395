CREATE TABLE "cod_risk_refusals" (
	"day" date NOT NULL,
	"rule" text NOT NULL,
	"user_id" uuid NOT NULL,
	"pincode" text NOT NULL,
	"order_paise" integer NOT NULL,
	"checks" integer DEFAULT 1 NOT NULL,
	"last_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cod_risk_refusals_day_rule_user_id_pk" PRIMARY KEY("day","rule","user_id")
);
--> statement-breakpoint
CREATE TABLE "cod_risk_settings" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"first_order_limit_enabled" boolean DEFAULT true NOT NULL,
	"first_order_limit_paise" integer DEFAULT 150000 NOT NULL,
	"pincode_rto_enabled" boolean DEFAULT true NOT NULL,
	"pincode_rto_window" integer DEFAULT 20 NOT NULL,
	"pincode_rto_min_sample" integer DEFAULT 10 NOT NULL,
	"pincode_rto_threshold_percent" integer DEFAULT 40 NOT NULL,
	"updated_by_staff_id" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cod_risk_settings_single_row" CHECK ("cod_risk_settings"."id" = 1),
	CONSTRAINT "cod_risk_settings_sample" CHECK ("cod_risk_settings"."pincode_rto_min_sample" <= "cod_risk_settings"."pincode_rto_window")
);
--> statement-breakpoint
ALTER TABLE "cod_risk_refusals" ADD CONSTRAINT "cod_risk_refusals_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cod_risk_settings" ADD CONSTRAINT "cod_risk_settings_updated_by_staff_id_staff_id_fk" FOREIGN KEY ("updated_by_staff_id") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "cod_risk_refusals_last_idx" ON "cod_risk_refusals" USING btree ("last_at");--> statement-breakpoint
CREATE INDEX "orders_cod_outcome_pincode_idx" ON "orders" USING btree (("shipping_address"->>'pincode'),"created_at") WHERE "orders"."payment_method" = 'COD' and "orders"."status" in ('delivered', 'returned_to_origin');