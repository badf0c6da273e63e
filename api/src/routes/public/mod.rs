//! `/api/public/*`: calls made before anyone signs in.

pub mod files;
pub mod health;
pub mod sales_pages;
pub mod store;
pub mod tenant_branding;
pub mod tls_ask;

use utoipa_axum::router::OpenApiRouter;

use crate::AppState;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .merge(health::router())
        .merge(tenant_branding::router())
        .merge(files::router())
        .merge(sales_pages::router())
        .merge(store::router())
        .merge(tls_ask::router())
}
