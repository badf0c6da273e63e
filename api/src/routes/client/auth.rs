//! Client identity: `/api/client-auth/login|login-purchase|me|logout`.
//! Clients sign in with e-mail and password, or with e-mail and the purchase
//! id (the sale's external id) they received by e-mail.

use axum::extract::State;
use axum::http::{HeaderMap, StatusCode};
use axum::response::IntoResponse;
use axum::Json;
use serde::{Deserialize, Serialize};
use shared::domain::portal::Portal;
use shared::domain::validation::{
    char_len, is_email, normalize_email, Validator, MAX_PASSWORD_CHARS, PASSWORD_TOO_LONG,
};
use shared::infrastructure::db::{self, Scope, Tx};
use shared::repositories::login_failures::Reservation;
use shared::repositories::tenant_clients::{self, TenantClient};
use shared::repositories::tenants::TenantSummary;
use shared::repositories::{sessions, signin_code_failures};
use shared::AppError;
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::api_error::{ApiError, ApiJson, ApiQuery, ApiResult, ErrorBody};
use crate::extractors::SignedInClient;
use crate::request_meta::RequestMeta;
use crate::sign_in::Attempt;
use crate::tenant_resolution::{self, TenantQuery};
use crate::views::sessions::{end_session, ClientSession};
use crate::{cookies, AppState};

pub const INVALID_PASSWORD: &str = "E-mail ou senha incorretos";
pub const INVALID_PURCHASE: &str = "E-mail ou ID de compra inválidos";
pub const UNKNOWN_TENANT: &str = "Portal não encontrado para este endereço.";
pub const MAX_PURCHASE_ID_CHARS: usize = 128;
pub const PURCHASE_ID_TOO_LONG: &str = "ID de compra deve ter no máximo 128 caracteres";

#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(default)]
pub struct ClientLoginRequest {
    #[schema(required = true, format = Email)]
    pub email: String,
    #[schema(required = true, min_length = 1, max_length = 256)]
    pub password: String,
}

#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(default, rename_all = "camelCase")]
pub struct ClientPurchaseLoginRequest {
    #[schema(required = true, format = Email)]
    pub email: String,
    /// The purchase id received by e-mail after buying.
    #[schema(required = true, min_length = 1, max_length = 128)]
    pub purchase_id: String,
    /// The 6-digit code e-mailed by the first step; absent in the first step.
    #[schema(max_length = 6)]
    #[serde(default)]
    pub code: Option<String>,
}

/// The first step of a purchase-id sign-in: a code went to the e-mail.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SignInCodeSent {
    /// Always true: send the same request again with `code`.
    pub code_required: bool,
    pub message: String,
}

pub const INVALID_CODE: &str = "Código inválido ou expirado. Peça um novo código.";
pub const CODE_FORMAT: &str = "O código tem 6 dígitos";

/// Signs a client in with e-mail and password.
#[utoipa::path(operation_id = "clientLogin", post, path = "/api/client-auth/login", tag = "client-auth", request_body = ClientLoginRequest,
    params(TenantQuery),
    responses((status = 200, body = ClientSession), (status = 400, body = ErrorBody),
              (status = 401, body = ErrorBody), (status = 404, body = ErrorBody), (status = 429, body = ErrorBody)))]
pub async fn login(
    State(state): State<AppState>,
    meta: RequestMeta,
    headers: HeaderMap,
    ApiQuery(query): ApiQuery<TenantQuery>,
    ApiJson(body): ApiJson<ClientLoginRequest>,
) -> ApiResult<impl IntoResponse> {
    Validator::new()
        .check(is_email(&body.email), "email", "E-mail inválido")
        .check(!body.password.is_empty(), "password", "Senha é obrigatória")
        .check(char_len(&body.password) <= MAX_PASSWORD_CHARS, "password", PASSWORD_TOO_LONG)
        .finish()?;
    let email = normalize_email(&body.email);
    let slot = state.login_slot().await?;
    let (mut tx, tenant, attempt, reservation) = begin_attempt(&state, &meta, &query, &email).await?;

    let found = tenant_clients::find_credentials(&mut tx, tenant.id, &email).await?;
    tx.commit().await?;
    let (client, hash) = match found {
        Some((client, hash)) => (Some(client), hash),
        None => (None, None),
    };
    let verified = attempt.verify(slot, &reservation, body.password, hash).await?;
    let Some(client) = client.filter(|c| verified && c.is_active()) else {
        return Err(AppError::Unauthorized(INVALID_PASSWORD.into()).into());
    };
    finish(&attempt, reservation, &headers, tenant, client).await
}

