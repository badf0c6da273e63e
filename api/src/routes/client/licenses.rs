//! `/api/client/licenses` and `/api/client/download/{licenseId}`: a client's
//! robots — the cards, moving a license to another MetaTrader account
//! (limited, DESIGN 6), and downloading the robot's active compiled version.

use axum::extract::State;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::Json;
use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use shared::domain::account_binding::{self, RebindPolicy};
use shared::domain::status::LicenseStatus;
use shared::domain::validation::Validator;
use shared::repositories::client_portal::{self, ClientLicenseRow, Download};
use shared::repositories::{license_builds, robot_versions};
use shared::{AppError, OrNotFound};
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;
use uuid::Uuid;

use crate::api_error::{ApiJson, ApiResult, ErrorBody};
use crate::extractors::{PathId, SignedInClient};
use crate::form_input::text_field;
use crate::request_meta::RequestMeta;
use crate::views::files::file_response;
use crate::AppState;

pub const NOT_FOUND: &str = "Licença não encontrada";
crate::not_found_as!(UnknownLicense, NOT_FOUND);
pub const NOT_USABLE: &str =
    "Esta licença não está ativa: download e troca de conta estão disponíveis apenas para licenças ativas ou de teste.";
pub const NO_VERSION: &str = "Este robô ainda não tem uma versão disponível para download.";
pub const ACCOUNT_REQUIRED: &str = "Número da conta é obrigatório";
pub const PREPARING: &str = "Preparando sua cópia pessoal…";

/// The answer while the license's personal build is being compiled (202):
/// the client polls the same download until the file comes.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PersonalBuildProgress {
    /// queued or compiling.
    pub status: String,
    /// For the client, pt-BR.
    pub message: &'static str,
    pub queued_at: DateTime<Utc>,
    /// From then on the download gives the shared file instead of waiting.
    pub fallback_at: DateTime<Utc>,
    /// Seconds to wait before asking again.
    pub retry_after_seconds: i64,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ClientLicenseItem {
    pub id: Uuid,
    pub robot_id: Option<Uuid>,
    pub robot_name: Option<String>,
    pub robot_logo_url: Option<String>,
    pub robot_description: Option<String>,
    pub robot_platform: Option<String>,
    /// The version Download gives (the robot's active one).
    pub robot_version: Option<String>,
    /// Its notes: the changelog shown next to Download.
    pub changelog: Option<String>,
    pub version_uploaded_at: Option<DateTime<Utc>>,
    pub file_name: Option<String>,
    /// The version this client downloaded last (None: never).
    pub last_downloaded_version: Option<String>,
    /// True when the active version is not the one last downloaded.
    pub update_available: bool,
    pub account_number: Option<String>,
    pub activation_date: Option<DateTime<Utc>>,
    pub expiration_date: Option<DateTime<Utc>>,
    pub status: LicenseStatus,
    /// Whether Download and Trocar Conta are offered.
    pub usable: bool,
    /// The robot wants the account confirmed here before it runs, and this
    /// license has none yet.
    pub needs_account_confirmation: bool,
    /// valid, in_grace (the robot cannot reach the server and runs on its
    /// offline grace), lapsed or denied; null before the robot first checked in.
    pub installation_state: Option<String>,
    pub installation_state_since: Option<DateTime<Utc>>,
    /// The newest completed backtest of the active version: its numbers and
    /// balance curve (null: none yet).
    pub backtest: Option<crate::views::backtests::PublicBacktest>,
    /// The robot's last license check on this license (null: it never
    /// reached the server), so the buyer sees "Conectado: conta 123 · há
    /// 2 min" or what to fix.
    pub last_check: Option<LastCheck>,
    /// The download is this license's personal build (decision 0015): it
    /// names its license, so the robot asks for no e-mail.
    pub personal_build: bool,
    /// The seller's limits on moving this license to another account (the
    /// first binding is free), so the buyer reads them before saving. Always
    /// given; optional in the schema for clients built before it.
    pub account_change_limit: Option<AccountChangeLimit>,
}

/// The seller's account-change policy, as the buyer reads it.
#[derive(Debug, Clone, Copy, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AccountChangeLimit {
    /// Changes allowed per period (0: none through the portal).
    pub changes_per_period: i64,
    pub period_days: i64,
    /// Hours to wait between two changes.
    pub cooldown_hours: i64,
}

impl From<RebindPolicy> for AccountChangeLimit {
    fn from(p: RebindPolicy) -> Self {
        Self { changes_per_period: p.changes_per_period, period_days: p.period_days, cooldown_hours: p.cooldown_hours }
    }
}

/// One license check as its buyer sees it.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct LastCheck {
    pub at: DateTime<Utc>,
    /// The MetaTrader account that checked.
    pub mt_account: Option<String>,
    pub valid: bool,
    /// The check's code as the owner's log keeps it (OK, NOT_CONFIRMED,
    /// ACCOUNT_MISMATCH, EXPIRED, ...): the buyer's own license, nothing hidden.
    pub code: String,
}

