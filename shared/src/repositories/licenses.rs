//! Licenses (`tenant_client_robots`): a client's right to run a robot.

use chrono::{DateTime, NaiveDate, Utc};
use sqlx::{PgConnection, Postgres, QueryBuilder};
use uuid::Uuid;

use super::listing::{fetch_page, push_day_range, Listing, Narrow};
use crate::domain::error::AppResult;
use crate::domain::ids::new_id;
use crate::domain::pagination::{contains_pattern, Page, PageParams};
use crate::domain::status::{LicenseHold, LicenseStatus};

#[derive(Debug, Clone, sqlx::FromRow)]
pub struct License {
    pub id: Uuid,
    pub tenant_id: Uuid,
    pub client_id: Option<Uuid>,
    pub robot_id: Option<Uuid>,
    pub sale_id: Option<Uuid>,
    pub activation_date: Option<DateTime<Utc>>,
    pub expiration_date: Option<DateTime<Utc>>,
    pub status: LicenseStatus,
    pub account_number: Option<String>,
    pub created_at: DateTime<Utc>,
    /// Held without ending (a dispute, a late charge): the check answers the hold's code.
    pub hold: Option<LicenseHold>,
}

macro_rules! columns {
    () => {
        "id, tenant_id, client_id, robot_id, sale_id, activation_date, expiration_date, status, account_number, created_at, hold"
    };
}

/// Whether the client holds any license of the tenant (whatever its status).
pub async fn client_holds_any(conn: &mut PgConnection, tenant_id: Uuid, client_id: Uuid) -> AppResult<bool> {
    Ok(sqlx::query_scalar("SELECT EXISTS (SELECT 1 FROM tenant_client_robots WHERE tenant_id = $1 AND client_id = $2)")
        .bind(tenant_id)
        .bind(client_id)
        .fetch_one(conn)
        .await?)
}

/// The license a sale granted, locked for this transaction.
pub async fn lock_by_sale(conn: &mut PgConnection, tenant_id: Uuid, sale_id: Uuid) -> AppResult<Option<License>> {
    Ok(sqlx::query_as(concat!(
        "SELECT ",
        columns!(),
        " FROM tenant_client_robots WHERE tenant_id = $1 AND sale_id = $2 FOR UPDATE"
    ))
    .bind(tenant_id)
    .bind(sale_id)
    .fetch_optional(conn)
    .await?)
}

pub struct NewLicense {
    pub tenant_id: Uuid,
    pub client_id: Uuid,
    pub robot_id: Uuid,
    pub sale_id: Option<Uuid>,
    pub activation_date: Option<DateTime<Utc>>,
    pub expiration_date: Option<DateTime<Utc>>,
    pub status: LicenseStatus,
}

pub async fn create(conn: &mut PgConnection, new: NewLicense) -> AppResult<License> {
    Ok(sqlx::query_as(concat!(
        "INSERT INTO tenant_client_robots (id, tenant_id, client_id, robot_id, sale_id, activation_date, expiration_date, status)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING ",
        columns!()
    ))
    .bind(new_id())
    .bind(new.tenant_id)
    .bind(new.client_id)
    .bind(new.robot_id)
    .bind(new.sale_id)
    .bind(new.activation_date)
    .bind(new.expiration_date)
    .bind(new.status)
    .fetch_one(conn)
    .await?)
}

pub async fn set_status(conn: &mut PgConnection, tenant_id: Uuid, id: Uuid, status: LicenseStatus) -> AppResult<()> {
    sqlx::query("UPDATE tenant_client_robots SET status = $3 WHERE tenant_id = $1 AND id = $2")
        .bind(tenant_id)
        .bind(id)
        .bind(status)
        .execute(conn)
        .await?;
    Ok(())
}

/// Holds the license (or lifts its hold with None), since now.
pub async fn set_hold(conn: &mut PgConnection, tenant_id: Uuid, id: Uuid, hold: Option<LicenseHold>) -> AppResult<()> {
    sqlx::query(
        "UPDATE tenant_client_robots SET hold = $3, hold_since = CASE WHEN $3::text IS NULL THEN NULL ELSE now() END
          WHERE tenant_id = $1 AND id = $2 AND hold IS DISTINCT FROM $3::text",
    )
    .bind(tenant_id)
    .bind(id)
    .bind(hold)
    .execute(conn)
    .await?;
    Ok(())
}

/// Sets the date the license runs until (None: no end).
pub async fn set_expiration(
    conn: &mut PgConnection,
    tenant_id: Uuid,
    id: Uuid,
    expiration: Option<DateTime<Utc>>,
) -> AppResult<()> {
    sqlx::query("UPDATE tenant_client_robots SET expiration_date = $3 WHERE tenant_id = $1 AND id = $2")
        .bind(tenant_id)
        .bind(id)
        .bind(expiration)
        .execute(conn)
        .await?;
    Ok(())
}

/// A license as the lists show it: with the client's and robot's names
/// (None when they were deleted: the screens say so).
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct LicenseListRow {
    #[sqlx(flatten)]
    pub license: License,
    pub tenant_name: String,
    pub client_name: Option<String>,
    pub client_email: Option<String>,
    pub robot_name: Option<String>,
    pub robot_platform: Option<String>,
}

