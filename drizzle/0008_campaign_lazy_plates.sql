CREATE TABLE "campaign_layouts" (
	"campaign_id" integer NOT NULL,
	"layout" integer NOT NULL,
	"wells" text NOT NULL,
	"ops" text NOT NULL,
	"touched" text NOT NULL,
	"before" text NOT NULL,
	"marked" text NOT NULL,
	CONSTRAINT "campaign_layouts_campaign_id_layout_pk" PRIMARY KEY("campaign_id","layout")
);
--> statement-breakpoint
ALTER TABLE "campaign_plates" ADD COLUMN "layout" integer;--> statement-breakpoint
ALTER TABLE "campaign_plates" ADD COLUMN "compounds" text;--> statement-breakpoint
ALTER TABLE "libraries" ADD COLUMN "revision" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "campaign_layouts" ADD CONSTRAINT "campaign_layouts_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE cascade ON UPDATE no action;