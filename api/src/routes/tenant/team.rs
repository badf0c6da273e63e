//! `/api/tenant/team` and `/api/tenant/security-key/rotate`: the tenant's
//! admin owner manages the team (docs/owner-roles.md). Invitations go by
//! e-mail with a link that sets the password and proves the address; a
//! deactivated owner's sessions end at once; the last active admin cannot
//! be demoted or deactivated; the security key rotates (shown once, every
//! owner session ends). Everything is audited under the acting owner.

use axum::extract::State;
use axum::http::StatusCode;
use axum::Json;
use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use serde_json::{json, Value};
use shared::domain::owner_permissions::Capability;
use shared::domain::status::OwnerRole;
use shared::domain::validation::{char_len, is_email, normalize_email, Validator};
use shared::infrastructure::db::{self, Scope, Tx};
use shared::infrastructure::secrets::{key_prefix, random_token, sha256_hex};
use shared::repositories::audit_log::Action;
use shared::repositories::owner_team::{self, Invitation, TeamMember};
use shared::repositories::sessions;
use shared::{AppError, OrNotFound};
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;
use uuid::Uuid;

use crate::api_error::{ApiJson, ApiResult, ErrorBody, OwnerErrors};
use crate::extractors::{PathId, SignedInOwner};
use crate::form_input::blank_to_none;
use crate::owner_invitation::{self, Invitee};
use crate::request_meta::RequestMeta;
use crate::{audited, AppState};

const NOT_FOUND: &str = "Usuário da equipe não encontrado";
crate::not_found_as!(UnknownMember, NOT_FOUND);
const ALREADY_ACCEPTED: &str = "Este convite já foi aceito: a pessoa já criou a senha.";

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TeamMemberItem {
    pub id: Uuid,
    pub name: String,
    pub email: String,
    pub role: OwnerRole,
    pub active: bool,
    /// The e-mail was proven (an invitation or reset link reached it).
    pub email_verified: bool,
    /// Invited and the password not yet created.
    pub invitation_pending: bool,
    pub invited_at: Option<DateTime<Utc>>,
    pub created_at: DateTime<Utc>,
    /// Only in the answer to an invitation: why its e-mail will not arrive
    /// (no sender configured, a limit, a suspension), in pt-BR.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub email_not_sent: Option<String>,
    /// Only in the answer to an invitation: the link itself, for the
    /// inviter to hand over another way (WhatsApp, in person). Works once.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub invite_link: Option<String>,
}

impl From<TeamMember> for TeamMemberItem {
    fn from(m: TeamMember) -> Self {
        Self {
            invitation_pending: m.invitation_pending(),
            id: m.id,
            name: m.name,
            email: m.email,
            role: m.role,
            active: m.is_active,
            email_verified: m.email_verified,
            invited_at: m.invited_at,
            created_at: m.created_at,
            email_not_sent: None,
            invite_link: None,
        }
    }
}

fn audited(m: &TeamMemberItem) -> Value {
    json!({ "name": m.name, "email": m.email, "role": m.role, "active": m.active })
}

crate::audited_as!(TeamMemberItem, "tenant_owner", audited, tenant_of_caller);

/// The tenant's scope for team writes, opened after the role check: owners
/// have no grant on other owners' rows or on sessions (migration 29).
async fn team_tx(state: &AppState, owner: &SignedInOwner) -> ApiResult<Tx> {
    Ok(db::begin(&state.pool, Scope::worker_for(owner.tenant.id)).await?)
}

/// A member of the acting owner's tenant (404 for anyone else's).
async fn member_of(tx: &mut Tx, owner: &SignedInOwner, id: Uuid) -> Result<TeamMemberItem, AppError> {
    let member = owner_team::find(tx, owner.tenant.id, id).await?;
    Ok(member.or_not_found(NOT_FOUND)?.into())
}

#[utoipa::path(operation_id = "tenantListTeam", get, path = "/api/tenant/team", tag = "tenant",
    security(("tenantSession" = [], "tenantSecret" = [])),
    responses((status = 200, body = Vec<TeamMemberItem>), OwnerErrors))]
pub async fn list(State(state): State<AppState>, owner: SignedInOwner) -> ApiResult<Json<Vec<TeamMemberItem>>> {
    owner.require(Capability::ManageTeam)?;
    let mut tx = team_tx(&state, &owner).await?;
    let members = owner_team::list(&mut tx, owner.tenant.id).await?;
    tx.commit().await?;
    Ok(Json(members.into_iter().map(TeamMemberItem::from).collect()))
}

