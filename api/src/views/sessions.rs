//! Signing out, and who is signed in, as the three portals' `me` calls answer.

use axum::http::HeaderMap;
use serde::Serialize;
use shared::domain::portal::Portal;
use shared::domain::status::OwnerRole;
use shared::infrastructure::db::{self, Scope};
use shared::repositories::admin_users as admin_user_rows;
use shared::repositories::sessions;
use shared::repositories::tenant_clients::TenantClient;
use shared::repositories::tenant_owners::TenantOwner;
use shared::repositories::tenants::TenantSummary;
use utoipa::ToSchema;
use uuid::Uuid;

use crate::api_error::ApiResult;
use crate::{cookies, AppState};

/// Deletes the session the request's cookie names for `portal`, if any.
pub async fn end_session(state: &AppState, headers: &HeaderMap, portal: Portal) -> ApiResult<()> {
    if let Some(token) = cookies::session_token(headers, portal) {
        let mut tx = db::begin(&state.pool, Scope::anonymous()).await?;
        sessions::delete(&mut tx, &token).await?;
        tx.commit().await?;
    }
    Ok(())
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = AdminUser)]
pub struct AdminUserResponse {
    pub id: Uuid,
    pub username: String,
    pub email: String,
    pub name: String,
    pub role: String,
}

impl From<admin_user_rows::AdminUser> for AdminUserResponse {
    fn from(u: admin_user_rows::AdminUser) -> Self {
        Self { id: u.id, username: u.username, email: u.email, name: u.name, role: u.role }
    }
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = TenantSummary)]
pub struct PortalTenant {
    pub id: Uuid,
    pub name: String,
    pub display_name: Option<String>,
    pub logo_url: Option<String>,
    pub favicon_url: Option<String>,
}

impl From<TenantSummary> for PortalTenant {
    fn from(t: TenantSummary) -> Self {
        Self { id: t.id, name: t.name, display_name: t.display_name, logo_url: t.logo_url, favicon_url: t.favicon_url }
    }
}

/// The signed-in tenant owner and their tenant.
#[derive(Debug, Serialize, ToSchema)]
pub struct TenantSession {
    pub user: OwnerUserResponse,
    pub tenant: PortalTenant,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = OwnerUser)]
pub struct OwnerUserResponse {
    pub id: Uuid,
    pub name: String,
    pub email: String,
    pub role: OwnerRole,
}

impl From<TenantOwner> for OwnerUserResponse {
    fn from(o: TenantOwner) -> Self {
        Self { id: o.id, name: o.name, email: o.email, role: o.role }
    }
}

/// The signed-in client and their tenant.
#[derive(Debug, Serialize, ToSchema)]
pub struct ClientSession {
    pub user: ClientUserResponse,
    pub tenant: PortalTenant,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = ClientUser)]
pub struct ClientUserResponse {
    pub id: Uuid,
    pub name: String,
    pub email: String,
}

impl From<TenantClient> for ClientUserResponse {
    fn from(c: TenantClient) -> Self {
        Self { id: c.id, name: c.name, email: c.email }
    }
}
