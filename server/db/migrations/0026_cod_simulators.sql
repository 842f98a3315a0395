CREATE TABLE "simulator"."razorpayx_payouts" (
	"id" text PRIMARY KEY NOT NULL,
	"idempotency_key" text NOT NULL,
	"request_hash" text NOT NULL,
	"entity" jsonb NOT NULL,
	"created_at" integer NOT NULL,
	"position" integer GENERATED ALWAYS AS IDENTITY (sequence name "simulator"."razorpayx_payouts_position_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	CONSTRAINT "razorpayx_payouts_idempotency_key_unique" UNIQUE("idempotency_key")
);
--> statement-breakpoint
CREATE TABLE "simulator"."shiprocket_remittances" (
	"id" text PRIMARY KEY NOT NULL,
	"utr" text NOT NULL,
	"remitted_on" text NOT NULL,
	"lines" jsonb NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"position" integer GENERATED ALWAYS AS IDENTITY (sequence name "simulator"."shiprocket_remittances_position_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1)
);
--> statement-breakpoint
ALTER TABLE "simulator"."shiprocket_shipments" ADD COLUMN "rto_requested" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "simulator"."shiprocket_shipments" ADD COLUMN "rto_initiated_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "simulator"."shiprocket_shipments" ADD COLUMN "rto_delivered_at" timestamp with time zone;