#[derive(Debug, Default, Clone)]
pub struct LicenseFilter {
    pub tenant_id: Option<Uuid>,
    pub client_id: Option<Uuid>,
    pub status: Option<LicenseStatus>,
    /// Part of the client's name or e-mail, or of the robot's name.
    pub q: Option<String>,
    /// Activation on or after this day (São Paulo); excludes licenses
    /// never activated.
    pub activated_from: Option<NaiveDate>,
    /// Activation on or before this day (São Paulo); idem.
    pub activated_to: Option<NaiveDate>,
}

const LISTED: &str = "l.id, l.tenant_id, l.client_id, l.robot_id, l.sale_id, l.activation_date, l.expiration_date,
                      l.status, l.account_number, l.created_at, l.hold, t.name AS tenant_name, c.name AS client_name,
                      c.email AS client_email, r.name AS robot_name, r.platform AS robot_platform";
const FROM: &str = " FROM tenant_client_robots l";
const JOINS: &str = " JOIN tenants t ON t.id = l.tenant_id
                      LEFT JOIN tenant_clients c ON c.tenant_id = l.tenant_id AND c.id = l.client_id
                      LEFT JOIN tenant_robots r ON r.tenant_id = l.tenant_id AND r.id = l.robot_id";

/// Licenses, newest first.
pub async fn list(
    conn: &mut PgConnection,
    filter: &LicenseFilter,
    params: PageParams,
) -> AppResult<Page<LicenseListRow>> {
    let pattern = contains_pattern(filter.q.as_deref());
    let others = |qb: &mut QueryBuilder<Postgres>| {
        if let Some(tenant) = filter.tenant_id {
            qb.push(" AND l.tenant_id = ").push_bind(tenant);
        }
        if let Some(client) = filter.client_id {
            qb.push(" AND l.client_id = ").push_bind(client);
        }
        if let Some(status) = filter.status {
            qb.push(" AND l.status = ").push_bind(status);
        }
        push_day_range(qb, "l.activation_date", filter.activated_from, filter.activated_to);
    };
    // A license matches by its client's name or e-mail, or by its robot's
    // name: each side is found by its own index (the clients' trigram
    // indexes then the licenses by client; the robots then the licenses by
    // robot, which carries their order), one UNION of the two.
    let by_client = |qb: &mut QueryBuilder<Postgres>, p: &String| {
        qb.push("(l.tenant_id, l.client_id) IN (SELECT tenant_id, id FROM tenant_clients WHERE name ILIKE ");
        qb.push_bind(p.clone()).push(" OR email ILIKE ").push_bind(p.clone()).push(")");
    };
    let by_robot = |qb: &mut QueryBuilder<Postgres>, p: &String| {
        qb.push("l.robot_id IN (SELECT id FROM tenant_robots WHERE name ILIKE ").push_bind(p.clone()).push(")");
    };
    let matched = |qb: &mut QueryBuilder<Postgres>| {
        if let Some(p) = &pattern {
            qb.push("SELECT l.id, l.created_at FROM tenant_client_robots l WHERE ");
            by_client(qb, p);
            others(qb);
            qb.push(" UNION SELECT l.id, l.created_at FROM tenant_client_robots l WHERE ");
            by_robot(qb, p);
            others(qb);
        }
    };
    let listing = Listing {
        columns: LISTED,
        from: "tenant_client_robots l",
        joins: JOINS,
        // Past the cap of matches (a search as wide as "a"), pages walk the
        // list index and keep the matching licenses.
        filters: |qb: &mut QueryBuilder<Postgres>| {
            others(qb);
            if let Some(p) = &pattern {
                qb.push(" AND (");
                by_client(qb, p);
                qb.push(" OR ");
                by_robot(qb, p);
                qb.push(")");
            }
        },
        narrow: if pattern.is_some() { Narrow::ByQuery(&matched) } else { Narrow::No },
    };
    fetch_page(conn, listing, params).await
}

pub async fn find_listed(conn: &mut PgConnection, id: Uuid) -> AppResult<Option<LicenseListRow>> {
    Ok(sqlx::query_as(sqlx::AssertSqlSafe(format!("SELECT {LISTED}{FROM}{JOINS} WHERE l.id = $1")))
        .bind(id)
        .fetch_optional(conn)
        .await?)
}

/// Every field of a license as the admin's dialog sets it.
#[derive(Debug, Clone)]
pub struct LicenseFields {
    pub tenant_id: Uuid,
    pub client_id: Uuid,
    pub robot_id: Uuid,
    pub sale_id: Option<Uuid>,
    pub activation_date: Option<DateTime<Utc>>,
    pub expiration_date: Option<DateTime<Utc>>,
    pub status: LicenseStatus,
    pub account_number: Option<String>,
}

