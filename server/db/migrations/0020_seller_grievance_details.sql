CREATE TABLE "complaint_counters" (
	"year" integer PRIMARY KEY NOT NULL,
	"last_number" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "contact_messages" ADD COLUMN "topic" text DEFAULT 'message' NOT NULL;--> statement-breakpoint
ALTER TABLE "contact_messages" ADD COLUMN "complaint_number" text;--> statement-breakpoint
ALTER TABLE "contact_messages" ADD COLUMN "acknowledge_by" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "contact_messages" ADD COLUMN "resolve_by" date;--> statement-breakpoint
ALTER TABLE "shop_settings" ADD COLUMN "care_email" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "shop_settings" ADD COLUMN "care_phone" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "shop_settings" ADD COLUMN "grievance_officer_name" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "shop_settings" ADD COLUMN "grievance_officer_designation" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "shop_settings" ADD COLUMN "grievance_officer_email" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "shop_settings" ADD COLUMN "grievance_officer_phone" text DEFAULT '' NOT NULL;--> statement-breakpoint
CREATE INDEX "contact_messages_complaints_idx" ON "contact_messages" USING btree ("created_at") WHERE "contact_messages"."topic" = 'complaint';--> statement-breakpoint
ALTER TABLE "contact_messages" ADD CONSTRAINT "contact_messages_complaint_number_unique" UNIQUE("complaint_number");--> statement-breakpoint
ALTER TABLE "contact_messages" ADD CONSTRAINT "contact_messages_complaint_has_number" CHECK (("contact_messages"."topic" = 'complaint') = ("contact_messages"."complaint_number" is not null and "contact_messages"."acknowledge_by" is not null and "contact_messages"."resolve_by" is not null));