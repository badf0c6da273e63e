//! The e-mails processing asks for. Until the e-mail pipeline lands they are
//! logged (not lost silently); the pipeline queues them in the same
//! transaction.

use shared::db::Tx;
use shared::sales_engine::BuyerEmail;
use shared::AppError;
use uuid::Uuid;

pub async fn queue(_tx: &mut Tx, tenant_id: Uuid, emails: &[BuyerEmail]) -> Result<(), AppError> {
    for email in emails {
        tracing::info!(tenant = %tenant_id, ?email, "buyer e-mail requested");
    }
    Ok(())
}
