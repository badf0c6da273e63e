//! Seats (`license_seats`, migration 42): the accounts — login on a trade
//! server — a license is bound to, and the seat policy of robots and
//! licenses that decides how many of them it may have. The license check
//! binds seats on its own (workflows::license_check); this is the managing
//! side: owners and buyers list, free and add seats, owners set policies.
//!
//! The license's legacy `account_number` + `account_server` is its "first
//! seat", kept in step by the trigger `license_first_seat_follows`: when the
//! first seat is freed another seat takes its place, chosen here so that the
//! trigger (which deletes the old account's seats and inserts one for the
//! new) never removes a seat that should stay.

use chrono::{DateTime, Utc};
use sqlx::PgConnection;
use uuid::Uuid;

use crate::domain::error::{unique, AppError, AppResult, OnConstraint};
use crate::domain::ids::new_id;
use crate::domain::seat_policy::{AccountRule, EffectivePolicy, SeatKind};
use crate::domain::status::LicenseStatus;

/// A robot's seat policy as the owner sets it.
#[derive(Debug, Clone, PartialEq, Eq, sqlx::FromRow)]
pub struct SeatPolicy {
    pub live_seats: i32,
    /// free, counted or refused (see [`AccountRule`]).
    pub demo_accounts: String,
    /// None: contest accounts follow the demo rule.
    pub contest_accounts: Option<String>,
    pub allowed_brokers: Vec<String>,
    pub trial_demo_only: bool,
}

/// The robot's seat policy; None when the tenant has no such robot.
pub async fn robot_policy(conn: &mut PgConnection, tenant_id: Uuid, robot_id: Uuid) -> AppResult<Option<SeatPolicy>> {
    Ok(sqlx::query_as(
        "SELECT live_seats, demo_accounts, contest_accounts, allowed_brokers, trial_demo_only
           FROM tenant_robots WHERE tenant_id = $1 AND id = $2",
    )
    .bind(tenant_id)
    .bind(robot_id)
    .fetch_optional(conn)
    .await?)
}

/// Replaces the robot's seat policy (validated by the caller); None when the
/// tenant has no such robot. Seats already bound stay: the new rules apply to
/// the next binding, so lowering the seats never unbinds a buyer's account.
pub async fn set_robot_policy(
    conn: &mut PgConnection,
    tenant_id: Uuid,
    robot_id: Uuid,
    policy: &SeatPolicy,
) -> AppResult<Option<SeatPolicy>> {
    Ok(sqlx::query_as(
        "UPDATE tenant_robots
            SET live_seats = $3, demo_accounts = $4, contest_accounts = $5, allowed_brokers = $6,
                trial_demo_only = $7, updated_at = now()
          WHERE tenant_id = $1 AND id = $2
      RETURNING live_seats, demo_accounts, contest_accounts, allowed_brokers, trial_demo_only",
    )
    .bind(tenant_id)
    .bind(robot_id)
    .bind(policy.live_seats)
    .bind(&policy.demo_accounts)
    .bind(&policy.contest_accounts)
    .bind(&policy.allowed_brokers)
    .bind(policy.trial_demo_only)
    .fetch_optional(conn)
    .await?)
}

/// A license with what decides its seats: its robot's policy (defaults when
/// the robot was deleted) and its own overrides.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct SeatedLicense {
    pub id: Uuid,
    pub tenant_id: Uuid,
    pub client_id: Option<Uuid>,
    pub status: LicenseStatus,
    pub expiration_date: Option<DateTime<Utc>>,
    pub account_number: Option<String>,
    pub account_server: Option<String>,
    /// first_use or portal (None: the robot was deleted).
    pub binding_policy: Option<String>,
    pub robot_live_seats: i32,
    pub robot_demo_accounts: String,
    pub robot_contest_accounts: Option<String>,
    pub trial_demo_only: bool,
    pub live_seats_override: Option<i32>,
    pub demo_accounts_override: Option<String>,
}

impl SeatedLicense {
    pub fn policy(&self) -> EffectivePolicy {
        let rule = |text: &str| AccountRule::parse(text).unwrap_or(AccountRule::Counted);
        EffectivePolicy::of(
            self.robot_live_seats,
            rule(&self.robot_demo_accounts),
            self.robot_contest_accounts.as_deref().map(rule),
            self.trial_demo_only,
            self.live_seats_override,
            self.demo_accounts_override.as_deref().map(rule),
        )
    }
}

