ALTER TABLE "contact_messages" ADD COLUMN "user_id" uuid;--> statement-breakpoint
ALTER TABLE "contact_messages" ADD CONSTRAINT "contact_messages_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "contact_messages_user_idx" ON "contact_messages" USING btree ("user_id") WHERE "contact_messages"."user_id" is not null;--> statement-breakpoint
-- docs/product.md#policies: the footer and the policy pages describe cash on delivery from its settings, and every
-- process keeps those pages with the shop settings (docs/operations.md#catalogue-cache): a change of the COD
-- settings counts as one of them, as a change of the return settings does (0032).
CREATE FUNCTION "notify_cod_settings_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	PERFORM pg_notify('catalogue_changes', 'shop_settings');
	RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "cod_settings_change_notify" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "cod_settings"
	FOR EACH STATEMENT EXECUTE FUNCTION "notify_cod_settings_change"();
