//! `/api/tenant/licenses/{id}/seats` and `/seat-policy`: the accounts a
//! license is bound to, which the owner frees without limits (the buyer's
//! limits are for the buyer), and the license's own seat count and demo rule.

use axum::Json;
use serde::Deserialize;
use serde_json::{json, Value};
use shared::domain::owner_permissions::Capability;
use shared::domain::seat_policy::{self, AccountRule};
use shared::domain::validation::Validator;
use shared::repositories::audit_log::Action;
use shared::repositories::license_seats;
use shared::OrNotFound;
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::api_error::{ApiJson, ApiResult, OwnerErrors};
use crate::extractors::{PathId, PathIds, SignedInOwner};
use crate::views::license_seats::{audited_seat, LicenseSeats, SeatItem, UnknownSeat, UNKNOWN_SEAT};
use crate::views::licenses::{UnknownLicense, NOT_FOUND};
use crate::AppState;

/// The license's seats: every account it is bound to, and how many of its
/// seats they take.
#[utoipa::path(operation_id = "tenantLicenseSeats", get, path = "/api/tenant/licenses/{id}/seats", tag = "tenant",
    security(("tenantSession" = [], "tenantSecret" = [])), params(("id" = Uuid, Path)),
    responses((status = 200, body = LicenseSeats), OwnerErrors))]
pub async fn list(owner: SignedInOwner, PathId(id, _): PathId<UnknownLicense>) -> ApiResult<Json<LicenseSeats>> {
    owner.require(Capability::ViewLicenses)?;
    let mut tx = owner.begin().await?;
    let license = license_seats::license(&mut tx, owner.tenant.id, id, None).await?.or_not_found(NOT_FOUND)?;
    let seats = LicenseSeats::of(&mut tx, &license).await?;
    tx.commit().await?;
    Ok(Json(seats))
}

/// Unbinds one account from the license; the robot on it is denied at its
/// next check. When it was the license's first account, the next one takes
/// its place.
#[utoipa::path(operation_id = "tenantFreeLicenseSeat", delete, path = "/api/tenant/licenses/{id}/seats/{seatId}",
    tag = "tenant", security(("tenantSession" = [], "tenantSecret" = [])),
    params(("id" = Uuid, Path), ("seatId" = Uuid, Path)),
    responses((status = 200, body = LicenseSeats), OwnerErrors))]
pub async fn free(
    owner: SignedInOwner,
    PathIds(id, seat_id, _): PathIds<UnknownLicense, UnknownSeat>,
) -> ApiResult<Json<LicenseSeats>> {
    owner.require(Capability::ManageLicenses)?;
    let mut tx = owner.begin().await?;
    let license = license_seats::lock_license(&mut tx, owner.tenant.id, id, None).await?.or_not_found(NOT_FOUND)?;
    let freed = SeatItem::from(license_seats::free(&mut tx, &license, seat_id).await?.or_not_found(UNKNOWN_SEAT)?);
    let mut before = audited_seat(&freed);
    before["licenseId"] = json!(id);
    owner.audit(&mut tx, Action::Delete, "license_seat", freed.id, &before, &Value::Null).await?;
    let seats = LicenseSeats::of(&mut tx, &license).await?;
    tx.commit().await?;
    Ok(Json(seats))
}

/// The license's own seat rules; null (or absent) clears an override, so the
/// robot's rule applies again.
#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(default, rename_all = "camelCase")]
pub struct LicenseSeatPolicyRequest {
    #[schema(minimum = 1, maximum = 50)]
    pub live_seats_override: Option<i64>,
    #[schema(value_type = Option<AccountRule>)]
    pub demo_accounts_override: Option<String>,
}

/// Sets or clears the license's own seat count and demo rule. Accounts
/// already bound keep their seats.
#[utoipa::path(operation_id = "tenantUpdateLicenseSeatPolicy", put, path = "/api/tenant/licenses/{id}/seat-policy",
    tag = "tenant", security(("tenantSession" = [], "tenantSecret" = [])), params(("id" = Uuid, Path)),
    request_body = LicenseSeatPolicyRequest, responses((status = 200, body = LicenseSeats), OwnerErrors))]
pub async fn update_policy(
    owner: SignedInOwner,
    PathId(id, _): PathId<UnknownLicense>,
    ApiJson(body): ApiJson<LicenseSeatPolicyRequest>,
) -> ApiResult<Json<LicenseSeats>> {
    owner.require(Capability::ManageLicenses)?;
    let mut v = Validator::new();
    let live_seats =
        body.live_seats_override.map(|n| i32::try_from(n).ok().filter(|n| seat_policy::LIVE_SEATS.contains(n)));
    v.check(!matches!(live_seats, Some(None)), "liveSeatsOverride", seat_policy::LIVE_SEATS_OUT_OF_RANGE);
    let demo = body.demo_accounts_override.as_deref().map(AccountRule::parse);
    v.check(!matches!(demo, Some(None)), "demoAccountsOverride", seat_policy::UNKNOWN_DEMO_RULE);
    let tenant = owner.tenant.id;
    let mut tx = owner.begin().await?;
    let before = license_seats::lock_license(&mut tx, tenant, id, None).await?.or_not_found(NOT_FOUND)?;
    v.finish()?;
    license_seats::set_overrides(&mut tx, tenant, id, live_seats.flatten(), demo.flatten()).await?;
    let after = license_seats::license(&mut tx, tenant, id, None).await?.or_not_found(NOT_FOUND)?;
    let audited = |l: &license_seats::SeatedLicense| json!({ "liveSeatsOverride": l.live_seats_override, "demoAccountsOverride": l.demo_accounts_override });
    owner.audit(&mut tx, Action::Update, "license_seat_policy", id, &audited(&before), &audited(&after)).await?;
    let seats = LicenseSeats::of(&mut tx, &after).await?;
    tx.commit().await?;
    Ok(Json(seats))
}

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(list)).routes(routes!(free)).routes(routes!(update_policy))
}
