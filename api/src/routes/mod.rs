//! The URL space. `routes/<area>/<resource>.rs` mirrors the path, so an
//! endpoint is found from its URL: `/api/tenant-auth/login` lives in
//! `routes/tenant_auth.rs`, `/api/public/tenant-branding` in
//! `routes/public/tenant_branding.rs`.

pub mod auth;
pub mod client_auth;
pub mod health;
pub mod public;
pub mod tenant_auth;
pub mod users;

use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::AppState;

pub fn api() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(health::check))
        .routes(routes!(auth::me))
        .routes(routes!(auth::login))
        .routes(routes!(auth::logout))
        .routes(routes!(users::create))
        .routes(routes!(tenant_auth::login))
        .routes(routes!(tenant_auth::me))
        .routes(routes!(tenant_auth::logout))
        .routes(routes!(client_auth::login))
        .routes(routes!(client_auth::login_purchase))
        .routes(routes!(client_auth::me))
        .routes(routes!(client_auth::logout))
        .routes(routes!(public::tenant_branding::show))
}
