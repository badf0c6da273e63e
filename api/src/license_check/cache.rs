//! License-check facts cached per instance, so a robot's routine check costs
//! no database round trip. Correctness comes from invalidation, not from
//! short lifetimes: every change to a tenant, robot, client or license fires
//! a NOTIFY (migration 10) that drops the tenant's entries on every instance,
//! and a per-tenant generation makes an answer loaded before the change
//! unusable after it. A lost listener connection clears everything; entries
//! also age out after a minute as a last resort.

use std::collections::HashMap;
use std::sync::atomic::{AtomicU64, Ordering};
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
    /// The last entry loaded per (tenant, robot): its keys sign a refusal
    /// given before any facts are read (over the rate limit), so a robot
    /// can trust "wait" without the flood costing a database read.
    robots: RwLock<HashMap<(Uuid, Uuid), Arc<CachedFacts>>>,
    generations: RwLock<HashMap<Uuid, u64>>,
    /// The generation of a tenant never invalidated: bumped by `clear`, so a
    /// load begun before a clear is stale after it for those tenants too.
    cleared: AtomicU64,
    /// What /metrics reports of this instance's cache (since it started).
    counts: CacheCounts,
}

/// Lookups answered from memory or read from the database, and what was
/// dropped: an operator reads the hit rate and why it falls off them.
#[derive(Default)]
struct CacheCounts {
    hits: AtomicU64,
    misses: AtomicU64,
    invalidations: AtomicU64,
    clears: AtomicU64,
}

impl LicenseCache {
    pub fn new() -> Self {
        Self::default()
    }

    /// The tenant's current generation: take it *before* loading facts.
    pub fn generation(&self, tenant: Uuid) -> u64 {
        let generations = self.generations.read().expect("generations");
        generations.get(&tenant).copied().unwrap_or_else(|| self.cleared.load(Ordering::SeqCst))
    }

    pub fn get(&self, key: &CacheKey) -> Option<Arc<CachedFacts>> {
        let entry = self.entries.read().expect("entries").get(key).cloned();
        let fresh = entry.filter(|e| e.generation == self.generation(key.0) && e.loaded.elapsed() < MAX_AGE);
        let counter = if fresh.is_some() { &self.counts.hits } else { &self.counts.misses };
        counter.fetch_add(1, Ordering::Relaxed);
        fresh
    }

    /// (hits, misses, tenant invalidations, full clears) since start, for /metrics.
    pub fn counts(&self) -> [(&'static str, u64); 4] {
        let c = &self.counts;
        [
            ("hit", c.hits.load(Ordering::Relaxed)),
            ("miss", c.misses.load(Ordering::Relaxed)),
            ("invalidation", c.invalidations.load(Ordering::Relaxed)),
            ("clear", c.clears.load(Ordering::Relaxed)),
        ]
    }

    /// Any fresh entry of this robot (for its keys only: its facts are some
    /// other caller's).
    pub fn robot(&self, tenant: Uuid, robot: Uuid) -> Option<Arc<CachedFacts>> {
        let entry = self.robots.read().expect("robots").get(&(tenant, robot)).cloned()?;
        (entry.generation == self.generation(tenant) && entry.loaded.elapsed() < MAX_AGE).then_some(entry)
    }

    pub fn put(&self, key: CacheKey, facts: CheckFacts, keys: RobotKeys, generation: u64) -> Arc<CachedFacts> {
        let entry = Arc::new(CachedFacts { facts, keys, generation, loaded: Instant::now() });
        let robot = (key.0, key.1);
        let mut entries = self.entries.write().expect("entries");
        if entries.len() >= MAX_ENTRIES {
            entries.clear();
        }
        entries.insert(key, entry.clone());
        drop(entries);
        let mut robots = self.robots.write().expect("robots");
        if robots.len() >= MAX_ENTRIES {
            robots.clear();
        }
        robots.insert(robot, entry.clone());
        entry
    }

    /// A tenant's facts changed: everything cached for it is stale.
    pub fn invalidate_tenant(&self, tenant: Uuid) {
        self.counts.invalidations.fetch_add(1, Ordering::Relaxed);
        let mut generations = self.generations.write().expect("generations");
        *generations.entry(tenant).or_insert_with(|| self.cleared.load(Ordering::SeqCst)) += 1;
        drop(generations);
        self.entries.write().expect("entries").retain(|(t, _, _), _| *t != tenant);
        self.robots.write().expect("robots").retain(|(t, _), _| *t != tenant);
    }

    /// Notifications may have been missed: forget everything.
    pub fn clear(&self) {
        self.counts.clears.fetch_add(1, Ordering::Relaxed);
        let mut generations = self.generations.write().expect("generations");
        self.cleared.fetch_add(1, Ordering::SeqCst);
        for generation in generations.values_mut() {
            *generation += 1;
        }
        self.entries.write().expect("entries").clear();
        self.robots.write().expect("robots").clear();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_load_begun_before_a_clear_is_stale_after_it_even_for_a_tenant_never_invalidated() {
        let cache = LicenseCache::new();
        let (tenant, other) = (Uuid::from_u128(1), Uuid::from_u128(2));
        let before = cache.generation(tenant);
        cache.invalidate_tenant(other);
        cache.clear();
        assert_ne!(cache.generation(tenant), before, "the reconnect's clear covers every tenant");
        let after_other = cache.generation(other);
        cache.invalidate_tenant(tenant);
        let now = cache.generation(tenant);
        assert!(now > before && cache.generation(other) == after_other);
    }
}
