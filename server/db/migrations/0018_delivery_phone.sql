ALTER TABLE "users" ADD COLUMN "delivery_phone" text;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_delivery_phone_ten_digits" CHECK ("users"."delivery_phone" ~ '^[0-9]{10}$');