//! `/api/tenant/settings`: the tenant's brand (display name, logo, favicon,
//! colours, font, theme preset) and general settings (homepage, contact
//! e-mail, lessons URL). The client portal and the owner portal read the
//! saved look through the branding call.

use axum::extract::{Request, State};
use axum::Json;
use bytes::Bytes;
use serde::{Deserialize, Serialize};
use serde_json::{json, Map, Value};
use shared::domain::owner_permissions::Capability;
use shared::domain::uploads::{self, IMAGE_TOO_LARGE, IMAGE_TYPES_MESSAGE, MAX_IMAGE_BYTES};
use shared::domain::validation::{char_len, is_email, Validator};
use shared::infrastructure::storage::new_key;
use shared::repositories::audit_log::Action;
use shared::repositories::tenant_settings::{self, BrandSettings};
use shared::AppError;
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::api_error::{ApiJson, ApiResult, ErrorBody, OwnerErrors};
use crate::extractors::SignedInOwner;
use crate::form_input::blank_to_none;
use crate::upload::{multipart_of, read_form};
use crate::views::files::public_url;
use crate::AppState;

/// The ten fonts of the spec (Inter recommended).
pub const FONTS: [&str; 10] =
    ["Inter", "Roboto", "Open Sans", "Poppins", "Montserrat", "Lato", "Raleway", "Ubuntu", "Nunito", "Quicksand"];
/// The ten theme presets of the spec.
pub const THEME_PRESETS: [&str; 10] =
    ["default", "midnight", "purple-dark", "emerald", "crimson", "ocean", "sunset", "forest", "royal", "neon"];
const BAD_COLOUR: &str = "Cor inválida (use formato #RRGGBB)";

#[derive(Debug, Default, Serialize, Deserialize, ToSchema)]
#[serde(default, rename_all = "camelCase")]
pub struct ThemeColors {
    pub primary: Option<String>,
    pub secondary: Option<String>,
    pub accent: Option<String>,
}

#[derive(Debug, Default, Serialize, Deserialize, ToSchema)]
#[serde(default, rename_all = "camelCase")]
pub struct BackgroundColors {
    pub background: Option<String>,
    pub card: Option<String>,
    pub sidebar: Option<String>,
}

#[derive(Debug, Default, Serialize, Deserialize, ToSchema)]
#[serde(default, rename_all = "camelCase")]
pub struct GeneralSettings {
    pub homepage_url: Option<String>,
    pub contact_email: Option<String>,
    /// Default pt-BR.
    pub language: Option<String>,
    /// Default BRL.
    pub currency: Option<String>,
    pub lessons_url: Option<String>,
    /// One of the ten presets, or null for custom colours.
    pub theme_preset: Option<String>,
    /// Account changes a client may make per period (default 3, 0–100).
    pub account_changes_per_period: Option<i64>,
    /// That period in days (default 30, 1–365).
    pub account_change_period_days: Option<i64>,
    /// Hours between two changes (default 24, 0–2160).
    pub account_change_cooldown_hours: Option<i64>,
}

/// The tenant's settings as the settings screen edits them; empty values
/// are null.
#[derive(Debug, Default, Serialize, Deserialize, ToSchema)]
#[serde(default, rename_all = "camelCase")]
pub struct TenantSettingsBody {
    #[schema(max_length = 100)]
    pub display_name: Option<String>,
    pub logo_url: Option<String>,
    pub favicon_url: Option<String>,
    pub theme_colors: Option<ThemeColors>,
    pub background_colors: Option<BackgroundColors>,
    /// Text colour, #RRGGBB.
    pub foreground_color: Option<String>,
    /// One of the ten fonts.
    pub font_family: Option<String>,
    pub settings: Option<GeneralSettings>,
}

/// A stored JSON column read into its shape (None when absent or malformed).
fn parse<T: serde::de::DeserializeOwned>(value: Option<Value>) -> Option<T> {
    value.and_then(|v| serde_json::from_value(v).ok())
}

