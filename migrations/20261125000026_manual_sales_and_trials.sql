-- Manual sales and trials (issue 24): owners record sales made outside
-- Hotmart, licenses end on their date (a job marks them expired and reminds
-- the buyer three days before), and a trial's length is set per robot.

-- ------------------------------------------------------------ manual sales
-- How a manual sale was paid (null for Hotmart's: Hotmart knows).
ALTER TABLE tenant_sales ADD COLUMN payment_method text
    CHECK (payment_method IN ('pix', 'transferencia', 'outro'));
-- The key the owner's form sends with a sale (Idempotency-Key): the same key
-- twice is one sale, so a double-submitted form cannot record two.
ALTER TABLE tenant_sales ADD COLUMN idempotency_key text
    CHECK (idempotency_key ~ '^[A-Za-z0-9_.:-]{8,200}$');
CREATE UNIQUE INDEX tenant_sales_idempotency_key ON tenant_sales (tenant_id, idempotency_key)
    WHERE idempotency_key IS NOT NULL;
-- rf_owner, rf_platform_admin and rf_worker hold table-wide grants on
-- tenant_sales (new columns included); rf_client reads its own sales whole;
-- rf_anonymous reads named columns only and needs neither.

-- ------------------------------------------------------------------ trials
-- A trial license without a chosen end date runs this many days.
ALTER TABLE tenant_robots ADD COLUMN trial_days integer NOT NULL DEFAULT 7 CHECK (trial_days BETWEEN 1 AND 90);
-- tenant_robots is granted column by column to these roles (migration 3):
-- the owner sets it, everyone who reads a robot row may read it (the public
-- sales page reads robots as rf_anonymous).
GRANT SELECT (trial_days) ON tenant_robots TO rf_owner, rf_client, rf_anonymous;
GRANT INSERT (trial_days), UPDATE (trial_days) ON tenant_robots TO rf_owner;

-- ------------------------------------------------------------------ expiry
-- When the buyer was told the license ends in three days (once per end date).
ALTER TABLE tenant_client_robots ADD COLUMN expiry_reminder_sent_at timestamptz;

-- A new end date deserves its own reminder: moving the date re-arms it.
CREATE FUNCTION license_expiry_reminder_rearm() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF NEW.expiration_date IS DISTINCT FROM OLD.expiration_date THEN
        NEW.expiry_reminder_sent_at := NULL;
    END IF;
    RETURN NEW;
END
$$;
CREATE TRIGGER license_expiry_reminder_rearm BEFORE UPDATE OF expiration_date ON tenant_client_robots
    FOR EACH ROW EXECUTE FUNCTION license_expiry_reminder_rearm();

-- The expiry job's two questions (which usable licenses passed their end,
-- which end within three days) read this index, not the whole table.
CREATE INDEX tenant_client_robots_ending_idx ON tenant_client_robots (expiration_date)
    WHERE status IN ('active', 'trial') AND expiration_date IS NOT NULL;
