ALTER TABLE "cod_risk_settings" ADD COLUMN "advance_for" text DEFAULT 'risky' NOT NULL;--> statement-breakpoint
ALTER TABLE "cod_risk_settings" ADD COLUMN "advance_kind" text DEFAULT 'fixed' NOT NULL;--> statement-breakpoint
ALTER TABLE "cod_risk_settings" ADD COLUMN "advance_fixed_paise" integer DEFAULT 9900 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "cod_advance_paise" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "cod_advance" text;