ALTER TABLE "plate_log" ALTER COLUMN "ops" SET DATA TYPE json USING "ops"::json;--> statement-breakpoint
ALTER TABLE "plate_log" ALTER COLUMN "changed" SET DATA TYPE json USING "changed"::json;--> statement-breakpoint
ALTER TABLE "plate_log" ALTER COLUMN "before" SET DATA TYPE json USING "before"::json;--> statement-breakpoint
ALTER TABLE "plate_versions" ALTER COLUMN "state" SET DATA TYPE json USING "state"::json;