fn from_row(b: BrandSettings) -> TenantSettingsBody {
    TenantSettingsBody {
        display_name: b.display_name,
        logo_url: b.logo_url,
        favicon_url: b.favicon_url,
        theme_colors: parse(b.theme_colors),
        background_colors: parse(b.background_colors),
        foreground_color: b.foreground_color,
        font_family: b.font_family,
        settings: parse(Some(b.settings)),
    }
}

#[utoipa::path(operation_id = "tenantGetSettings", get, path = "/api/tenant/settings", tag = "tenant",
    security(("tenantSession" = [], "tenantSecret" = [])),
    responses((status = 200, body = TenantSettingsBody), OwnerErrors))]
pub async fn get(owner: SignedInOwner) -> ApiResult<Json<TenantSettingsBody>> {
    owner.require(Capability::ViewSettings)?;
    let mut tx = owner.begin().await?;
    let row = tenant_settings::brand(&mut tx, owner.tenant.id).await?.unwrap_or_default();
    tx.commit().await?;
    Ok(Json(from_row(row)))
}

/// `#rrggbb` (the `#` optional on input), or None when blank.
fn colour(v: &mut Validator, field: &str, value: Option<&str>) -> Option<String> {
    let text = blank_to_none(value)?;
    let hex = text.trim_start_matches('#');
    let ok = hex.len() == 6 && hex.chars().all(|c| c.is_ascii_hexdigit());
    v.check(ok, field, BAD_COLOUR);
    ok.then(|| format!("#{}", hex.to_lowercase()))
}

fn web_url(v: &mut Validator, field: &str, value: Option<&str>) -> Option<String> {
    let text = blank_to_none(value)?;
    let ok = (text.starts_with("https://") || text.starts_with("http://"))
        && text.len() > "https://".len()
        && char_len(&text) <= 2000
        && !text.chars().any(|c| c.is_whitespace() || c == '"' || c == '<' || c == '>');
    v.check(ok, field, "URL inválida");
    ok.then_some(text)
}

/// A logo or favicon: one stored here, or an https image elsewhere.
fn image_url(v: &mut Validator, field: &str, value: Option<&str>) -> Option<String> {
    let text = blank_to_none(value)?;
    if text.starts_with("/api/public/files/") && char_len(&text) <= 300 {
        return Some(text);
    }
    web_url(v, field, Some(&text))
}

