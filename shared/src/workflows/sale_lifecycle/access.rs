//! The license a sale grants, and how its end moves.

use chrono::{DateTime, Utc};
use sqlx::PgConnection;

use crate::domain::error::AppResult;
use crate::domain::status::{LicenseHold, LicenseStatus};
use crate::repositories::licenses;
use crate::workflows::email::BuyerEmail;

/// The license a sale grants. A client the sale created (`new_client`: its
/// e-mail and name) gets the access e-mail first in line: how to sign in
/// with the e-mail and `purchase_id`.
pub(super) async fn grant_license(
    conn: &mut PgConnection,
    license: licenses::NewLicense,
    new_client: Option<(&str, &str)>,
    purchase_id: &str,
    emails: &mut Vec<BuyerEmail>,
) -> AppResult<licenses::License> {
    let granted = licenses::create(conn, license).await?;
    if let (Some((email, name)), LicenseStatus::Active) = (new_client, granted.status) {
        let client_id = granted.client_id.expect("a license is created with its client");
        emails.insert(
            0,
            BuyerEmail::Welcome {
                client_id,
                email: email.into(),
                name: name.into(),
                purchase_id: purchase_id.into(),
                robot_id: granted.robot_id,
            },
        );
    }
    Ok(granted)
}

/// Moves a license's end forward (never back: events arrive out of order).
/// A license that ran past its end (the expiry job marked it expired) and is
/// paid again runs again.
pub(super) async fn extend(
    conn: &mut PgConnection,
    license: &licenses::License,
    until: Option<DateTime<Utc>>,
) -> AppResult<()> {
    if let Some(until) = until {
        if license.expiration_date.is_none_or(|current| current < until) {
            licenses::set_expiration(conn, license.tenant_id, license.id, Some(until)).await?;
            let lapsed = license.expiration_date.is_some_and(|end| end <= Utc::now());
            if license.status == LicenseStatus::Expired && lapsed && until > Utc::now() {
                licenses::set_status(conn, license.tenant_id, license.id, LicenseStatus::Active).await?;
            }
        }
    }
    Ok(())
}

/// Holds the license while its sale's dispute is open (over a late-charge
/// hold: the dispute is the graver), and lifts a dispute hold once it is not.
pub(super) async fn follow_dispute(conn: &mut PgConnection, license: &licenses::License, open: bool) -> AppResult<()> {
    let hold = match (license.hold, open) {
        (Some(LicenseHold::Dispute), true) | (None | Some(LicenseHold::PaymentLate), false) => return Ok(()),
        (_, true) => Some(LicenseHold::Dispute),
        (Some(LicenseHold::Dispute), false) => None,
    };
    licenses::set_hold(conn, license.tenant_id, license.id, hold).await
}