/// Creates (`id` None) or rewrites a license. The composite keys refuse a
/// client, robot or sale of another tenant.
pub async fn save(conn: &mut PgConnection, id: Option<Uuid>, f: &LicenseFields) -> AppResult<Option<Uuid>> {
    let sql = if id.is_some() {
        "UPDATE tenant_client_robots SET tenant_id = $2, client_id = $3, robot_id = $4, sale_id = $5,
                activation_date = $6, expiration_date = $7, status = $8, account_number = $9
          WHERE id = $1 RETURNING id"
    } else {
        "INSERT INTO tenant_client_robots (id, tenant_id, client_id, robot_id, sale_id, activation_date,
                                           expiration_date, status, account_number)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) RETURNING id"
    };
    Ok(sqlx::query_scalar(sql)
        .bind(id.unwrap_or_else(new_id))
        .bind(f.tenant_id)
        .bind(f.client_id)
        .bind(f.robot_id)
        .bind(f.sale_id)
        .bind(f.activation_date)
        .bind(f.expiration_date)
        .bind(f.status)
        .bind(&f.account_number)
        .fetch_optional(conn)
        .await?)
}

/// Binds (or with None unbinds) the MetaTrader account of a license. The
/// license cache hears of it through the table's NOTIFY trigger, so the
/// robot's next check sees the new account. False when there is no such
/// license in the tenant.
pub async fn set_account(conn: &mut PgConnection, tenant_id: Uuid, id: Uuid, account: Option<&str>) -> AppResult<bool> {
    let updated = sqlx::query("UPDATE tenant_client_robots SET account_number = $3 WHERE tenant_id = $1 AND id = $2")
        .bind(tenant_id)
        .bind(id)
        .bind(account)
        .execute(conn)
        .await?;
    Ok(updated.rows_affected() == 1)
}

/// A license the expiry job ended: what it was before.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct EndedLicense {
    pub id: Uuid,
    pub tenant_id: Uuid,
    pub previous_status: LicenseStatus,
    pub expiration_date: DateTime<Utc>,
}

/// Marks expired up to `limit` usable (active or trial) licenses whose end
/// date is at or before `now`, every tenant at once (worker scope). Rows
/// another run holds are skipped, not waited for.
pub async fn expire_due(conn: &mut PgConnection, now: DateTime<Utc>, limit: i64) -> AppResult<Vec<EndedLicense>> {
    Ok(sqlx::query_as(
        "WITH due AS (
             SELECT tenant_id, id, status FROM tenant_client_robots
              WHERE status IN ('active', 'trial') AND expiration_date IS NOT NULL AND expiration_date <= $1
              ORDER BY expiration_date LIMIT $2 FOR UPDATE SKIP LOCKED)
         UPDATE tenant_client_robots l SET status = 'expired'
           FROM due WHERE l.tenant_id = due.tenant_id AND l.id = due.id
         RETURNING l.id, l.tenant_id, due.status AS previous_status, l.expiration_date",
    )
    .bind(now)
    .bind(limit)
    .fetch_all(conn)
    .await?)
}

/// A license about to end whose buyer has not been told yet.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct EndingLicense {
    pub id: Uuid,
    pub tenant_id: Uuid,
    pub robot_id: Option<Uuid>,
    pub expiration_date: DateTime<Utc>,
    pub client_id: Uuid,
    pub client_name: String,
    pub client_email: String,
}

/// Up to `limit` usable licenses ending after `now` and at most `within`
/// later whose buyer (an active client) was not reminded of this end date,
/// locked for the caller (rows another run holds are skipped). A license a
/// running subscription pays for is left out: its end moves with each charge.
pub async fn lock_unreminded_ending(
    conn: &mut PgConnection,
    now: DateTime<Utc>,
    within: chrono::Duration,
    limit: i64,
) -> AppResult<Vec<EndingLicense>> {
    Ok(sqlx::query_as(
        "SELECT l.id, l.tenant_id, l.robot_id, l.expiration_date, c.id AS client_id, c.name AS client_name,
                c.email AS client_email
           FROM tenant_client_robots l
           JOIN tenant_clients c ON c.tenant_id = l.tenant_id AND c.id = l.client_id
          WHERE l.status IN ('active', 'trial') AND l.expiration_date IS NOT NULL
            AND l.expiration_date > $1 AND l.expiration_date <= $2
            AND l.expiry_reminder_sent_at IS NULL AND c.status = 'active'
            AND NOT EXISTS (SELECT 1 FROM tenant_subscriptions s
                             WHERE s.tenant_id = l.tenant_id AND s.sale_id = l.sale_id AND s.status = 'active')
          ORDER BY l.expiration_date LIMIT $3
          FOR UPDATE OF l SKIP LOCKED",
    )
    .bind(now)
    .bind(now + within)
    .bind(limit)
    .fetch_all(conn)
    .await?)
}

/// Records that the buyer was told of the license's end (until the date moves).
pub async fn mark_reminded(conn: &mut PgConnection, tenant_id: Uuid, id: Uuid) -> AppResult<()> {
    sqlx::query("UPDATE tenant_client_robots SET expiry_reminder_sent_at = now() WHERE tenant_id = $1 AND id = $2")
        .bind(tenant_id)
        .bind(id)
        .execute(conn)
        .await?;
    Ok(())
}
