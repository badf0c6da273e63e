//! An owner's invitation: a single-use link (7 days) that sets the password,
//! proves the e-mail and gives the browser the tenant pass
//! (`routes::tenant::invitation`). Sent sealed through the outbox; the link
//! also comes back to whoever invited, because on a first day there may be
//! no sender yet and the link must still reach the person another way.

use std::collections::BTreeMap;

use shared::domain::owner_permissions::role_label;
use shared::domain::status::OwnerRole;
use shared::infrastructure::db::Tx;
use shared::infrastructure::secrets::{random_token, sha256_hex};
use shared::repositories::reset_tokens;
use shared::repositories::tenants::TenantSummary;
use shared::workflows::email::{self, EmailTemplate};
use shared::AppError;
use uuid::Uuid;

use crate::password_reset::invitation_link;
use crate::request_meta::RequestMeta;
use crate::AppState;

/// Who is invited.
pub struct Invitee<'a> {
    pub id: Uuid,
    pub name: &'a str,
    pub email: &'a str,
    pub role: OwnerRole,
}

/// What became of an invitation.
pub struct Sent {
    pub link: String,
    /// Why the e-mail will not arrive (pt-BR), when it will not.
    pub email_not_sent: Option<String>,
}

/// Issues a new link (any earlier one stops working) and queues its e-mail
/// in `tx`, the transaction that creates or re-invites the owner.
pub async fn send(
    state: &AppState,
    meta: &RequestMeta,
    tx: &mut Tx,
    tenant: &TenantSummary,
    invitee: Invitee<'_>,
    invited_by: &str,
) -> Result<Sent, AppError> {
    let token = format!("{}.{}", tenant.id.simple(), random_token());
    reset_tokens::issue_invitation(tx, tenant.id, invitee.id, &sha256_hex(&token)).await?;
    let link = invitation_link(state, meta, tenant, &token);
    let variables = BTreeMap::from([
        ("tenantName".to_string(), tenant.display_name.clone().unwrap_or_else(|| tenant.name.clone())),
        ("ownerName".to_string(), invitee.name.to_string()),
        ("invitedBy".to_string(), invited_by.to_string()),
        ("role".to_string(), role_label(invitee.role).to_string()),
        ("inviteLink".to_string(), link.clone()),
    ]);
    let queued = email::queue_sealed(
        tx,
        &state.config.secrets,
        tenant.id,
        EmailTemplate::OwnerInvitation,
        invitee.email,
        &variables,
    )
    .await?;
    Ok(Sent { link, email_not_sent: queued.undelivered().map(|u| u.reason()) })
}
