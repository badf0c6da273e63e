//! Files (robot versions, logos, favicons) in object storage through
//! `object_store`: a local directory by default, any S3-compatible bucket by
//! configuration. Keys are made here, from the tenant and 256 random bits,
//! so no one can guess another file's key from their own.

use std::sync::Arc;

use bytes::Bytes;
use futures::stream::BoxStream;
use futures::StreamExt;
use object_store::aws::AmazonS3Builder;
use object_store::local::LocalFileSystem;
use object_store::path::Path;
use object_store::{ObjectStore, ObjectStoreExt, PutPayload};
use uuid::Uuid;

use crate::domain::error::{AppError, AppResult};
use crate::infrastructure::secrets::random_token;

#[derive(Clone)]
pub struct Storage {
    store: Arc<dyn ObjectStore>,
    /// For logs: where the files are (never credentials).
    pub location: String,
}

/// A stored file being read: its size and its bytes as they arrive.
pub struct StoredFile {
    pub size: u64,
    pub bytes: BoxStream<'static, Result<Bytes, AppError>>,
}

impl Storage {
    /// `s3://bucket[/prefix]` or a directory (created when missing).
    pub fn open(url: &str) -> AppResult<Self> {
        if url.starts_with("s3://") {
            let store = AmazonS3Builder::from_env().with_url(url).build().map_err(AppError::internal)?;
            return Ok(Self { store: Arc::new(store), location: url.to_string() });
        }
        let dir = url.strip_prefix("file://").unwrap_or(url);
        std::fs::create_dir_all(dir).map_err(AppError::internal)?;
        let store = LocalFileSystem::new_with_prefix(dir).map_err(AppError::internal)?;
        Ok(Self { store: Arc::new(store), location: dir.to_string() })
    }

    /// Any store (tests use an in-memory one or a local S3 stand-in).
    pub fn with_store(store: Arc<dyn ObjectStore>, location: &str) -> Self {
        Self { store, location: location.to_string() }
    }

    pub async fn put(&self, key: &str, bytes: Bytes) -> AppResult<()> {
        self.store.put(&Path::from(key), PutPayload::from_bytes(bytes)).await.map_err(AppError::internal)?;
        Ok(())
    }

    /// The file, streamed; None when there is no such key.
    pub async fn get(&self, key: &str) -> AppResult<Option<StoredFile>> {
        match self.store.get(&Path::from(key)).await {
            Ok(result) => {
                let size = result.meta.size;
                let bytes = result.into_stream().map(|chunk| chunk.map_err(AppError::internal)).boxed();
                Ok(Some(StoredFile { size, bytes }))
            }
            Err(object_store::Error::NotFound { .. }) => Ok(None),
            Err(e) => Err(AppError::internal(e)),
        }
    }

    /// The whole file in memory (small files: tests, checks).
    pub async fn read(&self, key: &str) -> AppResult<Option<Bytes>> {
        match self.store.get(&Path::from(key)).await {
            Ok(result) => Ok(Some(result.bytes().await.map_err(AppError::internal)?)),
            Err(object_store::Error::NotFound { .. }) => Ok(None),
            Err(e) => Err(AppError::internal(e)),
        }
    }

    /// Removes a file; a missing one is fine (deletes are retried).
    pub async fn delete(&self, key: &str) -> AppResult<()> {
        match self.store.delete(&Path::from(key)).await {
            Ok(()) | Err(object_store::Error::NotFound { .. }) => Ok(()),
            Err(e) => Err(AppError::internal(e)),
        }
    }
}

/// A stored object as a listing names it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StoredObject {
    pub key: String,
    pub size: u64,
    pub last_modified: chrono::DateTime<chrono::Utc>,
}

impl Storage {
    /// Every object under `prefix` (a folder: `tenants/<id>/`).
    pub async fn list_under(&self, prefix: &str) -> AppResult<Vec<StoredObject>> {
        let prefix = Path::from(prefix);
        let mut listing = self.store.list(Some(&prefix));
        let mut objects = Vec::new();
        while let Some(meta) = listing.next().await {
            let meta = match meta {
                Ok(meta) => meta,
                // A directory that was never made: nothing stored yet.
                Err(object_store::Error::NotFound { .. }) => break,
                Err(e) => return Err(AppError::internal(e)),
            };
            objects.push(StoredObject {
                key: meta.location.to_string(),
                size: meta.size,
                last_modified: meta.last_modified,
            });
        }
        Ok(objects)
    }