#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(default, rename_all = "camelCase")]
pub struct InviteRequest {
    #[schema(min_length = 1, max_length = 100)]
    pub name: Option<String>,
    #[schema(max_length = 254)]
    pub email: Option<String>,
    /// admin, support or financial.
    pub role: Option<OwnerRole>,
}

/// Invites an owner: the account exists at once (inactive until they set a
/// password by the e-mailed link, which also verifies the e-mail).
#[utoipa::path(operation_id = "tenantInviteOwner", post, path = "/api/tenant/team", tag = "tenant",
    security(("tenantSession" = [], "tenantSecret" = [])), request_body = InviteRequest,
    responses((status = 201, body = TeamMemberItem), OwnerErrors))]
pub async fn invite(
    State(state): State<AppState>,
    owner: SignedInOwner,
    meta: RequestMeta,
    ApiJson(body): ApiJson<InviteRequest>,
) -> ApiResult<(StatusCode, Json<TeamMemberItem>)> {
    owner.require(Capability::ManageTeam)?;
    let mut v = Validator::new();
    let name = blank_to_none(body.name.as_deref());
    let email = body.email.as_deref().map(str::trim).unwrap_or_default();
    v.check(name.is_some(), "name", "Nome é obrigatório");
    v.check(name.as_deref().is_none_or(|n| char_len(n) <= 100), "name", "Nome deve ter no máximo 100 caracteres");
    v.check(!email.is_empty(), "email", "E-mail é obrigatório");
    v.check(email.is_empty() || (is_email(email) && char_len(email) <= 254), "email", "E-mail inválido");
    v.check(body.role.is_some(), "role", "Escolha um perfil");
    v.finish()?;
    let (name, email, role) = (name.expect("validated"), normalize_email(email), body.role.expect("validated"));
    let unusable = state.hasher.hash(random_token()).await?;
    let mut tx = team_tx(&state, &owner).await?;
    let invitation = Invitation {
        tenant_id: owner.tenant.id,
        name: &name,
        email: &email,
        role,
        unusable_password_hash: &unusable,
        invited_by: Some(owner.owner.id),
    };
    let mut member: TeamMemberItem = owner_team::invite(&mut tx, invitation).await?.into();
    send_invitation(&state, &meta, &owner, &mut tx, &mut member).await?;
    audited::created(&owner, tx, member).await
}

/// A new invitation link (the earlier one stops working) in a sealed e-mail;
/// why that e-mail will not arrive, if it will not, and the link itself (for
/// the inviter to hand over another way).
async fn send_invitation(
    state: &AppState,
    meta: &RequestMeta,
    owner: &SignedInOwner,
    tx: &mut Tx,
    member: &mut TeamMemberItem,
) -> Result<(), AppError> {
    let invitee = Invitee { id: member.id, name: &member.name, email: &member.email, role: member.role };
    let sent = owner_invitation::send(state, meta, tx, &owner.tenant, invitee, &owner.owner.name).await?;
    member.email_not_sent = sent.email_not_sent;
    member.invite_link = Some(sent.link);
    Ok(())
}

/// Sends the invitation again (a new link) while it is not yet accepted;
/// the member, with `emailNotSent` when that e-mail will not arrive.
#[utoipa::path(operation_id = "tenantResendInvitation", post, path = "/api/tenant/team/{id}/resend-invitation",
    tag = "tenant", security(("tenantSession" = [], "tenantSecret" = [])), params(("id" = Uuid, Path)),
    responses((status = 200, body = TeamMemberItem), (status = 404, body = ErrorBody), (status = 409, body = ErrorBody), OwnerErrors))]
pub async fn resend(
    State(state): State<AppState>,
    owner: SignedInOwner,
    meta: RequestMeta,
    PathId(id, _): PathId<UnknownMember>,
) -> ApiResult<Json<TeamMemberItem>> {
    owner.require(Capability::ManageTeam)?;
    let mut tx = team_tx(&state, &owner).await?;
    let mut member = member_of(&mut tx, &owner, id).await?;
    if !member.invitation_pending {
        return Err(AppError::Conflict(ALREADY_ACCEPTED.into()).into());
    }
    send_invitation(&state, &meta, &owner, &mut tx, &mut member).await?;
    tx.commit().await?;
    Ok(Json(member))
}

