//! The buyer's client: found by e-mail in the tenant, or created.

use sqlx::PgConnection;
use uuid::Uuid;

use crate::domain::error::AppResult;
use crate::repositories::tenant_clients;

/// Who a sale names as its buyer.
#[derive(Debug, Clone, Copy)]
pub struct Buyer<'a> {
    /// Normalised (trimmed, lower case): clients are unique by e-mail in a tenant.
    pub email: &'a str,
    pub name: &'a str,
    pub phone: Option<&'a str>,
}

/// The buyer's client in the tenant, found by e-mail or created without a
/// password (they sign in with the purchase id): its id and whether this
/// sale created it.
pub async fn client_of(conn: &mut PgConnection, tenant_id: Uuid, buyer: &Buyer<'_>) -> AppResult<(Uuid, bool)> {
    tenant_clients::find_or_create_by_email(conn, tenant_id, buyer.email, buyer.name, buyer.phone).await
}
