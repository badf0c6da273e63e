//! `/api/tenant/robots/{robotId}/seat-policy`: how many accounts a license of
//! the robot may run on, and what demo and contest accounts, brokers and
//! trials do (decision 0023). The license check applies it at each binding.

use axum::Json;
use serde::Deserialize;
use shared::domain::owner_permissions::Capability;
use shared::domain::seat_policy::{self, AccountRule};
use shared::domain::validation::Validator;
use shared::repositories::audit_log::Action;
use shared::repositories::license_seats::{self, SeatPolicy};
use shared::OrNotFound;
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::api_error::{ApiJson, ApiResult, OwnerErrors};
use crate::extractors::{PathId, SignedInOwner};
use crate::views::license_seats::RobotSeatPolicy;
use crate::views::robots::{UnknownRobot, UNKNOWN_ROBOT};
use crate::AppState;

/// The robot's seat policy.
#[utoipa::path(operation_id = "tenantGetRobotSeatPolicy", get, path = "/api/tenant/robots/{robotId}/seat-policy",
    tag = "tenant", security(("tenantSession" = [], "tenantSecret" = [])), params(("robotId" = Uuid, Path)),
    responses((status = 200, body = RobotSeatPolicy), OwnerErrors))]
pub async fn get(owner: SignedInOwner, PathId(robot_id, _): PathId<UnknownRobot>) -> ApiResult<Json<RobotSeatPolicy>> {
    owner.require(Capability::ViewRobots)?;
    let mut tx = owner.begin().await?;
    let policy = license_seats::robot_policy(&mut tx, owner.tenant.id, robot_id).await?.or_not_found(UNKNOWN_ROBOT)?;
    tx.commit().await?;
    Ok(Json(policy.into()))
}

/// The whole policy (PUT replaces it). Rules are strings here so that a
/// wrong one is a per-field pt-BR message, not a rejected body.
#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(default, rename_all = "camelCase")]
pub struct RobotSeatPolicyRequest {
    #[schema(minimum = 1, maximum = 50)]
    pub live_seats: Option<i64>,
    #[schema(value_type = AccountRule)]
    pub demo_accounts: Option<String>,
    /// null or absent: contest accounts follow the demo rule.
    #[schema(value_type = Option<AccountRule>)]
    pub contest_accounts: Option<String>,
    /// Up to 20 trade-server patterns (`XPMT5-*`) or company names; blank
    /// lines and repeats are dropped; empty: any broker.
    pub allowed_brokers: Option<Vec<String>>,
    pub trial_demo_only: Option<bool>,
}

/// Replaces the robot's seat policy. Accounts already bound keep their seats;
/// the new rules apply from the next binding.
#[utoipa::path(operation_id = "tenantUpdateRobotSeatPolicy", put, path = "/api/tenant/robots/{robotId}/seat-policy",
    tag = "tenant", security(("tenantSession" = [], "tenantSecret" = [])), params(("robotId" = Uuid, Path)),
    request_body = RobotSeatPolicyRequest, responses((status = 200, body = RobotSeatPolicy), OwnerErrors))]
pub async fn update(
    owner: SignedInOwner,
    PathId(robot_id, _): PathId<UnknownRobot>,
    ApiJson(body): ApiJson<RobotSeatPolicyRequest>,
) -> ApiResult<Json<RobotSeatPolicy>> {
    owner.require(Capability::ManageRobots)?;
    let mut v = Validator::new();
    let live_seats = body.live_seats.filter(|n| (1..=50).contains(n)).map(|n| i32::try_from(n).expect("1..=50"));
    v.check(live_seats.is_some(), "liveSeats", seat_policy::LIVE_SEATS_OUT_OF_RANGE);
    let demo = body.demo_accounts.as_deref().and_then(AccountRule::parse);
    v.check(demo.is_some(), "demoAccounts", seat_policy::UNKNOWN_DEMO_RULE);
    let contest = body.contest_accounts.as_deref().map(AccountRule::parse);
    v.check(!matches!(contest, Some(None)), "contestAccounts", seat_policy::UNKNOWN_CONTEST_RULE);
    let brokers = seat_policy::normalize_brokers(&body.allowed_brokers.unwrap_or_default());
    if let Err(problem) = &brokers {
        v.check(false, "allowedBrokers", problem);
    }
    let mut tx = owner.begin().await?;
    let before = license_seats::robot_policy(&mut tx, owner.tenant.id, robot_id).await?.or_not_found(UNKNOWN_ROBOT)?;
    v.finish()?;
    let policy = SeatPolicy {
        live_seats: live_seats.expect("validated"),
        demo_accounts: demo.expect("validated").as_str().into(),
        contest_accounts: contest.flatten().map(|r| r.as_str().into()),
        allowed_brokers: brokers.expect("validated"),
        trial_demo_only: body.trial_demo_only.unwrap_or(false),
    };
    let after = license_seats::set_robot_policy(&mut tx, owner.tenant.id, robot_id, &policy)
        .await?
        .or_not_found(UNKNOWN_ROBOT)?;
    let (before, after) = (RobotSeatPolicy::from(before), RobotSeatPolicy::from(after));
    owner.audit(&mut tx, Action::Update, "robot_seat_policy", robot_id, &before.audited(), &after.audited()).await?;
    tx.commit().await?;
    Ok(Json(after))
}

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(get, update))
}
