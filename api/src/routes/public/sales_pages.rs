//! `GET /api/public/robots/{robotId}/sales-page`: a robot's sales page as a
//! standalone HTML document (its "HTML avançado" boxes; the storefront at
//! `/loja/{robotId}` is the full page). Published pages only. The sections were sanitized when stored; the
//! page adds a policy that allows no script, no plugin, no form and no
//! framing by others, so even a sanitizer miss could not run.

use axum::extract::{Path, State};
use axum::http::{header, HeaderValue};
use axum::response::{Html, IntoResponse, Response};
use shared::domain::portal::Portal;
use shared::infrastructure::db::{self, Scope};
use shared::repositories::{backtests, robot_versions, sales_pages};
use shared::workflows::email::escape_html;
use shared::{AppError, OrNotFound};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;
use uuid::Uuid;

use crate::api_error::{ApiQuery, ApiResult, ErrorBody};
use crate::request_meta::RequestMeta;
use crate::sales_page_backtest::backtest_section;
use crate::tenant_resolution::{self, TenantQuery};
use crate::views::backtests::PublicBacktest;
use crate::AppState;

pub const SALES_PAGE_POLICY: &str = "default-src 'none'; img-src https: data:; style-src 'unsafe-inline'; \
     font-src https: data:; base-uri 'none'; form-action 'none'; frame-ancestors 'self'";
const NOT_FOUND: &str = "Página de vendas não encontrada";
/// Shown above the page when the active version's source imports a DLL
/// (the platform admin allowed it for this tenant): buyers must allow DLL
/// imports in MetaTrader for it to run, and should know what that means.
pub const DLL_NOTICE: &str = "<aside class=\"dll-notice\" role=\"note\"><strong>Este robô carrega uma DLL.</strong> \
     Ele usa uma biblioteca externa do Windows: para funcionar, o MetaTrader 5 precisa da opção \
     \u{201c}Permitir importação de DLL\u{201d}. Ative-a somente se confiar no vendedor.</aside>";

/// The robot's public sales page (the tenant is the host's; on development
/// hosts `?tenant=`).
#[utoipa::path(operation_id = "publicSalesPage", get, path = "/api/public/robots/{robotId}/sales-page", tag = "public",
    params(("robotId" = Uuid, Path), TenantQuery),
    responses((status = 200, description = "text/html", content_type = "text/html"), (status = 404, body = ErrorBody)))]
pub async fn page(
    State(state): State<AppState>,
    meta: RequestMeta,
    Path(robot_id): Path<String>,
    ApiQuery(query): ApiQuery<TenantQuery>,
) -> ApiResult<Response> {
    let not_found = || AppError::NotFound(NOT_FOUND.into());
    let robot_id = Uuid::parse_str(robot_id.trim()).map_err(|_| not_found())?;
    let mut tx = db::begin(&state.pool, Scope::anonymous()).await?;
    let tenant = tenant_resolution::resolve(&mut tx, &state, &meta, Portal::Client, query.tenant.as_deref())
        .await?
        .filter(|t| t.is_active())
        .or_not_found(NOT_FOUND)?;
    tx.commit().await?;
    let mut tx = db::begin(&state.pool, Scope::anonymous_in(tenant.id)).await?;
    // Only a published page is public, here as in the storefront.
    let (robot, sections) = sales_pages::find_published(&mut tx, tenant.id, robot_id).await?.or_not_found(NOT_FOUND)?;
    let loads_dll = robot_versions::active_loads_dll(&mut tx, tenant.id, robot_id).await?;
    let active_file = robot_versions::active_file_key(&mut tx, tenant.id, robot_id).await?;
    let backtest = match active_file {
        Some(key) if sections.show_backtest => {
            backtests::latest_completed(&mut tx, tenant.id, &[key], true).await?.into_iter().next()
        }
        _ => None,
    };
    tx.commit().await?;
    let notice = if loads_dll { DLL_NOTICE } else { "" };
    let backtest = backtest.map(|b| backtest_section(&PublicBacktest::from(&b))).unwrap_or_default();
    let body: String = sections.html_sections().map(|html| format!("<section>{html}</section>")).collect();
    let title = escape_html(&robot.name);
    let backtest_style = crate::sales_page_backtest::STYLE;
    let document = format!(
        "<!doctype html><html lang=\"pt-BR\"><head><meta charset=\"utf-8\">\
         <meta name=\"viewport\" content=\"width=device-width, initial-scale=1\"><title>{title}</title>\
         <style>body{{font-family:system-ui,sans-serif;max-width:960px;margin:0 auto;padding:24px;line-height:1.6}}\
         img{{max-width:100%;height:auto}}section{{margin-bottom:32px}}\
         .dll-notice{{border:1px solid #d97706;background:#fffbeb;color:#78350f;padding:12px 16px;border-radius:8px}}\
         {backtest_style}</style></head><body>{notice}{body}{backtest}</body></html>"
    );
    let mut response = Html(document).into_response();
    response.headers_mut().insert(header::CONTENT_SECURITY_POLICY, HeaderValue::from_static(SALES_PAGE_POLICY));
    response.headers_mut().insert(header::CACHE_CONTROL, HeaderValue::from_static("public, max-age=60"));
    Ok(response)
}

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(page))
}
