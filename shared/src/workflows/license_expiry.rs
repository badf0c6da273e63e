//! Licenses end on their date. The license check already refuses a license
//! past its `expiration_date` at the moment it answers (it compares the date
//! with the clock, cached facts or not), so nothing waits for this job to be
//! correct; the job makes the status say so (active or trial → expired,
//! audited as the system) and tells the buyer three days ahead, once per end
//! date (`expiry_reminder_sent_at`, re-armed by a trigger when the date moves).

use std::collections::BTreeMap;

use chrono::{DateTime, Duration, Utc};
use serde_json::json;
use uuid::Uuid;

use crate::domain::error::AppResult;
use crate::infrastructure::db::{Actor, Tx};
use crate::repositories::audit_log::{self, Action};
use crate::repositories::licenses::{self, EndedLicense};
use crate::workflows::email;
use crate::workflows::email::BuyerEmail;

/// How long before its end a buyer hears that a license is ending.
pub const REMINDER_AHEAD: Duration = Duration::days(3);

/// Rows per statement: a backlog (the first run after an outage) is worked
/// through in bounded steps.
const BATCH: i64 = 500;

/// What one run did.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct ExpiryRun {
    pub expired: usize,
    pub reminded: usize,
}

/// Expires what ended and reminds whom it must. Worker scope over every
/// tenant (`Scope::worker()`); the e-mails are queued in `tx`, so they exist
/// exactly when the marks that say they were sent commit.
pub async fn run(tx: &mut Tx, now: DateTime<Utc>) -> AppResult<ExpiryRun> {
    let expired = expire_due(tx, now).await?.len();
    let reminded = remind_ending(tx, now).await?;
    Ok(ExpiryRun { expired, reminded })
}

/// Marks expired every active or trial license whose end date is at or
/// before `now`; each change is audited with the system as its actor.
pub async fn expire_due(tx: &mut Tx, now: DateTime<Utc>) -> AppResult<Vec<EndedLicense>> {
    let mut ended = Vec::new();
    loop {
        let batch = licenses::expire_due(tx, now, BATCH).await?;
        for license in &batch {
            let before = json!({ "status": license.previous_status });
            let after = json!({ "status": "expired", "reason": "expiration_date",
                                "expirationDate": license.expiration_date });
            audit_log::record_change(
                tx,
                Actor::System,
                None,
                Some(license.tenant_id),
                Action::Update,
                "license",
                license.id,
                &before,
                &after,
            )
            .await?;
        }
        let done = (batch.len() as i64) < BATCH;
        ended.extend(batch);
        if done {
            return Ok(ended);
        }
    }
}

/// Queues the "your license ends on dd/mm/aaaa" e-mail for each license
/// ending within [`REMINDER_AHEAD`] whose buyer was not told of that date,
/// and marks it told. Returns how many were queued.
pub async fn remind_ending(tx: &mut Tx, now: DateTime<Utc>) -> AppResult<usize> {
    let mut reminded = 0;
    loop {
        let ending = licenses::lock_unreminded_ending(tx, now, REMINDER_AHEAD, BATCH).await?;
        let mut by_tenant: BTreeMap<Uuid, Vec<BuyerEmail>> = BTreeMap::new();
        for license in &ending {
            by_tenant.entry(license.tenant_id).or_default().push(BuyerEmail::LicenseEnding {
                client_id: license.client_id,
                email: license.client_email.clone(),
                name: license.client_name.clone(),
                robot_id: license.robot_id,
                ends_at: license.expiration_date,
            });
            licenses::mark_reminded(tx, license.tenant_id, license.id).await?;
        }
        for (tenant_id, emails) in &by_tenant {
            email::buyer::queue(tx, *tenant_id, emails).await?;
        }
        reminded += ending.len();
        if (ending.len() as i64) < BATCH {
            return Ok(reminded);
        }
    }
}
