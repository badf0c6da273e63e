//! `/api/tenant/email-settings` and `/api/tenant/email-templates`: the
//! tenant's Resend credentials (the key is write-only: the owner only ever
//! learns whether one is configured) and its e-mail templates, with the
//! kinds it switched off.

use std::collections::BTreeMap;

use axum::http::StatusCode;
use axum::Json;
use serde::{Deserialize, Serialize};
use serde_json::{json, Map, Value};
use shared::domain::owner_permissions::Capability;
use shared::domain::validation::{char_len, is_email, normalize_email, Validator};
use shared::repositories::audit_log::Action;
use shared::repositories::{tenant_settings, tenants};
use shared::workflows::email::{self, EmailTemplate};
use shared::AppError;
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::api_error::{ApiJson, ApiResult, OwnerErrors};
use crate::extractors::SignedInOwner;
use crate::form_input::blank_to_none;
use crate::AppState;

const MAX_TEMPLATE_CHARS: usize = 100_000;
pub const NO_KEY: &str = "Configure a chave da API do Resend antes de enviar um e-mail de teste.";

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct EmailSettingsItem {
    pub resend_domain: Option<String>,
    /// Whether a Resend API key is stored (the key itself is never shown).
    pub has_api_key: bool,
    /// How mail leaves now: `own` (this key), `platform` (the platform's
    /// service, in its frame and limits) or `none` (nothing is delivered
    /// until a sender is configured).
    pub delivery: String,
}

impl EmailSettingsItem {
    fn of(settings: tenant_settings::EmailSettings) -> Self {
        Self {
            delivery: email::Delivery::of(settings.resend_configured).as_str().to_string(),
            resend_domain: settings.resend_domain,
            has_api_key: settings.resend_configured,
        }
    }
}

async fn current(
    owner: &SignedInOwner,
    tx: &mut shared::infrastructure::db::Tx,
) -> Result<tenant_settings::EmailSettings, AppError> {
    tenant_settings::email(tx, owner.tenant.id).await?.ok_or_else(|| AppError::NotFound("Tenant não encontrado".into()))
}

#[utoipa::path(operation_id = "tenantGetEmailSettings", get, path = "/api/tenant/email-settings", tag = "tenant",
    security(("tenantSession" = [], "tenantSecret" = [])),
    responses((status = 200, body = EmailSettingsItem), OwnerErrors))]
pub async fn get_settings(owner: SignedInOwner) -> ApiResult<Json<EmailSettingsItem>> {
    owner.require(Capability::ManageSettings)?;
    let mut tx = owner.begin().await?;
    let settings = current(&owner, &mut tx).await?;
    tx.commit().await?;
    Ok(Json(EmailSettingsItem::of(settings)))
}

#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(default, rename_all = "camelCase")]
pub struct EmailSettingsRequest {
    /// A new key (`re_...`); blank or absent keeps the stored one.
    #[schema(max_length = 200)]
    pub resend_api_key: Option<String>,
    /// True removes the stored key (mail then goes through the platform's).
    pub remove_api_key: Option<bool>,
    /// The verified sending domain; blank for none.
    #[schema(max_length = 253)]
    pub resend_domain: Option<String>,
}

fn is_domain(d: &str) -> bool {
    d.len() <= 253
        && d.contains('.')
        && d.split('.').all(|label| {
            !label.is_empty()
                && label.len() <= 63
                && label.chars().all(|c| c.is_ascii_alphanumeric() || c == '-')
                && !label.starts_with('-')
                && !label.ends_with('-')
        })
}

#[utoipa::path(operation_id = "tenantUpdateEmailSettings", patch, path = "/api/tenant/email-settings", tag = "tenant",
    security(("tenantSession" = [], "tenantSecret" = [])), request_body = EmailSettingsRequest,
    responses((status = 200, body = EmailSettingsItem), OwnerErrors))]
