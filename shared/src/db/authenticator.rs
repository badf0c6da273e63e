use sqlx::{Connection, PgConnection, PgPool};

use super::runtime_role::is_code;
use super::{derived_app_url, ensure_runtime_role, set_runtime_role_password, url_user};

/// The URL the app logs in with. Production gives `DATABASE_APP_URL` (the
/// authenticator's own credentials) and this only makes sure the role has its
/// memberships; local setups give only the owner's URL, and the authenticator
/// gets a password derived from it.
pub async fn prepare_authenticator(
    owner: &PgPool,
    owner_url: &str,
    app_url: Option<&str>,
    role: &str,
) -> Result<String, sqlx::Error> {
    if let Some(app_url) = app_url {
        let role = url_user(app_url).unwrap_or_else(|| role.to_string());
        ensure_runtime_role(owner, &role, None).await?;
        return Ok(app_url.to_string());
    }
    let (url, password) = derived_app_url(owner_url, role);
    ensure_runtime_role(owner, role, Some(&password)).await?;
    // Check first: concurrent ALTER ROLEs of one role fail ("tuple concurrently updated").
    match PgConnection::connect(&url).await {
        Ok(conn) => {
            conn.close().await.ok();
        }
        Err(e) if is_code(&e, "28P01") || is_code(&e, "28000") => {
            set_runtime_role_password(owner, role, &password).await?;
        }
        Err(e) => return Err(e),
    }
    Ok(url)
}
