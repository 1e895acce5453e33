CREATE TABLE "plate_rows" (
	"experiment_id" integer NOT NULL,
	"row" integer NOT NULL,
	"wells" text NOT NULL,
	CONSTRAINT "plate_rows_experiment_id_row_pk" PRIMARY KEY("experiment_id","row")
);
--> statement-breakpoint
-- The wells kept one row per well move to one row per plate row: A = 0 .. Z = 25, AA = 26 ..
-- AF = 31, each row's wells in column order.
INSERT INTO "plate_rows" ("experiment_id", "row", "wells")
SELECT "experiment_id", "r", json_object_agg("well", "data" ORDER BY "col")::text
FROM (
	SELECT "experiment_id", "well", "data",
		CASE WHEN length("letters") = 1 THEN ascii("letters") - 65
			ELSE 26 + ascii(substr("letters", 2, 1)) - 65 END AS "r",
		substring("well" from '[0-9]+$')::int AS "col"
	FROM (SELECT *, substring("well" from '^[A-Z]+') AS "letters" FROM "plate_wells") AS "w"
) AS "x"
GROUP BY "experiment_id", "r";
--> statement-breakpoint
DROP TABLE "plate_wells" CASCADE;--> statement-breakpoint
ALTER TABLE "plate_log" ALTER COLUMN "changed" SET DATA TYPE text;--> statement-breakpoint
ALTER TABLE "plate_log" ALTER COLUMN "before" SET DATA TYPE text;--> statement-breakpoint
ALTER TABLE "plate_versions" ALTER COLUMN "state" SET DATA TYPE text;--> statement-breakpoint
ALTER TABLE "plate_rows" ADD CONSTRAINT "plate_rows_experiment_id_experiments_id_fk" FOREIGN KEY ("experiment_id") REFERENCES "public"."experiments"("id") ON DELETE cascade ON UPDATE no action;
