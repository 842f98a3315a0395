CREATE TABLE "cod_payouts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"request_key" text NOT NULL,
	"idempotency_key" text NOT NULL,
	"razorpay_payout_id" text,
	"amount_paise" integer NOT NULL,
	"vpa" text NOT NULL,
	"reason" text NOT NULL,
	"return_id" text,
	"staff_id" uuid,
	"status" text NOT NULL,
	"utr" text,
	"failure" text,
	"settled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cod_payouts_amount_positive" CHECK ("cod_payouts"."amount_paise" > 0)
);
--> statement-breakpoint
CREATE TABLE "cod_refunds_paid_elsewhere" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"request_key" text,
	"amount_paise" integer NOT NULL,
	"how" text NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"return_id" text,
	"staff_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cod_refunds_paid_elsewhere_amount_positive" CHECK ("cod_refunds_paid_elsewhere"."amount_paise" > 0)
);
--> statement-breakpoint
CREATE TABLE "cod_remittance_lines" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"remittance_id" uuid NOT NULL,
	"line" integer NOT NULL,
	"awb" text NOT NULL,
	"file_order_id" text NOT NULL,
	"order_id" uuid,
	"cod_amount_paise" integer NOT NULL,
	"remitted_amount_paise" integer NOT NULL,
	"expected_paise" integer,
	"mismatch" text,
	"checked_at" timestamp with time zone,
	"checked_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cod_remittances" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"reference" text NOT NULL,
	"utr" text NOT NULL,
	"remitted_on" date NOT NULL,
	"amount_paise" integer NOT NULL,
	"source" text NOT NULL,
	"imported_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payout_webhook_events" (
	"dedupe_key" text PRIMARY KEY NOT NULL,
	"event" text NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"processed_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "cod_payouts" ADD CONSTRAINT "cod_payouts_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cod_payouts" ADD CONSTRAINT "cod_payouts_staff_id_staff_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cod_refunds_paid_elsewhere" ADD CONSTRAINT "cod_refunds_paid_elsewhere_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cod_refunds_paid_elsewhere" ADD CONSTRAINT "cod_refunds_paid_elsewhere_staff_id_staff_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cod_remittance_lines" ADD CONSTRAINT "cod_remittance_lines_remittance_id_cod_remittances_id_fk" FOREIGN KEY ("remittance_id") REFERENCES "public"."cod_remittances"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cod_remittance_lines" ADD CONSTRAINT "cod_remittance_lines_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cod_remittance_lines" ADD CONSTRAINT "cod_remittance_lines_checked_by_staff_id_fk" FOREIGN KEY ("checked_by") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cod_remittances" ADD CONSTRAINT "cod_remittances_imported_by_staff_id_fk" FOREIGN KEY ("imported_by") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "cod_payouts_request_key_idx" ON "cod_payouts" USING btree ("request_key");--> statement-breakpoint
CREATE UNIQUE INDEX "cod_payouts_razorpay_payout_id_idx" ON "cod_payouts" USING btree ("razorpay_payout_id");--> statement-breakpoint
CREATE INDEX "cod_payouts_order_idx" ON "cod_payouts" USING btree ("order_id","created_at");--> statement-breakpoint
CREATE INDEX "cod_payouts_open_idx" ON "cod_payouts" USING btree ("status","updated_at");--> statement-breakpoint
CREATE UNIQUE INDEX "cod_refunds_paid_elsewhere_key_idx" ON "cod_refunds_paid_elsewhere" USING btree ("request_key");--> statement-breakpoint
CREATE INDEX "cod_refunds_paid_elsewhere_order_idx" ON "cod_refunds_paid_elsewhere" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "cod_remittance_lines_awb_idx" ON "cod_remittance_lines" USING btree ("remittance_id","awb");--> statement-breakpoint
CREATE INDEX "cod_remittance_lines_order_idx" ON "cod_remittance_lines" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "cod_remittance_lines_mismatch_idx" ON "cod_remittance_lines" USING btree ("mismatch") WHERE "cod_remittance_lines"."mismatch" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "cod_remittances_reference_idx" ON "cod_remittances" USING btree ("reference");