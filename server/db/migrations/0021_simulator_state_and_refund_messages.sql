CREATE SCHEMA "simulator";
--> statement-breakpoint
CREATE TABLE "simulator"."razorpay_orders" (
	"id" text PRIMARY KEY NOT NULL,
	"amount" integer NOT NULL,
	"amount_paid" integer DEFAULT 0 NOT NULL,
	"currency" text NOT NULL,
	"receipt" text,
	"status" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"notes" jsonb NOT NULL,
	"created_at" integer NOT NULL,
	"position" integer GENERATED ALWAYS AS IDENTITY (sequence name "simulator"."razorpay_orders_position_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1)
);
--> statement-breakpoint
CREATE TABLE "simulator"."razorpay_payments" (
	"id" text PRIMARY KEY NOT NULL,
	"order_id" text NOT NULL,
	"amount" integer NOT NULL,
	"currency" text NOT NULL,
	"status" text NOT NULL,
	"amount_refunded" integer DEFAULT 0 NOT NULL,
	"refund_status" text,
	"captured" boolean DEFAULT false NOT NULL,
	"fee" integer,
	"tax" integer,
	"details" jsonb NOT NULL,
	"created_at" integer NOT NULL,
	"position" integer GENERATED ALWAYS AS IDENTITY (sequence name "simulator"."razorpay_payments_position_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1)
);
--> statement-breakpoint
CREATE TABLE "simulator"."razorpay_refunds" (
	"id" text PRIMARY KEY NOT NULL,
	"payment_id" text NOT NULL,
	"amount" integer NOT NULL,
	"currency" text NOT NULL,
	"status" text NOT NULL,
	"speed_requested" text NOT NULL,
	"speed_processed" text NOT NULL,
	"notes" jsonb NOT NULL,
	"receipt" text,
	"idempotency_key" text,
	"created_at" integer NOT NULL,
	"position" integer GENERATED ALWAYS AS IDENTITY (sequence name "simulator"."razorpay_refunds_position_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1)
);
--> statement-breakpoint
CREATE TABLE "simulator"."shiprocket_shipments" (
	"id" bigint PRIMARY KEY NOT NULL,
	"order_id" bigint NOT NULL,
	"channel_order_id" text NOT NULL,
	"order" jsonb NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"step" integer DEFAULT 0 NOT NULL,
	"cancelled" boolean DEFAULT false NOT NULL,
	"courier" jsonb,
	"awb" text,
	"awb_assigned_at" timestamp with time zone,
	"pickup_scheduled_at" timestamp with time zone,
	"etd" timestamp with time zone,
	"delivered_at" timestamp with time zone,
	"scans" jsonb NOT NULL,
	"position" integer GENERATED ALWAYS AS IDENTITY (sequence name "simulator"."shiprocket_shipments_position_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1)
);
--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "shopper_notified_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "simulator"."razorpay_payments" ADD CONSTRAINT "razorpay_payments_order_id_razorpay_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "simulator"."razorpay_orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "simulator"."razorpay_refunds" ADD CONSTRAINT "razorpay_refunds_payment_id_razorpay_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "simulator"."razorpay_payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "razorpay_refunds_idempotency_key_idx" ON "simulator"."razorpay_refunds" USING btree ("payment_id","idempotency_key");