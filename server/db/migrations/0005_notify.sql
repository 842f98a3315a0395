ALTER TABLE "users" ALTER COLUMN "email" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "html" text;--> statement-breakpoint
-- docs/product.md#phone-and-email: a phone signup has no e-mail; drop the made-up ones of earlier signups.
UPDATE "users" SET "email" = NULL WHERE "email" LIKE '%@phone.ottomanmittens.in';--> statement-breakpoint
UPDATE "orders" SET "contact" = jsonb_set("contact", '{email}', '""') WHERE "contact"->>'email' LIKE '%@phone.ottomanmittens.in';
