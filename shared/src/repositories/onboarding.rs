//! A new reseller's first steps, read from what is really there (issue 35):
//! brand, sender, robot, an active version, a sales channel, a first sale and
//! the client portal's address handed out. One row, owner scope (RLS).

use sqlx::PgConnection;
use uuid::Uuid;

use crate::domain::error::AppResult;

/// Each step, done or not, as the data says.
#[derive(Debug, Clone, Default, PartialEq, Eq, sqlx::FromRow)]
pub struct Onboarding {
    /// A display name, logo or colours of its own.
    pub branding: bool,
    /// Its own Resend key.
    pub sender: bool,
    pub robot: bool,
    /// A robot with an active version (a buyer can download it).
    pub active_version: bool,
    /// Hotmart's webhook token set, or a sale already arrived from a platform.
    pub sales_channel: bool,
    pub first_sale: bool,
    /// The owner marked the portal's address as shared, or a client signed in.
    pub portal_shared: bool,
    /// The client portal (the tenant's URL).
    pub url: String,
}

pub async fn progress(conn: &mut PgConnection, tenant_id: Uuid) -> AppResult<Option<Onboarding>> {
    Ok(sqlx::query_as(
        "SELECT (t.display_name IS NOT NULL OR t.logo_url IS NOT NULL OR t.theme_colors IS NOT NULL) AS branding,
                t.resend_configured AS sender,
                EXISTS (SELECT 1 FROM tenant_robots r WHERE r.tenant_id = t.id) AS robot,
                EXISTS (SELECT 1 FROM tenant_robots r WHERE r.tenant_id = t.id AND r.active_version IS NOT NULL)
                    AS active_version,
                (t.hotmart_configured
                 OR EXISTS (SELECT 1 FROM tenant_sales s WHERE s.tenant_id = t.id AND s.origin <> 'manual'))
                    AS sales_channel,
                EXISTS (SELECT 1 FROM tenant_sales s WHERE s.tenant_id = t.id) AS first_sale,
                (t.settings ? 'portalSharedAt'
                 OR EXISTS (SELECT 1 FROM tenant_clients c WHERE c.tenant_id = t.id AND c.last_login IS NOT NULL))
                    AS portal_shared,
                t.url
           FROM tenants t WHERE t.id = $1",
    )
    .bind(tenant_id)
    .fetch_optional(conn)
    .await?)
}

/// The owner handed the client portal's address out (copied it from the
/// checklist): kept in the tenant's settings, once.
pub async fn mark_portal_shared(conn: &mut PgConnection, tenant_id: Uuid) -> AppResult<bool> {
    let marked = sqlx::query(
        "UPDATE tenants SET settings = settings || jsonb_build_object('portalSharedAt', now()), updated_at = now()
          WHERE id = $1 AND NOT settings ? 'portalSharedAt'",
    )
    .bind(tenant_id)
    .execute(conn)
    .await?;
    Ok(marked.rows_affected() == 1)
}
