//! `GET /api/tenant/onboarding`: the dashboard's checklist, ticked from what
//! is really configured (issue 35), and `POST …/portal-shared` when the owner
//! copies the client portal's address from it.

use axum::extract::State;
use axum::http::StatusCode;
use axum::Json;
use serde::Serialize;
use serde_json::json;
use shared::domain::owner_permissions::Capability;
use shared::repositories::audit_log::Action;
use shared::repositories::onboarding;
use shared::workflows::email::Delivery;
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::api_error::{ApiResult, OwnerErrors};
use crate::extractors::SignedInOwner;
use crate::request_meta::RequestMeta;
use crate::views::tenants::PortalAddresses;
use crate::AppState;

/// One step and whether the data says it is done.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct OnboardingStep {
    /// branding, sender, robot, activeVersion, salesChannel, firstSale, portalShared.
    pub key: &'static str,
    pub done: bool,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct OnboardingProgress {
    /// In the order the checklist shows them.
    pub steps: Vec<OnboardingStep>,
    /// Every step done: the dashboard folds the checklist away.
    pub complete: bool,
    /// The client portal's address, to hand to buyers.
    pub portal_url: String,
    /// Both portals' addresses (the owners' sign-in and the buyers').
    #[serde(flatten)]
    pub portals: PortalAddresses,
    /// How e-mail leaves now: `own`, `platform` or `none` (nothing is delivered).
    pub mail_delivery: &'static str,
}

const NOT_FOUND: &str = "Empresa não encontrada";

fn steps(o: &onboarding::Onboarding) -> Vec<OnboardingStep> {
    [
        ("branding", o.branding),
        ("sender", o.sender),
        ("robot", o.robot),
        ("activeVersion", o.active_version),
        ("salesChannel", o.sales_channel),
        ("firstSale", o.first_sale),
        ("portalShared", o.portal_shared),
    ]
    .into_iter()
    .map(|(key, done)| OnboardingStep { key, done })
    .collect()
}

/// The checklist, from the tenant's own rows.
#[utoipa::path(operation_id = "tenantOnboarding", get, path = "/api/tenant/onboarding", tag = "tenant",
    security(("tenantSession" = [], "tenantSecret" = [])),
    responses((status = 200, body = OnboardingProgress), OwnerErrors))]
pub async fn progress(
    State(state): State<AppState>,
    meta: RequestMeta,
    owner: SignedInOwner,
) -> ApiResult<Json<OnboardingProgress>> {
    owner.require(Capability::ViewDashboard)?;
    let mut tx = owner.begin().await?;
    let facts = onboarding::progress(&mut tx, owner.tenant.id)
        .await?
        .ok_or_else(|| shared::AppError::NotFound(NOT_FOUND.into()))?;
    tx.commit().await?;
    let steps = steps(&facts);
    let portals = PortalAddresses::of(&state, &meta, &owner.tenant);
    Ok(Json(OnboardingProgress {
        complete: steps.iter().all(|s| s.done),
        steps,
        portal_url: portals.client_portal_url.clone(),
        portals,
        mail_delivery: Delivery::of(facts.sender).as_str(),
    }))
}

/// The owner copied the client portal's address to hand it out: that step
/// is done (recorded once, audited).
#[utoipa::path(operation_id = "tenantOnboardingPortalShared", post, path = "/api/tenant/onboarding/portal-shared",
    tag = "tenant", security(("tenantSession" = [], "tenantSecret" = [])),
    responses((status = 204), OwnerErrors))]
pub async fn portal_shared(owner: SignedInOwner) -> ApiResult<StatusCode> {
    owner.require(Capability::ManageSettings)?;
    let mut tx = owner.begin().await?;
    if onboarding::mark_portal_shared(&mut tx, owner.tenant.id).await? {
        owner
            .audit(&mut tx, Action::Update, "onboarding", owner.tenant.id, &json!({}), &json!({ "portalShared": true }))
            .await?;
    }
    tx.commit().await?;
    Ok(StatusCode::NO_CONTENT)
}

/// `/api/tenant/onboarding`.
pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(progress)).routes(routes!(portal_shared))
}
