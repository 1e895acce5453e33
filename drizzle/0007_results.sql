CREATE TABLE "readouts" (
	"id" serial PRIMARY KEY NOT NULL,
	"experiment_id" integer NOT NULL,
	"run" integer NOT NULL,
	"barcode" text NOT NULL,
	"channel" text NOT NULL,
	"file_name" text NOT NULL,
	"wells" integer NOT NULL,
	"values" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "readouts" ADD CONSTRAINT "readouts_experiment_id_experiments_id_fk" FOREIGN KEY ("experiment_id") REFERENCES "public"."experiments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "readouts_experiment_idx" ON "readouts" USING btree ("experiment_id","run");