//! What happens before the first request: the database checks of
//! `shared::db::prepare_database`, then the first admin.

use shared::config::Config;
use shared::db::{self, PgPool, Scope};
pub use shared::db::{prepare_database, Pools};
use shared::passwords;
use shared::repositories::admin_users::{self, NewAdminUser};

/// Creates the first platform admin when there is none, from ADMIN_USERNAME /
/// ADMIN_PASSWORD, or with a random password that is printed once.
pub async fn ensure_first_admin(pool: &PgPool, config: &Config) -> anyhow::Result<()> {
    let mut tx = db::begin(pool, Scope::worker()).await?;
    // Instances started together: one creates, the others then see it.
    db::lock_for_transaction(&mut tx, "first-admin").await?;
    if admin_users::count(&mut tx).await? > 0 {
        return Ok(());
    }
    let first = &config.first_admin;
    let username = first.username.clone().unwrap_or_else(|| "admin".into());
    let (password, generated) = match &first.password {
        Some(p) if p.chars().count() >= 6 => (p.clone(), false),
        Some(_) => anyhow::bail!("ADMIN_PASSWORD must have at least 6 characters"),
        None => (shared::secrets::random_token()[..20].to_string(), true),
    };
    let email = first.email.clone().unwrap_or_else(|| format!("{username}@roboforge.local")).to_lowercase();
    let password_hash = passwords::hash(password.clone()).await?;
    admin_users::create(
        &mut tx,
        NewAdminUser { username: username.clone(), password_hash, email, name: "Administrador".into() },
    )
    .await
    .map_err(|e| anyhow::anyhow!("failed to create the first admin: {e}"))?;
    tx.commit().await?;
    if generated {
        // Printed once, on purpose: there is no other way to learn it.
        println!(
            "\n  First admin created: username {username:?}, password {password:?} (keep it: it is not shown again)\n"
        );
    } else {
        tracing::info!(%username, "first admin created from ADMIN_USERNAME/ADMIN_PASSWORD");
    }
    Ok(())
}

/// Rows the platform ships with: the default MQL5 authentication template.
pub async fn seed_defaults(pool: &PgPool) -> anyhow::Result<()> {
    let mut tx = db::begin(pool, Scope::worker()).await?;
    db::lock_for_transaction(&mut tx, "default-auth-template").await?;
    shared::repositories::auth_template::ensure_default(&mut tx).await?;
    tx.commit().await?;
    Ok(())
}
