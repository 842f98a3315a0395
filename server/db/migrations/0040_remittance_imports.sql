CREATE TABLE "cod_remittance_imports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"file_sha256" text NOT NULL,
	"csv" text NOT NULL,
	"source" text NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"lines_total" integer NOT NULL,
	"lines_done" integer DEFAULT 0 NOT NULL,
	"lines_stored" integer DEFAULT 0 NOT NULL,
	"remittances" integer DEFAULT 0 NOT NULL,
	"repeated" integer DEFAULT 0 NOT NULL,
	"mismatches" integer DEFAULT 0 NOT NULL,
	"error" text,
	"imported_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "cod_remittances" ADD COLUMN "import_id" uuid;--> statement-breakpoint
ALTER TABLE "cod_remittance_imports" ADD CONSTRAINT "cod_remittance_imports_imported_by_staff_id_fk" FOREIGN KEY ("imported_by") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "cod_remittance_imports_file_idx" ON "cod_remittance_imports" USING btree ("file_sha256");--> statement-breakpoint
CREATE INDEX "cod_remittance_imports_created_idx" ON "cod_remittance_imports" USING btree ("created_at");--> statement-breakpoint
ALTER TABLE "cod_remittances" ADD CONSTRAINT "cod_remittances_import_id_cod_remittance_imports_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."cod_remittance_imports"("id") ON DELETE no action ON UPDATE no action;