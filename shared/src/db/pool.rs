use std::time::Duration;

use sqlx::postgres::PgPoolOptions;
use sqlx::PgPool;

use super::quote_ident;

pub async fn connect_owner(url: &str, max_connections: u32) -> Result<PgPool, sqlx::Error> {
    PgPoolOptions::new().max_connections(max_connections).acquire_timeout(Duration::from_secs(10)).connect(url).await
}

/// A pool whose connections all run as `role` (`SET ROLE` right after
/// connecting, before any query of the app can run on them).
pub async fn connect_app(url: &str, role: &str, max_connections: u32) -> Result<PgPool, sqlx::Error> {
    let set_role = format!("SET ROLE {}", quote_ident(role));
    PgPoolOptions::new()
        .max_connections(max_connections)
        .acquire_timeout(Duration::from_secs(10))
        .after_connect(move |conn, _meta| {
            let set_role = sqlx::AssertSqlSafe(set_role.clone());
            Box::pin(async move {
                sqlx::query(set_role).execute(conn).await?;
                Ok(())
            })
        })
        .connect(url)
        .await
}
