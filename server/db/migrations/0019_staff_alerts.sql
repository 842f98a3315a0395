CREATE TABLE "staff_alert_deliveries" (
	"kind" text NOT NULL,
	"subject" text NOT NULL,
	"recipient" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "staff_alert_deliveries_kind_subject_recipient_pk" PRIMARY KEY("kind","subject","recipient")
);
--> statement-breakpoint
CREATE TABLE "staff_push_subscriptions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"staff_id" uuid NOT NULL,
	"endpoint" text NOT NULL,
	"p256dh" text NOT NULL,
	"auth" text NOT NULL,
	"user_agent" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "staff_push_subscriptions_endpoint_unique" UNIQUE("endpoint")
);
--> statement-breakpoint
CREATE TABLE "web_push_keys" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"public_key" text NOT NULL,
	"private_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "web_push_keys_one_row" CHECK ("web_push_keys"."id" = 1)
);
--> statement-breakpoint
ALTER TABLE "staff" ADD COLUMN "new_order_email" text;--> statement-breakpoint
ALTER TABLE "staff_push_subscriptions" ADD CONSTRAINT "staff_push_subscriptions_staff_id_staff_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "staff_alert_deliveries_created_idx" ON "staff_alert_deliveries" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "staff_push_subscriptions_staff_idx" ON "staff_push_subscriptions" USING btree ("staff_id");