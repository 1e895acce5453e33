CREATE TABLE "plate_log" (
	"experiment_id" integer NOT NULL,
	"version" integer NOT NULL,
	"base_version" integer NOT NULL,
	"author" text NOT NULL,
	"ops" jsonb NOT NULL,
	"changed" jsonb NOT NULL,
	"before" jsonb NOT NULL,
	"hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "plate_log_experiment_id_version_pk" PRIMARY KEY("experiment_id","version")
);
--> statement-breakpoint
CREATE TABLE "plate_wells" (
	"experiment_id" integer NOT NULL,
	"well" text NOT NULL,
	"data" jsonb NOT NULL,
	CONSTRAINT "plate_wells_experiment_id_well_pk" PRIMARY KEY("experiment_id","well")
);
--> statement-breakpoint
ALTER TABLE "plate_log" ADD CONSTRAINT "plate_log_experiment_id_experiments_id_fk" FOREIGN KEY ("experiment_id") REFERENCES "public"."experiments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plate_wells" ADD CONSTRAINT "plate_wells_experiment_id_experiments_id_fk" FOREIGN KEY ("experiment_id") REFERENCES "public"."experiments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Existing plates: their wells move from plates.state into plate_wells; state keeps the defn.
INSERT INTO "plate_wells" ("experiment_id", "well", "data")
SELECT p."experiment_id", w.key, w.value FROM "plates" p, jsonb_each(COALESCE(p."state" -> 'wells', '{}'::jsonb)) w;--> statement-breakpoint
UPDATE "plates" SET "state" = jsonb_build_object('defn', "state" -> 'defn');
