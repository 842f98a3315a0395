ALTER TABLE "simulator"."shiprocket_shipments" ADD COLUMN "kind" text DEFAULT 'forward' NOT NULL;--> statement-breakpoint
ALTER TABLE "simulator"."shiprocket_shipments" ADD COLUMN "failure" text;--> statement-breakpoint
ALTER TABLE "simulator"."shiprocket_shipments" ADD COLUMN "failure_steps" integer DEFAULT 0 NOT NULL;