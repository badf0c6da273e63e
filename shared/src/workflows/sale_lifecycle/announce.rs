//! What every confirmed sale tells: the tenant hears NEW_SALE, the buyer
//! gets the sale confirmation. One place, so a platform sale and a manual
//! sale are announced alike.

use rust_decimal::Decimal;
use sqlx::PgConnection;
use uuid::Uuid;

use crate::domain::error::AppResult;
use crate::workflows::email::BuyerEmail;
use crate::workflows::notifications::{self, Notification, NotificationType};

/// A sale that just reached confirmed, whatever its origin.
pub(super) struct ConfirmedSale<'a> {
    /// One line for the owner's notification bell.
    pub summary: String,
    /// The buyer's client, e-mail and name, when the sale names one.
    pub buyer: Option<(Uuid, &'a str, &'a str)>,
    pub purchase_id: &'a str,
    pub amount: Option<Decimal>,
    pub robot_id: Option<Uuid>,
}

pub(super) async fn announce_confirmed(
    conn: &mut PgConnection,
    tenant_id: Uuid,
    sale: &ConfirmedSale<'_>,
    emails: &mut Vec<BuyerEmail>,
) -> AppResult<()> {
    let notification = Notification::new(tenant_id, NotificationType::NewSale, "Nova venda", sale.summary.clone());
    notifications::notify(conn, &notification).await?;
    if let Some((client_id, email, name)) = sale.buyer {
        emails.push(BuyerEmail::SaleConfirmation {
            client_id,
            email: email.into(),
            name: name.into(),
            purchase_id: sale.purchase_id.into(),
            amount: sale.amount,
            robot_id: sale.robot_id,
        });
    }
    Ok(())
}
