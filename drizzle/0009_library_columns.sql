CREATE TABLE "library_columns" (
	"library_id" integer PRIMARY KEY NOT NULL,
	"revision" integer NOT NULL,
	"columns" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "library_columns" ADD CONSTRAINT "library_columns_library_id_libraries_id_fk" FOREIGN KEY ("library_id") REFERENCES "public"."libraries"("id") ON DELETE cascade ON UPDATE no action;