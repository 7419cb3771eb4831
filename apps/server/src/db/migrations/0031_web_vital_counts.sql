CREATE TABLE "web_vital_counts" (
	"day" date NOT NULL,
	"page_type" text NOT NULL,
	"metric" text NOT NULL,
	"device" text NOT NULL,
	"bucket" integer NOT NULL,
	"count" bigint DEFAULT 1 NOT NULL,
	CONSTRAINT "web_vital_counts_day_page_type_metric_device_bucket_pk" PRIMARY KEY("day","page_type","metric","device","bucket"),
	CONSTRAINT "web_vital_counts_metric_check" CHECK ("web_vital_counts"."metric" in ('LCP', 'INP', 'CLS')),
	CONSTRAINT "web_vital_counts_device_check" CHECK ("web_vital_counts"."device" in ('phone', 'tablet', 'desktop'))
);