fn usable(status: LicenseStatus, expiration: Option<DateTime<Utc>>) -> bool {
    crate::views::licenses::usable_by_client(status, expiration)
}

impl From<ClientLicenseRow> for ClientLicenseItem {
    fn from(r: ClientLicenseRow) -> Self {
        Self {
            update_available: r.last_downloaded_version.is_some() && r.last_downloaded_version != r.active_version,
            usable: usable(r.status, r.expiration_date),
            needs_account_confirmation: r.binding_policy.as_deref() == Some("portal") && r.account_number.is_none(),
            installation_state: r.installation_state,
            installation_state_since: r.installation_state_since,
            id: r.id,
            robot_id: r.robot_id,
            robot_name: r.robot_name,
            robot_logo_url: r.robot_logo_url,
            robot_description: r.robot_description,
            robot_platform: r.robot_platform,
            robot_version: r.active_version,
            changelog: r.version_notes,
            version_uploaded_at: r.version_uploaded_at,
            file_name: r.version_file_name,
            last_downloaded_version: r.last_downloaded_version,
            account_number: r.account_number,
            activation_date: r.activation_date,
            expiration_date: r.expiration_date,
            status: r.status,
            backtest: None,
            last_check: r.last_check_at.map(|at| LastCheck {
                at,
                mt_account: r.last_check_account,
                valid: r.last_check_valid.unwrap_or(false),
                code: r.last_check_code.unwrap_or_default(),
            }),
            personal_build: r.personal_build,
            account_change_limit: None,
        }
    }
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ClientLicenses {
    pub licenses: Vec<ClientLicenseItem>,
    /// What to allow in MetaTrader (Ferramentas → Opções → Expert Advisors →
    /// "Permitir WebRequest para as URLs listadas").
    pub web_request_url: String,
}

/// The signed-in client's licenses, newest first.
#[utoipa::path(operation_id = "clientLicenses", get, path = "/api/client/licenses", tag = "client",
    security(("clientSession" = [])),
    responses((status = 200, body = ClientLicenses), (status = 401, body = ErrorBody)))]
pub async fn list(client: SignedInClient) -> ApiResult<Json<ClientLicenses>> {
    let mut tx = client.begin().await?;
    let rows = client_portal::licenses(&mut tx, client.tenant.id, client.client.id).await?;
    let files: Vec<String> = rows.iter().filter_map(|r| r.version_file_key.clone()).collect();
    let runs = shared::repositories::backtests::latest_completed(&mut tx, client.tenant.id, &files, false).await?;
    let limit = AccountChangeLimit::from(RebindPolicy::of_settings(
        &client_portal::tenant_settings(&mut tx, client.tenant.id).await?,
    ));
    tx.commit().await?;
    let domain = shared::domain::portal::domain_of_url(&client.tenant.url);
    let licenses = rows
        .into_iter()
        .map(|row| {
            let run = runs.iter().find(|b| Some(&b.file_key) == row.version_file_key.as_ref());
            let mut item = ClientLicenseItem::from(row);
            item.account_change_limit = Some(limit);
            item.backtest = run.map(crate::views::backtests::PublicBacktest::from);
            item
        })
        .collect();
    Ok(Json(ClientLicenses { licenses, web_request_url: format!("https://{domain}") }))
}

#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(default, rename_all = "camelCase")]
pub struct ClientAccountRequest {
    /// The MetaTrader account number (digits).
    #[schema(max_length = 20)]
    pub account_number: Option<String>,
}

/// Moves the license to another MetaTrader account. The first binding is
/// free; later changes are limited per period and by a cooldown (the
/// tenant's policy). The robot's next check sees the new account.
#[utoipa::path(operation_id = "clientChangeAccount", patch, path = "/api/client/licenses/{id}/account", tag = "client",
    security(("clientSession" = [])), params(("id" = Uuid, Path)), request_body = ClientAccountRequest,
    responses((status = 200, body = ClientLicenseItem), (status = 400, body = ErrorBody), (status = 401, body = ErrorBody),
              (status = 403, body = ErrorBody), (status = 404, body = ErrorBody), (status = 429, body = ErrorBody)))]
