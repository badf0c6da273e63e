//! The part of a forgotten-password request that depends on who asked
//! (`jobs::ProcessResetRequest`). The request handler only records the request
//! and queues this, so a stranger's address and a customer's cost the same
//! work and get the same answer in the same time; here, off the request path,
//! the account is looked up, the per-recipient limit applied, the token issued
//! and the mail queued (sealed: the outbox never shows the live link).

use std::collections::BTreeMap;

use uuid::Uuid;

use crate::domain::error::AppResult;
use crate::infrastructure::config::ResetLimits;
use crate::infrastructure::crypto::SecretBox;
use crate::infrastructure::db::{self, PgPool, Scope};
use crate::infrastructure::secrets::{random_token, sha256_hex};
use crate::repositories::password_reset_requests as requests;
use crate::repositories::reset_tokens::{self, Account};
use crate::repositories::{tenant_clients, tenant_owners};
use crate::workflows::email::{self, EmailTemplate};

/// What one run did with a request.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Outcome {
    /// A link went out; the token (development hosts show it).
    Mailed(String),
    /// No usable account has that address.
    NoAccount,
    /// A link went out less than a minute ago; it still works.
    RecentLink,
    /// The recipient got the hour's reset mails already.
    RecipientLimit,
    /// Another run processed it.
    AlreadyDone,
}

impl Outcome {
    /// The name recorded on the request (never the token).
    pub fn as_str(&self) -> &'static str {
        match self {
            Outcome::Mailed(_) => "mailed",
            Outcome::NoAccount => "no_account",
            Outcome::RecentLink => "recent_link",
            Outcome::RecipientLimit => "recipient_limit",
            Outcome::AlreadyDone => "already_done",
        }
    }
}

/// Processes one request, in one transaction: the claim, the outcome and the
/// mail commit together, so a run that fails leaves the request for a retry.
pub async fn process(
    pool: &PgPool,
    secrets: &SecretBox,
    limits: &ResetLimits,
    tenant_id: Uuid,
    request_id: Uuid,
) -> AppResult<Outcome> {
    let mut tx = db::begin(pool, Scope::worker()).await?;
    let Some(request) = requests::claim(&mut tx, tenant_id, request_id).await? else {
        return Ok(Outcome::AlreadyDone);
    };
    let outcome =
        if requests::lock_and_count_mailed(&mut tx, &request.email).await? >= limits.mails_per_recipient_per_hour {
            Outcome::RecipientLimit
        } else {
            // The account's own rows are read as the reset always read them: the
            // anonymous role in the tenant (it may read credentials, not more).
            db::set_scope(&mut tx, Scope::anonymous_in(tenant_id)).await?;
            let outcome = mail_link(&mut tx, secrets, &request).await?;
            db::set_scope(&mut tx, Scope::worker()).await?;
            outcome
        };
    requests::set_outcome(&mut tx, tenant_id, request_id, outcome.as_str()).await?;
    tx.commit().await?;
    Ok(outcome)
}

async fn mail_link(tx: &mut db::Tx, secrets: &SecretBox, request: &requests::Claimed) -> AppResult<Outcome> {
    let (tenant_id, email) = (request.tenant_id, request.email.as_str());
    let person = match request.account() {
        Account::Owner => tenant_owners::find_credentials(tx, tenant_id, email)
            .await?
            .filter(|(o, _)| o.is_active)
            .map(|(o, _)| (o.id, o.name, o.email)),
        Account::Client => tenant_clients::find_credentials(tx, tenant_id, email)
            .await?
            .filter(|(c, _)| c.is_active())
            .map(|(c, _)| (c.id, c.name, c.email)),
    };
    let Some((id, name, address)) = person else { return Ok(Outcome::NoAccount) };
    let token = format!("{}.{}", tenant_id.simple(), random_token());
    if !reset_tokens::issue(tx, request.account(), tenant_id, id, &sha256_hex(&token)).await? {
        return Ok(Outcome::RecentLink);
    }
    let variables = BTreeMap::from([
        ("tenantName".to_string(), request.tenant_name.clone()),
        ("ownerName".to_string(), name.clone()),
        ("clientName".to_string(), name),
        ("resetLink".to_string(), format!("{}{token}", request.link_base)),
    ]);
    // Owners get the platform's text: a tenant's editable template must not
    // carry another owner's reset link.
    let template = match request.account() {
        Account::Owner => EmailTemplate::OwnerPasswordReset,
        Account::Client => EmailTemplate::PasswordReset,
    };
    email::queue_sealed(tx, secrets, tenant_id, template, &address, &variables).await?;
    Ok(Outcome::Mailed(token))
}
