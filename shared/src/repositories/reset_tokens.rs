//! Password-reset tokens of owners and clients (docs/decisions/0002: the
//! spec's `reset_token`/`reset_token_expiry` columns hold the token's
//! SHA-256 and its end). Anonymous scope in the account's tenant.

use sqlx::PgConnection;
use uuid::Uuid;

use crate::domain::error::AppResult;

/// How long a password-reset link works.
pub const RESET_TOKEN_MINUTES: i32 = 60;
/// A new link is sent at most this often per account (the form can be
/// submitted in a loop to flood an inbox).
pub const RESET_RESEND_SECONDS: i32 = 60;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Account {
    Owner,
    Client,
}

impl Account {
    fn table(self) -> &'static str {
        match self {
            Account::Owner => "tenant_owners",
            Account::Client => "tenant_clients",
        }
    }

    /// Who may still sign in: an active owner, a client not suspended.
    fn usable(self) -> &'static str {
        match self {
            Account::Owner => "is_active",
            Account::Client => "status = 'active'",
        }
    }
}

/// Stores the digest of a new token. False when a link went out less than
/// [`RESET_RESEND_SECONDS`] ago (the earlier one stays valid).
pub async fn issue(
    conn: &mut PgConnection,
    account: Account,
    tenant_id: Uuid,
    id: Uuid,
    digest: &str,
) -> AppResult<bool> {
    let updated = sqlx::query(sqlx::AssertSqlSafe(format!(
        "UPDATE {} SET reset_token = $3, reset_token_expiry = now() + make_interval(mins => $4)
          WHERE tenant_id = $1 AND id = $2
            AND (reset_token_expiry IS NULL
                 OR reset_token_expiry <= now() + make_interval(mins => $4) - make_interval(secs => $5))",
        account.table()
    )))
    .bind(tenant_id)
    .bind(id)
    .bind(digest)
    .bind(RESET_TOKEN_MINUTES)
    .bind(f64::from(RESET_RESEND_SECONDS))
    .execute(conn)
    .await?;
    Ok(updated.rows_affected() == 1)
}

/// The usable account a live token (by digest) belongs to.
pub async fn holder(
    conn: &mut PgConnection,
    account: Account,
    tenant_id: Uuid,
    digest: &str,
) -> AppResult<Option<Uuid>> {
    Ok(sqlx::query_scalar(sqlx::AssertSqlSafe(format!(
        "SELECT id FROM {} WHERE tenant_id = $1 AND reset_token = $2 AND reset_token_expiry > now() AND {}",
        account.table(),
        account.usable()
    )))
    .bind(tenant_id)
    .bind(digest)
    .fetch_optional(conn)
    .await?)
}

/// Which links may spend a token.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Link {
    /// A forgotten-password link or an invitation.
    Any,
    /// Only a pending owner invitation.
    Invitation,
}

/// How long an owner's invitation link works.
pub const INVITATION_DAYS: i32 = 7;

/// Stores the digest of an invitation token for a new owner (valid
/// [`INVITATION_DAYS`]), replacing any earlier one.
pub async fn issue_invitation(conn: &mut PgConnection, tenant_id: Uuid, owner: Uuid, digest: &str) -> AppResult<()> {
    sqlx::query(
        "UPDATE tenant_owners SET reset_token = $3, reset_token_expiry = now() + make_interval(days => $4)
          WHERE tenant_id = $1 AND id = $2",
    )
    .bind(tenant_id)
    .bind(owner)
    .bind(digest)
    .bind(INVITATION_DAYS)
    .execute(conn)
    .await?;
    Ok(())
}

/// Sets the password and spends the token in one statement, so a token
/// works once even when two resets race. None when it was spent or expired.
/// For an owner it also marks the e-mail verified: the link reached that
/// inbox (an invitation is accepted this way).
///
/// `Link::Invitation` spends only the token of an invitation not yet
/// accepted (a forgotten-password link cannot be used to accept one).
pub async fn reset_password(
    conn: &mut PgConnection,
    account: Account,
    tenant_id: Uuid,
    digest: &str,
    password_hash: &str,
    link: Link,
) -> AppResult<Option<Uuid>> {
    Ok(sqlx::query_scalar(sqlx::AssertSqlSafe(format!(
        "UPDATE {} SET password = $3, reset_token = NULL, reset_token_expiry = NULL{}
          WHERE tenant_id = $1 AND reset_token = $2 AND reset_token_expiry > now() AND {}{}
          RETURNING id",
        account.table(),
        if account == Account::Owner { ", email_verified = true, email_verified_at = COALESCE(email_verified_at, now()), invitation_accepted_at = COALESCE(invitation_accepted_at, now())" } else { "" },
        account.usable(),
        match link {
            Link::Any => "",
            Link::Invitation => " AND invited_at IS NOT NULL AND invitation_accepted_at IS NULL",
        }
    )))
    .bind(tenant_id)
    .bind(digest)
    .bind(password_hash)
    .fetch_optional(conn)
    .await?)
}
