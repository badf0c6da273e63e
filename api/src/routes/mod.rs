//! The URL space, one folder per caller: `admin/` (the platform admin's
//! `/api/*`), `tenant/` (`/api/tenant/*` and `/api/tenant-auth/*`), `client/`
//! (`/api/client/*` and `/api/client-auth/*`), `public/` (before sign-in),
//! `webhooks/` (Hotmart and the robots' license checks) and `agents/` (the
//! compile fleet). Inside a folder, `<resource>.rs` mirrors the path, so an
//! endpoint is found from its URL. `notifications.rs` is the one stream two
//! portals share.
//!
//! A route module owns its handlers and its `router()`, and imports no other
//! route module: what two portals share (request/response types, their
//! validators, lookups) lives in `crate::views`. `shared/tests/architecture.rs`
//! fails the build on a route module importing another.

pub mod admin;
pub mod agents;
pub mod client;
pub mod notifications;
pub mod public;
pub mod tenant;
pub mod webhooks;

use utoipa_axum::router::OpenApiRouter;

use crate::AppState;

pub fn api() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .merge(admin::router())
        .merge(tenant::router())
        .merge(client::router())
        .merge(public::router())
        .merge(webhooks::router())
        .merge(agents::router())
        .merge(notifications::router())
}