/// Signs a client in with e-mail and the purchase id received after buying,
/// in two steps (decision 0012): without `code`, a 6-digit code is e-mailed
/// to the address and 202 answers; with it, the session opens. Whoever
/// bought with someone else's e-mail holds a valid purchase id but never sees
/// that mailbox, so never gets that person's account.
#[utoipa::path(operation_id = "clientLoginPurchase", post, path = "/api/client-auth/login-purchase", tag = "client-auth",
    request_body = ClientPurchaseLoginRequest, params(TenantQuery),
    responses((status = 200, body = ClientSession), (status = 202, body = SignInCodeSent), (status = 400, body = ErrorBody),
              (status = 401, body = ErrorBody), (status = 404, body = ErrorBody), (status = 429, body = ErrorBody)))]
pub async fn login_purchase(
    State(state): State<AppState>,
    meta: RequestMeta,
    headers: HeaderMap,
    ApiQuery(query): ApiQuery<TenantQuery>,
    ApiJson(body): ApiJson<ClientPurchaseLoginRequest>,
) -> ApiResult<axum::response::Response> {
    let purchase_id = body.purchase_id.trim().to_string();
    let code = body.code.as_deref().map(str::trim).filter(|c| !c.is_empty()).map(str::to_string);
    Validator::new()
        .check(is_email(&body.email), "email", "E-mail inválido")
        .check(!purchase_id.is_empty(), "purchaseId", "ID de compra é obrigatório")
        .check(char_len(&purchase_id) <= MAX_PURCHASE_ID_CHARS, "purchaseId", PURCHASE_ID_TOO_LONG)
        .check(
            code.as_deref().is_none_or(|c| c.len() == 6 && c.bytes().all(|b| b.is_ascii_digit())),
            "code",
            CODE_FORMAT,
        )
        .finish()?;
    let email = normalize_email(&body.email);
    let _slot = state.login_slot().await?;
    let (mut tx, tenant, attempt, reservation) = begin_attempt(&state, &meta, &query, &email).await?;

    let client = tenant_clients::find_by_purchase(&mut tx, tenant.id, &email, &purchase_id).await?;
    let Some(client) = client.filter(TenantClient::is_active) else {
        tx.commit().await?;
        return Err(AppError::Unauthorized(INVALID_PURCHASE.into()).into());
    };
    let Some(code) = code else {
        // Step one. The attempt stays counted: codes cannot be requested in a flood.
        send_code(&state, &mut tx, &tenant, &client).await?;
        tx.commit().await?;
        let message = format!("Enviamos um código de 6 dígitos para {}. Digite-o para entrar.", masked(&email));
        return Ok((StatusCode::ACCEPTED, Json(SignInCodeSent { code_required: true, message })).into_response());
    };
    // Wrong codes are counted per client apart from the code (a new code
    // resets only its own tries): while over the limit no code is even
    // compared, the right one included.
    if let Some(message) = signin_code_failures::refusal(&mut tx, tenant.id, client.id).await? {
        tx.commit().await?;
        return Err(AppError::TooManyRequests(message.into()).into());
    }
    let redeemed =
        tenant_clients::redeem_signin_code(&mut tx, tenant.id, client.id, &code_hash(&client, &code)).await?;
    if redeemed {
        signin_code_failures::forget(&mut tx, tenant.id, client.id).await?;
    } else {
        signin_code_failures::record(&mut tx, tenant.id, client.id).await?;
    }
    tx.commit().await?;
    if !redeemed {
        return Err(AppError::Unauthorized(INVALID_CODE.into()).into());
    }
    Ok(finish(&attempt, reservation, &headers, tenant, client).await?.into_response())
}

/// The code is kept as a hash bound to the client: a hash leaked from one
/// row opens no other.
fn code_hash(client: &TenantClient, code: &str) -> String {
    shared::infrastructure::secrets::sha256_hex(&format!("signin-code|{}|{code}", client.id))
}

