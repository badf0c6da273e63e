//! A per-IP limit kept in this process (fixed one-minute windows). Used where
//! a database round trip per request would cost more than the work it
//! protects (the license check). With N api instances behind a balancer an
//! address gets up to N times the limit; the limit is about floods, not
//! exact quotas.

use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::Mutex;
use std::time::{SystemTime, UNIX_EPOCH};

pub struct PerIpLimit {
    per_minute: u32,
    windows: Mutex<HashMap<IpAddr, (u64, u32)>>,
}

impl PerIpLimit {
    pub fn new(per_minute: u32) -> Self {
        Self { per_minute, windows: Mutex::new(HashMap::new()) }
    }

    /// Counts one request of `ip`; false when it is over the limit.
    pub fn allow(&self, ip: Option<IpAddr>) -> bool {
        let Some(ip) = ip else { return true };
        let minute = SystemTime::now().duration_since(UNIX_EPOCH).map(|d| d.as_secs() / 60).unwrap_or(0);
        let mut windows = self.windows.lock().expect("rate limit map");
        if windows.len() > 100_000 {
            windows.retain(|_, (m, _)| *m == minute);
        }
        let entry = windows.entry(ip).or_insert((minute, 0));
        if entry.0 != minute {
            *entry = (minute, 0);
        }
        entry.1 += 1;
        entry.1 <= self.per_minute
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_per_address() {
        let limit = PerIpLimit::new(2);
        let (a, b) = (Some("10.0.0.1".parse().unwrap()), Some("10.0.0.2".parse().unwrap()));
        assert!(limit.allow(a) && limit.allow(a));
        assert!(!limit.allow(a));
        assert!(limit.allow(b));
    }
}
