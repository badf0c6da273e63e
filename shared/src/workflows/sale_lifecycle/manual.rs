//! A sale an owner records by hand (paid by PIX, transfer or otherwise):
//! the same steps a platform purchase takes once it is confirmed.

use chrono::{DateTime, Utc};
use rust_decimal::Decimal;
use serde_json::json;
use sqlx::PgConnection;
use uuid::Uuid;

use super::access::grant_license;
use super::announce::{announce_confirmed, ConfirmedSale};
use super::buyer::{client_of, Buyer};
use crate::domain::error::{AppError, AppResult};
use crate::domain::money::format_brl;
use crate::domain::status::{LicenseStatus, PaymentMethod};
use crate::repositories::tenant_sales::{self, RecordedSale};
use crate::repositories::{licenses, tenant_robots};
use crate::workflows::email::BuyerEmail;

/// A sale an owner records by hand (paid by PIX, transfer or otherwise).
pub struct ManualSale<'a> {
    pub tenant_id: Uuid,
    pub buyer: Buyer<'a>,
    pub robot_id: Uuid,
    pub amount: Decimal,
    pub method: PaymentMethod,
    pub sale_date: DateTime<Utc>,
    /// The form's key: the same key again is the same sale.
    pub idempotency_key: &'a str,
}

impl ManualSale<'_> {
    /// What was typed, normalised: kept as the sale's payload and compared
    /// when the same key comes again.
    fn payload(&self) -> serde_json::Value {
        json!({
            "buyer": { "name": self.buyer.name, "email": self.buyer.email, "phone": self.buyer.phone },
            "robotId": self.robot_id,
            "amount": format!("{:.2}", self.amount),
            "paymentMethod": self.method,
            "saleDate": self.sale_date,
        })
    }
}

/// What recording a manual sale did.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ManualSaleRecorded {
    pub sale_id: Uuid,
    /// None only when a replayed sale's license or client was deleted since.
    pub license_id: Option<Uuid>,
    pub client_id: Option<Uuid>,
    pub client_created: bool,
    /// The key had recorded this sale already: nothing new was done.
    pub replayed: bool,
    pub emails: Vec<BuyerEmail>,
}

pub const MANUAL_SALE_ROBOT_UNKNOWN: &str = "Robô não encontrado";
pub const IDEMPOTENCY_KEY_REUSED: &str =
    "Esta chave de envio já registrou outra venda. Recarregue a página e registre a venda de novo.";

/// Records a manual sale: the buyer's client (found by e-mail or created),
/// a confirmed sale of origin `manual`, an active license of the robot with
/// no end, the NEW_SALE notification, and the e-mails a Hotmart purchase
/// sends (returned for `email::buyer::queue` in the same transaction).
/// Under a lock per idempotency key: the same key again, even at the same
/// moment, returns the first sale (`replayed`), or 409 when what was typed
/// differs. A robot of another tenant is not found (404) and nothing is made.
pub async fn record_manual(conn: &mut PgConnection, sale: ManualSale<'_>) -> AppResult<ManualSaleRecorded> {
    let tenant_id = sale.tenant_id;
    tenant_sales::lock_sale_key(conn, tenant_id, &format!("manual-sale:{}", sale.idempotency_key)).await?;
    let payload = sale.payload();
    if let Some(first) = tenant_sales::find_by_idempotency_key(conn, tenant_id, sale.idempotency_key).await? {
        if first.original_payload.as_ref() != Some(&payload) {
            return Err(AppError::Conflict(IDEMPOTENCY_KEY_REUSED.into()));
        }
        let license = licenses::lock_by_sale(conn, tenant_id, first.id).await?;
        return Ok(ManualSaleRecorded {
            sale_id: first.id,
            license_id: license.map(|l| l.id),
            client_id: first.client_id,
            client_created: false,
            replayed: true,
            emails: Vec::new(),
        });
    }
    if tenant_robots::find(conn, tenant_id, sale.robot_id).await?.is_none() {
        return Err(AppError::NotFound(MANUAL_SALE_ROBOT_UNKNOWN.into()));
    }
    let (client_id, client_created) = client_of(conn, tenant_id, &sale.buyer).await?;
    let purchase_id = manual_purchase_id();
    let recorded = RecordedSale {
        tenant_id,
        client_id,
        external_id: &purchase_id,
        amount: sale.amount,
        method: sale.method,
        sale_date: sale.sale_date,
        idempotency_key: sale.idempotency_key,
        payload: &payload,
    };
    let sale_id = tenant_sales::create_recorded(conn, &recorded).await?;
    let mut emails = Vec::new();
    let confirmed = ConfirmedSale {
        summary: format!(
            "{} — venda manual {purchase_id} ({}, {})",
            sale.buyer.name,
            format_brl(sale.amount),
            sale.method.label()
        ),
        buyer: Some((client_id, sale.buyer.email, sale.buyer.name)),
        purchase_id: &purchase_id,
        amount: Some(sale.amount),
        robot_id: Some(sale.robot_id),
    };
    announce_confirmed(conn, tenant_id, &confirmed, &mut emails).await?;
    let license = licenses::NewLicense {
        tenant_id,
        client_id,
        robot_id: sale.robot_id,
        sale_id: Some(sale_id),
        activation_date: Some(sale.sale_date),
        expiration_date: None,
        status: LicenseStatus::Active,
    };
    let new_client = client_created.then_some((sale.buyer.email, sale.buyer.name));
    let license = grant_license(conn, license, new_client, &purchase_id, &mut emails).await?;
    Ok(ManualSaleRecorded {
        sale_id,
        license_id: Some(license.id),
        client_id: Some(client_id),
        client_created,
        replayed: false,
        emails,
    })
}

/// A manual sale's purchase id, as the buyer types it to sign in:
/// `MAN-` and 10 characters no one confuses (no 0/O, 1/I/L).
pub fn manual_purchase_id() -> String {
    use rand::Rng;
    const ALPHABET: &[u8] = b"23456789ABCDEFGHJKMNPQRSTUVWXYZ";
    let mut rng = rand::rng();
    let code: String = (0..10).map(|_| ALPHABET[rng.random_range(0..ALPHABET.len())] as char).collect();
    format!("MAN-{code}")
}
