use serde_json::Value;
use sqlx::PgConnection;
use uuid::Uuid;

use crate::domain::error::{unique, AppResult, OnConstraint, UniqueField};
use crate::domain::ids::new_id;
use crate::domain::pagination::{contains_pattern, Counted, Page, PageParams};
use crate::domain::portal::domain_of_url;

pub use crate::domain::status::TenantStatus;
use crate::infrastructure::crypto::SecretBox;
use crate::infrastructure::secrets::{constant_time_eq, key_prefix, sha256_hex, short_prefix};

/// What the portals need to know about a tenant to serve a request.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct TenantSummary {
    pub id: Uuid,
    pub name: String,
    pub url: String,
    pub display_name: Option<String>,
    pub logo_url: Option<String>,
    pub favicon_url: Option<String>,
    pub status: TenantStatus,
}

impl TenantSummary {
    pub fn is_active(&self) -> bool {
        self.status == TenantStatus::Active
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
    /// The security key in full: only its SHA-256 and a prefix are stored.
    pub security_key: String,
    /// The hottok Hotmart sends: only its SHA-256 and a prefix are stored.
    pub hotmart_webhook_secret: Option<String>,
    pub status: TenantStatus,
    pub logo_url: Option<String>,
    pub theme_colors: Option<Value>,
    pub settings: Option<Value>,
}

macro_rules! summary {
    () => {
        "id, name, url, display_name, logo_url, favicon_url, status"
    };
}

pub async fn create(conn: &mut PgConnection, new: NewTenant) -> AppResult<TenantSummary> {
    sqlx::query_as(concat!(
        "INSERT INTO tenants (id, name, url, secret_hash, secret_prefix, hotmart_webhook_secret, hotmart_secret_prefix,
                              status, logo_url, theme_colors, settings)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, COALESCE($11, '{}'::jsonb)) RETURNING ",
        summary!()
    ))
    .bind(new_id())
    .bind(new.name.trim())
    .bind(new.url.trim())
    .bind(sha256_hex(&new.security_key))
    .bind(key_prefix(&new.security_key))
    .bind(new.hotmart_webhook_secret.as_deref().map(sha256_hex))
    .bind(new.hotmart_webhook_secret.as_deref().map(short_prefix))
    .bind(new.status)
    .bind(&new.logo_url)
    .bind(&new.theme_colors)
    .bind(&new.settings)
    .fetch_one(conn)
    .await
    .on_constraint(TENANT_UNIQUE)
}

/// Unique violations of `tenants` as pt-BR field messages.
const TENANT_UNIQUE: &[UniqueField] = &[
    unique("tenants_url_key", "url", "Já existe um tenant com esta URL"),
    unique("tenants_domain_key", "url", "Já existe um tenant com esta URL"),
    unique("tenants_secret_hash_key", "secretHash", "Este secret hash já pertence a outro tenant"),
];

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

/// The tenant whose security key is `secret`, found by the key's SHA-256
/// (keys are 256-bit random values: a plain hash is enough). Anonymous scope.
pub async fn find_by_secret(conn: &mut PgConnection, secret: &str) -> AppResult<Option<TenantSummary>> {
    Ok(sqlx::query_as(concat!("SELECT ", summary!(), " FROM tenants WHERE secret_hash = $1"))
        .bind(sha256_hex(secret))
        .fetch_optional(conn)
        .await?)
}

/// Whether `secret` is this tenant's security key (hashes compared in
/// constant time). Anonymous scope.
pub async fn secret_matches(conn: &mut PgConnection, tenant_id: Uuid, secret: &str) -> AppResult<bool> {
    let stored: Option<String> = sqlx::query_scalar("SELECT secret_hash FROM tenants WHERE id = $1")
        .bind(tenant_id)
        .fetch_optional(conn)
        .await?;
    Ok(stored.is_some_and(|s| constant_time_eq(&s, &sha256_hex(secret))))
}

/// The SHA-256 of the tenant's current security key (what a device pass is
/// bound to: rotating the key voids every pass). Anonymous scope.
pub async fn security_key_digest(conn: &mut PgConnection, tenant_id: Uuid) -> AppResult<Option<String>> {
    Ok(sqlx::query_scalar("SELECT secret_hash FROM tenants WHERE id = $1").bind(tenant_id).fetch_optional(conn).await?)
}

/// Sets the tenant's Hotmart hottok (its SHA-256 and first characters; the
/// hottok itself is never kept). Owner scope, after the capability check.
pub async fn set_hottok(conn: &mut PgConnection, tenant_id: Uuid, hottok: &str) -> AppResult<()> {
    sqlx::query("UPDATE tenants SET hotmart_webhook_secret = $2, hotmart_secret_prefix = $3 WHERE id = $1")
        .bind(tenant_id)
        .bind(sha256_hex(hottok))
        .bind(short_prefix(hottok))
        .execute(conn)
        .await?;
    Ok(())
}

