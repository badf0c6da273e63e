// harness_main.cpp: the runner. Plays the terminal's part for one Expert
// Advisor translated by translate.py:
//   OnInit()                          → "INIT: <return value>" and "CANOPEN: <0|1|-1>"
//   MQL5_TIMER_TICKS=N times, each after advancing the monotonic clock by
//   MQL5_TICK_ADVANCE seconds and the computer's clock by MQL5_TICK_CLOCK_STEP
//   (default: the same; 0 freezes it, negative turns it back), and after
//   sleeping MQL5_TICK_SLEEP_MS real milliseconds (default 0):
//   OnTimer() → "TICK: <i> removed=<0|1> canOpen=<0|1|-1>"
//   (stops early once ExpertRemove() was called)
//   OnDeinit(reason)                  → "DEINIT: <reason>"
// canOpen is RF_CanOpenPositions(), -1 when the program has none.
// Exit code 0; 70 after an MQL5 critical error, 71 after a harness error.
#include <cstdio>
#include <cstdlib>
#include <string>

#include "mql5_shim.hpp"

static long env_long(const char* name, long fallback) {
  const char* v = std::getenv(name);
  if (!v || !*v) return fallback;
  return static_cast<long>(mq5::mq5_parse_integer(name, v));
}

int main() {
  mq5::mq5_harness_start();
  long ticks = env_long("MQL5_TIMER_TICKS", 0);
  long advance = env_long("MQL5_TICK_ADVANCE", 0);
  long clock_step = env_long("MQL5_TICK_CLOCK_STEP", advance);
  long sleep_ms = env_long("MQL5_TICK_SLEEP_MS", 0);

  int init = mq5::mq5_hook_on_init();
  std::printf("INIT: %d\n", init);
  std::printf("CANOPEN: %d\n", mq5::mq5_hook_can_open());
  std::fflush(stdout);
  int reason = mq5::REASON_REMOVE;
  if (init != 0) {
    reason = mq5::REASON_INITFAILED;
  } else if (mq5::mq5_expert_removed()) {
    reason = mq5::REASON_PROGRAM;
  } else {
    for (long i = 1; i <= ticks; i++) {
      if (sleep_ms > 0) mq5::Sleep(static_cast<int>(sleep_ms));
      mq5::mq5_advance_clock(advance, clock_step);
      if (mq5::mq5_hook_has_on_timer()) mq5::mq5_hook_on_timer();
      bool removed = mq5::mq5_expert_removed();
      std::printf("TICK: %ld removed=%d canOpen=%d\n", i, removed ? 1 : 0, mq5::mq5_hook_can_open());
      std::fflush(stdout);
      if (removed) {
        reason = mq5::REASON_PROGRAM;
        break;
      }
    }
  }
  mq5::mq5_hook_on_deinit(reason);
  std::printf("DEINIT: %d\n", reason);
  std::fflush(stdout);
  mq5::mq5_harness_finish();
  return 0;
}
