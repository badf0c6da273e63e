//! `/api/webhooks/*`: calls from machines (Hotmart; robots' license checks).

pub mod hotmart;

use utoipa_axum::router::OpenApiRouter;

use crate::AppState;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().merge(hotmart::router())
}
