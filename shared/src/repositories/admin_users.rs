use chrono::{DateTime, Utc};
use sqlx::PgConnection;
use uuid::Uuid;

use crate::domain::error::{unique, AppResult, OnConstraint};
use crate::domain::ids::new_id;

#[derive(Debug, Clone, sqlx::FromRow)]
pub struct AdminUser {
    pub id: Uuid,
    pub username: String,
    pub email: String,
    pub name: String,
    pub role: String,
    pub is_active: bool,
    pub created_at: DateTime<Utc>,
}

pub struct NewAdminUser {
    pub username: String,
    pub password_hash: String,
    pub email: String,
    pub name: String,
}

macro_rules! columns {
    () => {
        "id, username, email, name, role, is_active, created_at"
    };
}

/// The user and their stored password hash, for login only.
pub async fn find_credentials(conn: &mut PgConnection, username: &str) -> AppResult<Option<(AdminUser, String)>> {
    #[derive(sqlx::FromRow)]
    struct Row {
        #[sqlx(flatten)]
        user: AdminUser,
        password: String,
    }
    let row: Option<Row> = sqlx::query_as(concat!("SELECT ", columns!(), ", password FROM users WHERE username = $1"))
        .bind(username)
        .fetch_optional(conn)
        .await?;
    Ok(row.map(|r| (r.user, r.password)))
}

pub async fn find(conn: &mut PgConnection, id: Uuid) -> AppResult<Option<AdminUser>> {
    Ok(sqlx::query_as(concat!("SELECT ", columns!(), " FROM users WHERE id = $1"))
        .bind(id)
        .fetch_optional(conn)
        .await?)
}

pub async fn count(conn: &mut PgConnection) -> AppResult<i64> {
    Ok(sqlx::query_scalar("SELECT count(*) FROM users").fetch_one(conn).await?)
}

pub async fn create(conn: &mut PgConnection, new: NewAdminUser) -> AppResult<AdminUser> {
    sqlx::query_as(concat!(
        "INSERT INTO users (id, username, password, email, name) VALUES ($1, $2, $3, $4, $5) RETURNING ",
        columns!()
    ))
    .bind(new_id())
    .bind(&new.username)
    .bind(&new.password_hash)
    .bind(&new.email)
    .bind(&new.name)
    .fetch_one(conn)
    .await
    .on_constraint(&[
        unique("users_username_key", "username", "Este nome de usuário já está em uso"),
        unique("users_email_key", "email", "Este e-mail já está em uso"),
    ])
}

/// Admins, active first, then by name; `q` matches username, name or e-mail.
pub async fn list(
    conn: &mut PgConnection,
    q: Option<&str>,
    params: crate::domain::pagination::PageParams,
) -> AppResult<crate::domain::pagination::Page<AdminUser>> {
    let pattern = crate::domain::pagination::contains_pattern(q);
    let rows: Vec<crate::domain::pagination::Counted<AdminUser>> = sqlx::query_as(concat!(
        "SELECT ",
        columns!(),
        ", count(*) OVER () AS total FROM users
          WHERE $1::text IS NULL OR username ILIKE $1 OR name ILIKE $1 OR email ILIKE $1
          ORDER BY is_active DESC, lower(name), username LIMIT $2 OFFSET $3"
    ))
    .bind(pattern)
    .bind(params.limit())
    .bind(params.offset())
    .fetch_all(conn)
    .await?;
    Ok(crate::domain::pagination::Page::from_counted(rows, params))
}

/// Serialises every change that could leave the platform without an
/// active admin, until the transaction ends: two admins deactivating each
/// other at the same moment take turns, and the second sees the first's
/// result.
pub async fn lock_roster(conn: &mut PgConnection) -> AppResult<()> {
    Ok(crate::infrastructure::db::lock_for_transaction(conn, "admin-users").await?)
}

/// Active admins other than `id`.
pub async fn count_active_except(conn: &mut PgConnection, id: Uuid) -> AppResult<i64> {
    Ok(sqlx::query_scalar("SELECT count(*) FROM users WHERE is_active AND id <> $1").bind(id).fetch_one(conn).await?)
}

/// Activates or deactivates an admin. None when there is no such admin.
pub async fn set_active(conn: &mut PgConnection, id: Uuid, active: bool) -> AppResult<Option<AdminUser>> {
    Ok(sqlx::query_as(concat!(
        "UPDATE users SET is_active = $2, updated_at = now() WHERE id = $1 RETURNING ",
        columns!()
    ))
    .bind(id)
    .bind(active)
    .fetch_optional(conn)
    .await?)
}

/// Replaces an admin's password hash. None when there is no such admin.
pub async fn set_password(conn: &mut PgConnection, id: Uuid, password_hash: &str) -> AppResult<Option<AdminUser>> {
    Ok(sqlx::query_as(concat!(
        "UPDATE users SET password = $2, updated_at = now() WHERE id = $1 RETURNING ",
        columns!()
    ))
    .bind(id)
    .bind(password_hash)
    .fetch_optional(conn)
    .await?)
}

/// Ends every session of an admin (deactivated, or given a new password).
pub async fn end_sessions(conn: &mut PgConnection, id: Uuid) -> AppResult<u64> {
    Ok(sqlx::query("DELETE FROM sessions WHERE portal = 'admin' AND admin_user_id = $1")
        .bind(id)
        .execute(conn)
        .await?
        .rows_affected())
}