async fn send_code(state: &AppState, tx: &mut Tx, tenant: &TenantSummary, client: &TenantClient) -> ApiResult<()> {
    let code = format!("{:06}", rand_code());
    if !tenant_clients::issue_signin_code(tx, tenant.id, client.id, &code_hash(client, &code)).await? {
        return Ok(()); // one went out less than a minute ago; it still works
    }
    let variables = std::collections::BTreeMap::from([
        ("tenantName".to_string(), tenant.display_name.clone().unwrap_or_else(|| tenant.name.clone())),
        ("clientName".to_string(), client.name.clone()),
        ("code".to_string(), code),
    ]);
    shared::workflows::email::queue_sealed(
        tx,
        &state.config.secrets,
        tenant.id,
        shared::workflows::email::EmailTemplate::SignInCode,
        &client.email,
        &variables,
    )
    .await?;
    Ok(())
}

/// A uniform-enough 6-digit number from 32 random bits (bias under 0.03 %).
fn rand_code() -> u32 {
    u32::from_str_radix(&shared::infrastructure::secrets::random_token()[..8], 16).expect("hex digits") % 1_000_000
}

/// `ana.souza@exemplo.com` → `an***@exemplo.com`: enough for the buyer to
/// recognise, nothing new for anyone else.
fn masked(email: &str) -> String {
    match email.split_once('@') {
        Some((user, domain)) => format!("{}***@{domain}", user.chars().take(2).collect::<String>()),
        None => "seu e-mail".into(),
    }
}

/// The signed-in client and their tenant.
#[utoipa::path(operation_id = "clientMe", security(("clientSession" = [])), get, path = "/api/client-auth/me", tag = "client-auth",
    responses((status = 200, body = ClientSession), (status = 401, body = ErrorBody)))]
pub async fn me(client: SignedInClient) -> Json<ClientSession> {
    Json(ClientSession { user: client.client.into(), tenant: client.tenant.into() })
}

/// Ends the client session on the server and clears the cookie.
#[utoipa::path(operation_id = "clientLogout", post, path = "/api/client-auth/logout", tag = "client-auth", responses((status = 204)))]
pub async fn logout(
    State(state): State<AppState>,
    meta: RequestMeta,
    headers: HeaderMap,
) -> ApiResult<impl IntoResponse> {
    end_session(&state, &headers, Portal::Client).await?;
    Ok((StatusCode::NO_CONTENT, [cookies::clear_session(Portal::Client, meta.secure_cookies())]))
}

/// Finds the tenant, reserves the attempt and narrows the (anonymous)
/// transaction to the tenant: the part both client logins share. The caller
/// commits before checking anything slow.
async fn begin_attempt<'a>(
    state: &'a AppState,
    meta: &'a RequestMeta,
    query: &TenantQuery,
    email: &str,
) -> ApiResult<(Tx, TenantSummary, Attempt<'a>, Reservation)> {
    let mut tx = db::begin(&state.pool, Scope::anonymous()).await?;
    let tenant = tenant_resolution::resolve(&mut tx, state, meta, Portal::Client, query.tenant.as_deref())
        .await?
        .filter(TenantSummary::is_active)
        .ok_or_else(|| ApiError(AppError::NotFound(UNKNOWN_TENANT.into())))?;
    let attempt = Attempt { state, meta, portal: Portal::Client, account_key: format!("client:{}:{email}", tenant.id) };
    let reservation = attempt.reserve(&mut tx).await?;
    db::set_scope(&mut tx, Scope::anonymous_in(tenant.id)).await?;
    Ok((tx, tenant, attempt, reservation))
}

async fn finish(
    attempt: &Attempt<'_>,
    reservation: Reservation,
    headers: &HeaderMap,
    tenant: TenantSummary,
    client: TenantClient,
) -> ApiResult<impl IntoResponse> {
    let mut tx = db::begin(&attempt.state.pool, Scope::anonymous_in(tenant.id)).await?;
    tenant_clients::touch_last_login(&mut tx, tenant.id, client.id).await?;
    let previous = cookies::session_token(headers, Portal::Client);
    let principal = sessions::Principal::Client { tenant_id: tenant.id, client_id: client.id };
    let cookies = attempt.succeed(&mut tx, reservation, principal, previous).await?;
    tx.commit().await?;
    Ok((cookies, Json(ClientSession { user: client.into(), tenant: tenant.into() })))
}

/// `/api/client-auth/*`.
pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(login))
        .routes(routes!(login_purchase))
        .routes(routes!(me))
        .routes(routes!(logout))
}