macro_rules! license_select {
    () => {
        "SELECT l.id, l.tenant_id, l.client_id, l.status, l.expiration_date, l.account_number, l.account_server,
                r.binding_policy,
                coalesce(r.live_seats, 1) AS robot_live_seats,
                coalesce(r.demo_accounts, 'counted') AS robot_demo_accounts,
                r.contest_accounts AS robot_contest_accounts,
                coalesce(r.trial_demo_only, false) AS trial_demo_only,
                l.live_seats_override, l.demo_accounts_override
           FROM tenant_client_robots l
           LEFT JOIN tenant_robots r ON r.tenant_id = l.tenant_id AND r.id = l.robot_id
          WHERE l.tenant_id = $1 AND l.id = $2 AND ($3::uuid IS NULL OR l.client_id = $3)"
    };
}

/// `client_id` narrows to one buyer's licenses (the client portal); `lock`
/// takes the license's row lock, so that seat changes of one license happen
/// one at a time (two frees at once never both move its first seat).
async fn find_license(
    conn: &mut PgConnection,
    tenant_id: Uuid,
    license_id: Uuid,
    client_id: Option<Uuid>,
    lock: bool,
) -> AppResult<Option<SeatedLicense>> {
    let sql = if lock { concat!(license_select!(), " FOR UPDATE OF l") } else { license_select!() };
    Ok(sqlx::query_as(sql).bind(tenant_id).bind(license_id).bind(client_id).fetch_optional(conn).await?)
}

/// The license (of `client_id` when given), to read its seats.
pub async fn license(
    conn: &mut PgConnection,
    tenant_id: Uuid,
    license_id: Uuid,
    client_id: Option<Uuid>,
) -> AppResult<Option<SeatedLicense>> {
    find_license(conn, tenant_id, license_id, client_id, false).await
}

/// The license (of `client_id` when given), locked for a change of its seats.
pub async fn lock_license(
    conn: &mut PgConnection,
    tenant_id: Uuid,
    license_id: Uuid,
    client_id: Option<Uuid>,
) -> AppResult<Option<SeatedLicense>> {
    find_license(conn, tenant_id, license_id, client_id, true).await
}

/// Sets (Some) or clears (None) the license's own seat count and demo rule.
pub async fn set_overrides(
    conn: &mut PgConnection,
    tenant_id: Uuid,
    license_id: Uuid,
    live_seats: Option<i32>,
    demo_accounts: Option<AccountRule>,
) -> AppResult<bool> {
    let updated = sqlx::query(
        "UPDATE tenant_client_robots SET live_seats_override = $3, demo_accounts_override = $4
          WHERE tenant_id = $1 AND id = $2",
    )
    .bind(tenant_id)
    .bind(license_id)
    .bind(live_seats)
    .bind(demo_accounts.map(AccountRule::as_str))
    .execute(conn)
    .await?;
    Ok(updated.rows_affected() == 1)
}

/// One account a license is bound to.
#[derive(Debug, Clone, PartialEq, Eq, sqlx::FromRow)]
pub struct Seat {
    pub id: Uuid,
    pub login: String,
    /// None: bound before servers were known (its next check fills it in).
    pub server: Option<String>,
    pub company: Option<String>,
    /// real, demo, contest or unknown.
    pub kind: String,
    /// Whether it takes one of the license's seats.
    pub counted: bool,
    pub bound_at: DateTime<Utc>,
    /// check, client, owner, admin or migration.
    pub bound_by: String,
}

macro_rules! seat_columns {
    () => {
        "id, login, server, company, kind, counted, bound_at, bound_by"
    };
}

/// The license's seats, oldest first.
pub async fn seats(conn: &mut PgConnection, tenant_id: Uuid, license_id: Uuid) -> AppResult<Vec<Seat>> {
    Ok(sqlx::query_as(concat!(
        "SELECT ",
        seat_columns!(),
        " FROM license_seats WHERE tenant_id = $1 AND license_id = $2 ORDER BY bound_at, id"
    ))
    .bind(tenant_id)
    .bind(license_id)
    .fetch_all(conn)
    .await?)
}

/// How many of the license's seats are taken (its counted accounts).
pub async fn used(conn: &mut PgConnection, tenant_id: Uuid, license_id: Uuid) -> AppResult<i64> {
    Ok(sqlx::query_scalar("SELECT count(*) FROM license_seats WHERE tenant_id = $1 AND license_id = $2 AND counted")
        .bind(tenant_id)
        .bind(license_id)
        .fetch_one(conn)
        .await?)
}

