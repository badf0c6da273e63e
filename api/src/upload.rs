//! Reading a multipart upload without trusting it: the file field is read
//! chunk by chunk and refused (413) the moment it passes its limit, so an
//! oversized upload is never read whole; text fields are capped too. What the
//! file is gets decided by `shared::domain::uploads` from its bytes.

use std::collections::HashMap;

use axum::extract::multipart::{Field, Multipart};
use shared::AppError;

pub const BAD_UPLOAD: &str = "Envio inválido: use um formulário multipart com o arquivo.";
const MAX_TEXT_CHARS: usize = 10_000;

/// An uploaded file: the name the browser gave and the bytes.
pub struct UploadedFile {
    pub name: String,
    pub bytes: Vec<u8>,
}

/// A multipart form: at most one file (under `file_field`) and short texts.
#[derive(Default)]
pub struct UploadForm {
    pub file: Option<UploadedFile>,
    pub texts: HashMap<String, String>,
}

impl UploadForm {
    pub fn text(&self, name: &str) -> Option<&str> {
        self.texts.get(name).map(String::as_str)
    }
}

/// Reads the form; `too_large` is the pt-BR message for a file over `max_bytes`.
pub async fn read_form(
    multipart: &mut Multipart,
    file_field: &str,
    max_bytes: usize,
    too_large: &str,
) -> Result<UploadForm, AppError> {
    let mut form = UploadForm::default();
    loop {
        let field = match multipart.next_field().await {
            Ok(Some(field)) => field,
            Ok(None) => return Ok(form),
            Err(e) if e.status() == axum::http::StatusCode::PAYLOAD_TOO_LARGE => {
                return Err(AppError::PayloadTooLarge(too_large.into()))
            }
            Err(_) => return Err(AppError::validation_field(file_field, BAD_UPLOAD)),
        };
        let name = field.name().unwrap_or_default().to_string();
        if name == file_field {
            let file_name = field.file_name().unwrap_or_default().chars().take(255).collect();
            let bytes = read_capped(field, max_bytes, too_large).await?;
            form.file = Some(UploadedFile { name: file_name, bytes });
        } else {
            let bytes = read_capped(field, MAX_TEXT_CHARS * 4, "Campo de texto longo demais").await?;
            let text = String::from_utf8(bytes).map_err(|_| AppError::validation_field(&name, "Texto inválido"))?;
            form.texts.insert(name, text);
        }
    }
}

async fn read_capped(mut field: Field<'_>, max_bytes: usize, too_large: &str) -> Result<Vec<u8>, AppError> {
    let mut bytes = Vec::new();
    loop {
        match field.chunk().await {
            Ok(Some(chunk)) => {
                if bytes.len() + chunk.len() > max_bytes {
                    return Err(AppError::PayloadTooLarge(too_large.into()));
                }
                bytes.extend_from_slice(&chunk);
            }
            Ok(None) => return Ok(bytes),
            Err(e) if e.status() == axum::http::StatusCode::PAYLOAD_TOO_LARGE => {
                return Err(AppError::PayloadTooLarge(too_large.into()))
            }
            Err(_) => return Err(AppError::validation_field("file", BAD_UPLOAD)),
        }
    }
}

/// The request's multipart body, read only once the caller has checked who
/// may upload where (an extractor would run first and answer a stranger's
/// upload to someone else's robot with 400 instead of 404).
pub async fn multipart_of(request: axum::extract::Request, state: &crate::AppState) -> Result<Multipart, AppError> {
    use axum::extract::FromRequest;
    Multipart::from_request(request, state).await.map_err(|_| AppError::validation_field("file", BAD_UPLOAD))
}

/// Removes from object storage a file a committed change replaced, when it is
/// this tenant's own upload (a link elsewhere is left alone). After the commit,
/// so a failed change never loses the file still in use; a failed delete only
/// leaves an orphan, logged.
pub async fn delete_replaced(state: &crate::AppState, tenant: uuid::Uuid, replaced: Option<&str>) {
    let Some(key) = replaced.and_then(|url| shared::infrastructure::storage::key_of_public_url(url, tenant)) else {
        return;
    };
    if let Err(error) = state.storage.delete(&key).await {
        tracing::warn!(%tenant, key, %error, "a replaced file could not be removed from storage");
    }
}

/// Removes every file of a tenant whose deletion committed. A failure only
/// leaves orphans, which housekeeping removes (`shared::workflows::orphans`).
pub async fn delete_tenant_files(state: &crate::AppState, tenant: uuid::Uuid) {
    let objects = match state.storage.list_under(&format!("tenants/{tenant}")).await {
        Ok(objects) => objects,
        Err(error) => return tracing::warn!(%tenant, %error, "a deleted tenant's files could not be listed"),
    };
    for object in objects {
        if let Err(error) = state.storage.delete(&object.key).await {
            tracing::warn!(%tenant, key = object.key, %error, "a deleted tenant's file could not be removed");
        }
    }
}
