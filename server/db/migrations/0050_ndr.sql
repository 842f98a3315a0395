CREATE TABLE "ndr_links" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"order_id" uuid NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ndr_reports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"shipment_id" uuid NOT NULL,
	"awb_code" text NOT NULL,
	"courier_name" text,
	"pincode" text NOT NULL,
	"payment_method" text NOT NULL,
	"status" text NOT NULL,
	"reason" text NOT NULL,
	"courier_remark" text,
	"attempts" integer NOT NULL,
	"attempted_at" timestamp with time zone NOT NULL,
	"respond_by" timestamp with time zone NOT NULL,
	"default_reattempts" integer DEFAULT 0 NOT NULL,
	"choice_action" text,
	"choice_date" text,
	"choice_phone" text,
	"choice_address_line" text,
	"choice_by" text,
	"choice_at" timestamp with time zone,
	"choice_staff_id" uuid,
	"choice_attempt" integer,
	"sent_attempt" integer,
	"sent_to_courier_at" timestamp with time zone,
	"closed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ndr_reports_attempts_positive" CHECK ("ndr_reports"."attempts" >= 1)
);
--> statement-breakpoint
ALTER TABLE "simulator"."shiprocket_shipments" ADD COLUMN "ndr" jsonb;--> statement-breakpoint
ALTER TABLE "ndr_links" ADD CONSTRAINT "ndr_links_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ndr_reports" ADD CONSTRAINT "ndr_reports_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ndr_reports" ADD CONSTRAINT "ndr_reports_shipment_id_shipments_id_fk" FOREIGN KEY ("shipment_id") REFERENCES "public"."shipments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ndr_reports" ADD CONSTRAINT "ndr_reports_choice_staff_id_staff_id_fk" FOREIGN KEY ("choice_staff_id") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ndr_links_order_idx" ON "ndr_links" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "ndr_reports_shipment_idx" ON "ndr_reports" USING btree ("shipment_id");--> statement-breakpoint
CREATE INDEX "ndr_reports_order_idx" ON "ndr_reports" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "ndr_reports_open_idx" ON "ndr_reports" USING btree ("respond_by") WHERE "ndr_reports"."closed_at" is null;--> statement-breakpoint
CREATE INDEX "ndr_reports_created_idx" ON "ndr_reports" USING btree ("created_at");