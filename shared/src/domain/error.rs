//! The one domain error type. It knows no HTTP: the api turns each variant into
//! a status code and a `{ message, fields }` body in a single place.

use std::collections::BTreeMap;

pub type AppResult<T> = Result<T, AppError>;

#[derive(Debug, thiserror::Error)]
pub enum AppError {
    /// Bad input: a pt-BR summary plus one pt-BR message per offending field.
    #[error("{message}")]
    Validation { message: String, fields: BTreeMap<String, String> },
    #[error("{0}")]
    Unauthorized(String),
    #[error("{0}")]
    Forbidden(String),
    #[error("{0}")]
    NotFound(String),
    #[error("{0}")]
    Conflict(String),
    #[error("{0}")]
    PayloadTooLarge(String),
    #[error("{0}")]
    Unprocessable(String),
    #[error("{0}")]
    TooManyRequests(String),
    /// Overloaded: try again shortly (503).
    #[error("{0}")]
    Unavailable(String),
    /// Anything the user cannot fix. Logged with details, shown without them.
    #[error("internal error: {0}")]
    Internal(#[source] Box<dyn std::error::Error + Send + Sync>),
}

impl AppError {
    pub fn internal(err: impl Into<Box<dyn std::error::Error + Send + Sync>>) -> Self {
        AppError::Internal(err.into())
    }

    pub fn validation_field(field: &str, message: &str) -> Self {
        let mut fields = BTreeMap::new();
        fields.insert(field.to_string(), message.to_string());
        AppError::Validation { message: message.to_string(), fields }
    }
}

impl From<sqlx::Error> for AppError {
    fn from(err: sqlx::Error) -> Self {
        // Text PostgreSQL cannot store (a NUL character, invalid encoding)
        // came from the caller: their input is wrong, not our server.
        if let sqlx::Error::Database(db) = &err {
            if matches!(db.code().as_deref(), Some("22021" | "22P05")) {
                return AppError::Validation {
                    message: "O texto enviado contém caracteres inválidos.".into(),
                    fields: BTreeMap::new(),
                };
            }
        }
        AppError::Internal(Box::new(err))
    }
}

/// The name of the unique constraint a failed statement violated, if that is
/// why it failed: repositories turn these into pt-BR conflicts.
pub fn unique_violation(err: &sqlx::Error) -> Option<&str> {
    match err {
        sqlx::Error::Database(db) if db.code().as_deref() == Some("23505") => db.constraint(),
        _ => None,
    }
}

/// A unique constraint and the form field whose value it refused, with the
/// pt-BR message the form shows under that field.
#[derive(Debug, Clone, Copy)]
pub struct UniqueField {
    /// The constraint's name in the schema; [`ANY_UNIQUE`] for whichever.
    pub constraint: &'static str,
    pub field: &'static str,
    pub message: &'static str,
}

/// Matches any unique constraint (a table with one).
pub const ANY_UNIQUE: &str = "*";

/// `UniqueField { constraint, field, message }`, shorter.
pub const fn unique(constraint: &'static str, field: &'static str, message: &'static str) -> UniqueField {
    UniqueField { constraint, field, message }
}

/// realworld's `on_constraint`: a statement that a unique constraint refused
/// becomes the 400 of the field it guards (two people saving the same
/// e-mail at once: the second gets "já está em uso", never a 500); any other
/// error is converted as usual.
pub trait OnConstraint<T> {
    fn on_constraint(self, fields: &[UniqueField]) -> AppResult<T>;
}

impl<T> OnConstraint<T> for Result<T, sqlx::Error> {
    fn on_constraint(self, fields: &[UniqueField]) -> AppResult<T> {
        self.map_err(|err| {
            let guarded = unique_violation(&err)
                .and_then(|violated| fields.iter().find(|f| f.constraint == ANY_UNIQUE || f.constraint == violated));
            match guarded {
                Some(f) => AppError::validation_field(f.field, f.message),
                None => err.into(),
            }
        })
    }
}

/// `row.or_not_found(MESSAGE)?`: a row that is not there (or not the
/// caller's: forced RLS hides it) is the resource's pt-BR 404.
pub trait OrNotFound<T> {
    fn or_not_found(self, message: &str) -> Result<T, AppError>;
}

impl<T> OrNotFound<T> for Option<T> {
    fn or_not_found(self, message: &str) -> Result<T, AppError> {
        self.ok_or_else(|| AppError::NotFound(message.into()))
    }
}
