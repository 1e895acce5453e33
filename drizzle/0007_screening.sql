CREATE TABLE "campaign_plates" (
	"campaign_id" integer NOT NULL,
	"position" integer NOT NULL,
	"experiment_id" integer NOT NULL,
	"barcode" text NOT NULL,
	CONSTRAINT "campaign_plates_campaign_id_position_pk" PRIMARY KEY("campaign_id","position")
);
--> statement-breakpoint
CREATE TABLE "campaigns" (
	"id" serial PRIMARY KEY NOT NULL,
	"owner_id" text NOT NULL,
	"name" text NOT NULL,
	"format" integer NOT NULL,
	"library_id" integer,
	"spec" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "libraries" (
	"id" serial PRIMARY KEY NOT NULL,
	"owner_id" text NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "library_wells" (
	"id" serial PRIMARY KEY NOT NULL,
	"library_id" integer NOT NULL,
	"barcode" text NOT NULL,
	"plate_type" text NOT NULL,
	"well" text NOT NULL,
	"compound_id" text NOT NULL,
	"compound_name" text DEFAULT '' NOT NULL,
	"concentration_nm" double precision NOT NULL,
	"solvent" text NOT NULL,
	"volume_ul" double precision NOT NULL,
	"current_ul" double precision NOT NULL,
	"molecular_weight" double precision
);
--> statement-breakpoint
CREATE TABLE "event_log" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"experiment_id" integer NOT NULL,
	"event" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
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
CREATE TABLE "transfer_logs" (
	"id" serial PRIMARY KEY NOT NULL,
	"experiment_id" integer NOT NULL,
	"kind" text NOT NULL,
	"filename" text NOT NULL,
	"row_count" integer NOT NULL,
	"text" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "campaign_plates" ADD CONSTRAINT "campaign_plates_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaigns" ADD CONSTRAINT "campaigns_library_id_libraries_id_fk" FOREIGN KEY ("library_id") REFERENCES "public"."libraries"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "library_wells" ADD CONSTRAINT "library_wells_library_id_libraries_id_fk" FOREIGN KEY ("library_id") REFERENCES "public"."libraries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "readouts" ADD CONSTRAINT "readouts_experiment_id_experiments_id_fk" FOREIGN KEY ("experiment_id") REFERENCES "public"."experiments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transfer_logs" ADD CONSTRAINT "transfer_logs_experiment_id_experiments_id_fk" FOREIGN KEY ("experiment_id") REFERENCES "public"."experiments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "campaign_plates_experiment_idx" ON "campaign_plates" USING btree ("experiment_id");--> statement-breakpoint
CREATE INDEX "campaigns_owner_idx" ON "campaigns" USING btree ("owner_id","id");--> statement-breakpoint
CREATE INDEX "libraries_owner_idx" ON "libraries" USING btree ("owner_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "library_wells_plate_well_idx" ON "library_wells" USING btree ("library_id","barcode","well");--> statement-breakpoint
CREATE INDEX "library_wells_compound_idx" ON "library_wells" USING btree ("library_id","compound_id");--> statement-breakpoint
CREATE INDEX "event_log_experiment_idx" ON "event_log" USING btree ("experiment_id","id");--> statement-breakpoint
CREATE INDEX "readouts_experiment_idx" ON "readouts" USING btree ("experiment_id","run");--> statement-breakpoint
CREATE INDEX "transfer_logs_experiment_idx" ON "transfer_logs" USING btree ("experiment_id","id");