/// Unbinds one seat of a locked license; None when it has no such seat. When
/// it was the license's first seat (its `account_number` + `account_server`,
/// matched as the trigger matches them) another remaining seat becomes the
/// first — counted ones before free ones, oldest first — or none is left.
pub async fn free(conn: &mut PgConnection, license: &SeatedLicense, seat_id: Uuid) -> AppResult<Option<Seat>> {
    let freed: Option<Seat> = sqlx::query_as(concat!(
        "DELETE FROM license_seats WHERE tenant_id = $1 AND license_id = $2 AND id = $3 RETURNING ",
        seat_columns!()
    ))
    .bind(license.tenant_id)
    .bind(license.id)
    .bind(seat_id)
    .fetch_optional(&mut *conn)
    .await?;
    let Some(freed) = freed else { return Ok(None) };
    let first_login = license.account_number.as_deref().map(|a| a.trim().trim_start_matches('0'));
    let is_first = first_login == Some(freed.login.as_str())
        && match (&license.account_server, &freed.server) {
            (Some(first), Some(server)) => first.eq_ignore_ascii_case(server),
            (Some(_), None) => false,
            // A first seat without a server stands for any seat of its login.
            (None, _) => true,
        };
    if !is_first {
        return Ok(Some(freed));
    }
    // The trigger deletes the old login's seats on the first seat's server,
    // or on every server when the license never knew its server. Naming the
    // freed seat's server first keeps the other seats of that login; when it
    // has none either, a seat of the same login is preferred as the new first
    // seat, which leaves `account_number` as it is and the trigger idle.
    let first_server = license.account_server.clone().or_else(|| freed.server.clone());
    if first_server.is_some() && license.account_server.is_none() {
        sqlx::query("UPDATE tenant_client_robots SET account_server = $3 WHERE tenant_id = $1 AND id = $2")
            .bind(license.tenant_id)
            .bind(license.id)
            .bind(&first_server)
            .execute(&mut *conn)
            .await?;
    }
    let keep_same_login = first_server.is_none();
    let next: Option<(String, Option<String>)> = sqlx::query_as(
        "SELECT login, server FROM license_seats
          WHERE tenant_id = $1 AND license_id = $2 AND (counted OR ($4 AND login = $3))
          ORDER BY ($4 AND login = $3) DESC, counted DESC, bound_at, id
          LIMIT 1",
    )
    .bind(license.tenant_id)
    .bind(license.id)
    .bind(&freed.login)
    .bind(keep_same_login)
    .fetch_optional(&mut *conn)
    .await?;
    let (login, server) = next.map_or((None, None), |(login, server)| (Some(login), server));
    // The same login written as before (`0777` stays `0777`): an unchanged
    // `account_number` leaves the trigger idle.
    sqlx::query(
        "UPDATE tenant_client_robots
            SET account_number = CASE WHEN ltrim(btrim(account_number), '0') = $3 THEN account_number ELSE $3 END,
                account_server = $4
          WHERE tenant_id = $1 AND id = $2",
    )
    .bind(license.tenant_id)
    .bind(license.id)
    .bind(login)
    .bind(server)
    .execute(conn)
    .await?;
    Ok(Some(freed))
}

/// An account bound by hand (the buyer in the portal, or an owner).
pub struct NewSeat<'a> {
    pub login: &'a str,
    pub server: &'a str,
    pub kind: SeatKind,
    /// client, owner or admin.
    pub bound_by: &'static str,
}

pub const ALREADY_BOUND: &str = "Esta conta já está vinculada a esta licença.";

/// Binds an account to a locked license by hand: refused (pt-BR, 409) when
/// the license's policy refuses its kind or its counted seats are full. A
/// license without a first seat gets this one as its first.
pub async fn add(conn: &mut PgConnection, license: &SeatedLicense, new: NewSeat<'_>) -> AppResult<Seat> {
    let used = used(conn, license.tenant_id, license.id).await?;
    let counted = license
        .policy()
        .admit(new.kind, license.status == LicenseStatus::Trial, used)
        .map_err(|refusal| AppError::Conflict(refusal.message()))?;
    let seat: Seat = sqlx::query_as(concat!(
        "INSERT INTO license_seats (id, tenant_id, license_id, login, server, kind, counted, bound_by)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING ",
        seat_columns!()
    ))
    .bind(new_id())
    .bind(license.tenant_id)
    .bind(license.id)
    .bind(new.login)
    .bind(new.server)
    .bind(new.kind.as_str())
    .bind(counted)
    .bind(new.bound_by)
    .fetch_one(&mut *conn)
    .await
    .on_constraint(&[unique("license_seats_account_idx", "login", ALREADY_BOUND)])?;
    if license.account_number.is_none() {
        // The seat exists already, so the trigger's own insert for the new
        // first account finds it and does nothing.
        sqlx::query(
            "UPDATE tenant_client_robots SET account_number = $3, account_server = $4
              WHERE tenant_id = $1 AND id = $2 AND account_number IS NULL",
        )
        .bind(license.tenant_id)
        .bind(license.id)
        .bind(new.login)
        .bind(new.server)
        .execute(conn)
        .await?;
    }
    Ok(seat)
}
