//! License-check facts cached per instance, so a robot's routine check costs
//! no database round trip. Correctness comes from invalidation, not from
//! short lifetimes: every change to a tenant, robot, version, client,
//! license, seat or build fires a NOTIFY naming what changed
//! (`license_check::LicenseChange`), and every instance drops the answers
//! that change affects — one buyer's for a sale, one robot's for a new
//! version, the tenant's only for a tenant-wide change.
//!
//! An answer loaded while a change commits must not be cached after the
//! change is heard. A load takes a [`Ticket`] before it reads; the changes
//! heard since are kept (the last [`RECENT_CHANGES`]) and `put` refuses to
//! cache an answer one of them affects — or any answer, when the ticket is
//! older than what is kept. A tenant-wide change bumps the tenant's
//! generation instead. A lost listener connection clears everything;
//! entries also age out after a minute as a last resort.

use std::collections::{HashMap, VecDeque};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex, RwLock};
use std::time::{Duration, Instant};

use shared::workflows::license_check::{CheckFacts, LicenseChange, RobotKeys};
use uuid::Uuid;

const MAX_AGE: Duration = Duration::from_secs(60);
const MAX_ENTRIES: usize = 200_000;
/// Changes remembered for loads in flight (a load takes milliseconds; a
/// thousand changes in that time is far beyond any tenant's sales).
const RECENT_CHANGES: usize = 1024;

/// (tenant, robot, e-mail or personal build: `CheckRequest::cache_key`)
pub type CacheKey = (Uuid, Uuid, String);

pub struct CachedFacts {
    pub facts: CheckFacts,
    /// The robot's keys, opened once (HMAC for v1, Ed25519 for v2).
    pub keys: RobotKeys,
    generation: u64,
    loaded: Instant,
}

/// Taken before a load reads the database.
#[derive(Debug, Clone, Copy)]
pub struct Ticket {
    generation: u64,
    /// The number of narrow changes heard when the load began.
    heard: u64,
}

/// Answers of one robot, by identity (e-mail or build, and version tag).
type RobotEntries = HashMap<String, Arc<CachedFacts>>;

#[derive(Default)]
pub struct LicenseCache {
    /// Per (tenant, robot): a robot's change drops its bucket, a buyer's
    /// walks one bucket.
    entries: RwLock<HashMap<(Uuid, Uuid), RobotEntries>>,
    /// The last entry loaded per (tenant, robot): its keys sign a refusal
    /// given before any facts are read (over the rate limit), so a robot
    /// can trust "wait" without the flood costing a database read.
    robots: RwLock<HashMap<(Uuid, Uuid), Arc<CachedFacts>>>,
    generations: RwLock<HashMap<Uuid, u64>>,
    /// The generation of a tenant never invalidated: bumped by `clear`, so a
    /// load begun before a clear is stale after it for those tenants too.
    cleared: AtomicU64,
    /// Narrow changes heard, the newest last, numbered from `heard - len`.
    recent: Mutex<Recent>,
    /// What /metrics reports of this instance's cache (since it started).
    counts: CacheCounts,
}

#[derive(Default)]
struct Recent {
    heard: u64,
    changes: VecDeque<LicenseChange>,
}

/// Lookups answered from memory or read from the database, and what was
/// dropped and why: an operator reads the hit rate and what eats it.
#[derive(Default)]
struct CacheCounts {
    hits: AtomicU64,
    misses: AtomicU64,
    tenant: AtomicU64,
    robot: AtomicU64,
    buyer: AtomicU64,
    client: AtomicU64,
    clears: AtomicU64,
    /// Loads not kept because a change overtook them.
    discarded: AtomicU64,
}

impl LicenseCache {
    pub fn new() -> Self {
        Self::default()
    }

    fn generation(&self, tenant: Uuid) -> u64 {
        let generations = self.generations.read().expect("generations");
        generations.get(&tenant).copied().unwrap_or_else(|| self.cleared.load(Ordering::SeqCst))
    }

    /// Take it *before* loading facts.
    pub fn ticket(&self, tenant: Uuid) -> Ticket {
        let heard = self.recent.lock().expect("recent").heard;
        Ticket { generation: self.generation(tenant), heard }
    }

    pub fn get(&self, key: &CacheKey) -> Option<Arc<CachedFacts>> {
        let entry = self.entries.read().expect("entries").get(&(key.0, key.1)).and_then(|b| b.get(&key.2)).cloned();
        let fresh = entry.filter(|e| self.is_fresh(key.0, e));
        let counter = if fresh.is_some() { &self.counts.hits } else { &self.counts.misses };
        counter.fetch_add(1, Ordering::Relaxed);
        fresh
    }

    fn is_fresh(&self, tenant: Uuid, entry: &CachedFacts) -> bool {
        entry.generation == self.generation(tenant) && entry.loaded.elapsed() < MAX_AGE
    }

