//! What happens before the first request: the database checks of
//! `shared::infrastructure::db::prepare_database`, then the first admin.

use shared::infrastructure::config::Config;
use shared::infrastructure::db::{self, PgPool, Scope};

pub use shared::infrastructure::db::{prepare_database, Pools};
use shared::infrastructure::passwords;
use shared::repositories::admin_users::{self, NewAdminUser};

/// Creates the first platform admin when there is none, from ADMIN_USERNAME /
/// ADMIN_PASSWORD, or with a random password written to a private file.
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
        None => (shared::infrastructure::secrets::random_token()[..20].to_string(), true),
    };
    let email = first.email.clone().unwrap_or_else(|| format!("{username}@roboforge.local")).to_lowercase();
    let password_hash = passwords::hash(password.clone()).await?;
    admin_users::create(
        &mut tx,
        NewAdminUser { username: username.clone(), password_hash, email, name: "Administrador".into() },
    )
    .await
    .map_err(|e| anyhow::anyhow!("failed to create the first admin: {e}"))?;
    if generated {
        // Never to stdout or the log (journald keeps them): to a file only
        // its owner can read, written before the admin exists, so a failed
        // write leaves no admin nobody can sign in as.
        let path = first.password_file.clone().unwrap_or_else(|| "first-admin-password.txt".into());
        write_private(&path, &format!("username: {username}\npassword: {password}\n"))
            .map_err(|e| anyhow::anyhow!("cannot write the first admin's password to {}: {e}", path.display()))?;
        tx.commit().await?;
        tracing::warn!(%username, file = %path.display(),
            "first admin created: its password is in this file (readable only by this user); delete it once read");
    } else {
        tx.commit().await?;
        tracing::info!(%username, "first admin created from ADMIN_USERNAME/ADMIN_PASSWORD");
    }
    Ok(())
}

/// Writes `text` to a new file readable and writable by its owner only.
fn write_private(path: &std::path::Path, text: &str) -> std::io::Result<()> {
    use std::io::Write;
    let mut options = std::fs::OpenOptions::new();
    options.write(true).create(true).truncate(true);
    #[cfg(unix)]
    std::os::unix::fs::OpenOptionsExt::mode(&mut options, 0o600);
    let mut file = options.open(path)?;
    // An existing file keeps its mode through open(): narrow it.
    #[cfg(unix)]
    std::fs::set_permissions(path, std::os::unix::fs::PermissionsExt::from_mode(0o600))?;
    file.write_all(text.as_bytes())
}

/// Rows the platform ships with: the default MQL5 authentication template.
pub async fn seed_defaults(pool: &PgPool) -> anyhow::Result<()> {
    let mut tx = db::begin(pool, Scope::worker()).await?;
    db::lock_for_transaction(&mut tx, "default-auth-template").await?;
    shared::repositories::auth_template::ensure_default(&mut tx).await?;
    tx.commit().await?;
    Ok(())
}
