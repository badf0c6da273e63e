//! `/api/webhooks/*`: calls from machines (Hotmart; robots' license checks).

pub mod hotmart;
pub mod validate_license;

use utoipa_axum::router::OpenApiRouter;

use crate::AppState;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().merge(hotmart::router()).merge(validate_license::router())
}
