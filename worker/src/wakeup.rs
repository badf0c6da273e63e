//! When an idle worker looks for jobs: at once when a job is queued (apalis'
//! insert trigger NOTIFYs `apalis::job::insert` at commit; one listener per
//! process wakes the queue's worker), and on a steady tick as a fallback for
//! a notification lost while the listener reconnects.
//!
//! Why not apalis' own `Strategy::new().interval(..)`: its `IntervalStrategy`
//! re-arms its timer without polling it, so no wake-up is registered when the
//! fetch that follows completes within the same poll (a quick, empty fetch on
//! a quiet queue). The interval then goes silent after a few ticks and the
//! worker only looks again on its 30-second heartbeat: jobs started 11–30 s
//! after their commit (issue 33). `Tick` polls its re-armed timer at once.

use std::collections::HashMap;
use std::future::Future;
use std::pin::Pin;
use std::sync::Arc;
use std::task::{Context, Poll};
use std::time::Duration;

use apalis::prelude::{PollSnapshot, PollStrategy};
use sqlx::postgres::{PgListener, PgPoolOptions};
use sqlx::PgPool;
use tokio::sync::{watch, Notify};

/// apalis-postgres' insert trigger's channel (payload: job_type, id, run_at).
const INSERT_CHANNEL: &str = "apalis::job::insert";

/// One `Notify` per queue, woken by the process's listener.
#[derive(Clone, Default)]
pub struct Wakeups {
    queues: Arc<HashMap<&'static str, Arc<Notify>>>,
}

#[derive(serde::Deserialize)]
struct Inserted {
    job_type: String,
}

impl Wakeups {
    pub fn new(queues: &[&'static str]) -> Self {
        Self { queues: Arc::new(queues.iter().map(|q| (*q, Arc::new(Notify::new()))).collect()) }
    }

    /// The strategy for `queue`'s worker: a queued job, or `every` at the latest.
    pub fn strategy(&self, queue: &str, every: Duration) -> JobArrivals {
        let notify = self.queues.get(queue).cloned().unwrap_or_default();
        JobArrivals { waiting: Box::pin(notify.clone().notified_owned()), notify, tick: Tick::new(every) }
    }

    /// Wakes every queue (after a reconnect: insertions may have been missed).
    fn wake_all(&self) {
        for notify in self.queues.values() {
            notify.notify_one();
        }
    }

    fn wake(&self, payload: &str) {
        match serde_json::from_str::<Inserted>(payload) {
            Ok(inserted) => {
                if let Some(notify) = self.queues.get(inserted.job_type.as_str()) {
                    // Stores a permit when the worker is busy: it looks again when done.
                    notify.notify_one();
                }
            }
            Err(_) => self.wake_all(),
        }
    }

    /// Listens until `stop` on its own connection (not one of the workers'
    /// pool: it is held for the process's life), reconnecting with back-off.
    pub async fn listen(self, pool: PgPool, mut stop: watch::Receiver<bool>) {
        let options = pool.connect_options().as_ref().clone();
        let own = PgPoolOptions::new().max_connections(1).connect_lazy_with(options);
        let mut backoff = Duration::from_millis(250);
        while !*stop.borrow() {
            let listening = async {
                let mut listener = PgListener::connect_with(&own).await?;
                listener.listen(INSERT_CHANNEL).await?;
                self.wake_all();
                loop {
                    // None: the connection dropped and was re-established; what
                    // was sent meanwhile is lost, so every queue looks now.
                    match listener.try_recv().await? {
                        Some(message) => self.wake(message.payload()),
                        None => self.wake_all(),
                    }
                }
                #[allow(unreachable_code)]
                Ok::<(), sqlx::Error>(())
            };
            tokio::select! {
                outcome = listening => {
                    if let Err(error) = outcome {
                        tracing::warn!(%error, retry_in = ?backoff, "job wake-ups: listener lost; polling on the tick meanwhile");
                    }
                }
                _ = stop.wait_for(|s| *s) => break,
            }
            tokio::select! {
                _ = tokio::time::sleep(backoff) => {}
                _ = stop.wait_for(|s| *s) => break,
            }
            backoff = (backoff * 2).min(Duration::from_secs(10));
        }
        own.close().await;
    }
}

/// A timer that, once it fires, is re-armed and polled in the same call, so
/// the task is always registered for the next tick.
struct Tick {
    every: Duration,
    sleep: Pin<Box<tokio::time::Sleep>>,
}

impl Tick {
    fn new(every: Duration) -> Self {
        Self { every, sleep: Box::pin(tokio::time::sleep(every)) }
    }

