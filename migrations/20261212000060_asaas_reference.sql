-- Asaas has no products: every charge of the owner's Asaas account reaches
-- every webhook the account has. A robot's Asaas sales are the charges whose
-- externalReference is the reference the owner chose for that robot (Asaas
-- copies a subscription's reference to each charge it generates). It lives
-- beside the robot's Asaas token, in the same RLS-forced row; the owner may
-- choose it before pasting the token, so a row may now hold no secret yet.
ALTER TABLE sales_channel_secrets ALTER COLUMN sealed_secret DROP NOT NULL;
ALTER TABLE sales_channel_secrets ADD COLUMN external_reference text
    CONSTRAINT sales_channel_secrets_reference_check
    CHECK (external_reference IS NULL
           OR (platform = 'asaas' AND char_length(external_reference) BETWEEN 1 AND 100));

-- Two robots of one shop with one reference would both claim the same charge.
CREATE UNIQUE INDEX sales_channel_secrets_reference_key
    ON sales_channel_secrets (tenant_id, platform, external_reference)
    WHERE external_reference IS NOT NULL;

-- The intake (anonymous, in the robot's tenant) reads the reference to sort
-- the account's charges; the owner sets it and reads it back.
GRANT SELECT (external_reference) ON sales_channel_secrets TO rf_anonymous;
GRANT SELECT (external_reference), UPDATE (external_reference) ON sales_channel_secrets TO rf_owner;