pub async fn update_settings(
    axum::extract::State(state): axum::extract::State<AppState>,
    owner: SignedInOwner,
    ApiJson(body): ApiJson<EmailSettingsRequest>,
) -> ApiResult<Json<EmailSettingsItem>> {
    owner.require(Capability::ManageSettings)?;
    let mut v = Validator::new();
    let key = blank_to_none(body.resend_api_key.as_deref());
    v.check(
        key.as_deref().is_none_or(|k| k.starts_with("re_") && char_len(k) <= 200 && !k.contains(char::is_whitespace)),
        "resendApiKey",
        "Chave inválida: as chaves do Resend começam com re_",
    );
    let domain = blank_to_none(body.resend_domain.as_deref()).map(|d| d.to_lowercase());
    v.check(domain.as_deref().is_none_or(is_domain), "resendDomain", "Domínio inválido (ex.: mail.seudominio.com.br)");
    v.finish()?;
    let mut tx = owner.begin().await?;
    let before = current(&owner, &mut tx).await?;
    if body.remove_api_key == Some(true) {
        tenants::set_resend_api_key(&mut tx, &state.config.secrets, owner.tenant.id, None).await?;
    } else if let Some(key) = &key {
        tenants::set_resend_api_key(&mut tx, &state.config.secrets, owner.tenant.id, Some(key)).await?;
    }
    if body.resend_domain.is_some() {
        tenant_settings::set_resend_domain(&mut tx, owner.tenant.id, domain.as_deref()).await?;
    }
    let after = current(&owner, &mut tx).await?;
    owner
        .audit(
            &mut tx,
            Action::Update,
            "email_settings",
            owner.tenant.id,
            &json!({ "resendDomain": before.resend_domain, "hasApiKey": before.resend_configured }),
            &json!({ "resendDomain": after.resend_domain, "hasApiKey": after.resend_configured,
                 "apiKey": if key.is_some() { "*** (alterada)" } else { "" } }),
        )
        .await?;
    tx.commit().await?;
    Ok(Json(EmailSettingsItem::of(after)))
}

/// The editable templates (HTML with `{{variables}}`).
#[derive(Debug, Default, Serialize, Deserialize, ToSchema)]
#[serde(default, rename_all = "camelCase")]
pub struct EmailTemplates {
    pub welcome: Option<String>,
    pub sale_confirmation: Option<String>,
    pub password_reset: Option<String>,
    pub subscription_confirmation: Option<String>,
    /// "Nova versão": sent to a robot's buyers when a version is published.
    pub new_version: Option<String>,
}

impl EmailTemplates {
    fn get(&self, template: EmailTemplate) -> Option<&String> {
        match template {
            EmailTemplate::Welcome => self.welcome.as_ref(),
            EmailTemplate::SaleConfirmation => self.sale_confirmation.as_ref(),
            EmailTemplate::PasswordReset => self.password_reset.as_ref(),
            EmailTemplate::SubscriptionConfirmation => self.subscription_confirmation.as_ref(),
            EmailTemplate::NewVersion => self.new_version.as_ref(),
            // The platform's own text: tenants do not edit it.
            EmailTemplate::SignInCode
            | EmailTemplate::LicenseEnding
            | EmailTemplate::OwnerInvitation
            | EmailTemplate::OwnerPasswordReset => None,
        }
    }

