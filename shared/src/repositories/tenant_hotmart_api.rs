//! A tenant's Hotmart API credentials: sealed with the app's key as one JSON
//! value (decision 0006). Owners write them and learn only whether they are
//! set (and the client id's first characters); the api reads them in the
//! tenant's worker scope to call Hotmart.

use sqlx::PgConnection;
use uuid::Uuid;

use crate::domain::error::{AppError, AppResult};
use crate::infrastructure::crypto::SecretBox;
use crate::infrastructure::hotmart_api::Credentials;

/// How many characters of the client id are kept readable.
const PREFIX_CHARS: usize = 6;

/// What an owner may know about the stored credentials.
#[derive(Debug, Clone, PartialEq, Eq, sqlx::FromRow)]
pub struct HotmartApiStatus {
    pub configured: bool,
    pub client_prefix: Option<String>,
}

/// Owner scope (or any scope that may read the flags).
pub async fn status(conn: &mut PgConnection, tenant_id: Uuid) -> AppResult<Option<HotmartApiStatus>> {
    Ok(sqlx::query_as(
        "SELECT hotmart_api_configured AS configured, hotmart_api_client_prefix AS client_prefix
           FROM tenants WHERE id = $1",
    )
    .bind(tenant_id)
    .fetch_optional(conn)
    .await?)
}

/// Stores (`Some`) or removes (`None`) the credentials. Owner (admin role) scope.
pub async fn set(
    conn: &mut PgConnection,
    secrets: &SecretBox,
    tenant_id: Uuid,
    credentials: Option<&Credentials>,
) -> AppResult<()> {
    let sealed = credentials
        .map(|c| serde_json::to_string(c).map(|json| secrets.seal(&json)))
        .transpose()
        .map_err(AppError::internal)?;
    let prefix = credentials.map(|c| c.client_id.chars().take(PREFIX_CHARS).collect::<String>());
    sqlx::query(
        "UPDATE tenants SET hotmart_api_credentials = $2, hotmart_api_client_prefix = $3, updated_at = now()
          WHERE id = $1",
    )
    .bind(tenant_id)
    .bind(sealed)
    .bind(prefix)
    .execute(conn)
    .await?;
    Ok(())
}

/// The credentials in clear, for calling Hotmart. Worker scope. None when
/// none are stored, or when they were sealed under another key (SECRETS_KEY
/// changed: the owner must enter them again).
pub async fn credentials(
    conn: &mut PgConnection,
    secrets: &SecretBox,
    tenant_id: Uuid,
) -> AppResult<Option<Credentials>> {
    let sealed: Option<Option<String>> =
        sqlx::query_scalar("SELECT hotmart_api_credentials FROM tenants WHERE id = $1")
            .bind(tenant_id)
            .fetch_optional(conn)
            .await?;
    Ok(sealed.flatten().and_then(|s| secrets.open(&s)).and_then(|json| serde_json::from_str(&json).ok()))
}
