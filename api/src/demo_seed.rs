//! A demo tenant for development and the browser tests: one owner, one
//! client, one sale, with published credentials. It refuses a database that
//! holds any other tenant (a real platform) unless `--force` is given.

use shared::infrastructure::crypto::SecretBox;
use shared::infrastructure::db::{self, PgPool, Scope};
use shared::repositories::{sales_channel_secrets, tenant_robots, tenants};
use shared::workflows::seed::TenantSeed;

pub const TENANT_URL: &str = "demo.localhost";
pub const SECRET: &str = "demo0000000000000000000000000000000000000000000000000000000000ff";
pub const OWNER_EMAIL: &str = "owner@demo.localhost";
pub const CLIENT_EMAIL: &str = "cliente@demo.localhost";
pub const PASSWORD: &str = "demo123456";
pub const PURCHASE_ID: &str = "HP-DEMO-0001";
pub const HOTTOK: &str = "demo-hottok-0000000000";
/// The demo robot's secrets on the signing platforms (the benches sign with them).
pub const KIWIFY_TOKEN: &str = "demo-kiwify-token-0000000000";
pub const EDUZZ_SECRET: &str = "demo-eduzz-secret-0000000000";
pub const ASAAS_TOKEN: &str = "demo-asaas-token-00000000000000000000";
pub const ASAAS_REFERENCE: &str = "robo-demo";

pub async fn run(pool: &PgPool, secrets: &SecretBox, force: bool) -> anyhow::Result<()> {
    let mut tx = db::begin(pool, Scope::worker()).await?;
    let existing = tenants::find_by_domain(&mut tx, TENANT_URL).await?;
    let others = tenants::count_except_domain(&mut tx, TENANT_URL).await?;
    tx.commit().await?;
    if others > 0 && !force {
        anyhow::bail!(
            "seed-demo refuses: this database already has {others} real tenant(s) and the demo tenant's \
             credentials are published. Use --force only on a development database."
        );
    }
    let tenant_id = match existing {
        Some(t) => t.id,
        None => {
            let seed = TenantSeed {
                name: "Demo Robôs".into(),
                url: TENANT_URL.into(),
                security_key: SECRET.into(),
                owner_name: "Dona Demo".into(),
                owner_email: OWNER_EMAIL.into(),
                client_name: "Carlos Cliente".into(),
                client_email: CLIENT_EMAIL.into(),
                purchase_id: PURCHASE_ID.into(),
                hotmart_webhook_secret: Some(HOTTOK.into()),
                sale_amount: rust_decimal::Decimal::new(49700, 2),
                ..TenantSeed::example("demo", PASSWORD)
            };
            seed.create(pool).await.map_err(|e| anyhow::anyhow!("{e}"))?.tenant_id
        }
    };
    let mut tx = db::begin(pool, Scope::worker_for(tenant_id)).await?;
    let robot = match tenant_robots::first(&mut tx, tenant_id).await? {
        Some(robot) => robot,
        None => {
            let new = tenant_robots::NewTenantRobot {
                tenant_id,
                name: "Robô Demo".into(),
                description: Some("Robô de demonstração".into()),
                logo_url: None,
                active: true,
                file_path: None,
                version: None,
            };
            tenant_robots::create(&mut tx, secrets, new).await.map_err(|e| anyhow::anyhow!("{e}"))?
        }
    };
    for (platform, secret) in [("kiwify", KIWIFY_TOKEN), ("eduzz", EDUZZ_SECRET), ("asaas", ASAAS_TOKEN)] {
        sales_channel_secrets::set(&mut tx, secrets, tenant_id, robot.id, platform, secret).await?;
    }
    sales_channel_secrets::set_reference(&mut tx, tenant_id, robot.id, "asaas", ASAAS_REFERENCE).await?;
    tx.commit().await?;
    println!("Demo tenant: {TENANT_URL} (id {tenant_id})");
    println!("  robot:  {} (Hotmart webhook /api/webhooks/hotmart/robot/{}, hottok {HOTTOK})", robot.id, robot.id);
    println!(
        "          Kiwify token {KIWIFY_TOKEN}, Eduzz secret {EDUZZ_SECRET}, Asaas token {ASAAS_TOKEN} (reference {ASAAS_REFERENCE})"
    );
    println!("  owner:  /tenant/login  e-mail {OWNER_EMAIL}  password {PASSWORD}  key {SECRET}");
    println!("  client: /client/login?tenant={TENANT_URL}  e-mail {CLIENT_EMAIL}  password {PASSWORD}  purchase id {PURCHASE_ID}");
    Ok(())
}
