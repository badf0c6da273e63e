//! Argon2id password hashing. Hashing is deliberately slow, so callers run it
//! on the blocking pool rather than on an async worker thread.

use std::collections::VecDeque;
use std::sync::{Arc, Mutex, OnceLock};
use std::time::Duration;

use argon2::password_hash::{phc::PasswordHash, PasswordHasher, PasswordVerifier};
use argon2::Argon2;
use tokio::sync::oneshot;

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

/// Who waits for a hash, in the order free slots are handed out. Decided
/// from what the caller brings and from failure counts kept per account key
/// and per network, never from whether the account exists: a lane must not
/// become a timing oracle on existence (unknown accounts verify against a
/// decoy of the same cost).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Lane {
    /// A browser holding the device cookie this account issued at an earlier
    /// successful sign-in.
    KnownDevice,
    /// No failures on the account key nor from the caller's network inside
    /// the window; also the work of people already signed in (new passwords).
    /// Served before any stranger waiting.
    Clean,
    /// Everyone else: no device cookie, and failures on the account or from
    /// its network. They only get a slot no one above them is waiting for.
    Unknown,
}

impl Lane {
    const ALL: [Lane; 3] = [Lane::KnownDevice, Lane::Clean, Lane::Unknown];

    fn index(self) -> usize {
        self as usize
    }
}

/// Hashing with bounded concurrency and lanes. At most `concurrent` hashes run
/// at once for callers without a known device (each takes a core), plus
/// `reserved` slots only known devices may take; a freed slot goes to the
/// first waiter of the highest lane. So strangers flooding logins, from any
/// number of fresh addresses with fresh e-mails (which makes them "clean"),
/// never make a known owner wait, and a clean caller waits at most for a
/// hash already running, never behind queued strangers. A caller that cannot get a slot within `wait` gets 503
/// instead of queueing without end: a flood degrades into quick refusals
/// while everything else keeps being served.
#[derive(Clone, Debug)]
pub struct Hasher {
    slots: Arc<Mutex<Slots>>,
    wait: Duration,
}

#[derive(Debug)]
struct Slots {
    free: usize,
    /// Slots held by callers without a known device, at most `shared_cap`.
    shared_running: usize,
    shared_cap: usize,
    waiting: [VecDeque<oneshot::Sender<Slot>>; 3],
}

impl Slots {
    fn can_take(&self, lane: Lane) -> bool {
        self.free > 0 && (lane == Lane::KnownDevice || self.shared_running < self.shared_cap)
    }

    fn take(&mut self, lane: Lane) {
        self.free -= 1;
        if lane != Lane::KnownDevice {
            self.shared_running += 1;
        }
    }

    fn give_back(&mut self, lane: Lane) {
        self.free += 1;
        if lane != Lane::KnownDevice {
            self.shared_running -= 1;
        }
    }
}

/// A hashing slot; dropping it hands it to the next waiter.
#[derive(Debug)]
struct Slot {
    slots: Option<Arc<Mutex<Slots>>>,
    lane: Lane,
}

impl Drop for Slot {
    fn drop(&mut self) {
        let Some(slots) = self.slots.take() else { return };
        let mut state = slots.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
        state.give_back(self.lane);
        for lane in Lane::ALL {
            while state.can_take(lane) {
                let Some(waiter) = state.waiting[lane.index()].pop_front() else { break };
                state.take(lane);
                if let Err(mut unsent) = waiter.send(Slot { slots: Some(slots.clone()), lane }) {
                    // That waiter gave up (503): undo without re-entering this lock.
                    unsent.slots = None;
                    state.give_back(lane);
                }
            }
        }
    }
}

impl Hasher {
    /// `concurrent` slots for anyone, `reserved` more for known devices only.
    pub fn new(concurrent: usize, reserved: usize, wait: Duration) -> Self {
        let concurrent = concurrent.max(1);
        let slots = Slots {
            free: concurrent + reserved,
            shared_running: 0,
            shared_cap: concurrent,
            waiting: Default::default(),
        };
        Self { slots: Arc::new(Mutex::new(slots)), wait }
    }

    /// Hashes a new password (set by someone signed in, or by a reset link).
    pub async fn hash(&self, password: String) -> AppResult<String> {
        let _slot = self.slot(Lane::Clean).await?;
        hash(password).await
    }