    fn poll_fired(&mut self, cx: &mut Context<'_>) -> bool {
        let mut fired = false;
        while self.sleep.as_mut().poll(cx).is_ready() {
            fired = true;
            let next = tokio::time::Instant::now() + self.every;
            self.sleep.as_mut().reset(next);
        }
        fired
    }
}

/// Wakes a worker when its queue is told of a new job or its tick fires.
pub struct JobArrivals {
    notify: Arc<Notify>,
    waiting: Pin<Box<tokio::sync::futures::OwnedNotified>>,
    tick: Tick,
}

impl JobArrivals {
    fn poll_notified(&mut self, cx: &mut Context<'_>) -> bool {
        let mut notified = false;
        while self.waiting.as_mut().poll(cx).is_ready() {
            notified = true;
            self.waiting = Box::pin(self.notify.clone().notified_owned());
        }
        notified
    }
}

impl PollStrategy for JobArrivals {
    fn poll_drive(&mut self, cx: &mut Context<'_>, _: &PollSnapshot) -> Poll<Option<()>> {
        // Both are always polled, so both always hold the task's waker.
        let notified = self.poll_notified(cx);
        let ticked = self.tick.poll_fired(cx);
        if notified || ticked {
            Poll::Ready(Some(()))
        } else {
            Poll::Pending
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn noop_cx() -> Context<'static> {
        Context::from_waker(std::task::Waker::noop())
    }

    #[tokio::test]
    async fn the_tick_fires_every_period_and_stays_armed() {
        let mut tick = Tick::new(Duration::from_millis(20));
        let mut cx = noop_cx();
        assert!(!tick.poll_fired(&mut cx));
        for _ in 0..5 {
            tokio::time::sleep(Duration::from_millis(30)).await;
            assert!(tick.poll_fired(&mut cx), "fires again after each period");
            assert!(!tick.poll_fired(&mut cx), "and is re-armed, not left ready");
        }
    }

    #[tokio::test]
    async fn a_notification_for_the_queue_wakes_only_its_worker_and_is_kept_until_seen() {
        let wakeups = Wakeups::new(&["a", "b"]);
        let (mut a, mut b) =
            (wakeups.strategy("a", Duration::from_secs(60)), wakeups.strategy("b", Duration::from_secs(60)));
        let mut cx = noop_cx();
        let snapshot = PollSnapshot::default();
        assert!(a.poll_drive(&mut cx, &snapshot).is_pending());
        wakeups.wake(r#"{"job_type":"a","id":"x","run_at":"2026-01-01T00:00:00Z"}"#);
        wakeups.wake(r#"{"job_type":"a","id":"y","run_at":"2026-01-01T00:00:00Z"}"#);
        assert!(a.poll_drive(&mut cx, &snapshot).is_ready());
        assert!(a.poll_drive(&mut cx, &snapshot).is_pending(), "two notifications, one look");
        assert!(b.poll_drive(&mut cx, &snapshot).is_pending(), "another queue's job does not wake b");
        wakeups.wake("not json");
        assert!(b.poll_drive(&mut cx, &snapshot).is_ready(), "an unreadable payload wakes everyone");
    }
}
