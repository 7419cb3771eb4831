DROP INDEX "projects_status_watch_idx";--> statement-breakpoint
CREATE INDEX "projects_status_collect_idx" ON "projects" USING btree ("publish_status","collect_number");--> statement-breakpoint
ALTER TABLE "projects" DROP COLUMN "watch_count";