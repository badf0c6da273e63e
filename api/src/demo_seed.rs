//! A demo tenant for development and the browser tests: one owner, one
//! client, one sale. Idempotent; prints the credentials.

use shared::db::{self, Scope};
use shared::passwords;
use shared::repositories::{tenant_clients, tenant_owners, tenant_sales, tenants};
use sqlx::PgPool;

pub const TENANT_URL: &str = "demo.localhost";
pub const SECRET: &str = "demo0000000000000000000000000000000000000000000000000000000000ff";
pub const OWNER_EMAIL: &str = "owner@demo.localhost";
pub const CLIENT_EMAIL: &str = "cliente@demo.localhost";
pub const PASSWORD: &str = "demo123456";
pub const PURCHASE_ID: &str = "HP-DEMO-0001";

pub async fn run(pool: &PgPool) -> anyhow::Result<()> {
    let mut tx = db::begin(pool, Scope::Platform).await?;
    let tenant = match tenants::find_by_domain(&mut tx, TENANT_URL).await? {
        Some(t) => t,
        None => tenants::create(
            &mut tx,
            tenants::NewTenant {
                name: "Demo Robôs".into(),
                url: TENANT_URL.into(),
                secret_hash: SECRET.into(),
                hotmart_webhook_secret: None,
                status: "active".into(),
            },
        )
        .await
        .map_err(|e| anyhow::anyhow!("{e}"))?,
    };
    db::set_scope(&mut tx, Scope::Tenant(tenant.id)).await?;
    let hash = passwords::hash(PASSWORD.into()).await?;
    if tenant_owners::find_credentials(&mut tx, tenant.id, OWNER_EMAIL).await?.is_none() {
        tenant_owners::create(
            &mut tx,
            tenant_owners::NewTenantOwner {
                tenant_id: tenant.id,
                name: "Dona Demo".into(),
                email: OWNER_EMAIL.into(),
                phone: None,
                password_hash: hash.clone(),
                role: "admin".into(),
            },
        )
        .await
        .map_err(|e| anyhow::anyhow!("{e}"))?;
    }
    if tenant_clients::find_credentials(&mut tx, tenant.id, CLIENT_EMAIL).await?.is_none() {
        let client = tenant_clients::create(
            &mut tx,
            tenant_clients::NewTenantClient {
                tenant_id: tenant.id,
                name: "Carlos Cliente".into(),
                email: CLIENT_EMAIL.into(),
                phone: None,
                password_hash: Some(hash),
            },
        )
        .await
        .map_err(|e| anyhow::anyhow!("{e}"))?;
        tenant_sales::create_manual(
            &mut tx,
            tenant_sales::NewManualSale {
                tenant_id: tenant.id,
                client_id: Some(client.id),
                external_id: Some(PURCHASE_ID.into()),
                gross_amount: Some(rust_decimal::Decimal::new(49700, 2)),
                net_amount: Some(rust_decimal::Decimal::new(44730, 2)),
            },
        )
        .await?;
    }
    tx.commit().await?;
    println!("Tenant demo: {TENANT_URL} (id {})", tenant.id);
    println!("  owner:   /tenant/login  e-mail {OWNER_EMAIL}  senha {PASSWORD}  chave {SECRET}");
    println!("  cliente: /client/login?tenant={TENANT_URL}  e-mail {CLIENT_EMAIL}  senha {PASSWORD}  ID de compra {PURCHASE_ID}");
    Ok(())
}