#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(default, rename_all = "camelCase")]
pub struct TeamMemberChange {
    pub role: Option<OwnerRole>,
    /// false deactivates (their sessions end at once); true reactivates.
    pub active: Option<bool>,
}

/// Changes a member's role or deactivates/reactivates them.
#[utoipa::path(operation_id = "tenantUpdateTeamMember", patch, path = "/api/tenant/team/{id}", tag = "tenant",
    security(("tenantSession" = [], "tenantSecret" = [])), params(("id" = Uuid, Path)), request_body = TeamMemberChange,
    responses((status = 200, body = TeamMemberItem), (status = 404, body = ErrorBody), (status = 409, body = ErrorBody),
              OwnerErrors))]
pub async fn update(
    State(state): State<AppState>,
    owner: SignedInOwner,
    PathId(id, _): PathId<UnknownMember>,
    ApiJson(body): ApiJson<TeamMemberChange>,
) -> ApiResult<Json<TeamMemberItem>> {
    owner.require(Capability::ManageTeam)?;
    let mut tx = team_tx(&state, &owner).await?;
    let before = member_of(&mut tx, &owner, id).await?;
    let (role, active) = (body.role.unwrap_or(before.role), body.active.unwrap_or(before.active));
    let after: TeamMemberItem =
        owner_team::update(&mut tx, owner.tenant.id, id, role, active).await?.or_not_found(NOT_FOUND)?.into();
    if before.active && !after.active {
        sessions::end_for_owner(&mut tx, id).await?;
    }
    audited::updated(&owner, tx, &before, after).await
}

/// Removes an owner from the team (their sessions end); the audit log keeps
/// what they did.
#[utoipa::path(operation_id = "tenantDeleteTeamMember", delete, path = "/api/tenant/team/{id}", tag = "tenant",
    security(("tenantSession" = [], "tenantSecret" = [])), params(("id" = Uuid, Path)),
    responses((status = 204), (status = 404, body = ErrorBody), (status = 409, body = ErrorBody), OwnerErrors))]
pub async fn delete(
    State(state): State<AppState>,
    owner: SignedInOwner,
    PathId(id, _): PathId<UnknownMember>,
) -> ApiResult<StatusCode> {
    owner.require(Capability::ManageTeam)?;
    let mut tx = team_tx(&state, &owner).await?;
    let before = member_of(&mut tx, &owner, id).await?;
    owner_team::delete(&mut tx, owner.tenant.id, id).await?;
    owner.audit(&mut tx, Action::Delete, "tenant_owner", id, &audited(&before), &Value::Null).await?;
    tx.commit().await?;
    Ok(StatusCode::NO_CONTENT)
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct RotatedKey {
    /// Shown this once: the new security key every owner signs in with.
    pub security_key: String,
    pub security_key_prefix: String,
}

/// Replaces the tenant's security key. Every owner session ends (the
/// caller's too): everyone signs in again with the new key.
#[utoipa::path(operation_id = "tenantRotateSecurityKey", post, path = "/api/tenant/security-key/rotate", tag = "tenant",
    security(("tenantSession" = [], "tenantSecret" = [])),
    responses((status = 200, body = RotatedKey), OwnerErrors))]
pub async fn rotate_key(State(state): State<AppState>, owner: SignedInOwner) -> ApiResult<Json<RotatedKey>> {
    owner.require(Capability::ManageTeam)?;
    let key = random_token();
    let prefix = key_prefix(&key);
    let mut tx = team_tx(&state, &owner).await?;
    owner_team::rotate_security_key(&mut tx, owner.tenant.id, &sha256_hex(&key), &prefix).await?;
    let (before, after) =
        (json!({ "securityKey": "***" }), json!({ "securityKey": format!("*** (nova chave {prefix}…)") }));
    owner.audit(&mut tx, Action::Update, "tenant_security_key", owner.tenant.id, &before, &after).await?;
    tx.commit().await?;
    Ok(Json(RotatedKey { security_key: key, security_key_prefix: prefix }))
}

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(list, invite))
        .routes(routes!(update, delete))
        .routes(routes!(resend))
        .routes(routes!(rotate_key))
}
