//! `/api/webhooks/*`: calls from machines (the sales platforms; robots' license checks; Resend's delivery events).

pub mod hotmart;
pub mod kiwify;
pub mod resend;
pub mod validate_license;

use utoipa_axum::router::OpenApiRouter;

use crate::AppState;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .merge(hotmart::router())
        .merge(kiwify::router())
        .merge(validate_license::router())
        .merge(resend::router())
}