fn checked(body: &TenantSettingsBody) -> Result<BrandSettings, AppError> {
    let mut v = Validator::new();
    let display_name = blank_to_none(body.display_name.as_deref());
    v.check(
        display_name.as_deref().is_none_or(|n| char_len(n) <= 100),
        "displayName",
        "Nome de exibição deve ter no máximo 100 caracteres",
    );
    let theme = body.theme_colors.as_ref();
    let background = body.background_colors.as_ref();
    let theme_colors = json!({
        "primary": colour(&mut v, "themeColors.primary", theme.and_then(|t| t.primary.as_deref())),
        "secondary": colour(&mut v, "themeColors.secondary", theme.and_then(|t| t.secondary.as_deref())),
        "accent": colour(&mut v, "themeColors.accent", theme.and_then(|t| t.accent.as_deref())),
    });
    let background_colors = json!({
        "background": colour(&mut v, "backgroundColors.background", background.and_then(|b| b.background.as_deref())),
        "card": colour(&mut v, "backgroundColors.card", background.and_then(|b| b.card.as_deref())),
        "sidebar": colour(&mut v, "backgroundColors.sidebar", background.and_then(|b| b.sidebar.as_deref())),
    });
    let foreground_color = colour(&mut v, "foregroundColor", body.foreground_color.as_deref());
    let font_family = blank_to_none(body.font_family.as_deref());
    v.check(font_family.as_deref().is_none_or(|f| FONTS.contains(&f)), "fontFamily", "Fonte não disponível");
    let general = body.settings.as_ref();
    let text = |f: fn(&GeneralSettings) -> &Option<String>| general.and_then(|g| f(g).as_deref());
    let contact_email = blank_to_none(text(|g| &g.contact_email));
    v.check(
        contact_email.as_deref().is_none_or(|e| is_email(e) && char_len(e) <= 254),
        "settings.contactEmail",
        "E-mail inválido",
    );
    let preset = blank_to_none(text(|g| &g.theme_preset));
    v.check(
        preset.as_deref().is_none_or(|p| THEME_PRESETS.contains(&p)),
        "settings.themePreset",
        "Tema não disponível",
    );
    let mut settings = Map::new();
    settings.insert("homepageUrl".into(), json!(web_url(&mut v, "settings.homepageUrl", text(|g| &g.homepage_url))));
    settings.insert("contactEmail".into(), json!(contact_email));
    settings.insert("lessonsUrl".into(), json!(web_url(&mut v, "settings.lessonsUrl", text(|g| &g.lessons_url))));
    settings.insert("language".into(), json!(blank_to_none(text(|g| &g.language)).unwrap_or_else(|| "pt-BR".into())));
    settings.insert("currency".into(), json!(blank_to_none(text(|g| &g.currency)).unwrap_or_else(|| "BRL".into())));
    settings.insert("themePreset".into(), json!(preset));
    let mut bounded =
        |key: &str, field: &str, value: Option<i64>, range: std::ops::RangeInclusive<i64>, message: &str| {
            v.check(value.is_none_or(|n| range.contains(&n)), field, message);
            if let Some(n) = value.filter(|n| range.contains(n)) {
                settings.insert(key.into(), json!(n));
            }
        };
    bounded(
        "accountChangesPerPeriod",
        "settings.accountChangesPerPeriod",
        general.and_then(|g| g.account_changes_per_period),
        0..=100,
        "Use de 0 a 100 trocas",
    );
    bounded(
        "accountChangePeriodDays",
        "settings.accountChangePeriodDays",
        general.and_then(|g| g.account_change_period_days),
        1..=365,
        "Use de 1 a 365 dias",
    );
    bounded(
        "accountChangeCooldownHours",
        "settings.accountChangeCooldownHours",
        general.and_then(|g| g.account_change_cooldown_hours),
        0..=2160,
        "Use de 0 a 2160 horas",
    );
    let logo_url = image_url(&mut v, "logoUrl", body.logo_url.as_deref());
    let favicon_url = image_url(&mut v, "faviconUrl", body.favicon_url.as_deref());
    v.finish()?;
    Ok(BrandSettings {
        display_name,
        logo_url,
        favicon_url,
        theme_colors: Some(theme_colors),
        background_colors: Some(background_colors),
        foreground_color,
        font_family,
        settings: Value::Object(settings),
    })
}

/// Saves every setting (the screen sends the whole form).
#[utoipa::path(operation_id = "tenantUpdateSettings", patch, path = "/api/tenant/settings", tag = "tenant",
    security(("tenantSession" = [], "tenantSecret" = [])), request_body = TenantSettingsBody,
    responses((status = 200, body = TenantSettingsBody), OwnerErrors))]
