-- docs/architecture.md#accounts: verified phones only are unique; attempt counters, bot-challenge replay and abuse alerts; orders may outlive their account.
CREATE TABLE "attempt_counters" (
	"key" text PRIMARY KEY NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	"window_started_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "security_alerts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"subject" text DEFAULT '' NOT NULL,
	"detail" text NOT NULL,
	"occurrences" integer DEFAULT 1 NOT NULL,
	"raised_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"resolved_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "spent_challenges" (
	"signature" text PRIMARY KEY NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "users" DROP CONSTRAINT "users_phone_unique";--> statement-breakpoint
ALTER TABLE "orders" ALTER COLUMN "user_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "otp_codes" ADD COLUMN "delivered" boolean DEFAULT true NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "security_alerts_open_idx" ON "security_alerts" USING btree ("kind","subject") WHERE "security_alerts"."resolved_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "users_verified_phone_idx" ON "users" USING btree ("phone") WHERE "users"."phone_verified_at" is not null;