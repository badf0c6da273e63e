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

/// The version the shipped default carries in `robot_auth_template`
/// (protocol v3: the account on its trade server, version tags).
pub const DEFAULT_VERSION: &str = "3.0.0";

/// SHA-256 (hex, of the UTF-8 text) of every default template shipped before
/// `DEFAULT_VERSION`, from the history of `auth_template.mq5`. A stored
/// template still equal to one of them was never edited by the admin: it is
/// ours to upgrade. When the default changes again, add the digest of the one
/// it replaces here and bump `DEFAULT_VERSION`.
const EARLIER_DEFAULTS_SHA256: [&str; 8] = [
    "a9e2badb14d0ffbed3eced1deb9c3228678fc7e6b10df5cd018a154abf2d681d",
    "69463fe641830c6d46cb9cff67f4534d41831289c039e89e9a19a3a11709fa89",
    "dc0749606165eb0d7e28846185751adddcd9eb145d38e959cbb1fe4b6c77d756",
    "dfd8a37b500a35bfd2c020faa22b561ec16aab6e3595bd4b4e0ff238d78f8100",
    "e250be3619e547b269f07f14fc7d3e7aad79f9c7b9e9fbad4e40650bdcafe244",
    "5ac1479a9ef58e2e53ba2e69d7ab7d24e52dc4cd175a92c5ebe8468ea751a62b",
    "d6ccdec98023015e2cde5779a672f181427e2a5f7e0d49d814806efa76c285ec",
    "8fe9bf171b27389ce4e216ffd6e7645b594b1c506d10d40cc0ed98f446c4752b",
];

/// Seeds the shipped default template when there is none, and brings a stored
/// template that is an untouched earlier default up to the current one
/// (start-up, worker scope): robots injected from then on speak the current
/// protocol. A template the admin edited is theirs and stays as it is.
/// Idempotent across instances.
pub async fn ensure_default(conn: &mut PgConnection) -> AppResult<()> {
    sqlx::query(
        "INSERT INTO robot_auth_template (id, template_code, version)
         SELECT $1, $2, $3 WHERE NOT EXISTS (SELECT 1 FROM robot_auth_template)
         ON CONFLICT DO NOTHING",
    )
    .bind(new_id())
    .bind(DEFAULT_AUTH_TEMPLATE)
    .bind(DEFAULT_VERSION)
    .execute(&mut *conn)
    .await?;
    sqlx::query(
        "UPDATE robot_auth_template SET template_code = $1, version = $2, updated_at = now()
          WHERE encode(sha256(convert_to(template_code, 'UTF8')), 'hex') = ANY($3)",
    )
    .bind(DEFAULT_AUTH_TEMPLATE)
    .bind(DEFAULT_VERSION)
    .bind(&EARLIER_DEFAULTS_SHA256[..])
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

#[cfg(test)]
mod tests {
    use super::*;
    use sha2::{Digest, Sha256};

    #[test]
    fn the_current_default_is_not_an_earlier_one() {
        // Else every start-up would rewrite it (and an admin's copy of it).
        let current = hex::encode(Sha256::digest(DEFAULT_AUTH_TEMPLATE.as_bytes()));
        assert!(!EARLIER_DEFAULTS_SHA256.contains(&current.as_str()), "add the new default's predecessor, not itself");
        assert!(EARLIER_DEFAULTS_SHA256.iter().all(|d| d.len() == 64 && d.bytes().all(|b| b.is_ascii_hexdigit())));
    }
}
