//! The one write a check may make: an account takes a seat of the license,
//! or a seat bound before servers were known learns its server. Whether a
//! seat was really taken (another check may have taken the last one a moment
//! before) is for [`super::decide::after_binding`] to judge.

use sqlx::PgConnection;
use uuid::Uuid;

use super::{CheckFacts, CheckRequest, SeatWrite, Verdict};
use crate::domain::error::AppResult;
use crate::repositories::license_checks::{self, SeatOf};

/// The license this verdict writes a seat of, if any: a transaction is
/// opened only for it.
pub fn license_to_bind(verdict: &Verdict, facts: &CheckFacts) -> Option<Uuid> {
    facts.license_id.filter(|_| verdict.seat != SeatWrite::None)
}

/// Writes the verdict's seat; true when the account holds a seat afterwards.
pub async fn write_seat(
    conn: &mut PgConnection,
    request: &CheckRequest,
    license_id: Uuid,
    write: SeatWrite,
) -> AppResult<bool> {
    let seat = SeatOf {
        tenant_id: request.tenant_id,
        license_id,
        login: request.account,
        server: request.terminal.server.as_deref(),
        company: request.terminal.company.as_deref(),
        kind: request.terminal.kind.as_str(),
    };
    match write {
        SeatWrite::None => Ok(true),
        SeatWrite::Take { counted } => license_checks::take_seat(conn, &seat, counted).await,
        SeatWrite::FillServer => {
            license_checks::fill_seat_server(conn, &seat).await?;
            Ok(true)
        }
    }
}
