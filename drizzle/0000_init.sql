CREATE TABLE "agent_observations" (
	"id" serial PRIMARY KEY NOT NULL,
	"experiment_id" integer,
	"agent" text NOT NULL,
	"thread_id" text NOT NULL,
	"kind" text NOT NULL,
	"data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "agent_states" (
	"experiment_id" integer PRIMARY KEY NOT NULL,
	"state" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"etag" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bench_reagents" (
	"id" serial PRIMARY KEY NOT NULL,
	"experiment_id" integer NOT NULL,
	"slug" text NOT NULL,
	"name" text NOT NULL,
	"reagent_type" text NOT NULL,
	"data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"stock_um" double precision,
	"stock_molarity_m" double precision,
	"concentration_units" text,
	"max_concentration_percent" double precision,
	"min_transfer_ul" double precision,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "chat_messages" (
	"id" serial PRIMARY KEY NOT NULL,
	"thread_id" text NOT NULL,
	"role" text NOT NULL,
	"content" text NOT NULL,
	"data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "chat_sessions" (
	"id" serial PRIMARY KEY NOT NULL,
	"experiment_id" integer NOT NULL,
	"owner_id" text NOT NULL,
	"thread_id" text,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_active" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "chat_threads" (
	"thread_id" text PRIMARY KEY NOT NULL,
	"experiment_id" integer NOT NULL,
	"owner_id" text NOT NULL,
	"title" text,
	"status" text DEFAULT 'active' NOT NULL,
	"metadata" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_active" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "experiment_texts" (
	"experiment_id" integer PRIMARY KEY NOT NULL,
	"filename" text,
	"text" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "experiments" (
	"id" serial PRIMARY KEY NOT NULL,
	"owner_id" text NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"plate_type" text NOT NULL,
	"vehicle_slug" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "issue_reports" (
	"id" serial PRIMARY KEY NOT NULL,
	"owner_id" text NOT NULL,
	"experiment_id" integer,
	"session_id" text,
	"description" text NOT NULL,
	"include" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"context" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "plate_versions" (
	"id" serial PRIMARY KEY NOT NULL,
	"experiment_id" integer NOT NULL,
	"version" integer NOT NULL,
	"summary" text,
	"state" jsonb NOT NULL,
	"snapshot" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "plates" (
	"experiment_id" integer PRIMARY KEY NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"state" jsonb NOT NULL,
	"hash" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reagent_definitions" (
	"id" serial PRIMARY KEY NOT NULL,
	"owner_id" text,
	"visibility" text DEFAULT 'private' NOT NULL,
	"slug" text NOT NULL,
	"name" text NOT NULL,
	"reagent_type" text NOT NULL,
	"default_concentration_value" double precision,
	"default_concentration_units" text,
	"solvent" text,
	"molecular_weight_g_per_mol" double precision,
	"data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reagent_stocks" (
	"id" serial PRIMARY KEY NOT NULL,
	"definition_id" integer NOT NULL,
	"experiment_id" integer,
	"owner_id" text NOT NULL,
	"concentration_value" double precision,
	"concentration_units" text,
	"data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "agent_observations" ADD CONSTRAINT "agent_observations_experiment_id_experiments_id_fk" FOREIGN KEY ("experiment_id") REFERENCES "public"."experiments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agent_states" ADD CONSTRAINT "agent_states_experiment_id_experiments_id_fk" FOREIGN KEY ("experiment_id") REFERENCES "public"."experiments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bench_reagents" ADD CONSTRAINT "bench_reagents_experiment_id_experiments_id_fk" FOREIGN KEY ("experiment_id") REFERENCES "public"."experiments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_messages" ADD CONSTRAINT "chat_messages_thread_id_chat_threads_thread_id_fk" FOREIGN KEY ("thread_id") REFERENCES "public"."chat_threads"("thread_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_sessions" ADD CONSTRAINT "chat_sessions_experiment_id_experiments_id_fk" FOREIGN KEY ("experiment_id") REFERENCES "public"."experiments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_threads" ADD CONSTRAINT "chat_threads_experiment_id_experiments_id_fk" FOREIGN KEY ("experiment_id") REFERENCES "public"."experiments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "experiment_texts" ADD CONSTRAINT "experiment_texts_experiment_id_experiments_id_fk" FOREIGN KEY ("experiment_id") REFERENCES "public"."experiments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "issue_reports" ADD CONSTRAINT "issue_reports_experiment_id_experiments_id_fk" FOREIGN KEY ("experiment_id") REFERENCES "public"."experiments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plate_versions" ADD CONSTRAINT "plate_versions_experiment_id_experiments_id_fk" FOREIGN KEY ("experiment_id") REFERENCES "public"."experiments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plates" ADD CONSTRAINT "plates_experiment_id_experiments_id_fk" FOREIGN KEY ("experiment_id") REFERENCES "public"."experiments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reagent_stocks" ADD CONSTRAINT "reagent_stocks_definition_id_reagent_definitions_id_fk" FOREIGN KEY ("definition_id") REFERENCES "public"."reagent_definitions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reagent_stocks" ADD CONSTRAINT "reagent_stocks_experiment_id_experiments_id_fk" FOREIGN KEY ("experiment_id") REFERENCES "public"."experiments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "agent_observations_thread_idx" ON "agent_observations" USING btree ("agent","thread_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "bench_reagents_experiment_slug_idx" ON "bench_reagents" USING btree ("experiment_id","slug");--> statement-breakpoint
CREATE INDEX "chat_messages_thread_idx" ON "chat_messages" USING btree ("thread_id","id");--> statement-breakpoint
CREATE INDEX "chat_sessions_experiment_active_idx" ON "chat_sessions" USING btree ("experiment_id","last_active");--> statement-breakpoint
CREATE INDEX "chat_threads_experiment_active_idx" ON "chat_threads" USING btree ("experiment_id","last_active");--> statement-breakpoint
CREATE INDEX "experiments_owner_updated_idx" ON "experiments" USING btree ("owner_id","updated_at");--> statement-breakpoint
CREATE INDEX "issue_reports_owner_idx" ON "issue_reports" USING btree ("owner_id","created_at");--> statement-breakpoint
CREATE INDEX "plate_versions_experiment_idx" ON "plate_versions" USING btree ("experiment_id","id");--> statement-breakpoint
CREATE INDEX "reagent_definitions_owner_idx" ON "reagent_definitions" USING btree ("owner_id");--> statement-breakpoint
CREATE INDEX "reagent_definitions_visibility_idx" ON "reagent_definitions" USING btree ("visibility");--> statement-breakpoint
CREATE INDEX "reagent_definitions_slug_idx" ON "reagent_definitions" USING btree ("slug");--> statement-breakpoint
CREATE INDEX "reagent_stocks_definition_idx" ON "reagent_stocks" USING btree ("definition_id");--> statement-breakpoint
CREATE INDEX "reagent_stocks_experiment_idx" ON "reagent_stocks" USING btree ("experiment_id");--> statement-breakpoint
CREATE INDEX "reagent_stocks_owner_idx" ON "reagent_stocks" USING btree ("owner_id");