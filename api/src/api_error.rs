//! The one place where domain errors become HTTP responses:
//! `{ "message": "<pt-BR>", "fields": { ... } }`.

use std::collections::BTreeMap;

use axum::extract::rejection::{BytesRejection, JsonRejection, QueryRejection};
use axum::extract::{FromRequest, FromRequestParts};
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use serde::Serialize;
use shared::AppError;
use utoipa::{IntoResponses, ToSchema};

#[derive(Debug)]
pub struct ApiError(pub AppError);

pub type ApiResult<T> = Result<T, ApiError>;

/// Error body of every failed call.
#[derive(Debug, Serialize, ToSchema)]
pub struct ErrorBody {
    /// What went wrong, in pt-BR, ready to show.
    pub message: String,
    /// Per-field pt-BR messages, for validation errors.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub fields: Option<BTreeMap<String, String>>,
}

impl From<AppError> for ApiError {
    fn from(err: AppError) -> Self {
        ApiError(err)
    }
}

impl From<shared::infrastructure::db::DbError> for ApiError {
    fn from(err: shared::infrastructure::db::DbError) -> Self {
        ApiError(err.into())
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        let (status, message, fields) = match self.0 {
            AppError::Validation { message, fields } => (StatusCode::BAD_REQUEST, message, Some(fields)),
            AppError::Unauthorized(m) => (StatusCode::UNAUTHORIZED, m, None),
            AppError::Forbidden(m) => (StatusCode::FORBIDDEN, m, None),
            AppError::NotFound(m) => (StatusCode::NOT_FOUND, m, None),
            AppError::Conflict(m) => (StatusCode::CONFLICT, m, None),
            AppError::PayloadTooLarge(m) => (StatusCode::PAYLOAD_TOO_LARGE, m, None),
            AppError::Unprocessable(m) => (StatusCode::UNPROCESSABLE_ENTITY, m, None),
            AppError::TooManyRequests(m) => (StatusCode::TOO_MANY_REQUESTS, m, None),
            AppError::Unavailable(m) => (StatusCode::SERVICE_UNAVAILABLE, m, None),
            AppError::Internal(err) => {
                let reference = shared::domain::ids::new_id();
                tracing::error!(error = %err, source = ?err, %reference, "internal error");
                (
                    StatusCode::INTERNAL_SERVER_ERROR,
                    format!("Erro interno. Tente novamente; se persistir, informe o código {reference}."),
                    None,
                )
            }
        };
        (status, axum::Json(ErrorBody { message, fields })).into_response()
    }
}

/// `axum::Json`, but a malformed body answers with a pt-BR message instead of
/// axum's English plain text.
#[derive(FromRequest)]
#[from_request(via(axum::Json), rejection(ApiError))]
pub struct ApiJson<T>(pub T);

impl From<JsonRejection> for ApiError {
    fn from(rejection: JsonRejection) -> Self {
        if rejection.status() == StatusCode::PAYLOAD_TOO_LARGE {
            return ApiError(AppError::PayloadTooLarge("O corpo da requisição é grande demais.".into()));
        }
        let message = match rejection {
            JsonRejection::MissingJsonContentType(_) => "Envie o corpo como JSON (Content-Type: application/json).",
            JsonRejection::JsonSyntaxError(_) => "O corpo da requisição não é um JSON válido.",
            JsonRejection::JsonDataError(_) => "O corpo da requisição tem campos com tipo inválido.",
            _ => "Não foi possível ler o corpo da requisição.",
        };
        ApiError(AppError::Validation { message: message.into(), fields: BTreeMap::new() })
    }
}

/// `axum::body::Bytes`, but an oversized or unreadable body answers in pt-BR.
pub struct ApiBytes(pub axum::body::Bytes);

impl<S: Send + Sync> FromRequest<S> for ApiBytes {
    type Rejection = ApiError;

    async fn from_request(request: axum::extract::Request, state: &S) -> Result<Self, Self::Rejection> {
        Ok(ApiBytes(axum::body::Bytes::from_request(request, state).await?))
    }
}

impl From<BytesRejection> for ApiError {
    fn from(rejection: BytesRejection) -> Self {
        if rejection.status() == StatusCode::PAYLOAD_TOO_LARGE {
            return ApiError(AppError::PayloadTooLarge("O arquivo enviado é grande demais.".into()));
        }
        ApiError(AppError::Validation {
            message: "Não foi possível ler o arquivo enviado.".into(),
            fields: BTreeMap::new(),
        })
    }
}

/// `axum::extract::Query`, but a malformed query string answers in pt-BR.
#[derive(FromRequestParts)]
#[from_request(via(axum::extract::Query), rejection(ApiError))]
pub struct ApiQuery<T>(pub T);

impl From<QueryRejection> for ApiError {
    fn from(_: QueryRejection) -> Self {
        ApiError(AppError::Validation {
            message: "Os parâmetros da URL são inválidos.".into(),
            fields: BTreeMap::new(),
        })
    }
}

/// The answer for anything the caller is not signed in for.
pub fn not_authenticated() -> ApiError {
    ApiError(AppError::Unauthorized("Não autenticado".into()))
}

/// The errors every admin-only operation can answer, declared once for the
/// OpenAPI document: `responses((status = 200, body = X), AdminErrors)`.
#[derive(IntoResponses)]
pub enum AdminErrors {
    /// Invalid input: a pt-BR `message` and per-field `fields`.
    #[response(status = 400)]
    BadRequest(ErrorBody),
    /// No admin session (or it expired).
    #[response(status = 401)]
    Unauthorized(ErrorBody),
    /// Overloaded: try again shortly.
    #[response(status = 503)]
    Unavailable(ErrorBody),
}

/// The errors every tenant-owner operation can answer (the security key is
/// checked with the session).
#[derive(IntoResponses)]
pub enum OwnerErrors {
    /// Invalid input: a pt-BR `message` and per-field `fields`.
    #[response(status = 400)]
    BadRequest(ErrorBody),
    /// No owner session, or a missing or wrong `X-Tenant-Secret`.
    #[response(status = 401)]
    Unauthorized(ErrorBody),
    /// Not found in this tenant (another tenant's ids are unknown here).
    #[response(status = 404)]
    NotFound(ErrorBody),
    /// Overloaded: try again shortly.
    #[response(status = 503)]
    Unavailable(ErrorBody),
}