pub async fn update(
    owner: SignedInOwner,
    ApiJson(body): ApiJson<TenantSettingsBody>,
) -> ApiResult<Json<TenantSettingsBody>> {
    owner.require(Capability::ManageSettings)?;
    let brand = checked(&body)?;
    let mut tx = owner.begin().await?;
    let before = tenant_settings::brand(&mut tx, owner.tenant.id).await?.unwrap_or_default();
    tenant_settings::save_brand(&mut tx, owner.tenant.id, &brand).await?;
    let after = tenant_settings::brand(&mut tx, owner.tenant.id).await?.unwrap_or_default();
    let (before, after) = (from_row(before), from_row(after));
    owner
        .audit(
            &mut tx,
            Action::Update,
            "tenant_settings",
            owner.tenant.id,
            &serde_json::to_value(&before).unwrap_or_default(),
            &serde_json::to_value(&after).unwrap_or_default(),
        )
        .await?;
    tx.commit().await?;
    Ok(Json(after))
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ImageUploaded {
    /// Set when the logo was uploaded.
    pub logo_url: Option<String>,
    /// Set when the favicon was uploaded.
    pub favicon_url: Option<String>,
}

async fn upload_image(
    state: &AppState,
    owner: &SignedInOwner,
    request: Request,
    favicon: bool,
) -> ApiResult<Json<ImageUploaded>> {
    let mut multipart = multipart_of(request, state).await?;
    let form = read_form(&mut multipart, "file", MAX_IMAGE_BYTES, IMAGE_TOO_LARGE).await?;
    let file = form.file.ok_or_else(|| AppError::validation_field("file", "Arquivo é obrigatório"))?;
    let image = uploads::image(&file.bytes).ok_or_else(|| AppError::validation_field("file", IMAGE_TYPES_MESSAGE))?;
    let kind = if favicon { "favicons" } else { "logos" };
    let key = new_key(owner.tenant.id, kind, image.extension);
    crate::storage_quota::put_within_quota(state, owner.tenant.id, &key, Bytes::from(image.bytes)).await?;
    let url = public_url(&key);
    let mut tx = owner.begin().await?;
    let replaced = tenant_settings::set_image(&mut tx, owner.tenant.id, favicon, &url).await?;
    let field = if favicon { "faviconUrl" } else { "logoUrl" };
    owner
        .audit(
            &mut tx,
            Action::Update,
            "tenant_settings",
            owner.tenant.id,
            &json!({ field: replaced }),
            &json!({ field: url }),
        )
        .await?;
    tx.commit().await?;
    crate::upload::delete_replaced(state, owner.tenant.id, replaced.as_deref()).await;
    Ok(Json(if favicon {
        ImageUploaded { logo_url: None, favicon_url: Some(url) }
    } else {
        ImageUploaded { logo_url: Some(url), favicon_url: None }
    }))
}

/// Uploads the tenant's logo (multipart `file`: PNG, JPEG, SVG or WEBP up to 5 MB).
#[utoipa::path(operation_id = "tenantUploadLogo", post, path = "/api/tenant/settings/logo/upload", tag = "tenant",
    security(("tenantSession" = [], "tenantSecret" = [])),
    request_body(content_type = "multipart/form-data", description = "campo `file`"),
    responses((status = 200, body = ImageUploaded), (status = 413, body = ErrorBody), OwnerErrors))]
pub async fn upload_logo(
    State(state): State<AppState>,
    owner: SignedInOwner,
    request: Request,
) -> ApiResult<Json<ImageUploaded>> {
    owner.require(Capability::ManageSettings)?;
    upload_image(&state, &owner, request, false).await
}

/// Uploads the tenant's favicon (same rules as the logo).
#[utoipa::path(operation_id = "tenantUploadFavicon", post, path = "/api/tenant/settings/favicon/upload", tag = "tenant",
    security(("tenantSession" = [], "tenantSecret" = [])),
    request_body(content_type = "multipart/form-data", description = "campo `file`"),
    responses((status = 200, body = ImageUploaded), (status = 413, body = ErrorBody), OwnerErrors))]
pub async fn upload_favicon(
    State(state): State<AppState>,
    owner: SignedInOwner,
    request: Request,
) -> ApiResult<Json<ImageUploaded>> {
    owner.require(Capability::ManageSettings)?;
    upload_image(&state, &owner, request, true).await
}

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(get, update))
        .routes(routes!(upload_logo))
        .routes(routes!(upload_favicon))
        .layer(axum::extract::DefaultBodyLimit::max(MAX_IMAGE_BYTES + 64 * 1024))
}
