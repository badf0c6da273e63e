use serde_json::Value;
use sqlx::PgConnection;
use uuid::Uuid;

use crate::error::{unique_violation, AppError, AppResult};
use crate::ids::new_id;
use crate::portal::domain_of_url;
use crate::secrets::{constant_time_eq, sha256};

/// What the portals need to know about a tenant to serve a request.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct TenantSummary {
    pub id: Uuid,
    pub name: String,
    pub url: String,
    pub display_name: Option<String>,
    pub logo_url: Option<String>,
    pub favicon_url: Option<String>,
    pub status: String,
}

impl TenantSummary {
    pub fn is_active(&self) -> bool {
        self.status == "active"
    }
}

#[derive(Debug, Clone, sqlx::FromRow)]
pub struct TenantBrandingRow {
    pub name: String,
    pub display_name: Option<String>,
    pub logo_url: Option<String>,
    pub favicon_url: Option<String>,
    pub theme_colors: Option<Value>,
    pub background_colors: Option<Value>,
    pub foreground_color: Option<String>,
    pub font_family: Option<String>,
}

pub struct NewTenant {
    pub name: String,
    pub url: String,
    pub secret_hash: String,
    pub hotmart_webhook_secret: Option<String>,
    pub status: String,
}

macro_rules! summary {
    () => {
        "id, name, url, display_name, logo_url, favicon_url, status"
    };
}

pub async fn create(conn: &mut PgConnection, new: NewTenant) -> AppResult<TenantSummary> {
    sqlx::query_as(concat!(
        "INSERT INTO tenants (id, name, url, secret_hash, secret_lookup, hotmart_webhook_secret, status)
         VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING ",
        summary!()
    ))
    .bind(new_id())
    .bind(new.name.trim())
    .bind(new.url.trim())
    .bind(&new.secret_hash)
    .bind(sha256(&new.secret_hash))
    .bind(&new.hotmart_webhook_secret)
    .bind(&new.status)
    .fetch_one(conn)
    .await
    .map_err(|e| match unique_violation(&e) {
        Some("tenants_url_key" | "tenants_domain_key") => {
            AppError::validation_field("url", "Já existe um tenant com esta URL")
        }
        Some("tenants_secret_lookup_key") => {
            AppError::validation_field("secretHash", "Este secret hash já pertence a outro tenant")
        }
        _ => e.into(),
    })
}

pub async fn find(conn: &mut PgConnection, id: Uuid) -> AppResult<Option<TenantSummary>> {
    Ok(sqlx::query_as(concat!("SELECT ", summary!(), " FROM tenants WHERE id = $1"))
        .bind(id)
        .fetch_optional(conn)
        .await?)
}

/// The tenant whose `url` has this host. Needs platform scope.
pub async fn find_by_domain(conn: &mut PgConnection, host: &str) -> AppResult<Option<TenantSummary>> {
    Ok(sqlx::query_as(concat!("SELECT ", summary!(), " FROM tenants WHERE domain = $1"))
        .bind(domain_of_url(host))
        .fetch_optional(conn)
        .await?)
}

/// A tenant named by id or by domain (the `tenant` parameter of development
/// hosts). Needs platform scope.
pub async fn find_by_reference(conn: &mut PgConnection, reference: &str) -> AppResult<Option<TenantSummary>> {
    match Uuid::parse_str(reference.trim()) {
        Ok(id) => find(conn, id).await,
        Err(_) => find_by_domain(conn, reference).await,
    }
}

/// The tenant whose security key is `secret`. The row is found by the key's
/// SHA-256 and the key itself compared in constant time. Needs platform scope.
pub async fn find_by_secret(conn: &mut PgConnection, secret: &str) -> AppResult<Option<TenantSummary>> {
    #[derive(sqlx::FromRow)]
    struct Row {
        #[sqlx(flatten)]
        tenant: TenantSummary,
        secret_hash: String,
    }
    let row: Option<Row> =
        sqlx::query_as(concat!("SELECT ", summary!(), ", secret_hash FROM tenants WHERE secret_lookup = $1"))
            .bind(sha256(secret))
            .fetch_optional(conn)
            .await?;
    Ok(row.filter(|r| constant_time_eq(&r.secret_hash, secret)).map(|r| r.tenant))
}

/// Whether `secret` is this tenant's security key (constant time).
pub async fn secret_matches(conn: &mut PgConnection, tenant_id: Uuid, secret: &str) -> AppResult<bool> {
    let stored: Option<String> = sqlx::query_scalar("SELECT secret_hash FROM tenants WHERE id = $1")
        .bind(tenant_id)
        .fetch_optional(conn)
        .await?;
    Ok(stored.is_some_and(|s| constant_time_eq(&s, secret)))
}

pub async fn branding(conn: &mut PgConnection, id: Uuid) -> AppResult<Option<TenantBrandingRow>> {
    Ok(sqlx::query_as(
        "SELECT name, display_name, logo_url, favicon_url, theme_colors, background_colors, foreground_color, font_family
           FROM tenants WHERE id = $1",
    )
    .bind(id)
    .fetch_optional(conn)
    .await?)
}
