//! The MQL5 authentication template injected into every robot.

use chrono::{DateTime, Utc};
use sqlx::PgConnection;
use uuid::Uuid;

use crate::domain::error::AppResult;
use crate::domain::ids::new_id;
use crate::domain::mql5::DEFAULT_AUTH_TEMPLATE;

#[derive(Debug, Clone, sqlx::FromRow, serde::Serialize)]
#[serde(rename_all = "camelCase")]
pub struct AuthTemplate {
    pub id: Uuid,
    pub name: String,
    pub template_code: String,
    pub version: String,
    pub is_active: bool,
    pub created_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
}

macro_rules! columns {
    () => {
        "id, name, template_code, version, is_active, created_at, updated_at"
    };
}

/// The template the admin edits: the active one, else the newest. Any scope.
pub async fn stored(conn: &mut PgConnection) -> AppResult<Option<AuthTemplate>> {
    Ok(sqlx::query_as(concat!(
        "SELECT ",
        columns!(),
        " FROM robot_auth_template ORDER BY is_active DESC, updated_at DESC LIMIT 1"
    ))
    .fetch_optional(conn)
    .await?)
}

/// The version robots get while the admin's template is switched off.
pub const SHIPPED_VERSION: &str = "padrão";

/// The template robots get injected: the admin's while it is active; while
/// the admin has switched it off (`isActive` false: a template being
/// reworked, or one that broke), the shipped default. Any scope.
pub async fn current(conn: &mut PgConnection) -> AppResult<Option<AuthTemplate>> {
    Ok(stored(conn).await?.map(|template| {
        if template.is_active {
            template
        } else {
            AuthTemplate {
                template_code: DEFAULT_AUTH_TEMPLATE.to_string(),
                version: SHIPPED_VERSION.to_string(),
                ..template
            }
        }
    }))
}

/// Seeds the shipped default template when there is none (start-up,
/// worker scope). Idempotent across instances.
pub async fn ensure_default(conn: &mut PgConnection) -> AppResult<()> {
    sqlx::query(
        "INSERT INTO robot_auth_template (id, template_code)
         SELECT $1, $2 WHERE NOT EXISTS (SELECT 1 FROM robot_auth_template)
         ON CONFLICT DO NOTHING",
    )
    .bind(new_id())
    .bind(DEFAULT_AUTH_TEMPLATE)
    .execute(conn)
    .await?;
    Ok(())
}

pub struct TemplateChanges {
    pub name: Option<String>,
    pub template_code: Option<String>,
    pub version: Option<String>,
    pub is_active: Option<bool>,
}

/// Updates the template (platform scope).
pub async fn update(conn: &mut PgConnection, id: Uuid, changes: TemplateChanges) -> AppResult<AuthTemplate> {
    Ok(sqlx::query_as(concat!(
        "UPDATE robot_auth_template SET name = COALESCE($2, name), template_code = COALESCE($3, template_code),
                version = COALESCE($4, version), is_active = COALESCE($5, is_active), updated_at = now()
          WHERE id = $1 RETURNING ",
        columns!()
    ))
    .bind(id)
    .bind(changes.name)
    .bind(changes.template_code)
    .bind(changes.version)
    .bind(changes.is_active)
    .fetch_one(conn)
    .await?)
}
