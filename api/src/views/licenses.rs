//! A license as the owner sees it (with its installations), and the messages the admin's and owner's license forms share.

use std::collections::HashMap;

use chrono::{DateTime, Utc};
use serde::Serialize;
use shared::domain::status::{LicenseHold, LicenseStatus};
use shared::infrastructure::db::Tx;
use shared::repositories::installations::{self, Installation, LicenseUsage};
use shared::repositories::licenses::LicenseListRow;
use shared::AppError;
use utoipa::ToSchema;
use uuid::Uuid;

pub const NOT_FOUND: &str = "Licença não encontrada";
crate::not_found_as!(UnknownLicense, NOT_FOUND);

/// Whether a buyer may use the license (download, change its accounts):
/// active or trial, and not past its end.
pub fn usable_by_client(status: LicenseStatus, expiration: Option<DateTime<Utc>>) -> bool {
    matches!(status, LicenseStatus::Active | LicenseStatus::Trial) && expiration.is_none_or(|e| e > Utc::now())
}

pub const SALE_OF_ANOTHER_TENANT: &str = "A venda selecionada não pertence ao tenant escolhido.";

/// A license as the owner's screens show it.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct OwnerLicenseItem {
    pub id: Uuid,
    pub client_id: Option<Uuid>,
    /// None when the client was deleted.
    pub client_name: Option<String>,
    pub client_email: Option<String>,
    pub robot_id: Option<Uuid>,
    /// None when the robot was deleted.
    pub robot_name: Option<String>,
    pub robot_platform: Option<String>,
    pub sale_id: Option<Uuid>,
    pub status: LicenseStatus,
    /// Held without ending: `dispute` (the sale is contested) or
    /// `payment_late` (a late charge, where the owner chose to suspend).
    pub hold: Option<LicenseHold>,
    pub account_number: Option<String>,
    pub activation_date: Option<DateTime<Utc>>,
    pub expiration_date: Option<DateTime<Utc>>,
    pub created_at: DateTime<Utc>,
    /// MetaTrader accounts that checked this license in the last 30 days.
    pub active_installations: i64,
    /// Active accounts holding no seat of the license ("Possível
    /// compartilhamento" when any).
    pub unseated_installations: i64,
    /// The robot's last license check with this license.
    pub last_seen: Option<DateTime<Utc>>,
}

impl OwnerLicenseItem {
    fn new(r: LicenseListRow, usage: Option<&LicenseUsage>) -> Self {
        let l = r.license;
        Self {
            id: l.id,
            client_id: l.client_id,
            client_name: r.client_name,
            client_email: r.client_email,
            robot_id: l.robot_id,
            robot_name: r.robot_name,
            robot_platform: r.robot_platform,
            sale_id: l.sale_id,
            status: l.status,
            hold: l.hold,
            account_number: l.account_number,
            activation_date: l.activation_date,
            expiration_date: l.expiration_date,
            created_at: l.created_at,
            active_installations: usage.map_or(0, |u| u.active_installations),
            unseated_installations: usage.map_or(0, |u| u.unseated_installations),
            last_seen: usage.and_then(|u| u.last_seen),
        }
    }

    /// The rows with their installation counts (one query for the page).
    pub async fn with_usage(tx: &mut Tx, tenant_id: Uuid, rows: Vec<LicenseListRow>) -> Result<Vec<Self>, AppError> {
        let ids: Vec<Uuid> = rows.iter().map(|r| r.license.id).collect();
        let usage: HashMap<Uuid, LicenseUsage> =
            installations::usage_of(tx, tenant_id, &ids).await?.into_iter().map(|u| (u.license_id, u)).collect();
        Ok(rows
            .into_iter()
            .map(|r| {
                let usage = usage.get(&r.license.id);
                Self::new(r, usage)
            })
            .collect())
    }
}

/// One MetaTrader account seen running a license.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct InstallationItem {
    pub license_id: Uuid,
    pub robot_id: Option<Uuid>,
    pub robot_name: Option<String>,
    pub account_number: String,
    /// The trade server (null when the robot could not say it: built before protocol v3).
    pub account_server: Option<String>,
    /// The broker's company name, as MetaTrader says it.
    pub company: Option<String>,
    /// real, demo or contest (null before protocol v3).
    pub trade_mode: Option<String>,
    pub terminal_build: Option<i32>,
    /// The version its last check ran, when known.
    pub robot_version: Option<String>,
    pub first_seen: DateTime<Utc>,
    pub last_seen: DateTime<Utc>,
    /// The result of the last check from this account.
    pub last_valid: bool,
    /// Its code, the real reason (OK, SEATS_FULL, DEMO_REFUSED, BROKER_NOT_ALLOWED, EXPIRED, ...).
    pub last_code: String,
    pub checks: i64,
    /// Seen in the last 30 days.
    pub active: bool,
    /// valid, in_grace (missed its re-check: running on the offline grace),
    /// lapsed (past the grace) or denied.
    pub state: String,
    pub state_since: DateTime<Utc>,
}

impl From<Installation> for InstallationItem {
    fn from(i: Installation) -> Self {
        Self {
            license_id: i.license_id,
            robot_id: i.robot_id,
            robot_name: i.robot_name,
            account_number: i.account_number,
            account_server: Some(i.account_server).filter(|s| !s.is_empty()),
            company: i.company,
            trade_mode: i.trade_mode,
            terminal_build: i.terminal_build,
            robot_version: i.robot_version,
            first_seen: i.first_seen,
            last_seen: i.last_seen,
            last_valid: i.last_valid,
            last_code: i.last_code,
            checks: i.checks,
            active: i.active,
            state: i.state,
            state_since: i.state_since,
        }
    }
}
