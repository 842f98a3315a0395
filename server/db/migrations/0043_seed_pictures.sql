-- docs/architecture.md#seed-images: a product still showing the seed's SVG pictures shows the raster pictures
-- made from them, stored as an upload's are; orders keep the URLs they were placed with.
UPDATE "products" SET "images" = (
	SELECT jsonb_agg(
		to_jsonb(regexp_replace(listed.image, '^/images/products/([0-9]+-[0-9]+)\.svg$', '/images/products/\1-800.webp'))
		ORDER BY listed.position)
	FROM jsonb_array_elements_text("products"."images") WITH ORDINALITY AS listed(image, position)
), "updated_at" = now()
WHERE "images"::text ~ '/images/products/[0-9]+-[0-9]+\.svg';
