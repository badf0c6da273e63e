-- The tenant admin manages the team (issue 24): owners are invited by
-- e-mail (the link sets the password and proves the address), their role
-- changes, they are deactivated; the security key rotates. Team writes run
-- in the api's worker scope for the tenant after the admin-role check
-- (a restrictive policy on tenant_owners cannot ask tenant_owners for the
-- acting owner's role without recursing), so only reads are granted here.
ALTER TABLE tenant_owners ADD COLUMN invited_at timestamptz;
ALTER TABLE tenant_owners ADD COLUMN invited_by uuid;
ALTER TABLE tenant_owners ADD COLUMN invitation_accepted_at timestamptz;
GRANT SELECT (invited_at, invited_by, invitation_accepted_at) ON tenant_owners TO rf_owner;
-- Accepting (a reset link reaching the inbox) verifies the e-mail.
GRANT UPDATE (email_verified, email_verified_at, invitation_accepted_at) ON tenant_owners TO rf_anonymous;
