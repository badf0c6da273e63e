//! `/api/webhooks/*`: calls from machines (the sales platforms: Hotmart, Kiwify, Eduzz, Asaas; robots' license checks; Resend's delivery events).

pub mod asaas;
pub mod eduzz;
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
        .merge(eduzz::router())
        .merge(asaas::router())
        .merge(validate_license::router())
        .merge(resend::router())
}
