//! The OpenAPI document, generated from the handlers' annotations. The web
//! app's types are generated from it (web/openapi.json → schema.d.ts); a test
//! fails when the committed copy is stale.

use axum::Router;
use utoipa::openapi::security::{ApiKey, ApiKeyValue, SecurityScheme};
use utoipa::{Modify, OpenApi};
use utoipa_axum::router::OpenApiRouter;

use crate::{routes, AppState};

#[derive(OpenApi)]
#[openapi(
    info(
        title = "RoboForge API",
        version = "1.0.0",
        description = "Plataforma white-label de licenciamento de robôs MetaTrader 5. Erros respondem `{ message, fields? }` em pt-BR."
    ),
    modifiers(&SecuritySchemes),
    tags(
        (name = "platform", description = "Saúde e metadados"),
        (name = "admin-auth", description = "Identidade do admin master"),
        (name = "tenant-auth", description = "Identidade do tenant owner"),
        (name = "agents", description = "Agentes de compilação e seu protocolo"),
        (name = "tenant", description = "Dados do tenant owner: clientes, licenças, vendas, assinaturas"),
        (name = "client-auth", description = "Identidade do cliente"),
        (name = "public", description = "Chamadas sem autenticação"),
        (name = "robot-auth-template", description = "Template de autenticação MQL5"),
        (name = "robot-factory", description = "Fábrica de Robôs (IA): gerações, uso e cotas"),
        (name = "robots", description = "Robôs"),
        (name = "notifications", description = "Notificações ao vivo (SSE)"),
        (name = "webhooks", description = "Chamadas de máquinas: Hotmart e a verificação de licença dos robôs"),
    )
)]
struct ApiDoc;

/// How callers authenticate: one session cookie per portal, plus the tenant
/// security key header for tenant owners.
struct SecuritySchemes;

impl Modify for SecuritySchemes {
    fn modify(&self, openapi: &mut utoipa::openapi::OpenApi) {
        let components = openapi.components.get_or_insert_with(Default::default);
        for (name, cookie) in [
            ("adminSession", "rf_admin_session"),
            ("tenantSession", "rf_tenant_session"),
            ("clientSession", "rf_client_session"),
        ] {
            components.add_security_scheme(name, SecurityScheme::ApiKey(ApiKey::Cookie(ApiKeyValue::new(cookie))));
        }
        components.add_security_scheme(
            "tenantSecret",
            SecurityScheme::ApiKey(ApiKey::Header(ApiKeyValue::with_description(
                "X-Tenant-Secret",
                "A chave de segurança do tenant, enviada pelo owner em toda chamada",
            ))),
        );
        components.add_security_scheme(
            "agentToken",
            SecurityScheme::ApiKey(ApiKey::Header(ApiKeyValue::with_description(
                "Authorization",
                "Bearer rfa_…: o token do agente de compilação (mostrado uma vez no cadastro)",
            ))),
        );
    }
}

/// The API router together with the document describing it.
pub fn router_and_document() -> (Router<AppState>, utoipa::openapi::OpenApi) {
    OpenApiRouter::with_openapi(ApiDoc::openapi()).merge(routes::api()).split_for_parts()
}

pub fn document_json() -> String {
    let mut json = router_and_document().1.to_pretty_json().expect("the document serializes");
    json.push('\n');
    json
}
