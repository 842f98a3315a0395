-- docs/product.md#returns: the policy pages state the return window, and every process keeps those pages with the
-- shop settings (docs/operations.md#catalogue-cache): a change of the return settings counts as one of them.
CREATE FUNCTION "notify_return_settings_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	PERFORM pg_notify('catalogue_changes', 'shop_settings');
	RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "return_settings_change_notify" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "return_settings"
	FOR EACH STATEMENT EXECUTE FUNCTION "notify_return_settings_change"();
