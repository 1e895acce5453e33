ALTER TABLE "library_wells" DROP CONSTRAINT "library_wells_library_id_libraries_id_fk";
--> statement-breakpoint
DROP INDEX "library_wells_plate_well_idx";--> statement-breakpoint
DROP INDEX "library_wells_compound_idx";--> statement-breakpoint
ALTER TABLE "library_wells" DROP CONSTRAINT "library_wells_pkey";--> statement-breakpoint
ALTER TABLE "library_wells" ADD CONSTRAINT "library_wells_library_id_barcode_well_pk" PRIMARY KEY("library_id","barcode","well");