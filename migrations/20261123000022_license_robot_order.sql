-- The license search by robot name returns its matches in list order
-- (newest first) straight from the robot index: with `created_at` in it the
-- matching robots' licenses come from an index-only scan already carrying
-- their order, where the semi-join of ids re-read each license through the
-- primary key (10–14 ms → under 4 ms for 3,746 licenses; docs/benchmarks.md).
CREATE INDEX tenant_client_robots_robot_listed_idx ON tenant_client_robots (robot_id, created_at DESC, id DESC);
DROP INDEX IF EXISTS tenant_client_robots_robot_id_idx;
