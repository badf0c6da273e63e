//! `POST /api/client/password`: the signed-in buyer changes their password.
//!
//! The current password is checked like a login (`sign_in::Attempt`: the
//! same account key, so the same throttle, delay and hashing lanes): a
//! stolen session cannot guess it faster than the login form could. On
//! success every other session of the buyer ends; this one stays.
//!
//! A buyer who only ever came in by purchase id has no password (the column
//! is NULL: accounts made by a sale get none, and nothing ever clears one).
//! They may set a first one without a current password: their session was
//! opened with the code e-mailed to the address (decision 0012), the same
//! proof of the mailbox a reset link asks for, so this grants nothing a
//! reset would not. The write only happens while the column is still NULL,
//! so a password set meanwhile (another tab, a reset link) is never
//! replaced unchecked. A buyer whose password was chosen by someone else
//! (the seller made the account with one) and who does not know it uses
//! "Esqueci minha senha" instead; the page says so.

use axum::extract::State;
use axum::http::HeaderMap;
use axum::Json;
use serde::{Deserialize, Serialize};
use serde_json::json;
use shared::domain::field_rules::NEW_PASSWORD;
use shared::domain::portal::Portal;
use shared::domain::validation::{char_len, Validator, MAX_PASSWORD_CHARS, PASSWORD_TOO_LONG};
use shared::infrastructure::db::{self, Scope};
use shared::repositories::{login_failures, sessions, tenant_clients};
use shared::{AppError, OrNotFound};
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::api_error::{ApiJson, ApiResult, ErrorBody};
use crate::extractors::SignedInClient;
use crate::request_meta::RequestMeta;
use crate::sign_in::Attempt;
use crate::{cookies, AppState};

pub const WRONG_CURRENT: &str = "Senha atual incorreta";
pub const CURRENT_REQUIRED: &str = "Senha atual é obrigatória";
pub const CHANGED_ELSEWHERE: &str =
    "Sua senha foi alterada em outro lugar enquanto você digitava. Recarregue a página e tente de novo.";
pub const CHANGED: &str = "Senha alterada. As outras sessões desta conta foram encerradas.";
pub const FIRST_SET: &str = "Senha criada. Agora você também pode entrar com e-mail e senha.";
pub const TOO_MANY: &str = "Muitas tentativas com a senha atual errada. Aguarde um minuto e tente novamente.";
const GONE: &str = "Conta não encontrada";

#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(default, rename_all = "camelCase")]
pub struct ClientPasswordRequest {
    /// Required when the account has a password (`hasPassword` of the profile).
    #[schema(max_length = 256)]
    pub current_password: Option<String>,
    #[schema(required = true, min_length = 6, max_length = 256)]
    pub new_password: String,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ClientPasswordChanged {
    pub message: String,
}

/// Changes the signed-in buyer's password (or sets a first one, for an
/// account that never had one). Wrong current passwords count as failed
/// logins of the account (429 past the limit).
#[utoipa::path(operation_id = "clientChangePassword", post, path = "/api/client/password", tag = "client",
    security(("clientSession" = [])), request_body = ClientPasswordRequest,
    responses((status = 200, body = ClientPasswordChanged), (status = 400, body = ErrorBody), (status = 401, body = ErrorBody),
              (status = 409, body = ErrorBody), (status = 429, body = ErrorBody)))]
pub async fn change(
    State(state): State<AppState>,
    client: SignedInClient,
    meta: RequestMeta,
    headers: HeaderMap,
    ApiJson(body): ApiJson<ClientPasswordRequest>,
) -> ApiResult<Json<ClientPasswordChanged>> {
    let current = body.current_password.unwrap_or_default();
    Validator::new()
        .rule(&NEW_PASSWORD, "newPassword", &body.new_password)
        .check(char_len(&current) <= MAX_PASSWORD_CHARS, "currentPassword", PASSWORD_TOO_LONG)
        .finish()?;
    let (tenant, me) = (client.tenant.id, client.client.id);

    let mut tx = db::begin(&state.pool, Scope::anonymous_in(tenant)).await?;
    let stored = tenant_clients::password_of(&mut tx, tenant, me).await?.or_not_found(GONE)?;
    tx.commit().await?;

    let attempt = Attempt {
        state: &state,
        meta: &meta,
        portal: Portal::Client,
        // The login form's key for this account: one throttle for both.
        account_key: format!("client:{tenant}:{}", client.client.email),
    };
    let reservation = match &stored {
        None => None,
        Some(_) if current.is_empty() => {
            return Err(AppError::validation_field("currentPassword", CURRENT_REQUIRED).into());
        }
        Some(hash) => {
            let slot = state.login_slot().await?;
            let mut tx = db::begin(&state.pool, Scope::anonymous()).await?;
            let reservation = attempt.reserve(&mut tx).await.map_err(|e| match e.0 {
                AppError::TooManyRequests(_) => AppError::TooManyRequests(TOO_MANY.into()).into(),
                _ => e,
            })?;
            tx.commit().await?;
            if !attempt.verify(slot, &reservation, current, Some(hash.clone())).await? {
                // The reservation stays: it is the failure, counted.
                return Err(AppError::validation_field("currentPassword", WRONG_CURRENT).into());
            }
            Some(reservation)
        }
    };

    let new_hash = state.hasher.hash(body.new_password).await?;
    let mut tx = db::begin(&state.pool, Scope::anonymous_in(tenant)).await?;
    if !tenant_clients::replace_password(&mut tx, tenant, me, stored.as_deref(), &new_hash).await? {
        return Err(AppError::Conflict(CHANGED_ELSEWHERE.into()).into());
    }
    if let Some(reservation) = &reservation {
        login_failures::forgive(&mut tx, reservation, meta.network).await?;
    }
    let keep = cookies::session_token(&headers, Portal::Client).unwrap_or_default();
    sessions::end_other_for_client(&mut tx, me, &keep).await?;
    tx.commit().await?;

    let (logged, message) = match stored {
        Some(_) => ("*** (alterada)", CHANGED),
        None => ("*** (criada)", FIRST_SET),
    };
    client.audit(meta.ip, "client", me, &json!({}), &json!({ "password": logged })).await?;
    Ok(Json(ClientPasswordChanged { message: message.into() }))
}

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(change))
}
