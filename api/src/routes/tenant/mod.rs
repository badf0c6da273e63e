//! `/api/tenant/*`: the signed-in tenant owner's own data (and
//! `/api/tenant-auth/*`, signing in). Every handler
//! takes `SignedInOwner` (session cookie + `X-Tenant-Secret`), works in a
//! transaction scoped to the owner's tenant (forced RLS) and names the tenant
//! in its queries too; an id of another tenant is simply not found (404).

pub mod auth;
pub mod backtests;
pub mod client_access_links;
pub mod client_erasure;
pub mod clients;
pub mod compilation_jobs;
pub mod email_log;
pub mod email_sending;
pub mod email_settings;
pub mod hotmart_api;
pub mod invitation;
pub mod license_builds;
pub mod license_seats;
pub mod licenses;
pub mod manual_sales;
pub mod onboarding;
pub mod password_reset;
pub mod reconciliation;
pub mod robot_compile_jobs;
pub mod robot_generations;
pub mod robot_installations;
pub mod robot_license;
pub mod robot_projects;
pub mod robot_seat_policy;
pub mod robot_versions;
pub mod robots;
pub mod sales;
pub mod sales_channels;
pub mod sales_pages;
pub mod settings;
pub mod signed_channels;
pub mod stats;
pub mod storage;
pub mod subscriptions;
pub mod team;

use utoipa_axum::router::OpenApiRouter;

use crate::AppState;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .merge(auth::router())
        .merge(password_reset::router())
        .merge(invitation::router())
        .merge(stats::router())
        .merge(onboarding::router())
        .merge(clients::router())
        .merge(client_erasure::router())
        .merge(client_access_links::router())
        .merge(licenses::router())
        .merge(license_seats::router())
        .merge(robots::router())
        .merge(robot_license::router())
        .merge(robot_seat_policy::router())
        .merge(robot_versions::router())
        .merge(robot_installations::router())
        .merge(license_builds::router())
        .merge(backtests::router())
        .merge(compilation_jobs::router())
        .merge(robot_compile_jobs::router())
        .merge(robot_projects::router())
        .merge(robot_generations::router())
        .merge(sales_pages::router())
        .merge(sales_channels::router())
        .merge(signed_channels::router())
        .merge(reconciliation::router())
        .merge(settings::router())
        .merge(storage::router())
        .merge(email_settings::router())
        .merge(email_sending::router())
        .merge(email_log::router())
        .merge(hotmart_api::router())
        .merge(sales::router())
        .merge(manual_sales::router())
        .merge(subscriptions::router())
        .merge(team::router())
}