/// Whether the tenant has a hottok, and its first characters. Owner scope.
pub async fn hottok_prefix(conn: &mut PgConnection, tenant_id: Uuid) -> AppResult<Option<Option<String>>> {
    let row: Option<(bool, Option<String>)> =
        sqlx::query_as("SELECT hotmart_configured, hotmart_secret_prefix FROM tenants WHERE id = $1")
            .bind(tenant_id)
            .fetch_optional(conn)
            .await?;
    Ok(row.and_then(|(configured, prefix)| configured.then_some(prefix)))
}

/// Stores (encrypted) or clears the tenant's Resend API key. Owner or
/// platform scope; nobody can read the key back but the mailer.
pub async fn set_resend_api_key(
    conn: &mut PgConnection,
    secrets: &SecretBox,
    tenant_id: Uuid,
    key: Option<&str>,
) -> AppResult<()> {
    sqlx::query("UPDATE tenants SET resend_api_key = $2, updated_at = now() WHERE id = $1")
        .bind(tenant_id)
        .bind(key.map(|k| secrets.seal(k)))
        .execute(conn)
        .await?;
    Ok(())
}

/// The tenant's Resend API key in clear, for sending mail. Worker scope.
pub async fn resend_api_key(
    conn: &mut PgConnection,
    secrets: &SecretBox,
    tenant_id: Uuid,
) -> AppResult<Option<String>> {
    let sealed: Option<Option<String>> = sqlx::query_scalar("SELECT resend_api_key FROM tenants WHERE id = $1")
        .bind(tenant_id)
        .fetch_optional(conn)
        .await?;
    Ok(sealed.flatten().and_then(|s| secrets.open(&s)))
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

/// How many tenants exist besides the one at `domain` (seed-demo's guard).
pub async fn count_except_domain(conn: &mut PgConnection, domain: &str) -> AppResult<i64> {
    Ok(sqlx::query_scalar("SELECT count(*) FROM tenants WHERE domain <> $1")
        .bind(domain_of_url(domain))
        .fetch_one(conn)
        .await?)
}

/// A row of the admin's tenant list.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct TenantListRow {
    pub id: Uuid,
    pub name: String,
    pub url: String,
    pub display_name: Option<String>,
    pub status: TenantStatus,
    pub secret_prefix: Option<String>,
    pub hotmart_configured: bool,
    pub logo_url: Option<String>,
    pub activation_date: Option<chrono::DateTime<chrono::Utc>>,
    pub created_at: chrono::DateTime<chrono::Utc>,
}

macro_rules! admin_columns {
    () => {
        "id, name, url, display_name, status, secret_prefix, hotmart_configured, logo_url, activation_date, created_at"
    };
}

#[derive(Debug, Default, Clone)]
pub struct TenantFilter {
    /// Part of the name, display name or URL.
    pub q: Option<String>,
    pub status: Option<TenantStatus>,
}

/// Tenants, newest first. Platform scope.
pub async fn list(conn: &mut PgConnection, filter: &TenantFilter, page: PageParams) -> AppResult<Page<TenantListRow>> {
    let rows: Vec<Counted<TenantListRow>> = sqlx::query_as(
        "SELECT id, name, url, display_name, status, secret_prefix, hotmart_configured, logo_url, activation_date,
                created_at, count(*) OVER () AS total
           FROM tenants
          WHERE ($1::text IS NULL OR name ILIKE $1 OR url ILIKE $1 OR display_name ILIKE $1)
            AND ($2::text IS NULL OR status = $2)
          ORDER BY created_at DESC, id DESC
          LIMIT $3 OFFSET $4",
    )
    .bind(contains_pattern(filter.q.as_deref()))
    .bind(filter.status)
    .bind(page.limit())
    .bind(page.offset())
    .fetch_all(conn)
    .await?;
    Ok(Page::from_counted(rows, page))
}

/// One tenant as the admin sees it. Platform scope.
pub async fn find_for_admin(conn: &mut PgConnection, id: Uuid) -> AppResult<Option<TenantListRow>> {
    Ok(sqlx::query_as(concat!("SELECT ", admin_columns!(), " FROM tenants WHERE id = $1"))
        .bind(id)
        .fetch_optional(conn)
        .await?)
}

/// What an admin may change; `None` keeps the current value. A new security
/// key or hottok replaces the stored hash (the old one stops working at once).
#[derive(Debug, Default)]
pub struct TenantChanges {
    pub name: Option<String>,
    pub url: Option<String>,
    pub logo_url: Option<Option<String>>,
    pub security_key: Option<String>,
    pub hotmart_webhook_secret: Option<String>,
    pub status: Option<TenantStatus>,
    pub theme_colors: Option<Value>,
    pub settings: Option<Value>,
}

