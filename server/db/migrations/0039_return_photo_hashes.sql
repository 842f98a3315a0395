-- docs/architecture.md#return-photos: a return photo is private; the row keeps its content hash, and the files'
-- public URLs go (they were never served). Rows made before keep the hash their URL carried.
ALTER TABLE "return_photos" ADD COLUMN "image_hash" text;--> statement-breakpoint
UPDATE "return_photos" SET "image_hash" = coalesce(substring("url" from '([0-9a-f]{16})-[0-9]+\.webp$'), '');--> statement-breakpoint
ALTER TABLE "return_photos" ALTER COLUMN "image_hash" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "return_photos" DROP COLUMN "url";--> statement-breakpoint
ALTER TABLE "return_photos" DROP COLUMN "thumbnail_url";
