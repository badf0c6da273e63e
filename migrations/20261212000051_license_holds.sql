-- Issue 37: a license held while its sale is contested or its subscription
-- is late. A hold is not an end: the license keeps its status and its end
-- date, the check answers the hold's own signed code (DISPUTED,
-- PAYMENT_OVERDUE), and the hold lifts by itself when the dispute is won or
-- the late charge is paid.
ALTER TABLE tenant_client_robots
    ADD COLUMN hold text CHECK (hold IN ('dispute', 'payment_late')),
    ADD COLUMN hold_since timestamptz,
    ADD CONSTRAINT tenant_client_robots_hold_since CHECK ((hold IS NULL) = (hold_since IS NULL));
GRANT SELECT (hold, hold_since) ON tenant_client_robots TO rf_anonymous;

-- Where a sale's dispute stands: open, or won by the seller. It only moves
-- forward (events arrive out of order): a dispute won is not reopened by a
-- late delivery of its opening.
ALTER TABLE tenant_sales
    ADD COLUMN dispute text CHECK (dispute IN ('open', 'won')),
    ADD COLUMN dispute_at timestamptz;

-- The owner's choice per robot when a subscription charge is late: keep the
-- robot running until the paid period (plus grace) ends, or hold it at once.
ALTER TABLE tenant_robots
    ADD COLUMN late_payment text NOT NULL DEFAULT 'keep' CHECK (late_payment IN ('keep', 'suspend'));
GRANT SELECT (late_payment) ON tenant_robots TO rf_owner, rf_client, rf_anonymous;
GRANT INSERT (late_payment), UPDATE (late_payment) ON tenant_robots TO rf_owner;
