//! License-check facts cached per instance, so a robot's routine check costs
//! no database round trip. Correctness comes from invalidation, not from
//! short lifetimes: every change to a tenant, robot, client or license fires
//! a NOTIFY (migration 10) that drops the tenant's entries on every instance,
//! and a per-tenant generation makes an answer loaded before the change
//! unusable after it. A lost listener connection clears everything; entries
//! also age out after a minute as a last resort.

use std::collections::HashMap;
use std::sync::{Arc, RwLock};
use std::time::{Duration, Instant};

use shared::workflows::license_check::{CheckFacts, RobotKeys};
use uuid::Uuid;

const MAX_AGE: Duration = Duration::from_secs(60);
const MAX_ENTRIES: usize = 200_000;

/// (tenant, robot, e-mail or personal build: `CheckRequest::cache_identity`)
pub type CacheKey = (Uuid, Uuid, String);

pub struct CachedFacts {
    pub facts: CheckFacts,
    /// The robot's keys, opened once (HMAC for v1, Ed25519 for v2).
    pub keys: RobotKeys,
    generation: u64,
    loaded: Instant,
}

#[derive(Default)]
pub struct LicenseCache {
    entries: RwLock<HashMap<CacheKey, Arc<CachedFacts>>>,
    generations: RwLock<HashMap<Uuid, u64>>,
}

impl LicenseCache {
    pub fn new() -> Self {
        Self::default()
    }

    /// The tenant's current generation: take it *before* loading facts.
    pub fn generation(&self, tenant: Uuid) -> u64 {
        self.generations.read().expect("generations").get(&tenant).copied().unwrap_or(0)
    }

    pub fn get(&self, key: &CacheKey) -> Option<Arc<CachedFacts>> {
        let entry = self.entries.read().expect("entries").get(key).cloned()?;
        (entry.generation == self.generation(key.0) && entry.loaded.elapsed() < MAX_AGE).then_some(entry)
    }

    pub fn put(&self, key: CacheKey, facts: CheckFacts, keys: RobotKeys, generation: u64) -> Arc<CachedFacts> {
        let entry = Arc::new(CachedFacts { facts, keys, generation, loaded: Instant::now() });
        let mut entries = self.entries.write().expect("entries");
        if entries.len() >= MAX_ENTRIES {
            entries.clear();
        }
        entries.insert(key, entry.clone());
        entry
    }

    /// A tenant's facts changed: everything cached for it is stale.
    pub fn invalidate_tenant(&self, tenant: Uuid) {
        *self.generations.write().expect("generations").entry(tenant).or_insert(0) += 1;
        self.entries.write().expect("entries").retain(|(t, _, _), _| *t != tenant);
    }

    /// Notifications may have been missed: forget everything.
    pub fn clear(&self) {
        let mut generations = self.generations.write().expect("generations");
        for generation in generations.values_mut() {
            *generation += 1;
        }
        self.entries.write().expect("entries").clear();
    }
}
