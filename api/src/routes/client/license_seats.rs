//! `/api/client/licenses/{id}/seats`: the buyer's own accounts on a license
//! (decision 0023). Freeing one is an account change under the seller's
//! limits (DESIGN 6: so many per period, a cooldown between two), the same
//! count the account switch uses; adding one — for robots whose accounts are
//! confirmed in the portal — is a binding, free like the first, but only into
//! a free seat.

use axum::http::StatusCode;
use axum::Json;
use chrono::Utc;
use serde_json::{json, Value};
use shared::domain::account_binding::{self, RebindPolicy};
use shared::domain::seat_policy::{self, SeatKind};
use shared::domain::validation::Validator;
use shared::infrastructure::db::Tx;
use shared::repositories::client_portal;
use shared::repositories::license_seats::{self, NewSeat, SeatedLicense};
use shared::{AppError, OrNotFound};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;
use uuid::Uuid;

use crate::api_error::{ApiJson, ApiResult, ErrorBody};
use crate::extractors::{PathId, PathIds, SignedInClient};
use crate::request_meta::RequestMeta;
use crate::views::license_seats::{audited_seat, LicenseSeats, NewSeatRequest, SeatItem, UnknownSeat, UNKNOWN_SEAT};
use crate::views::licenses::{usable_by_client, UnknownLicense, NOT_FOUND};
use crate::AppState;

pub const NOT_USABLE: &str =
    "Esta licença não está ativa: as contas só podem ser trocadas em licenças ativas ou de teste.";
pub const BOUND_ON_FIRST_USE: &str = "Este robô vincula a conta sozinho: abra o robô no MetaTrader com a conta que \
     deseja usar e ela ocupa uma vaga livre na primeira verificação.";

/// The buyer's license, locked, and usable (active or trial, not ended).
async fn usable_license(tx: &mut Tx, client: &SignedInClient, id: Uuid) -> Result<SeatedLicense, AppError> {
    let license =
        license_seats::lock_license(tx, client.tenant.id, id, Some(client.client.id)).await?.or_not_found(NOT_FOUND)?;
    if !usable_by_client(license.status, license.expiration_date) {
        return Err(AppError::Forbidden(NOT_USABLE.into()));
    }
    Ok(license)
}

/// The accounts the buyer's license is bound to, and its seats.
#[utoipa::path(operation_id = "clientLicenseSeats", get, path = "/api/client/licenses/{id}/seats", tag = "client",
    security(("clientSession" = [])), params(("id" = Uuid, Path)),
    responses((status = 200, body = LicenseSeats), (status = 401, body = ErrorBody), (status = 404, body = ErrorBody)))]
pub async fn list(client: SignedInClient, PathId(id, _): PathId<UnknownLicense>) -> ApiResult<Json<LicenseSeats>> {
    let mut tx = client.begin().await?;
    let license =
        license_seats::license(&mut tx, client.tenant.id, id, Some(client.client.id)).await?.or_not_found(NOT_FOUND)?;
    let seats = LicenseSeats::of(&mut tx, &license).await?;
    tx.commit().await?;
    Ok(Json(seats))
}

/// Frees one of the buyer's accounts, so another can take its seat. It
/// counts as an account change: refused (429, with when it opens again) past
/// the seller's changes per period or within the cooldown after the last.
#[utoipa::path(operation_id = "clientFreeLicenseSeat", delete, path = "/api/client/licenses/{id}/seats/{seatId}",
    tag = "client", security(("clientSession" = [])), params(("id" = Uuid, Path), ("seatId" = Uuid, Path)),
    responses((status = 200, body = LicenseSeats), (status = 401, body = ErrorBody), (status = 403, body = ErrorBody),
              (status = 404, body = ErrorBody), (status = 429, body = ErrorBody)))]
