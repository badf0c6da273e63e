//! First-use account binding: the one write a check may make. Whether the
//! write won (another check may have bound the license a moment before) is
//! for [`super::decide::after_binding`] to judge.

use sqlx::PgConnection;
use uuid::Uuid;

use super::{CheckFacts, Verdict};
use crate::domain::error::AppResult;
use crate::repositories::licenses;

/// The license this verdict binds to the caller's account, if any: a
/// transaction is opened only for it.
pub fn license_to_bind(verdict: &Verdict, facts: &CheckFacts) -> Option<Uuid> {
    facts.license_id.filter(|_| verdict.bind)
}

/// Binds the license to `account` if it has none yet; returns the account it
/// is bound to afterwards. Atomic: of many first checks at once, one binds.
pub async fn bind_account(
    conn: &mut PgConnection,
    tenant_id: Uuid,
    license_id: Uuid,
    account: u64,
) -> AppResult<Option<String>> {
    licenses::bind_account_once(conn, tenant_id, license_id, account).await
}