    /// Any fresh entry of this robot (for its keys only: its facts are some
    /// other caller's).
    pub fn robot(&self, tenant: Uuid, robot: Uuid) -> Option<Arc<CachedFacts>> {
        let entry = self.robots.read().expect("robots").get(&(tenant, robot)).cloned()?;
        self.is_fresh(tenant, &entry).then_some(entry)
    }

    /// The loaded answer, kept unless a change heard since `ticket` affects
    /// it (then it is still this check's answer, read after the ticket, but
    /// the next check reads again).
    pub fn put(&self, key: CacheKey, facts: CheckFacts, keys: RobotKeys, ticket: Ticket) -> Arc<CachedFacts> {
        let entry = Arc::new(CachedFacts { facts, keys, generation: ticket.generation, loaded: Instant::now() });
        // Held while inserting: a change heard meanwhile is either seen here
        // or drops the entry after it is in.
        let recent = self.recent.lock().expect("recent");
        if recent.overtakes(ticket, &key, entry.facts.client_id) {
            self.counts.discarded.fetch_add(1, Ordering::Relaxed);
            return entry;
        }
        let mut entries = self.entries.write().expect("entries");
        // Counted per bucket only when a new bucket would be made: a bound
        // kept without walking the map on every miss.
        if !entries.contains_key(&(key.0, key.1)) && entries.values().map(HashMap::len).sum::<usize>() >= MAX_ENTRIES {
            entries.clear();
        }
        let bucket = entries.entry((key.0, key.1)).or_default();
        if bucket.len() >= MAX_ENTRIES {
            bucket.clear();
        }
        bucket.insert(key.2, entry.clone());
        drop(entries);
        let mut robots = self.robots.write().expect("robots");
        if robots.len() >= MAX_ENTRIES {
            robots.clear();
        }
        robots.insert((key.0, key.1), entry.clone());
        entry
    }

    /// Drops what `change` makes stale.
    pub fn invalidate(&self, change: LicenseChange) {
        let counter = match &change {
            LicenseChange::Tenant(_) => &self.counts.tenant,
            LicenseChange::Robot { .. } => &self.counts.robot,
            LicenseChange::Buyer { .. } => &self.counts.buyer,
            LicenseChange::Client { .. } => &self.counts.client,
        };
        counter.fetch_add(1, Ordering::Relaxed);
        if let LicenseChange::Tenant(tenant) = change {
            return self.invalidate_tenant(tenant);
        }
        let mut recent = self.recent.lock().expect("recent");
        let mut entries = self.entries.write().expect("entries");
        entries.retain(|&(tenant, robot), bucket| {
            if let LicenseChange::Robot { .. } = change {
                return !change.affects(tenant, robot, "", None);
            }
            if tenant == change.tenant() {
                bucket.retain(|identity, entry| !change.affects(tenant, robot, identity, entry.facts.client_id));
            }
            !bucket.is_empty()
        });
        drop(entries);
        if let LicenseChange::Robot { tenant, robot } = change {
            self.robots.write().expect("robots").remove(&(tenant, robot));
        }
        recent.remember(change);
    }