pub async fn free(
    client: SignedInClient,
    meta: RequestMeta,
    PathIds(id, seat_id, _): PathIds<UnknownLicense, UnknownSeat>,
) -> ApiResult<Json<LicenseSeats>> {
    let (tenant, me) = (client.tenant.id, client.client.id);
    let mut tx = client.begin().await?;
    let license = usable_license(&mut tx, &client, id).await?;
    let policy = RebindPolicy::of_settings(&client_portal::tenant_settings(&mut tx, tenant).await?);
    let now = Utc::now();
    let (recent, last) = client_portal::account_changes(&mut tx, tenant, id, policy.period_start(now)).await?;
    let freed = SeatItem::from(license_seats::free(&mut tx, &license, seat_id).await?.or_not_found(UNKNOWN_SEAT)?);
    account_binding::check(policy, recent, last, now)
        .map_err(|refusal| AppError::TooManyRequests(refusal.message()))?;
    client_portal::record_account_change(&mut tx, tenant, id, me, Some(&account_label(&freed)), "").await?;
    let seats = LicenseSeats::of(&mut tx, &license).await?;
    tx.commit().await?;
    let mut before = audited_seat(&freed);
    before["licenseId"] = json!(id);
    client.audit(meta.ip, "license_seat", freed.id, &before, &Value::Null).await?;
    Ok(Json(seats))
}

/// `login@server`, as the account-change history keeps an account.
fn account_label(seat: &SeatItem) -> String {
    match &seat.server {
        Some(server) => format!("{}@{server}", seat.login),
        None => seat.login.clone(),
    }
}

/// Binds one more account to the buyer's license, for robots whose accounts
/// are confirmed in the portal (422 for a robot that binds on first use):
/// 409 when the license's seats are full or the policy refuses the kind.
#[utoipa::path(operation_id = "clientAddLicenseSeat", post, path = "/api/client/licenses/{id}/seats", tag = "client",
    security(("clientSession" = [])), params(("id" = Uuid, Path)), request_body = NewSeatRequest,
    responses((status = 201, body = LicenseSeats), (status = 400, body = ErrorBody), (status = 401, body = ErrorBody),
              (status = 403, body = ErrorBody), (status = 404, body = ErrorBody), (status = 409, body = ErrorBody),
              (status = 422, body = ErrorBody)))]
pub async fn add(
    client: SignedInClient,
    meta: RequestMeta,
    PathId(id, _): PathId<UnknownLicense>,
    ApiJson(body): ApiJson<NewSeatRequest>,
) -> ApiResult<(StatusCode, Json<LicenseSeats>)> {
    let (tenant, me) = (client.tenant.id, client.client.id);
    let login = body.login.as_deref().map(str::trim).unwrap_or_default();
    let server = body.server.as_deref().map(str::trim).unwrap_or_default();
    let mut v = Validator::new();
    if let Some(problem) = seat_policy::login_problem(login) {
        v.check(false, "login", problem);
    }
    if let Some(problem) = seat_policy::server_problem(server) {
        v.check(false, "server", problem);
    }
    let kind = match body.trade_mode.as_deref().map(str::trim).filter(|m| !m.is_empty()) {
        None => Some(SeatKind::Unknown),
        Some(mode) => SeatKind::of_trade_mode(mode),
    };
    v.check(kind.is_some(), "tradeMode", seat_policy::UNKNOWN_TRADE_MODE);
    let mut tx = client.begin().await?;
    let license = usable_license(&mut tx, &client, id).await?;
    v.finish()?;
    if license.binding_policy.as_deref() == Some("first_use") {
        return Err(AppError::Unprocessable(BOUND_ON_FIRST_USE.into()).into());
    }
    let seat = license_seats::add(
        &mut tx,
        &license,
        NewSeat { login, server, kind: kind.expect("validated"), bound_by: "client" },
    )
    .await?;
    let added = SeatItem::from(seat);
    client_portal::record_account_change(&mut tx, tenant, id, me, None, &account_label(&added)).await?;
    let seats = LicenseSeats::of(&mut tx, &license).await?;
    tx.commit().await?;
    let mut after = audited_seat(&added);
    after["licenseId"] = json!(id);
    client.audit(meta.ip, "license_seat", added.id, &Value::Null, &after).await?;
    Ok((StatusCode::CREATED, Json(seats)))
}

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(list, add)).routes(routes!(free))
}
