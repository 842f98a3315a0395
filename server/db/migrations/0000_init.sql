CREATE TABLE "contact_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"message" text NOT NULL,
	"ip_address" text,
	"user_agent" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "products" (
	"id" integer PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"description" text NOT NULL,
	"price_paise" integer NOT NULL,
	"discount_percent" integer NOT NULL,
	"rating" integer NOT NULL,
	"category" text NOT NULL,
	"sku" text NOT NULL,
	"brand" text NOT NULL,
	"weight_grams" integer NOT NULL,
	"images" jsonb NOT NULL,
	"why_choose" text NOT NULL,
	"benefits" jsonb NOT NULL,
	"changes_observed" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "products_sku_unique" UNIQUE("sku"),
	CONSTRAINT "products_price_paise_positive" CHECK ("products"."price_paise" > 0),
	CONSTRAINT "products_discount_percent_range" CHECK ("products"."discount_percent" between 0 and 100),
	CONSTRAINT "products_rating_range" CHECK ("products"."rating" between 1 and 5),
	CONSTRAINT "products_weight_positive" CHECK ("products"."weight_grams" > 0)
);
--> statement-breakpoint
CREATE INDEX "contact_messages_created_at_idx" ON "contact_messages" USING btree ("created_at");