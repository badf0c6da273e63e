//! Caddy's on-demand TLS asks before it requests a certificate for a host it
//! has not seen (`on_demand_tls { ask … }`): 200 only for the hosts this
//! platform serves — its own domain, a tenant's domain and that tenant's
//! `admin.` host — so no one can make the proxy request certificates (and
//! spend the ACME rate limits) for any name they point at it.

use axum::extract::State;
use axum::http::StatusCode;
use serde::Deserialize;
use shared::domain::portal::{bare_host, Portal};
use shared::infrastructure::db::{self, Scope};
use shared::repositories::tenants;
use shared::AppError;
use utoipa::IntoParams;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::api_error::{ApiQuery, ApiResult, ErrorBody};
use crate::AppState;

pub const UNKNOWN_DOMAIN: &str = "Domínio não atendido por esta plataforma";

#[derive(Debug, Default, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct AskQuery {
    /// The host Caddy is about to get a certificate for.
    pub domain: Option<String>,
}

/// Whether the platform serves `domain` (Caddy's on-demand TLS `ask`).
#[utoipa::path(operation_id = "tlsAsk", get, path = "/api/public/tls-ask", tag = "public", params(AskQuery),
    responses((status = 200, description = "A host this platform serves"), (status = 404, body = ErrorBody)))]
pub async fn ask(State(state): State<AppState>, ApiQuery(query): ApiQuery<AskQuery>) -> ApiResult<StatusCode> {
    let host = query.domain.as_deref().map(bare_host).unwrap_or_default();
    let rules = &state.config.portal_rules;
    let portal = rules.select(&host, "/").portal;
    let served = if host.is_empty() || rules.is_dev_host(&host) {
        false
    } else {
        match rules.tenant_domain(&host, portal) {
            // The platform's own hosts (its domain, `admin.` and `www.`).
            None => portal == Portal::Admin,
            Some(domain) => {
                let mut tx = db::begin(&state.pool, Scope::anonymous()).await?;
                let tenant = tenants::find_by_domain(&mut tx, &domain).await?;
                tx.commit().await?;
                tenant.is_some()
            }
        }
    };
    if served {
        Ok(StatusCode::OK)
    } else {
        Err(AppError::NotFound(UNKNOWN_DOMAIN.into()).into())
    }
}

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(ask))
}
