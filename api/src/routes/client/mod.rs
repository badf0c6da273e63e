//! `/api/client/*`: the signed-in client's own rows (and `/api/client-auth/*`,
//! signing in). Every handler takes
//! `SignedInClient` and works in a client-scoped transaction (forced RLS with
//! restrictive `client_own` policies) naming tenant and client in its
//! queries: another client's id, of this tenant or another, is not found.

pub mod access_link;
pub mod auth;
pub mod dashboard;
pub mod license_seats;
pub mod licenses;
pub mod password;
pub mod password_reset;
pub mod profile;
pub mod purchases;
pub mod subscriptions;

use utoipa_axum::router::OpenApiRouter;

use crate::AppState;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .merge(auth::router())
        .merge(password_reset::router())
        .merge(access_link::router())
        .merge(dashboard::router())
        .merge(licenses::router())
        .merge(license_seats::router())
        .merge(subscriptions::router())
        .merge(profile::router())
        .merge(password::router())
        .merge(purchases::router())
}
