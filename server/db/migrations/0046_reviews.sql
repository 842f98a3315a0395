CREATE TABLE "review_links" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"order_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "review_photos" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"review_id" uuid NOT NULL,
	"image_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "review_request_opt_outs" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "review_requests" (
	"order_id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	"channel" text,
	"skipped" text
);
--> statement-breakpoint
CREATE TABLE "review_settings" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"auto_publish" boolean DEFAULT true NOT NULL,
	"request_delay_days" integer DEFAULT 5 NOT NULL,
	"updated_by_staff_id" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "review_settings_single_row" CHECK ("review_settings"."id" = 1),
	CONSTRAINT "review_settings_delay_range" CHECK ("review_settings"."request_delay_days" between 1 and 60)
);
--> statement-breakpoint
CREATE TABLE "review_votes" (
	"review_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "review_votes_review_id_user_id_pk" PRIMARY KEY("review_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "reviews" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"product_id" integer NOT NULL,
	"user_id" uuid NOT NULL,
	"order_id" uuid NOT NULL,
	"rating" integer NOT NULL,
	"title" text NOT NULL,
	"body" text NOT NULL,
	"show_name_and_city" boolean DEFAULT false NOT NULL,
	"author_first_name" text DEFAULT '' NOT NULL,
	"author_city" text DEFAULT '' NOT NULL,
	"status" text NOT NULL,
	"hidden_reason" text,
	"hidden_at" timestamp with time zone,
	"reply" text,
	"reply_at" timestamp with time zone,
	"reply_staff_id" uuid,
	"helpful_count" integer DEFAULT 0 NOT NULL,
	"photo_count" integer DEFAULT 0 NOT NULL,
	"edited_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reviews_rating_range" CHECK ("reviews"."rating" between 1 and 5),
	CONSTRAINT "reviews_hidden_has_reason" CHECK ("reviews"."status" <> 'hidden' or "reviews"."hidden_reason" is not null),
	CONSTRAINT "reviews_counts_not_negative" CHECK ("reviews"."helpful_count" >= 0 and "reviews"."photo_count" between 0 and 4)
);
--> statement-breakpoint
ALTER TABLE "review_links" ADD CONSTRAINT "review_links_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_links" ADD CONSTRAINT "review_links_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_photos" ADD CONSTRAINT "review_photos_review_id_reviews_id_fk" FOREIGN KEY ("review_id") REFERENCES "public"."reviews"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_request_opt_outs" ADD CONSTRAINT "review_request_opt_outs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_requests" ADD CONSTRAINT "review_requests_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_requests" ADD CONSTRAINT "review_requests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_settings" ADD CONSTRAINT "review_settings_updated_by_staff_id_staff_id_fk" FOREIGN KEY ("updated_by_staff_id") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_votes" ADD CONSTRAINT "review_votes_review_id_reviews_id_fk" FOREIGN KEY ("review_id") REFERENCES "public"."reviews"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_votes" ADD CONSTRAINT "review_votes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_reply_staff_id_staff_id_fk" FOREIGN KEY ("reply_staff_id") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "review_links_order_idx" ON "review_links" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "review_photos_review_idx" ON "review_photos" USING btree ("review_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "reviews_one_per_shopper_idx" ON "reviews" USING btree ("product_id","user_id");--> statement-breakpoint
CREATE INDEX "reviews_product_status_idx" ON "reviews" USING btree ("product_id","status","created_at");--> statement-breakpoint
CREATE INDEX "reviews_status_idx" ON "reviews" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "reviews_user_idx" ON "reviews" USING btree ("user_id");--> statement-breakpoint
-- docs/architecture.md#reviews: every process keeps the catalogue and the rendered pages in memory
-- (docs/operations.md#catalogue-cache). A change of what is published that moves a product's count, average or
-- earned rating (a published review written or deleted, or its status or stars changed) counts as a change of the
-- products; any change of what a published review shows (its text, its reply, its photos) as one of `reviews`, which
-- the product pages' JSON-LD and reviews read. A vote changes neither.
CREATE FUNCTION "notify_published_reviews_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	PERFORM pg_notify('catalogue_changes', TG_ARGV[0]);
	RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "reviews_published_added_notify" AFTER INSERT ON "reviews"
	FOR EACH ROW WHEN (NEW."status" = 'published') EXECUTE FUNCTION "notify_published_reviews_change"('products');
--> statement-breakpoint
CREATE TRIGGER "reviews_published_removed_notify" AFTER DELETE ON "reviews"
	FOR EACH ROW WHEN (OLD."status" = 'published') EXECUTE FUNCTION "notify_published_reviews_change"('products');
--> statement-breakpoint
CREATE TRIGGER "reviews_published_changed_notify" AFTER UPDATE ON "reviews"
	FOR EACH ROW WHEN (
		(OLD."status" = 'published' OR NEW."status" = 'published')
		AND (OLD."status", OLD."rating") IS DISTINCT FROM (NEW."status", NEW."rating")
	) EXECUTE FUNCTION "notify_published_reviews_change"('products');
--> statement-breakpoint
CREATE TRIGGER "reviews_shown_added_or_removed_notify" AFTER INSERT OR DELETE ON "reviews"
	FOR EACH STATEMENT EXECUTE FUNCTION "notify_published_reviews_change"('reviews');
--> statement-breakpoint
CREATE TRIGGER "reviews_shown_changed_notify" AFTER UPDATE ON "reviews"
	FOR EACH ROW WHEN (
		(OLD."status" = 'published' OR NEW."status" = 'published')
		AND (to_jsonb(OLD) - ARRAY['helpful_count', 'updated_at'])
			IS DISTINCT FROM (to_jsonb(NEW) - ARRAY['helpful_count', 'updated_at'])
	) EXECUTE FUNCTION "notify_published_reviews_change"('reviews');
