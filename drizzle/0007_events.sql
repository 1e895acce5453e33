CREATE TABLE "event_log" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"experiment_id" integer NOT NULL,
	"event" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "event_log_experiment_idx" ON "event_log" USING btree ("experiment_id","id");