-- docs/product.md#cod-settings: how long an unconfirmed COD order holds its units, and the orders by one shopper
-- or mobile in a period past which the owner is alerted (issue 42).
ALTER TABLE "cod_settings" ADD COLUMN "hold_minutes" integer DEFAULT 30 NOT NULL;--> statement-breakpoint
ALTER TABLE "cod_settings" ADD COLUMN "velocity_orders" integer DEFAULT 3 NOT NULL;--> statement-breakpoint
ALTER TABLE "cod_settings" ADD COLUMN "velocity_hours" integer DEFAULT 24 NOT NULL;