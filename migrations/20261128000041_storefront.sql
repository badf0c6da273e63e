-- The storefront (issue 35): a robot's sales page becomes typed sections the
-- owner edits with a live preview, a price and a checkout link (Hotmart,
-- Kiwify, Eduzz, Asaas), and a switch that lists it in the tenant's catalog.
-- The four HTML boxes stay as the "HTML avançado" option.
--
-- The api validates every field with pt-BR messages; the checks below are the
-- last line, so a row no code path should write cannot exist either. RLS is
-- unchanged: tenant_isolation (forced) already covers the table, and the
-- anonymous role's SELECT on it (migration 15) covers the new columns.
ALTER TABLE tenant_robot_sales_pages
    ADD COLUMN sections      jsonb   NOT NULL DEFAULT '[]'
        CHECK (jsonb_typeof(sections) = 'array' AND jsonb_array_length(sections) <= 30),
    ADD COLUMN price         numeric(12, 2) CHECK (price >= 0),
    ADD COLUMN checkout_url  text
        CHECK (checkout_url LIKE 'https://%' AND char_length(checkout_url) <= 2000),
    ADD COLUMN published     boolean NOT NULL DEFAULT false,
    ADD COLUMN show_backtest boolean NOT NULL DEFAULT true;

-- Pages written before this migration were public at their URL; an owner who
-- wrote one meant it to be seen, so it stays reachable (and now listed).
-- The backfill runs as the table owner, whom FORCE RLS would show no rows:
-- unforced and forced again inside this transaction, as in migration 23.
ALTER TABLE tenant_robot_sales_pages NO FORCE ROW LEVEL SECURITY;
UPDATE tenant_robot_sales_pages
   SET published = true
 WHERE coalesce(html_section1, html_section2, html_section3, html_section4) IS NOT NULL;
ALTER TABLE tenant_robot_sales_pages FORCE ROW LEVEL SECURITY;