    pub async fn verify(&self, lane: Lane, password: String, stored: Option<String>) -> AppResult<bool> {
        let _slot = self.slot(lane).await?;
        verify(password, stored).await
    }

    async fn slot(&self, lane: Lane) -> AppResult<Slot> {
        let waiting = {
            let mut state = self.slots.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
            // Nobody jumps a queue of its own lane or a higher one.
            let queued_ahead = Lane::ALL[..=lane.index()].iter().any(|l| !state.waiting[l.index()].is_empty());
            if !queued_ahead && state.can_take(lane) {
                state.take(lane);
                return Ok(Slot { slots: Some(self.slots.clone()), lane });
            }
            let (sender, receiver) = oneshot::channel();
            state.waiting[lane.index()].retain(|w| !w.is_closed());
            state.waiting[lane.index()].push_back(sender);
            receiver
        };
        // On timeout the receiver is dropped; a slot sent at that instant is
        // dropped with it, which hands it on.
        match tokio::time::timeout(self.wait, waiting).await {
            Ok(Ok(slot)) => Ok(slot),
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
    use std::time::Duration;

    use super::{Hasher, Lane};

    type Order = std::sync::Arc<std::sync::Mutex<Vec<&'static str>>>;

    /// Waits for a slot in `lane` and writes `name` down when it gets one.
    async fn queued(hasher: &Hasher, lane: Lane, name: &'static str, order: &Order) -> tokio::task::JoinHandle<()> {
        let (hasher, order) = (hasher.clone(), order.clone());
        let handle = tokio::spawn(async move {
            let _slot = hasher.slot(lane).await.expect("a slot within the wait");
            order.lock().unwrap().push(name);
        });
        tokio::time::sleep(Duration::from_millis(20)).await;
        handle
    }

    #[tokio::test]
    async fn only_known_devices_take_the_reserved_slot() {
        let hasher = Hasher::new(1, 1, Duration::from_millis(100));
        let _running = hasher.slot(Lane::Clean).await.unwrap();
        assert!(hasher.slot(Lane::Unknown).await.is_err(), "a stranger waits for the shared slot: 503 after the wait");
        assert!(hasher.slot(Lane::Clean).await.is_err(), "so does a clean caller");
        let known = hasher.slot(Lane::KnownDevice).await;
        assert!(known.is_ok(), "the reserved slot is free for a known device");
    }

    #[tokio::test]
    async fn a_freed_slot_goes_to_the_highest_lane_waiting_first() {
        let hasher = Hasher::new(1, 0, Duration::from_secs(5));
        let order = Order::default();
        let running = hasher.slot(Lane::Unknown).await.unwrap();
        let waiters = [
            queued(&hasher, Lane::Unknown, "stranger 1", &order).await,
            queued(&hasher, Lane::Unknown, "stranger 2", &order).await,
            queued(&hasher, Lane::Clean, "clean", &order).await,
            queued(&hasher, Lane::KnownDevice, "known device", &order).await,
        ];
        assert!(order.lock().unwrap().is_empty(), "all wait for the one slot");
        drop(running);
        for waiter in waiters {
            waiter.await.unwrap();
        }
        assert_eq!(*order.lock().unwrap(), ["known device", "clean", "stranger 1", "stranger 2"]);
    }

    #[tokio::test]
    async fn a_waiter_that_gave_up_does_not_keep_its_slot() {
        let hasher = Hasher::new(1, 0, Duration::from_millis(50));
        let running = hasher.slot(Lane::Unknown).await.unwrap();
        assert!(hasher.slot(Lane::Unknown).await.is_err(), "gave up");
        drop(running);
        assert!(hasher.slot(Lane::Unknown).await.is_ok(), "the slot came back, not to the one that left");
    }

    #[tokio::test]
    async fn hashes_verify_and_reject() {
        let h = super::hash("segredo123".into()).await.unwrap();
        assert!(h.starts_with("$argon2id$"));
        assert!(super::verify("segredo123".into(), Some(h.clone())).await.unwrap());
        assert!(!super::verify("outra".into(), Some(h)).await.unwrap());
        assert!(!super::verify("qualquer".into(), None).await.unwrap());
    }
}