pub async fn change_account(
    client: SignedInClient,
    PathId(id, _): PathId<UnknownLicense>,
    ApiJson(body): ApiJson<ClientAccountRequest>,
) -> ApiResult<Json<ClientLicenseItem>> {
    let (tenant, me) = (client.tenant.id, client.client.id);
    let mut tx = client.begin().await?;
    let license = client_portal::lock_license(&mut tx, tenant, me, id).await?.or_not_found(NOT_FOUND)?;
    let mut v = Validator::new();
    let account = text_field(
        &mut v,
        "accountNumber",
        body.account_number.as_deref(),
        20,
        "Conta MT deve ter no máximo 20 dígitos",
    );
    v.check(account.is_some(), "accountNumber", ACCOUNT_REQUIRED);
    v.check(
        account.as_deref().is_none_or(|a| a.chars().all(|c| c.is_ascii_digit())),
        "accountNumber",
        "Conta MT deve conter apenas números",
    );
    v.finish()?;
    let account = account.expect("validated");
    if !usable(license.status, license.expiration_date) {
        return Err(AppError::Forbidden(NOT_USABLE.into()).into());
    }
    if license.account_number.as_deref() != Some(account.as_str()) {
        if license.account_number.is_some() {
            let policy = RebindPolicy::of_settings(&client_portal::tenant_settings(&mut tx, tenant).await?);
            let now = Utc::now();
            let (recent, last) = client_portal::account_changes(&mut tx, tenant, id, policy.period_start(now)).await?;
            account_binding::check(policy, recent, last, now)
                .map_err(|refusal| AppError::TooManyRequests(refusal.message()))?;
        }
        client_portal::change_account(&mut tx, &license, me, &account).await?;
    }
    let row =
        client_portal::licenses(&mut tx, tenant, me).await?.into_iter().find(|l| l.id == id).or_not_found(NOT_FOUND)?;
    tx.commit().await?;
    Ok(Json(row.into()))
}

/// Streams the robot's active compiled version (`.ex5` or `.zip`, never
/// source) with its file name, and records the download. When the license
/// has a personal build of that version (decision 0015) it is the file given;
/// while that build is queued or compiling the answer is 202 with its
/// progress, until PERSONAL_BUILD_WAIT_SECONDS after it was queued, when the
/// shared file is given instead.
#[utoipa::path(operation_id = "clientDownload", get, path = "/api/client/download/{licenseId}", tag = "client",
    security(("clientSession" = [])), params(("licenseId" = Uuid, Path)),
    responses((status = 200, description = "the robot file", content_type = "application/octet-stream"),
              (status = 202, body = PersonalBuildProgress),
              (status = 401, body = ErrorBody), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody)))]
pub async fn download(
    State(state): State<AppState>,
    client: SignedInClient,
    meta: RequestMeta,
    PathId(license_id, _): PathId<UnknownLicense>,
) -> ApiResult<Response> {
    let (tenant, me) = (client.tenant.id, client.client.id);
    let mut tx = client.begin().await?;
    let row = client_portal::licenses(&mut tx, tenant, me)
        .await?
        .into_iter()
        .find(|l| l.id == license_id)
        .or_not_found(NOT_FOUND)?;
    if !usable(row.status, row.expiration_date) {
        return Err(AppError::Forbidden(NOT_USABLE.into()).into());
    }
    let (Some(robot_id), Some(active)) = (row.robot_id, row.active_version.as_deref()) else {
        return Err(AppError::NotFound(NO_VERSION.into()).into());
    };
    let version = robot_versions::find_by_number(&mut tx, tenant, robot_id, active).await?.or_not_found(NO_VERSION)?;
    let mut personal = None;
    if let Some(build) = license_builds::current_for_license(&mut tx, tenant, license_id).await? {
        let fallback_at = build.created_at + chrono::Duration::seconds(state.config.personal_build_wait_seconds);
        match (build.status.as_str(), build.file_key.as_deref()) {
            ("ready", Some(key)) => personal = Some((build.id, key.to_string())),
            ("queued" | "compiling", _) if Utc::now() < fallback_at => {
                tx.commit().await?;
                let progress = PersonalBuildProgress {
                    status: build.status,
                    message: PREPARING,
                    queued_at: build.created_at,
                    fallback_at,
                    retry_after_seconds: 3,
                };
                return Ok((StatusCode::ACCEPTED, [("retry-after", "3")], Json(progress)).into_response());
            }
            // Failed, revoked, or waited long enough: the shared file.
            _ => {}
        }
    }
    // The file first: a download is recorded only when there is one to give.
    let response = match &personal {
        Some((_, key)) => file_response(&state, key, &version.original_file_name).await?,
        None => file_response(&state, &version.file_path, &version.original_file_name).await?,
    };
    if let Some((build_id, _)) = personal {
        let ip = meta.ip.map(|ip| ip.to_string());
        license_builds::record_download(&mut tx, tenant, build_id, ip.as_deref()).await?;
    }
    client_portal::record_download(
        &mut tx,
        Download {
            tenant_id: tenant,
            license_id,
            client_id: me,
            robot_id,
            version_id: version.id,
            version: &version.version,
        },
    )
    .await?;
    tx.commit().await?;
    Ok(response)
}

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(list)).routes(routes!(change_account)).routes(routes!(download))
}
