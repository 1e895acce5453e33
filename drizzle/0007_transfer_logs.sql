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
ALTER TABLE "transfer_logs" ADD CONSTRAINT "transfer_logs_experiment_id_experiments_id_fk" FOREIGN KEY ("experiment_id") REFERENCES "public"."experiments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "transfer_logs_experiment_idx" ON "transfer_logs" USING btree ("experiment_id","id");