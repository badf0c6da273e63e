//! Slows down whoever guesses at a robot's buyers. Refused license checks
//! that hide the buyer (`NOT_RECOGNIZED` to the robot) are counted per
//! robot and MetaTrader account and per robot and e-mail over a ten-minute
//! window; past the limit, that account (or e-mail) gets `THROTTLED` and
//! binds nothing until the window ends. A check from the account a license
//! is already bound to is never throttled, so a stranger hammering a
//! buyer's e-mail cannot lock the buyer out of a running robot.
//!
//! Only distinct guesses count: the same account asking for the same e-mail
//! again and again learns nothing new, and that is what a buyer's robot does
//! while it waits for the sale to be processed (it retries until its license
//! exists). Counting those repeats once kept a buyer who started the robot
//! before Hotmart's postback arrived throttled for the rest of the window,
//! after the license existed (issue 33).
//!
//! Kept in this process like the per-IP limit: with N instances a guesser
//! gets up to N times the attempts, which is still a handful per window.

use std::collections::HashMap;
use std::hash::{BuildHasher, RandomState};
use std::sync::Mutex;
use std::time::{SystemTime, UNIX_EPOCH};

use uuid::Uuid;

/// Refusals one account may collect on one robot per window (a buyer who
/// mistypes their e-mail a few times is not throttled).
pub const REFUSALS_PER_ACCOUNT: u32 = 5;
/// Refusals one e-mail may collect on one robot per window, from any accounts.
pub const REFUSALS_PER_EMAIL: u32 = 10;
const WINDOW_SECONDS: u64 = 600;
const MAX_KEYS: usize = 200_000;

#[derive(Clone, PartialEq, Eq, Hash)]
enum Key {
    /// A login on a trade server (lower case; "" when the robot cannot say).
    Account(Uuid, u64, String),
    Email(Uuid, String),
}

/// A key's window and the distinct guesses refused in it (the e-mails an
/// account tried, or the accounts that tried an e-mail), at most the limit.
type Guesses = (u64, Vec<u64>);

#[derive(Default)]
pub struct RefusalThrottle {
    windows: Mutex<HashMap<Key, Guesses>>,
    hasher: RandomState,
}

impl RefusalThrottle {
    pub fn new() -> Self {
        Self::default()
    }

    fn window() -> u64 {
        SystemTime::now().duration_since(UNIX_EPOCH).map(|d| d.as_secs() / WINDOW_SECONDS).unwrap_or(0)
    }

    /// Seconds until the current window ends: what a throttled robot waits.
    pub fn retry_after_seconds() -> u64 {
        let now = SystemTime::now().duration_since(UNIX_EPOCH).map(|d| d.as_secs()).unwrap_or(0);
        WINDOW_SECONDS - now % WINDOW_SECONDS
    }

    /// Whether this robot's checks from `account` or for `email` are throttled now.
    pub fn is_throttled(&self, robot: Uuid, account: &(u64, String), email: &str) -> bool {
        let window = Self::window();
        let windows = self.windows.lock().expect("refusal windows");
        let over = |key: Key, limit: u32| {
            windows.get(&key).is_some_and(|(w, guesses)| *w == window && guesses.len() >= limit as usize)
        };
        over(Key::Account(robot, account.0, account.1.clone()), REFUSALS_PER_ACCOUNT)
            || over(Key::Email(robot, email.to_string()), REFUSALS_PER_EMAIL)
    }

    /// Counts one refusal that hid the buyer, once per distinct guess.
    pub fn refused(&self, robot: Uuid, account: &(u64, String), email: &str) {
        let window = Self::window();
        let email_guess = self.hasher.hash_one(email);
        let account_guess = self.hasher.hash_one(account);
        let mut windows = self.windows.lock().expect("refusal windows");
        if windows.len() > MAX_KEYS {
            windows.retain(|_, (w, _)| *w == window);
        }
        for (key, guess, limit) in [
            (Key::Account(robot, account.0, account.1.clone()), email_guess, REFUSALS_PER_ACCOUNT),
            (Key::Email(robot, email.to_string()), account_guess, REFUSALS_PER_EMAIL),
        ] {
            let (w, guesses) = windows.entry(key).or_insert((window, Vec::new()));
            if *w != window {
                *w = window;
                guesses.clear();
            }
            if guesses.len() < limit as usize && !guesses.contains(&guess) {
                guesses.push(guess);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn at(login: u64) -> (u64, String) {
        (login, "xpmt5-real".to_string())
    }

    #[test]
    fn the_same_login_on_another_server_is_another_account() {
        let throttle = RefusalThrottle::new();
        let robot = Uuid::from_u128(1);
        for i in 0..REFUSALS_PER_ACCOUNT {
            throttle.refused(robot, &at(42), &format!("e{i}@x.com"));
        }
        assert!(throttle.is_throttled(robot, &at(42), "new@x.com"));
        assert!(!throttle.is_throttled(robot, &(42, "clearmt5-real".to_string()), "new@x.com"));
    }

    #[test]
    fn an_account_is_throttled_after_its_refusals_on_that_robot_only() {
        let throttle = RefusalThrottle::new();
        let (robot, other_robot) = (Uuid::from_u128(1), Uuid::from_u128(2));
        for i in 0..REFUSALS_PER_ACCOUNT {
            assert!(!throttle.is_throttled(robot, &at(42), &format!("e{i}@x.com")));
            throttle.refused(robot, &at(42), &format!("e{i}@x.com"));
        }
        assert!(throttle.is_throttled(robot, &at(42), "new@x.com"), "the account guessed too often");
        assert!(!throttle.is_throttled(robot, &at(43), "new@x.com"), "another account is not");
        assert!(!throttle.is_throttled(other_robot, &at(42), "new@x.com"), "another robot is not");
    }

    #[test]
    fn an_email_is_throttled_after_refusals_from_many_accounts() {
        let throttle = RefusalThrottle::new();
        let robot = Uuid::from_u128(1);
        for account in 0..u64::from(REFUSALS_PER_EMAIL) {
            throttle.refused(robot, &at(account), "alvo@x.com");
        }
        assert!(throttle.is_throttled(robot, &at(999), "alvo@x.com"));
        assert!(!throttle.is_throttled(robot, &at(999), "outro@x.com"));
    }

    #[test]
    fn the_same_account_and_e_mail_refused_again_and_again_counts_once() {
        // A buyer's robot retrying while its sale is processed.
        let throttle = RefusalThrottle::new();
        let robot = Uuid::from_u128(1);
        for _ in 0..100 {
            throttle.refused(robot, &at(42), "comprador@x.com");
        }
        assert!(!throttle.is_throttled(robot, &at(42), "comprador@x.com"));
        for i in 1..REFUSALS_PER_ACCOUNT {
            throttle.refused(robot, &at(42), &format!("e{i}@x.com"));
        }
        assert!(throttle.is_throttled(robot, &at(42), "comprador@x.com"), "distinct guesses still add up");
    }
}