    /// Bytes the tenant keeps in storage now: what its quota counts.
    pub async fn tenant_usage(&self, tenant: Uuid) -> AppResult<TenantUsage> {
        let objects = self.list_under(&format!("tenants/{tenant}")).await?;
        Ok(TenantUsage { bytes: objects.iter().map(|o| o.size).sum(), files: objects.len() as u64 })
    }
}

/// A tenant's storage use.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct TenantUsage {
    pub bytes: u64,
    pub files: u64,
}

/// A new, unguessable key for a file of `tenant`: `tenants/<id>/<kind>/<random>.<ext>`.
pub fn new_key(tenant: Uuid, kind: &str, extension: &str) -> String {
    format!("tenants/{tenant}/{kind}/{}.{extension}", random_token())
}

/// The storage key behind a public link this app made for `tenant`
/// (`/api/public/files/<tenant>/...`); None for anything else (an https
/// image elsewhere, another tenant's file).
pub fn key_of_public_url(url: &str, tenant: Uuid) -> Option<String> {
    let key = format!("tenants/{}", url.strip_prefix("/api/public/files/")?);
    key_belongs_to(&key, tenant).then_some(key)
}

/// Whether `key` is one [`new_key`] made for `tenant` (public links name
/// keys; anything else, like `../`, is refused before storage is asked).
pub fn key_belongs_to(key: &str, tenant: Uuid) -> bool {
    let prefix = format!("tenants/{tenant}/");
    key.strip_prefix(&prefix).is_some_and(|rest| {
        let mut parts = rest.split('/');
        let (kind, file, extra) = (parts.next(), parts.next(), parts.next());
        extra.is_none()
            && kind.is_some_and(|k| !k.is_empty() && k.chars().all(|c| c.is_ascii_lowercase() || c == '-'))
            && file.is_some_and(|f| {
                f.split_once('.').is_some_and(|(name, ext)| {
                    name.len() == 64
                        && name.chars().all(|c| c.is_ascii_hexdigit())
                        && !ext.is_empty()
                        && ext.chars().all(|c| c.is_ascii_alphanumeric())
                })
            })
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_are_random_and_only_well_formed_keys_of_the_tenant_pass() {
        let tenant = Uuid::now_v7();
        let (a, b) = (new_key(tenant, "logos", "png"), new_key(tenant, "logos", "png"));
        assert_ne!(a, b);
        assert!(key_belongs_to(&a, tenant));
        assert!(!key_belongs_to(&a, Uuid::now_v7()), "another tenant's");
        assert!(!key_belongs_to(&format!("tenants/{tenant}/logos/../../x.png"), tenant));
        assert!(!key_belongs_to(&format!("tenants/{tenant}/logos/abc.png"), tenant));
        assert!(!key_belongs_to(&format!("{a}/more"), tenant));
    }

    /// What every backend must do: keep, stream, read back, forget.
    async fn exercise(storage: &Storage) {
        let key = new_key(Uuid::now_v7(), "versions", "ex5");
        let bytes: Vec<u8> = (0..300_000u32).map(|i| (i % 251) as u8).collect();
        storage.put(&key, Bytes::from(bytes.clone())).await.unwrap();
        assert_eq!(storage.read(&key).await.unwrap().unwrap().as_ref(), bytes.as_slice());
        let file = storage.get(&key).await.unwrap().unwrap();
        assert_eq!(file.size, 300_000);
        let streamed: Vec<u8> = file.bytes.map(|c| c.unwrap().to_vec()).concat().await;
        assert_eq!(streamed, bytes);
        storage.delete(&key).await.unwrap();
        assert!(storage.read(&key).await.unwrap().is_none());
        assert!(storage.get(&key).await.unwrap().is_none());
        storage.delete(&key).await.unwrap();
    }

    #[tokio::test]
    async fn a_directory_store_keeps_streams_and_forgets_files() {
        let dir = std::env::temp_dir().join(format!("rf-storage-{}", Uuid::now_v7()));
        exercise(&Storage::open(dir.to_str().unwrap()).unwrap()).await;
        std::fs::remove_dir_all(dir).ok();
    }

    /// Against a local S3-compatible server (scripts/test.sh starts one and
    /// sets TEST_S3_URL and the AWS_* variables).
    #[tokio::test]
    async fn an_s3_bucket_keeps_streams_and_forgets_files() {
        let Ok(url) = std::env::var("TEST_S3_URL") else {
            eprintln!("TEST_S3_URL not set: run through `make test`, which starts an S3 stand-in");
            return;
        };
        exercise(&Storage::open(&url).unwrap()).await;
    }
}
