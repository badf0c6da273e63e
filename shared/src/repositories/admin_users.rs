use chrono::{DateTime, Utc};
use sqlx::PgConnection;
use uuid::Uuid;

use crate::error::{unique_violation, AppError, AppResult};
use crate::ids::new_id;

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
    .map_err(|e| match unique_violation(&e) {
        Some("users_username_key") => AppError::validation_field("username", "Este nome de usuário já está em uso"),
        Some("users_email_key") => AppError::validation_field("email", "Este e-mail já está em uso"),
        _ => e.into(),
    })
}