pub async fn update(conn: &mut PgConnection, id: Uuid, c: TenantChanges) -> AppResult<Option<TenantListRow>> {
    sqlx::query_as(concat!(
        "UPDATE tenants SET
            name = COALESCE($2, name),
            url = COALESCE($3, url),
            logo_url = CASE WHEN $4 THEN $5 ELSE logo_url END,
            secret_hash = COALESCE($6, secret_hash),
            secret_prefix = COALESCE($7, secret_prefix),
            hotmart_webhook_secret = COALESCE($8, hotmart_webhook_secret),
            hotmart_secret_prefix = COALESCE($9, hotmart_secret_prefix),
            status = COALESCE($10, status),
            theme_colors = COALESCE($11, theme_colors),
            settings = COALESCE($12, settings),
            updated_at = now()
          WHERE id = $1 RETURNING ",
        admin_columns!()
    ))
    .bind(id)
    .bind(c.name.as_deref().map(str::trim))
    .bind(c.url.as_deref().map(str::trim))
    .bind(c.logo_url.is_some())
    .bind(c.logo_url.flatten())
    .bind(c.security_key.as_deref().map(sha256_hex))
    .bind(c.security_key.as_deref().map(key_prefix))
    .bind(c.hotmart_webhook_secret.as_deref().map(sha256_hex))
    .bind(c.hotmart_webhook_secret.as_deref().map(short_prefix))
    .bind(c.status)
    .bind(c.theme_colors)
    .bind(c.settings)
    .fetch_optional(conn)
    .await
    .on_constraint(TENANT_UNIQUE)
}

/// Deletes the tenant and, by cascade, everything it owns; its license-check
/// log has no foreign key (migration 20) and goes explicitly. Platform scope.
pub async fn delete(conn: &mut PgConnection, id: Uuid) -> AppResult<bool> {
    sqlx::query("DELETE FROM license_checks WHERE tenant_id = $1").bind(id).execute(&mut *conn).await?;
    let deleted = sqlx::query("DELETE FROM tenants WHERE id = $1").bind(id).execute(conn).await?;
    Ok(deleted.rows_affected() == 1)
}

/// A tenant's own e-mail templates and the look its e-mails' header takes.
#[derive(Debug, Default, sqlx::FromRow)]
pub struct EmailLook {
    pub email_templates: Option<Value>,
    pub name: String,
    pub primary_color: Option<String>,
    pub foreground_color: Option<String>,
    /// The name the platform registered (owners cannot change it): what
    /// platform-framed mail calls the tenant.
    pub registered_name: String,
    /// The tenant sends with its own Resend key.
    pub own_key: bool,
}

pub async fn email_look(conn: &mut PgConnection, id: Uuid) -> AppResult<Option<EmailLook>> {
    Ok(sqlx::query_as(
        "SELECT email_templates, COALESCE(display_name, name) AS name, theme_colors->>'primary' AS primary_color,
                foreground_color, name AS registered_name, resend_configured AS own_key
           FROM tenants WHERE id = $1",
    )
    .bind(id)
    .fetch_optional(conn)
    .await?)
}

/// Who sends for a tenant: its Resend key and domain, if it configured them.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct TenantSender {
    pub sealed_key: Option<String>,
    pub domain: Option<String>,
    pub name: String,
}

pub async fn email_sender(conn: &mut PgConnection, id: Uuid) -> AppResult<Option<TenantSender>> {
    Ok(sqlx::query_as(
        "SELECT resend_api_key AS sealed_key, resend_domain AS domain, COALESCE(display_name, name) AS name
           FROM tenants WHERE id = $1",
    )
    .bind(id)
    .fetch_optional(conn)
    .await?)
}

/// The name the platform registered for the tenant (owners cannot change
/// it): what platform-framed mail calls it.
pub async fn registered_name(conn: &mut PgConnection, id: Uuid) -> AppResult<Option<String>> {
    Ok(sqlx::query_scalar("SELECT name FROM tenants WHERE id = $1").bind(id).fetch_optional(conn).await?)
}

/// What a buyer's e-mails say of the tenant: its shown name, its URL (the
/// portal's address is made from it) and its contact e-mail, if it set one.
pub async fn buyer_mail_facts(conn: &mut PgConnection, id: Uuid) -> AppResult<(String, String, Option<String>)> {
    Ok(sqlx::query_as("SELECT COALESCE(display_name, name), url, settings->>'contactEmail' FROM tenants WHERE id = $1")
        .bind(id)
        .fetch_one(conn)
        .await?)
}

/// Active tenants with no Resend key of their own: their mail leaves only
/// through the platform's key, or not at all without one. Platform scope.
pub async fn without_own_sender(conn: &mut PgConnection) -> AppResult<i64> {
    Ok(sqlx::query_scalar("SELECT count(*) FROM tenants WHERE status = 'active' AND NOT resend_configured")
        .fetch_one(conn)
        .await?)
}
