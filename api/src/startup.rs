//! What happens before the first request: migrate as the owner, make sure the
//! runtime role exists and holds only data rights, open the app pool as that
//! role, refuse to go on if its queries could bypass row-level security, and
//! create the first admin.

use anyhow::Context;
use shared::config::Config;
use shared::db::{self, Scope};
use shared::passwords;
use shared::repositories::admin_users::{self, NewAdminUser};
use sqlx::PgPool;

pub async fn prepare_database(config: &Config) -> anyhow::Result<PgPool> {
    let owner = db::connect_owner(&config.database_url, 2)
        .await
        .context("não foi possível conectar ao banco (DATABASE_URL)")?;
    db::migrate(&owner).await.context("falha ao aplicar as migrações")?;
    db::ensure_runtime_role(&owner, &config.app_role).await.with_context(|| {
        format!("falha ao preparar o papel de execução {:?} (o dono precisa de CREATEROLE)", config.app_role)
    })?;
    owner.close().await;

    let app = db::connect_app(&config.database_url, &config.app_role, 20)
        .await
        .context("não foi possível abrir o pool do papel de execução")?;
    if let Err(reason) = db::verify_runtime_role(&app).await {
        anyhow::bail!("Recusando iniciar: as consultas poderiam contornar a segurança por linha (RLS): {reason}");
    }
    Ok(app)
}

/// Creates the first platform admin when there is none, from ADMIN_USERNAME /
/// ADMIN_PASSWORD, or with a random password that is printed once.
pub async fn ensure_first_admin(pool: &PgPool, config: &Config) -> anyhow::Result<()> {
    let mut tx = db::begin(pool, Scope::Platform).await?;
    if admin_users::count(&mut tx).await? > 0 {
        return Ok(());
    }
    let first = &config.first_admin;
    let username = first.username.clone().unwrap_or_else(|| "admin".into());
    let (password, generated) = match &first.password {
        Some(p) if p.chars().count() >= 6 => (p.clone(), false),
        Some(_) => anyhow::bail!("ADMIN_PASSWORD deve ter no mínimo 6 caracteres"),
        None => (shared::secrets::random_token()[..20].to_string(), true),
    };
    let email = first.email.clone().unwrap_or_else(|| format!("{username}@roboforge.local")).to_lowercase();
    let password_hash = passwords::hash(password.clone()).await?;
    admin_users::create(
        &mut tx,
        NewAdminUser { username: username.clone(), password_hash, email, name: "Administrador".into() },
    )
    .await
    .map_err(|e| anyhow::anyhow!("falha ao criar o primeiro admin: {e}"))?;
    tx.commit().await?;
    if generated {
        // Printed once, on purpose: there is no other way to learn it.
        println!("\n  Primeiro admin criado: usuário {username:?}, senha {password:?} (guarde-a; ela não será mostrada de novo)\n");
    } else {
        tracing::info!(%username, "first admin created from ADMIN_USERNAME/ADMIN_PASSWORD");
    }
    Ok(())
}