    fn from_fn(mut f: impl FnMut(EmailTemplate) -> Option<String>) -> Self {
        Self {
            welcome: f(EmailTemplate::Welcome),
            sale_confirmation: f(EmailTemplate::SaleConfirmation),
            password_reset: f(EmailTemplate::PasswordReset),
            subscription_confirmation: f(EmailTemplate::SubscriptionConfirmation),
            new_version: f(EmailTemplate::NewVersion),
        }
    }
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct EmailTemplatesItem {
    /// What each e-mail uses now: the tenant's version, else the default.
    pub templates: EmailTemplates,
    /// Which ones are the tenant's own.
    pub customized: Vec<String>,
    /// The variables each template may use, by template key.
    pub variables: BTreeMap<String, Vec<String>>,
    /// The kinds an owner may switch off (`newVersion`).
    pub switchable: Vec<String>,
    /// The kinds this tenant switched off: not sent at all.
    pub switched_off: Vec<String>,
}

fn templates_item(stored: &Value) -> EmailTemplatesItem {
    let keys = |templates: &mut dyn Iterator<Item = EmailTemplate>| templates.map(|t| t.key().to_string()).collect();
    let own = |t: EmailTemplate| stored.get(t.key()).and_then(Value::as_str).filter(|h| !h.trim().is_empty());
    EmailTemplatesItem {
        templates: EmailTemplates::from_fn(|t| Some(own(t).unwrap_or(t.default_html()).to_string())),
        customized: EmailTemplate::ALL.iter().filter(|t| own(**t).is_some()).map(|t| t.key().to_string()).collect(),
        variables: EmailTemplate::ALL
            .iter()
            .map(|t| (t.key().to_string(), t.variables().iter().map(|v| v.to_string()).collect()))
            .collect(),
        switchable: keys(&mut EmailTemplate::SWITCHABLE.into_iter()),
        switched_off: keys(&mut EmailTemplate::SWITCHABLE.into_iter().filter(|t| t.switched_off_in(stored))),
    }
}

/// The templates to save, and which kinds are switched off.
#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(default, rename_all = "camelCase")]
pub struct EmailTemplatesUpdate {
    #[serde(flatten)]
    pub templates: EmailTemplates,
    /// The kinds to switch off (of `switchable`); absent keeps the current
    /// choice, `[]` switches every kind on.
    pub switched_off: Option<Vec<String>>,
}

pub const NOT_SWITCHABLE: &str = "Só o e-mail “Nova versão” pode ser desligado.";

#[utoipa::path(operation_id = "tenantGetEmailTemplates", get, path = "/api/tenant/email-templates", tag = "tenant",
    security(("tenantSession" = [], "tenantSecret" = [])),
    responses((status = 200, body = EmailTemplatesItem), OwnerErrors))]
pub async fn get_templates(owner: SignedInOwner) -> ApiResult<Json<EmailTemplatesItem>> {
    owner.require(Capability::ViewSettings)?;
    let mut tx = owner.begin().await?;
    let settings = current(&owner, &mut tx).await?;
    tx.commit().await?;
    Ok(Json(templates_item(&settings.email_templates)))
}

/// The platform's default templates (to restore one).
#[utoipa::path(operation_id = "tenantEmailTemplateDefaults", get, path = "/api/tenant/email-templates/defaults", tag = "tenant",
    security(("tenantSession" = [], "tenantSecret" = [])),
    responses((status = 200, body = EmailTemplates), OwnerErrors))]
pub async fn defaults(owner: SignedInOwner) -> ApiResult<Json<EmailTemplates>> {
    owner.require(Capability::ViewSettings)?;
    Ok(Json(EmailTemplates::from_fn(|t| Some(t.default_html().to_string()))))
}

/// Saves the templates sent; one equal to the default, or blank, goes back
/// to the default. `switchedOff` sets which kinds are not sent.
#[utoipa::path(operation_id = "tenantUpdateEmailTemplates", patch, path = "/api/tenant/email-templates", tag = "tenant",
    security(("tenantSession" = [], "tenantSecret" = [])), request_body = EmailTemplatesUpdate,
    responses((status = 200, body = EmailTemplatesItem), OwnerErrors))]
pub async fn update_templates(
    owner: SignedInOwner,
    ApiJson(update): ApiJson<EmailTemplatesUpdate>,
) -> ApiResult<Json<EmailTemplatesItem>> {
    owner.require(Capability::ManageSettings)?;
    let body = &update.templates;
    let mut v = Validator::new();
    let switched_off: Option<Vec<EmailTemplate>> = update.switched_off.as_ref().map(|keys| {
        EmailTemplate::SWITCHABLE.into_iter().filter(|t| keys.iter().any(|k| k.trim() == t.key())).collect()
    });
    v.check(
        update.switched_off.iter().flatten().all(|k| EmailTemplate::SWITCHABLE.iter().any(|t| t.key() == k.trim())),
        "switchedOff",
        NOT_SWITCHABLE,
    );
    for template in EmailTemplate::ALL {
        let html = body.get(template).map(String::as_str).unwrap_or_default();
        v.check(
            char_len(html) <= MAX_TEMPLATE_CHARS,
            template.key(),
            "Template longo demais (máximo 100.000 caracteres)",
        );
    }
    v.finish()?;
    let mut tx = owner.begin().await?;
    let before = current(&owner, &mut tx).await?.email_templates;
    let mut stored: Map<String, Value> = before.as_object().cloned().unwrap_or_default();
    for template in EmailTemplate::ALL {
        let Some(html) = body.get(template) else { continue };
        if html.trim().is_empty() || html.trim() == template.default_html().trim() {
            stored.remove(template.key());
        } else {
            stored.insert(template.key().into(), Value::String(html.clone()));
        }
    }
    match switched_off {
        Some(off) if off.is_empty() => {
            stored.remove(email::SWITCHED_OFF_KEY);
        }
        Some(off) => {
            let keys = off.iter().map(|t| Value::String(t.key().into())).collect();
            stored.insert(email::SWITCHED_OFF_KEY.into(), Value::Array(keys));
        }
        None => {}
    }
    let after = Value::Object(stored);
    tenant_settings::set_templates(&mut tx, owner.tenant.id, &after).await?;
    owner.audit(&mut tx, Action::Update, "email_templates", owner.tenant.id, &before, &after).await?;
    tx.commit().await?;
    Ok(Json(templates_item(&after)))
}

