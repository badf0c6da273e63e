//! The tenant pass: what lets an owner's browser stand in for the tenant's
//! security key, so owners and invited members never type or pass the key
//! (decision 0022).
//!
//! A browser gets the pass once: by accepting an invitation (the e-mailed
//! link proves the invitation), or by signing in with the key. It is an
//! `HttpOnly` cookie, so no script can read it (the key typed into the login
//! form used to sit in `localStorage`). Its value is the tenant's id and a tag
//! of the server's over that id and the digest of the tenant's *current* key:
//! it cannot be forged or moved to another tenant, and rotating the key voids
//! every pass at once, as it ends every session.

use shared::infrastructure::db::Tx;
use shared::infrastructure::secrets::constant_time_eq;
use shared::repositories::tenants;
use shared::AppError;
use uuid::Uuid;

use crate::request_meta::RequestMeta;
use crate::{cookies, AppState};

const PURPOSE: &str = "tenant-pass";

/// A pass as the browser sent it: the tenant it names and its tag, not yet
/// checked.
#[derive(Debug, Clone)]
pub struct PresentedPass {
    pub tenant_id: Uuid,
    tag: String,
}

/// The pass cookie of this request, if it has the pass's shape.
pub fn presented(meta: &RequestMeta) -> Option<PresentedPass> {
    let value = cookies::value_in(meta.cookies.as_deref(), cookies::TENANT_PASS)?;
    let (tenant, tag) = value.split_once('.')?;
    let tenant_id = Uuid::try_parse(tenant).ok()?;
    let valid_tag = tag.len() == 64 && tag.bytes().all(|b| b.is_ascii_hexdigit());
    valid_tag.then(|| PresentedPass { tenant_id, tag: tag.to_string() })
}

/// The cookie value for `tenant_id` whose current key digest is `key_digest`.
pub fn value(state: &AppState, tenant_id: Uuid, key_digest: &str) -> String {
    format!("{}.{}", tenant_id.simple(), tag(state, tenant_id, key_digest))
}

fn tag(state: &AppState, tenant_id: Uuid, key_digest: &str) -> String {
    state.config.secrets.tag(PURPOSE, &format!("{tenant_id}|{key_digest}"))
}

impl PresentedPass {
    /// Whether this pass was issued by this server for the tenant's current
    /// key.
    pub fn matches(&self, state: &AppState, tenant_id: Uuid, key_digest: &str) -> bool {
        self.tenant_id == tenant_id && constant_time_eq(&self.tag, &tag(state, tenant_id, key_digest))
    }

    /// The digest of the tenant's current key when this pass is valid for it
    /// (anonymous scope): what the owner's session is then checked against.
    pub async fn key_digest(&self, state: &AppState, tx: &mut Tx) -> Result<Option<String>, AppError> {
        let digest = tenants::security_key_digest(tx, self.tenant_id).await?;
        Ok(digest.filter(|d| self.matches(state, self.tenant_id, d)))
    }
}

/// The Set-Cookie header that gives this browser the pass of `tenant_id`.
pub fn set_cookie(
    state: &AppState,
    meta: &RequestMeta,
    tenant_id: Uuid,
    key_digest: &str,
) -> (axum::http::HeaderName, axum::http::HeaderValue) {
    cookies::set_tenant_pass(&value(state, tenant_id, key_digest), meta.secure_cookies())
}
