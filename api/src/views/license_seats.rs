//! A license's seats (decision 0023) as the owner and the buyer both see
//! them, and the robot's seat policy as the owner reads and sends it.

use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use serde_json::{json, Value};
use shared::domain::seat_policy::{AccountRule, SeatKind};
use shared::infrastructure::db::Tx;
use shared::repositories::license_seats::{self, Seat, SeatPolicy, SeatedLicense};
use shared::AppError;
use utoipa::ToSchema;
use uuid::Uuid;

pub const UNKNOWN_SEAT: &str = "Conta não encontrada nesta licença";
crate::not_found_as!(UnknownSeat, UNKNOWN_SEAT);

/// One account a license is bound to.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SeatItem {
    pub id: Uuid,
    /// The MetaTrader login (digits).
    pub login: String,
    /// The trade server (`ACCOUNT_SERVER`); null for an account bound before
    /// servers were known, until its next check.
    pub server: Option<String>,
    /// The broker's company name, as the terminal reports it.
    pub company: Option<String>,
    pub kind: SeatKind,
    /// Whether it takes one of the license's seats.
    pub counted: bool,
    pub bound_at: DateTime<Utc>,
    /// Who bound it: check (the robot's first check from it), client, owner,
    /// admin or migration (bound before seats existed).
    pub bound_by: String,
}

impl From<Seat> for SeatItem {
    fn from(s: Seat) -> Self {
        Self {
            id: s.id,
            kind: SeatKind::parse(&s.kind).unwrap_or(SeatKind::Unknown),
            login: s.login,
            server: s.server,
            company: s.company,
            counted: s.counted,
            bound_at: s.bound_at,
            bound_by: s.bound_by,
        }
    }
}

/// What the audit log keeps of a seat.
pub fn audited_seat(s: &SeatItem) -> Value {
    json!({ "login": s.login, "server": s.server, "kind": s.kind, "counted": s.counted })
}

/// A license's seats and the rules that count them.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct LicenseSeats {
    pub seats: Vec<SeatItem>,
    /// Seats taken (counted accounts).
    pub used: i64,
    /// Seats the license has: its override, else its robot's.
    pub total: i32,
    /// What demo accounts do on this license (override included).
    pub demo_accounts: AccountRule,
    /// What contest accounts do on this license.
    pub contest_accounts: AccountRule,
    /// first_use: the robot's first check binds an account; portal: the
    /// buyer adds accounts in the portal. Null when the robot was deleted.
    pub binding_policy: Option<String>,
    /// The license's own seat count (null: the robot's).
    pub live_seats_override: Option<i32>,
    /// The license's own demo rule (null: the robot's).
    pub demo_accounts_override: Option<AccountRule>,
    /// The robot's seat count and demo rule, which apply without overrides.
    pub robot_live_seats: i32,
    pub robot_demo_accounts: AccountRule,
}

impl LicenseSeats {
    /// The seats of `license` as they are in this transaction.
    pub async fn of(tx: &mut Tx, license: &SeatedLicense) -> Result<Self, AppError> {
        let seats = license_seats::seats(tx, license.tenant_id, license.id).await?;
        let policy = license.policy();
        let rule = |text: &str| AccountRule::parse(text).unwrap_or(AccountRule::Counted);
        Ok(Self {
            used: seats.iter().filter(|s| s.counted).count() as i64,
            total: policy.live_seats,
            demo_accounts: policy.demo,
            contest_accounts: policy.contest,
            binding_policy: license.binding_policy.clone(),
            live_seats_override: license.live_seats_override,
            demo_accounts_override: license.demo_accounts_override.as_deref().map(rule),
            robot_live_seats: license.robot_live_seats,
            robot_demo_accounts: rule(&license.robot_demo_accounts),
            seats: seats.into_iter().map(SeatItem::from).collect(),
        })
    }
}

/// A robot's seat policy.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct RobotSeatPolicy {
    /// Real-account seats per license (1..50).
    pub live_seats: i32,
    pub demo_accounts: AccountRule,
    /// Null: contest accounts follow the demo rule.
    pub contest_accounts: Option<AccountRule>,
    /// Trade-server patterns (`XPMT5-*`) or company names; empty: any broker.
    pub allowed_brokers: Vec<String>,
    /// Trial licenses accept demo (and contest) accounts only.
    pub trial_demo_only: bool,
}

impl From<SeatPolicy> for RobotSeatPolicy {
    fn from(p: SeatPolicy) -> Self {
        let rule = |text: &str| AccountRule::parse(text).unwrap_or(AccountRule::Counted);
        Self {
            live_seats: p.live_seats,
            demo_accounts: rule(&p.demo_accounts),
            contest_accounts: p.contest_accounts.as_deref().map(rule),
            allowed_brokers: p.allowed_brokers,
            trial_demo_only: p.trial_demo_only,
        }
    }
}

impl RobotSeatPolicy {
    pub fn audited(&self) -> Value {
        json!({ "liveSeats": self.live_seats, "demoAccounts": self.demo_accounts,
                "contestAccounts": self.contest_accounts, "allowedBrokers": self.allowed_brokers,
                "trialDemoOnly": self.trial_demo_only })
    }
}

/// An account the buyer adds to their license in the portal.
#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(default, rename_all = "camelCase")]
pub struct NewSeatRequest {
    /// The MetaTrader login (digits, no leading zeros).
    #[schema(max_length = 20)]
    pub login: Option<String>,
    /// The trade server, as MetaTrader shows it (e.g. XPMT5-DEMO).
    #[schema(max_length = 64)]
    pub server: Option<String>,
    /// real, demo or contest; omitted: unknown until the robot's first check
    /// (counted as a real account meanwhile).
    pub trade_mode: Option<String>,
}