#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(default, rename_all = "camelCase")]
pub struct TestEmailRequest {
    /// welcome, saleConfirmation, passwordReset, subscriptionConfirmation or newVersion.
    pub template_type: Option<String>,
    #[schema(format = Email)]
    pub test_email: Option<String>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct TestEmailQueued {
    pub message: String,
}

/// Sends one template, filled with example values, to an address of the
/// owner's choice, with the tenant's own key.
#[utoipa::path(operation_id = "tenantSendTestEmail", post, path = "/api/tenant/email-settings/test", tag = "tenant",
    security(("tenantSession" = [], "tenantSecret" = [])), request_body = TestEmailRequest,
    responses((status = 202, body = TestEmailQueued), OwnerErrors))]
pub async fn send_test(
    owner: SignedInOwner,
    ApiJson(body): ApiJson<TestEmailRequest>,
) -> ApiResult<(StatusCode, Json<TestEmailQueued>)> {
    owner.require(Capability::ManageSettings)?;
    let mut v = Validator::new();
    let to = blank_to_none(body.test_email.as_deref());
    v.check(to.is_some(), "testEmail", "E-mail obrigatório");
    v.check(to.as_deref().is_none_or(is_email), "testEmail", "E-mail inválido");
    let template = EmailTemplate::ALL.into_iter().find(|t| Some(t.key()) == body.template_type.as_deref());
    v.check(template.is_some(), "templateType", "Escolha um template");
    v.finish()?;
    let (to, template) = (normalize_email(&to.expect("validated")), template.expect("validated"));
    let mut tx = owner.begin().await?;
    if !current(&owner, &mut tx).await?.resend_configured {
        return Err(AppError::validation_field("resendApiKey", NO_KEY).into());
    }
    let tenant_name = owner.tenant.display_name.clone().unwrap_or_else(|| owner.tenant.name.clone());
    let example: BTreeMap<String, String> = [
        ("tenantName", tenant_name.as_str()),
        ("clientName", "Cliente de Teste"),
        ("ownerName", owner.owner.name.as_str()),
        ("robotName", "Robô Exemplo"),
        ("downloadUrl", "https://exemplo.com.br/login"),
        ("resetLink", "https://exemplo.com.br/reset-password?token=exemplo"),
        ("amount", "R$ 197,00"),
        ("transactionId", "HP0000000000"),
        ("purchaseId", "HP0000000000"),
        ("email", to.as_str()),
        ("recurrence", "mensal"),
        ("nextChargeDate", "01/01/2027"),
        ("contactEmail", owner.owner.email.as_str()),
        ("version", "1.4.0"),
        ("releaseNotes", "Correções de estabilidade e novo filtro de horário."),
        ("portalUrl", "https://exemplo.com.br/login"),
    ]
    .into_iter()
    .map(|(k, v)| (k.to_string(), v.to_string()))
    .collect();
    email::queue(&mut tx, owner.tenant.id, template, &to, &example).await?;
    tx.commit().await?;
    Ok((StatusCode::ACCEPTED, Json(TestEmailQueued { message: format!("E-mail de teste enviado para {to}") })))
}

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(get_settings, update_settings))
        .routes(routes!(send_test))
        .routes(routes!(get_templates, update_templates))
        .routes(routes!(defaults))
}
