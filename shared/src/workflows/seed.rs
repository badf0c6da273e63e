//! One builder for "a tenant with an owner, a client and a sale", shared by
//! the test harness and `api seed-demo`, so both make data the same way the
//! product does (repositories, the owner's and platform's scopes).

use rust_decimal::Decimal;
use uuid::Uuid;

use crate::domain::error::AppResult;
use crate::domain::status::{OwnerRole, TenantStatus};
use crate::infrastructure::db::{self, PgPool, Scope};
use crate::infrastructure::passwords;
use crate::repositories::{tenant_clients, tenant_owners, tenant_sales, tenants};

#[derive(Debug, Clone)]
pub struct TenantSeed {
    pub name: String,
    pub url: String,
    pub security_key: String,
    pub hotmart_webhook_secret: Option<String>,
    pub owner_name: String,
    pub owner_email: String,
    pub client_name: String,
    pub client_email: String,
    pub password: String,
    pub purchase_id: String,
    pub sale_amount: Decimal,
}

/// What a seed created.
#[derive(Debug, Clone)]
pub struct SeededTenant {
    pub tenant_id: Uuid,
    pub owner_id: Uuid,
    pub client_id: Uuid,
    pub sale_id: Uuid,
}

impl TenantSeed {
    /// A tenant at `<slug>.example.com` with a random key; owner
    /// `dona@<slug>.com`, client `cliente@<slug>.com`, one R$ 297,00 sale.
    pub fn example(slug: &str, password: &str) -> Self {
        Self {
            name: format!("Loja {slug}"),
            url: format!("{slug}.example.com"),
            security_key: crate::infrastructure::secrets::random_token(),
            hotmart_webhook_secret: None,
            owner_name: format!("Dona {slug}"),
            owner_email: format!("dona@{slug}.com"),
            client_name: format!("Cliente {slug}"),
            client_email: format!("cliente@{slug}.com"),
            password: password.into(),
            purchase_id: format!("HP-{slug}-001"),
            sale_amount: Decimal::new(29700, 2),
        }
    }

    /// Creates everything in one transaction as the system (worker role):
    /// the tenant across tenants, the rest narrowed to the new tenant.
    pub async fn create(&self, pool: &PgPool) -> AppResult<SeededTenant> {
        let mut tx = db::begin(pool, Scope::worker()).await?;
        let tenant = tenants::create(
            &mut tx,
            tenants::NewTenant {
                name: self.name.clone(),
                url: self.url.clone(),
                security_key: self.security_key.clone(),
                hotmart_webhook_secret: self.hotmart_webhook_secret.clone(),
                status: TenantStatus::Active,
                logo_url: None,
                theme_colors: None,
                settings: None,
            },
        )
        .await?;
        db::set_scope(&mut tx, Scope::worker_for(tenant.id)).await?;
        let hash = passwords::hash(self.password.clone()).await?;
        let owner = tenant_owners::create(
            &mut tx,
            tenant_owners::NewTenantOwner {
                tenant_id: tenant.id,
                name: self.owner_name.clone(),
                email: self.owner_email.clone(),
                phone: None,
                password_hash: hash.clone(),
                role: OwnerRole::Admin,
                is_active: true,
            },
        )
        .await?;
        let client = tenant_clients::create(
            &mut tx,
            tenant_clients::NewTenantClient {
                tenant_id: tenant.id,
                name: self.client_name.clone(),
                email: self.client_email.clone(),
                phone: None,
                password_hash: Some(hash),
                status: crate::domain::status::ClientStatus::Active,
            },
        )
        .await?;
        let sale_id = tenant_sales::create_manual(
            &mut tx,
            tenant_sales::NewManualSale {
                tenant_id: tenant.id,
                client_id: Some(client.id),
                external_id: Some(self.purchase_id.clone()),
                gross_amount: Some(self.sale_amount),
                net_amount: Some(self.sale_amount),
            },
        )
        .await?;
        tx.commit().await?;
        Ok(SeededTenant { tenant_id: tenant.id, owner_id: owner.id, client_id: client.id, sale_id })
    }
}
