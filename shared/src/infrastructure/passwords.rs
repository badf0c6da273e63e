//! Argon2id password hashing. Hashing is deliberately slow, so callers run it
//! on the blocking pool rather than on an async worker thread.

use std::sync::{Arc, OnceLock};
use std::time::Duration;

use argon2::password_hash::{phc::PasswordHash, PasswordHasher, PasswordVerifier};
use argon2::Argon2;
use tokio::sync::{OwnedSemaphorePermit, Semaphore};

use crate::domain::error::{AppError, AppResult};

pub async fn hash(password: String) -> AppResult<String> {
    blocking(move || hash_now(&password)).await
}

/// Verifies `password` against a stored PHC string. With no stored hash (an
/// unknown account) it still does the work of one verification, so response
/// time does not tell which accounts exist.
pub async fn verify(password: String, stored: Option<String>) -> AppResult<bool> {
    blocking(move || {
        let known = stored.is_some();
        let stored = match stored {
            Some(s) => s,
            None => decoy_hash()?.to_string(),
        };
        let parsed = PasswordHash::new(&stored).map_err(|e| AppError::internal(e.to_string()))?;
        let matches = Argon2::default().verify_password(password.as_bytes(), &parsed).is_ok();
        Ok(known && matches)
    })
    .await
}

pub const BUSY: &str = "O servidor está ocupado. Tente novamente em alguns segundos.";

/// Hashing with bounded concurrency: at most `concurrent` hashes run at once
/// (each takes a core), and a caller that cannot get a slot within `wait`
/// gets 503 instead of queueing without end. A login flood thus degrades into
/// quick refusals while everything else keeps being served.
#[derive(Clone, Debug)]
pub struct Hasher {
    permits: Arc<Semaphore>,
    wait: Duration,
}

impl Hasher {
    pub fn new(concurrent: usize, wait: Duration) -> Self {
        Self { permits: Arc::new(Semaphore::new(concurrent.max(1))), wait }
    }

    pub async fn hash(&self, password: String) -> AppResult<String> {
        let _slot = self.slot().await?;
        hash(password).await
    }

    pub async fn verify(&self, password: String, stored: Option<String>) -> AppResult<bool> {
        let _slot = self.slot().await?;
        verify(password, stored).await
    }

    async fn slot(&self) -> AppResult<OwnedSemaphorePermit> {
        match tokio::time::timeout(self.wait, self.permits.clone().acquire_owned()).await {
            Ok(Ok(permit)) => Ok(permit),
            _ => Err(AppError::Unavailable(BUSY.into())),
        }
    }
}

fn hash_now(password: &str) -> AppResult<String> {
    Argon2::default()
        .hash_password(password.as_bytes())
        .map(|h| h.to_string())
        .map_err(|e| AppError::internal(e.to_string()))
}

/// A hash of a random secret, computed once, to verify unknown accounts against.
fn decoy_hash() -> AppResult<&'static str> {
    static DECOY: OnceLock<String> = OnceLock::new();
    if let Some(h) = DECOY.get() {
        return Ok(h);
    }
    let h = hash_now(&crate::infrastructure::secrets::random_token())?;
    Ok(DECOY.get_or_init(|| h))
}

async fn blocking<T: Send + 'static>(f: impl FnOnce() -> AppResult<T> + Send + 'static) -> AppResult<T> {
    match tokio::task::spawn_blocking(f).await {
        Ok(result) => result,
        Err(join) => Err(AppError::internal(join)),
    }
}

#[cfg(test)]
mod tests {
    #[tokio::test]
    async fn hashes_verify_and_reject() {
        let h = super::hash("segredo123".into()).await.unwrap();
        assert!(h.starts_with("$argon2id$"));
        assert!(super::verify("segredo123".into(), Some(h.clone())).await.unwrap());
        assert!(!super::verify("outra".into(), Some(h)).await.unwrap());
        assert!(!super::verify("qualquer".into(), None).await.unwrap());
    }
}