    /// A tenant's facts changed: everything cached for it is stale.
    fn invalidate_tenant(&self, tenant: Uuid) {
        let mut generations = self.generations.write().expect("generations");
        *generations.entry(tenant).or_insert_with(|| self.cleared.load(Ordering::SeqCst)) += 1;
        drop(generations);
        self.entries.write().expect("entries").retain(|(t, _), _| *t != tenant);
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

    /// (event, count) since start, for /metrics.
    pub fn counts(&self) -> [(&'static str, u64); 8] {
        let c = &self.counts;
        let read = |counter: &AtomicU64| counter.load(Ordering::Relaxed);
        [
            ("hit", read(&c.hits)),
            ("miss", read(&c.misses)),
            ("invalidated_tenant", read(&c.tenant)),
            ("invalidated_robot", read(&c.robot)),
            ("invalidated_buyer", read(&c.buyer)),
            ("invalidated_client", read(&c.client)),
            ("cleared", read(&c.clears)),
            ("discarded", read(&c.discarded)),
        ]
    }
}

impl Recent {
    fn remember(&mut self, change: LicenseChange) {
        if self.changes.len() == RECENT_CHANGES {
            self.changes.pop_front();
        }
        self.changes.push_back(change);
        self.heard += 1;
    }

    /// Whether a change heard after `ticket` makes the answer for `key`
    /// stale, or too many were heard to tell.
    fn overtakes(&self, ticket: Ticket, key: &CacheKey, client: Option<Uuid>) -> bool {
        let since = (self.heard - ticket.heard) as usize;
        if since > self.changes.len() {
            return true;
        }
        self.changes.iter().rev().take(since).any(|change| change.affects(key.0, key.1, &key.2, client))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use shared::domain::status::{ClientStatus, TenantStatus};

    fn facts(client: Option<Uuid>) -> CheckFacts {
        CheckFacts {
            tenant_status: TenantStatus::Active,
            robot_active: true,
            signing_key: "k".into(),
            private_key: None,
            offline_grace_seconds: 0,
            binding_policy: "first_use".into(),
            client_id: client,
            client_status: client.map(|_| ClientStatus::Active),
            license_id: None,
            license_status: None,
            expiration_date: None,
            license_hold: None,
            account_number: None,
            build_status: None,
            tenant_url: "acme".into(),
            live_seats: 1,
            demo_accounts: "free".into(),
            contest_accounts: None,
            allowed_brokers: Vec::new(),
            trial_demo_only: false,
            seat_logins: Vec::new(),
            seat_servers: Vec::new(),
            seat_counted: Vec::new(),
            latest_version: None,
            running_version: None,
            running_withdrawn: false,
        }
    }

    const T: Uuid = Uuid::from_u128(1);
    const R: Uuid = Uuid::from_u128(2);
    const ANA: Uuid = Uuid::from_u128(3);
    const BIA: Uuid = Uuid::from_u128(4);

    fn load(cache: &LicenseCache, email: &str, client: Uuid) -> CacheKey {
        let key = (T, R, email.to_string());
        let ticket = cache.ticket(T);
        cache.put(key.clone(), facts(Some(client)), RobotKeys::default(), ticket);
        key
    }

    #[test]
    fn a_load_begun_before_a_clear_is_stale_after_it_even_for_a_tenant_never_invalidated() {
        let cache = LicenseCache::new();
        let other = Uuid::from_u128(2);
        let before = cache.ticket(T);
        cache.invalidate(LicenseChange::Tenant(other));
        cache.clear();
        let entry = cache.put((T, R, "ana@x.com".into()), facts(None), RobotKeys::default(), before);
        assert!(!cache.is_fresh(T, &entry), "the reconnect's clear covers every tenant");
    }

    #[test]
    fn a_sale_drops_one_buyers_answer_and_keeps_the_others() {
        let cache = LicenseCache::new();
        let ana = load(&cache, "ana@x.com", ANA);
        let bia = load(&cache, "bia@x.com", BIA);
        cache.invalidate(LicenseChange::Buyer { tenant: T, robot: R, client: ANA });
        assert!(cache.get(&ana).is_none());
        assert!(cache.get(&bia).is_some(), "another buyer of the robot is still answered from memory");
        cache.invalidate(LicenseChange::Robot { tenant: T, robot: R });
        assert!(cache.get(&bia).is_none(), "a robot's change drops all its answers");
        assert!(cache.robot(T, R).is_none(), "and its keys");
    }

    #[test]
    fn a_load_overtaken_by_a_change_it_misses_is_answered_but_not_kept() {
        let cache = LicenseCache::new();
        let ticket = cache.ticket(T);
        // The change commits and is heard while the load still holds what it read before.
        cache.invalidate(LicenseChange::Buyer { tenant: T, robot: R, client: ANA });
        let key = (T, R, "ana@x.com".to_string());
        cache.put(key.clone(), facts(Some(ANA)), RobotKeys::default(), ticket);
        assert!(cache.get(&key).is_none(), "the stale answer was not kept");
        // Another buyer's load in the same moment is kept.
        let bia = (T, R, "bia@x.com".to_string());
        cache.put(bia.clone(), facts(Some(BIA)), RobotKeys::default(), ticket);
        assert!(cache.get(&bia).is_some());
    }

    #[test]
    fn a_load_older_than_the_changes_remembered_is_not_kept() {
        let cache = LicenseCache::new();
        let ticket = cache.ticket(T);
        for _ in 0..=RECENT_CHANGES {
            cache.invalidate(LicenseChange::Buyer { tenant: T, robot: R, client: BIA });
        }
        let key = (T, R, "ana@x.com".to_string());
        cache.put(key.clone(), facts(Some(ANA)), RobotKeys::default(), ticket);
        assert!(cache.get(&key).is_none(), "cannot tell what it missed: read again");
    }

    #[test]
    fn a_new_client_drops_the_answer_cached_while_nobody_had_the_email() {
        let cache = LicenseCache::new();
        let key = (T, R, "nova@x.com\t0123456789abcdef".to_string());
        let ticket = cache.ticket(T);
        cache.put(key.clone(), facts(None), RobotKeys::default(), ticket);
        let ana = load(&cache, "ana@x.com", ANA);
        cache.invalidate(LicenseChange::Client { tenant: T, client: BIA, emails: vec!["nova@x.com".into()] });
        assert!(cache.get(&key).is_none());
        assert!(cache.get(&ana).is_some());
    }
}
