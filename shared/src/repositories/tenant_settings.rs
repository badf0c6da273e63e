//! A tenant's own settings, as its owner edits them: brand (names, logo,
//! favicon, colours, font), general settings, and e-mail (Resend domain and
//! templates; the key itself is written by `tenants::set_resend_api_key`).

use serde_json::Value;
use sqlx::PgConnection;
use uuid::Uuid;

use crate::domain::error::AppResult;

#[derive(Debug, Clone, Default, sqlx::FromRow)]
pub struct BrandSettings {
    pub display_name: Option<String>,
    pub logo_url: Option<String>,
    pub favicon_url: Option<String>,
    pub theme_colors: Option<Value>,
    pub background_colors: Option<Value>,
    pub foreground_color: Option<String>,
    pub font_family: Option<String>,
    /// homepageUrl, contactEmail, language, currency, lessonsUrl, themePreset.
    pub settings: Value,
}

pub async fn brand(conn: &mut PgConnection, tenant_id: Uuid) -> AppResult<Option<BrandSettings>> {
    Ok(sqlx::query_as(
        "SELECT display_name, logo_url, favicon_url, theme_colors, background_colors, foreground_color, font_family,
                settings
           FROM tenants WHERE id = $1",
    )
    .bind(tenant_id)
    .fetch_optional(conn)
    .await?)
}

pub async fn save_brand(conn: &mut PgConnection, tenant_id: Uuid, b: &BrandSettings) -> AppResult<()> {
    sqlx::query(
        // The form owns the settings it shows; the onboarding mark is kept.
        "UPDATE tenants SET display_name = $2, logo_url = $3, favicon_url = $4, theme_colors = $5,
                background_colors = $6, foreground_color = $7, font_family = $8,
                settings = $9 || jsonb_strip_nulls(jsonb_build_object('portalSharedAt', settings->'portalSharedAt')),
                updated_at = now()
          WHERE id = $1",
    )
    .bind(tenant_id)
    .bind(&b.display_name)
    .bind(&b.logo_url)
    .bind(&b.favicon_url)
    .bind(&b.theme_colors)
    .bind(&b.background_colors)
    .bind(&b.foreground_color)
    .bind(&b.font_family)
    .bind(&b.settings)
    .execute(conn)
    .await?;
    Ok(())
}

/// Sets the logo (`logo`) or the favicon (`favicon`) alone.
/// Sets the logo (or favicon) and returns the one it replaced.
pub async fn set_image(
    conn: &mut PgConnection,
    tenant_id: Uuid,
    favicon: bool,
    url: &str,
) -> AppResult<Option<String>> {
    let sql = if favicon {
        "UPDATE tenants t SET favicon_url = $2, updated_at = now()
           FROM (SELECT favicon_url AS old FROM tenants WHERE id = $1 FOR UPDATE) o
          WHERE t.id = $1 RETURNING o.old"
    } else {
        "UPDATE tenants t SET logo_url = $2, updated_at = now()
           FROM (SELECT logo_url AS old FROM tenants WHERE id = $1 FOR UPDATE) o
          WHERE t.id = $1 RETURNING o.old"
    };
    Ok(sqlx::query_scalar(sql).bind(tenant_id).bind(url).fetch_optional(conn).await?.flatten())
}

#[derive(Debug, Clone, sqlx::FromRow)]
pub struct EmailSettings {
    pub resend_configured: bool,
    pub resend_domain: Option<String>,
    pub email_templates: Value,
}

pub async fn email(conn: &mut PgConnection, tenant_id: Uuid) -> AppResult<Option<EmailSettings>> {
    Ok(sqlx::query_as("SELECT resend_configured, resend_domain, email_templates FROM tenants WHERE id = $1")
        .bind(tenant_id)
        .fetch_optional(conn)
        .await?)
}

pub async fn set_resend_domain(conn: &mut PgConnection, tenant_id: Uuid, domain: Option<&str>) -> AppResult<()> {
    sqlx::query("UPDATE tenants SET resend_domain = $2, updated_at = now() WHERE id = $1")
        .bind(tenant_id)
        .bind(domain)
        .execute(conn)
        .await?;
    Ok(())
}

/// Replaces the tenant's own templates (`{ "welcome": "<html>", ... }`;
/// a missing key means the default).
pub async fn set_templates(conn: &mut PgConnection, tenant_id: Uuid, templates: &Value) -> AppResult<()> {
    sqlx::query("UPDATE tenants SET email_templates = $2, updated_at = now() WHERE id = $1")
        .bind(tenant_id)
        .bind(templates)
        .execute(conn)
        .await?;
    Ok(())
}
