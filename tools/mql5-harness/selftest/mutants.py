"""The mutation catalogue of the license template (selftest.py part (d)).

Each mutant is an edit of shared/src/domain/mql5/auth_template.mq5 that
WEAKENS the license check without breaking valid answers: the mutant must
compile and a valid answer must still license the robot (selftest checks
both), and the self-test's behavioural suite must then fail on it (the
mutant is "killed"). A surviving mutant fails the self-test.

A mutant is a dict:
  name      short, unique
  category  one of CATEGORIES (what part of the check it weakens)
  find      exact text of the template; must occur exactly once, or the run
            fails loudly (an anchor that no longer matches is a bug of this
            catalogue: re-target it, do not delete the mutant)
  replace   what find becomes
  more      optional list of further (find, replace) pairs, same rule, for
            weakenings that need more than one site
  why       one line: the weakening it models

The catalogue is a floor: the suite's assertions are written to kill each
kind of weakening (exact traces, exact alerts, stored-file presence), not
just these edits.
"""

MINIMUM = 25
CATEGORIES = ("answer", "nonce", "clock", "stored", "grace", "guard", "denial", "lapse", "startup", "message")


class AnchorError(Exception):
    pass


def M(name, category, find, replace, why, more=()):
    return {"name": name, "category": category, "find": find, "replace": replace, "why": why,
            "more": list(more)}


MUTANTS = [
    # ---------------------------------------------------------------- answer
    M("signature failure only logged", "answer",
      '''      problem = "assinatura da resposta inválida.";
      return(false);''',
      '''      problem = "assinatura da resposta inválida.";''',
      "a bad signature is reported but the answer is used anyway (forged server accepted)"),
    M("unreadable answer falls through", "answer",
      '''      RF_Problem = "resposta do servidor não confiável: " + problem;
      return(RF_OUTCOME_UNAVAILABLE);''',
      '''      RF_Problem = "resposta do servidor não confiável: " + problem;''',
      "RF_RequestLicense goes on with whatever RF_ReadAnswer parsed when it failed"),
    M("missing signature accepted", "answer",
      '''      at_signature < 0 || !quoted[at_signature] || at_latest < 0''',
      '''      at_latest < 0''',
      "an answer without a signature (null or absent) is accepted unverified",
      more=[('''   if(!RF_HexToBytes(values[at_signature], signature, 64) ||
      !RF_Ed25519Verify(signature, message, message_len, public_key))''',
             '''   if(at_signature >= 0 && quoted[at_signature] && (!RF_HexToBytes(values[at_signature], signature, 64) ||
      !RF_Ed25519Verify(signature, message, message_len, public_key)))''')]),
    M("only refusals verified", "answer",
      '''      !RF_Ed25519Verify(signature, message, message_len, public_key))''',
      '''      (!valid && !RF_Ed25519Verify(signature, message, message_len, public_key)))''',
      "valid:true answers skip the signature check (anyone can say yes)"),
    M("Ed25519: S < L not checked", "answer",
      '''   if(!RF_ScalarIsCanonical(signature, 32))
      return(false);''',
      '''''',
      "the verifier accepts non-canonical S (S + L): malleable signatures, not RFC 8032 5.1.7"),
    M("Ed25519: R not compared", "answer",
      '''   for(int m = 0; m < 32; m++)
      if(encoded[m] != signature[m])
         return(false);
   return(true);''',
      '''   return(true);''',
      "the verifier computes [S]B - [k]A but never compares it with R: any signature verifies"),
    # ---------------------------------------------------------------- nonce
    M("nonce comparison skipped", "nonce",
      '''   if(values[at_nonce] != nonce)''',
      '''   if(false && values[at_nonce] != nonce)''',
      "the echoed nonce is not compared with the one sent"),
    M("signature checked over the echoed nonce", "nonce",
      '''   if(values[at_nonce] != nonce)''',
      '''   if(false)''',
      "the answer's own nonce is trusted: a recorded answer replays",
      more=[('''   string signed_text = RF_SignedString(nonce, valid,''',
             '''   string signed_text = RF_SignedString(values[at_nonce], valid,''')]),
    M("constant nonce", "nonce",
      '''      return(RF_BytesToHex(digest, 16));''',
      '''      return("5f4dcc3b5aa765d61d8327deb882cf99");''',
      "every request carries the same nonce: a recorded answer replays forever"),
    # ---------------------------------------------------------------- clock
    M("clock window widened to 1 h", "clock",
      '''#define RF_MAX_CLOCK_SKEW       300''',
      '''#define RF_MAX_CLOCK_SKEW       3600''',
      "stored answers and running graces trust a clock an hour before the issue; no warning under an hour"),
    M("clock warning: a clock ahead not reported", "clock",
      '''   if(skew > RF_MAX_CLOCK_SKEW || skew < -RF_MAX_CLOCK_SKEW)''',
      '''   if(skew > RF_MAX_CLOCK_SKEW)''',
      "a computer clock ahead of the server gets no warning (a fresh answer is accepted with one)"),
    M("clock warning: a clock behind not reported", "clock",
      '''   if(skew > RF_MAX_CLOCK_SKEW || skew < -RF_MAX_CLOCK_SKEW)''',
      '''   if(skew < -RF_MAX_CLOCK_SKEW)''',
      "a computer clock behind the server (turned back) gets no warning"),
    M("clock warning removed", "clock",
      '''   if(skew > RF_MAX_CLOCK_SKEW || skew < -RF_MAX_CLOCK_SKEW)''',
      '''   if(false)''',
      "the trader is never told the computer's clock is off"),
    M("clock warning on refusals only", "clock",
      '''   if(skew > RF_MAX_CLOCK_SKEW || skew < -RF_MAX_CLOCK_SKEW)''',
      '''   if(!valid && (skew > RF_MAX_CLOCK_SKEW || skew < -RF_MAX_CLOCK_SKEW))''',
      "a valid answer with any serverTime raises no warning"),
    M("clock window widened by 10 s", "clock",
      '''#define RF_MAX_CLOCK_SKEW       300''',
      '''#define RF_MAX_CLOCK_SKEW       310''',
      "the window creeps: 310 s off raises no warning, and the issue-time bounds loosen"),
    M("stored answer: clock before issue accepted", "clock",
      '''   if(now < issued - RF_MAX_CLOCK_SKEW)''',
      '''   if(false)''',
      "a PC clock set back before the stored answer's issue time still gets its grace"),
    M("stored answer: issue-time bound widened to a day", "clock",
      '''   if(now < issued - RF_MAX_CLOCK_SKEW)''',
      '''   if(now < issued - 86400)''',
      "a PC clock set back up to a day before the issue time still gets the grace"),
    M("stored answer: issue-time bound 20 s looser", "clock",
      '''   if(now < issued - RF_MAX_CLOCK_SKEW)''',
      '''   if(now < issued - RF_MAX_CLOCK_SKEW - 20)''',
      "a PC clock a little further before the issue time still gets the grace"),
    # ---------------------------------------------------------------- stored
    M("stored answer: signature failure only logged", "stored",
      '''      Print("RoboForge: licença guardada neste computador ignorada: " + problem);
      return(0);''',
      '''      Print("RoboForge: licença guardada neste computador ignorada: " + problem);''',
      "an edited stored answer (grace stretched) is used after its check failed"),
    M("stored answer: valid:false trusted", "stored",
      '''   if(!valid)
      return(0);''',
      '''''',
      "a stored signed refusal gives a grace like a valid answer"),
    M("stored answer: not forgotten on a signed refusal", "stored",
      '''      RF_ForgetAnswer(account);   // a signed refusal also ends the stored grace''',
      '''      Print("");''',
      "a refused license keeps its stored grace for the next offline start"),
    M("stored answer: kept after a signed EXPIRED", "stored",
      '''      RF_ForgetAnswer(account);   // a signed refusal also ends the stored grace''',
      '''      if(code != "EXPIRED")
         RF_ForgetAnswer(account);''',
      "an expired license keeps its stored grace for the next offline start"),
    M("stored answer: graceSeconds 0 still used", "stored",
      '''   if(now >= (long)until)
      return(0);''',
      '''   if(now >= (long)until && grace > 0)
      return(0);''',
      "a stored answer that grants no grace lets the robot start offline"),
    M("stored answer: forgotten in the wrong folder", "stored",
      '''      if(FileDelete(name, FILE_COMMON))''',
      '''      if(FileDelete(name))''',
      "the refusal deletes a file that is not the stored answer: the grace survives"),
    M("stored answer: one file for every account", "stored",
      '''   return(RF_LICENSE_FOLDER + "\\\\" + RF_ROBOT_ID + "_" + IntegerToString(account) + ".lic");''',
      '''   return(RF_LICENSE_FOLDER + "\\\\" + RF_ROBOT_ID + ".lic");''',
      "the file name ignores the account: two accounts on one terminal overwrite each other's grace"),
    M("stored answer: used when the e-mail is missing", "stored",
      '''   if(StringLen(RF_Email()) == 0)
     {
      RF_Status = "falta o e-mail usado na compra";''',
      '''   if(false)
     {
      RF_Status = "falta o e-mail usado na compra";''',
      "a robot with no e-mail typed in runs on the stored answer's grace",
      more=[('''   if(outcome == RF_OUTCOME_DENIED || outcome == RF_OUTCOME_MISSING)
     {
      RF_LicenseValid = false;''',
             '''   if(outcome == RF_OUTCOME_DENIED)
     {
      RF_LicenseValid = false;''')]),
    # ---------------------------------------------------------------- grace
    M("stored grace not capped by expiresAt", "grace",
      '''   if(expires_at > 0 && expires_at < until)''',
      '''   if(false)''',
      "the offline grace outlives the license's own expiry"),
    M("grace cap inverted", "grace",
      '''   if(expires_at > 0 && expires_at < until)''',
      '''   if(expires_at > 0 && expires_at > until)''',
      "the grace lasts until the license's expiry instead of being capped by it"),
    M("re-check grace not capped by expiresAt", "grace",
      '''   RF_GraceUntil = RF_GraceEnd(server_time, grace_seconds, expires_at);''',
      '''   RF_GraceUntil = (datetime)(server_time + grace_seconds);''',
      "a running robot's grace outlives the license's expiry"),
    M("stored grace counted from now", "grace",
      '''   datetime until = RF_GraceEnd(issued, grace, expires);''',
      '''   datetime until = RF_GraceEnd(now, grace, expires);''',
      "the stored grace restarts at every start: it never ends offline"),
    M("stored grace one hour longer", "grace",
      '''   if(now >= (long)until)
      return(0);''',
      '''   if(now >= (long)until + 3600)
      return(0);''',
      "a stored answer still gives an hour after its grace ended"),
    M("grace end a minute later", "grace",
      '''   long until = server_time + grace_seconds;''',
      '''   long until = server_time + grace_seconds + 60;''',
      "every grace (stored or running) ends a minute after serverTime + graceSeconds"),
    M("grace at start one hour longer", "grace",
      '''   RF_GraceUntil = until;
''',
      '''   RF_GraceUntil = until + 3600;
''',
      "a robot started on its stored grace keeps running an hour past it"),
    M("a valid re-check's graceSeconds not kept", "grace",
      '''   RF_GraceSeconds = grace_seconds;
''',
      '''''',
      "an ended grace is taken for grace 0 and gets the grace-0 retries on top"),
    M("stored grace 30 s longer", "grace",
      '''   if(now >= (long)until)
      return(0);''',
      '''   if(now >= (long)until + 30)
      return(0);''',
      "a stored answer still gives half a minute after its grace ended"),
    M("re-check grace one hour longer", "grace",
      '''   RF_GraceEndTick = RF_TickIn((long)RF_GraceUntil - server_time - age_seconds);''',
      '''   RF_GraceEndTick = RF_TickIn((long)RF_GraceUntil + 3600 - server_time - age_seconds);''',
      "a running robot keeps an hour past its grace (every clock's bound moved)",
      more=[('''now >= (long)RF_GraceUntil)''', '''now >= (long)RF_GraceUntil + 3600)'''),
            ('''witness >= (long)RF_GraceUntil)''', '''witness >= (long)RF_GraceUntil + 3600)''')]),
    M("re-check grace 30 s longer", "grace",
      '''   RF_GraceEndTick = RF_TickIn((long)RF_GraceUntil - server_time - age_seconds);''',
      '''   RF_GraceEndTick = RF_TickIn((long)RF_GraceUntil + 30 - server_time - age_seconds);''',
      "a running robot keeps half a minute past its grace (every clock's bound moved)",
      more=[('''now >= (long)RF_GraceUntil)''', '''now >= (long)RF_GraceUntil + 30)'''),
            ('''witness >= (long)RF_GraceUntil)''', '''witness >= (long)RF_GraceUntil + 30)''')]),
    M("grace end not checked at once", "grace",
      '''   bool grace_over = RF_InGrace && !RF_GraceHolds();''',
      '''   bool grace_over = false;''',
      "an ended grace waits for the retry pacing instead of being re-checked at once"),
    M("re-check failures limit raised", "grace",
      '''#define RF_MAX_RECHECK_FAILURES 3''',
      '''#define RF_MAX_RECHECK_FAILURES 30''',
      "with grace 0 the server may stay unreachable for 30 hours"),
    M("re-check failures not counted", "grace",
      '''   RF_RecheckFailures++;''',
      '''   RF_RecheckFailures += 0;''',
      "with grace 0 an unreachable server never ends the license"),
    M("grace-0 retries after a grace too", "grace",
      '''   if(RF_GraceSeconds == 0 && RF_RecheckFailures < RF_MAX_RECHECK_FAILURES)''',
      '''   if(RF_RecheckFailures < RF_MAX_RECHECK_FAILURES)''',
      "an ended grace gets the grace-0 retries on top"),
    # ---------------------------------------------------------------- guard
    M("guard: ended grace not checked", "guard",
      '''   if(RF_InGrace && !RF_GraceHolds())
      return(false);
   return(true);''',
      '''   return(true);''',
      "RF_CanOpenPositions() says yes after the grace ended, until the next re-check"),
    M("guard: grace doubled", "guard",
      '''   if(RF_InGrace && !RF_GraceHolds())
      return(false);
   return(true);''',
      '''   if(RF_InGrace && GetTickCount64() >= RF_GraceEndTick + (ulong)RF_GraceSeconds * 1000)
      return(false);
   return(true);''',
      "RF_CanOpenPositions() allows a second grace period"),
    M("guard: grace end 30 s late", "guard",
      '''   if(RF_InGrace && !RF_GraceHolds())
      return(false);
   return(true);''',
      '''   if(RF_InGrace && GetTickCount64() >= RF_GraceEndTick + 30000)
      return(false);
   return(true);''',
      "RF_CanOpenPositions() says yes for half a minute after the grace ended"),
    M("guard: not licensed still opens", "guard",
      '''   if(!RF_LicenseValid)
      return(false);
   if(AccountInfoInteger(ACCOUNT_LOGIN) != RF_LicensedAccount)''',
      '''   if(AccountInfoInteger(ACCOUNT_LOGIN) != RF_LicensedAccount)''',
      "RF_CanOpenPositions() says yes while not licensed (lapsed, manage)"),
    M("guard: lapsed counts as licensed", "guard",
      '''   if(MQLInfoInteger(MQL_TESTER) != 0)
      return(true);
   if(!RF_LicenseValid)''',
      '''   if(MQLInfoInteger(MQL_TESTER) != 0 || RF_Lapsed)
      return(true);
   if(!RF_LicenseValid)''',
      "RF_CanOpenPositions() says yes once the license lapsed under manage"),
    M("guard: v1 name always true when valid", "guard",
      '''   return(RF_CanOpenPositions());''',
      '''   return(RF_LicenseValid || RF_CanOpenPositions());''',
      "RF_TradingAllowed() (the v1 name) ignores the ended grace"),
    M("lapse keeps the license flag", "guard",
      '''   RF_LicenseValid = false;
   RF_InGrace = false;
   RF_Waiting = false;
   if(RF_LAPSE_POLICY == "manage")''',
      '''   RF_InGrace = false;
   RF_Waiting = false;
   if(RF_LAPSE_POLICY == "manage")''',
      "a lapsed robot (manage) can still open positions"),
    M("tester bypass on login 0", "guard",
      '''   if(MQLInfoInteger(MQL_TESTER) != 0)
     {
      RF_LicenseValid = true;
      return(INIT_SUCCEEDED);''',
      '''   if(MQLInfoInteger(MQL_TESTER) != 0 || AccountInfoInteger(ACCOUNT_LOGIN) == 0)
     {
      RF_LicenseValid = true;
      return(INIT_SUCCEEDED);''',
      "a terminal with no account logged in is licensed without asking"),
    # ---------------------------------------------------------------- denial
    M("SUSPENDED treated as retry-later", "denial",
      '''   return(code == "THROTTLED" || code == "RATE_LIMITED");''',
      '''   return(code == "THROTTLED" || code == "RATE_LIMITED" || code == "SUSPENDED");''',
      "a suspended license runs on its grace instead of stopping"),
    M("unknown codes treated as retry-later", "denial",
      '''   return(code == "THROTTLED" || code == "RATE_LIMITED");''',
      '''   return(code == "THROTTLED" || code == "RATE_LIMITED" || StringFind(code, "_NEW") >= 0 ||
          code == "CANCELLED");''',
      "a refusal the robot does not know (or CANCELLED) is taken as 'not now'"),
    M("retry-later with nothing stored starts licensed", "denial",
      '''   RF_Explain(outcome, key, why, fix);
   RF_LicenseValid = false;
   RF_InGrace = false;
   RF_Waiting = true;''',
      '''   RF_Explain(outcome, key, why, fix);
   RF_LicenseValid = (outcome == RF_OUTCOME_RETRY_LATER);
   RF_InGrace = false;
   RF_Waiting = true;''',
      "a THROTTLED/RATE_LIMITED answer at the first start runs the robot with no license at all"),
    M("re-check: EXPIRED is no verdict", "denial",
      '''   if(outcome == RF_OUTCOME_DENIED || outcome == RF_OUTCOME_MISSING)
     {
      RF_ShowDenial(code);
      RF_Lapse();''',
      '''   if((outcome == RF_OUTCOME_DENIED && code != "EXPIRED") || outcome == RF_OUTCOME_MISSING)
     {
      RF_ShowDenial(code);
      RF_Lapse();''',
      "an expired license found by a re-check keeps running on the grace"),
    M("re-check: refusal ignored while in grace", "denial",
      '''   if(outcome == RF_OUTCOME_DENIED || outcome == RF_OUTCOME_MISSING)
     {
      RF_ShowDenial(code);
      RF_Lapse();''',
      '''   if((outcome == RF_OUTCOME_DENIED && !RF_InGrace) || outcome == RF_OUTCOME_MISSING)
     {
      RF_ShowDenial(code);
      RF_Lapse();''',
      "a signed refusal does not end a grace already running"),
    M("manage: start without a license", "denial",
      '''   if(!RF_CheckLicense())
     {
      RF_ShowStatus();
      return(INIT_FAILED);''',
      '''   if(!RF_CheckLicense() && RF_LAPSE_POLICY != "manage")
     {
      RF_ShowStatus();
      return(INIT_FAILED);''',
      "with the manage policy a refused robot stays on the chart at start"),
    M("ACCOUNT_MISMATCH alert without what to check", "denial",
      '''      return("ERRO: Conta MT5 não autorizada! " + RF_CheckList());''',
      '''      return("ERRO: Conta MT5 não autorizada!");''',
      "a signed ACCOUNT_MISMATCH does not tell the buyer what to check (the old alert)"),
    M("CANCELLED mapped to the retry text", "denial",
      '''   if(code == "CANCELLED")
      return("ERRO: Licença cancelada. Fale com o vendedor.");''',
      '''   if(code == "CANCELLED")
      return("Muitas tentativas; tente novamente em alguns minutos.");''',
      "a cancelled license tells the buyer to try again later"),
    # ---------------------------------------------------------------- lapse
    M("stop policy: ExpertRemove dropped", "lapse",
      '''   RF_ShowStatus();
   ExpertRemove();''',
      '''   RF_ShowStatus();''',
      "a lapsed robot with the stop policy stays on the chart"),
    M("stop policy behaves as manage", "lapse",
      '''   if(RF_LAPSE_POLICY == "manage")''',
      '''   if(true)''',
      "every lapse keeps the robot running"),
    M("in grace: no re-checks", "lapse",
      '''   if(MQLInfoInteger(MQL_TESTER) != 0 || RF_Lapsed || (!RF_LicenseValid && !RF_Waiting))''',
      '''   if(MQLInfoInteger(MQL_TESTER) != 0 || RF_Lapsed || (!RF_LicenseValid && !RF_Waiting) || RF_InGrace)''',
      "a robot running on its grace never asks again: it neither lapses nor finds a refusal"),
    M("re-checks every 10 hours", "lapse",
      '''      due = (now - RF_LastCheckTick >= (ulong)(RF_RECHECK_SECONDS - 60) * 1000);''',
      '''      due = (now - RF_LastCheckTick >= (ulong)(10 * RF_RECHECK_SECONDS - 60) * 1000);''',
      "a cancelled license is found 10 hours late"),
    M("hourly timer set to a day", "lapse",
      '''      EventSetTimer(RF_RECHECK_SECONDS);''',
      '''      EventSetTimer(24 * RF_RECHECK_SECONDS);''',
      "the robot re-checks once a day"),
    # ---------------------------------------------------------------- issue 34: main's new checks
    M("start-up backoff skipped (retries on every tick)", "startup",
      '''      delay = RF_BackoffSeconds(RF_RetryCount);''',
      '''      delay = 0;''',
      "a robot waiting for its first answer hammers the server on every timer tick"),
    M("start-up backoff stops growing at 60 s", "startup",
      '''   if(attempt == 3)
      return(60);
   return(RF_RETRY_MAX_SECONDS);''',
      '''   if(attempt == 3)
      return(60);
   return(60);''',
      "a robot that cannot reach the server retries every minute for good, not every 5 min"),
    M("start-up backoff: the first retry at once", "startup",
      '''   if(attempt <= 1)
      return(10);''',
      '''   if(attempt <= 1)
      return(0);''',
      "the first retry after a failed start-up check comes on the very next tick"),
    M("waiting robot allowed to open positions", "startup",
      '''   if(!RF_LicenseValid)
      return(false);
   if(AccountInfoInteger(ACCOUNT_LOGIN) != RF_LicensedAccount)
      return(false);''',
      '''   if(!RF_LicenseValid && !RF_Waiting)
      return(false);
   if(AccountInfoInteger(ACCOUNT_LOGIN) != RF_LicensedAccount && !RF_Waiting)
      return(false);''',
      "RF_CanOpenPositions() says yes while the robot still waits for its first answer"),
    M("waiting start-up reported as licensed (hourly timer, canOpen)", "startup",
      '''   RF_RecheckFailures = 0;
   if(RF_LicenseValid)''',
      '''   RF_RecheckFailures = 0;
   RF_LicenseValid = RF_LicenseValid || RF_Waiting;
   if(RF_LicenseValid)''',
      "a robot that got no answer at start-up runs as if licensed until the next check"),
    M("retryAfter ignored", "startup",
      '''      if(outcome == RF_OUTCOME_RETRY_LATER && RF_RetryAfter > delay)''',
      '''      if(false && outcome == RF_OUTCOME_RETRY_LATER && RF_RetryAfter > delay)''',
      "a signed RATE_LIMITED is retried on the plain backoff, not after its retryAfter"),
    M("retryAfter halved", "startup",
      '''         delay = RF_RetryAfter;''',
      '''         delay = RF_RetryAfter / 2;''',
      "a signed RATE_LIMITED is retried sooner than it asked"),
    M("retryAfter capped at 5 min", "startup",
      '''#define RF_RETRY_AFTER_MAX      86400''',
      '''#define RF_RETRY_AFTER_MAX      300''',
      "a long signed retryAfter is cut to 5 minutes"),
    M("old THROTTLED (no retryAfter) retried on the backoff", "startup",
      '''         RF_RetryAfter = (retry_after < 0) ? RF_RETRY_AFTER_DEFAULT : retry_after;''',
      '''         RF_RetryAfter = (retry_after < 0) ? 0 : retry_after;''',
      "an older server's THROTTLED (no retryAfter) is retried after 10 s, not the default 300 s"),
    M("monotonic grace bound dropped", "grace",
      '''   if(GetTickCount64() >= RF_GraceEndTick)
      return(false);
   long now = (long)TimeGMT();''',
      '''   long now = (long)TimeGMT();''',
      "with the PC clock frozen the running grace never ends"),
    M("stored answer's age ignored by the monotonic bound", "grace",
      '''      RF_RestOnAnswer(account, issued, grace_seconds, expires_at, (age > 0) ? age : 0);''',
      '''      RF_RestOnAnswer(account, issued, grace_seconds, expires_at, 0);''',
      "a restart on a half-used stored grace gets the whole grace again by the monotonic clock"),
    M("PC clock lower bound of the grace dropped", "clock",
      '''   if(now < RF_AnswerServerTime - RF_MAX_CLOCK_SKEW || now >= (long)RF_GraceUntil)''',
      '''   if(now >= (long)RF_GraceUntil)''',
      "a PC clock turned back before the answer's issue keeps the running grace"),
    M("PC clock upper bound of the grace dropped", "clock",
      '''   if(now < RF_AnswerServerTime - RF_MAX_CLOCK_SKEW || now >= (long)RF_GraceUntil)''',
      '''   if(now < RF_AnswerServerTime - RF_MAX_CLOCK_SKEW)''',
      "the computer's clock past the grace's end does not end the running grace"),
    M("TimeCurrent witness dropped (running grace)", "clock",
      '''   long witness = RF_ServerClockFloor();
   if(witness > 0 && witness >= (long)RF_GraceUntil)
      return(false);
   return(true);''',
      '''   return(true);''',
      "the trade server's clock past the grace does not end it during a run"),
    M("TimeCurrent witness dropped (stored answer)", "clock",
      '''   if(witness > 0 && witness >= (long)until)''',
      '''   if(false)''',
      "a restart with the PC clock stuck in the past gets a grace the trade server's clock says is over"),
    M("re-checks paced by the PC clock", "clock",
      '''      due = (now - RF_LastCheckTick >= (ulong)(RF_RECHECK_SECONDS - 60) * 1000);''',
      '''      due = ((long)TimeLocal() - (long)RF_LastCheck >= RF_RECHECK_SECONDS - 60);''',
      "turning the PC clock back stops every re-check (the pacing issue 34 found)"),
    M("signed denial with a skewed clock does not stop", "denial",
      '''   RF_LatestVersion = latest_version;   // VERSION_WITHDRAWN names it too
   if(!valid)''',
      '''   RF_LatestVersion = latest_version;   // VERSION_WITHDRAWN names it too
   if(!valid && (skew > RF_MAX_CLOCK_SKEW || skew < -RF_MAX_CLOCK_SKEW))
      return(RF_OUTCOME_UNAVAILABLE);
   if(!valid)''',
      "a trader who sets the PC clock off turns every signed refusal into 'no answer'"),
    M("license expiry by the monotonic clock dropped", "guard",
      '''   if(RF_ExpiryTick > 0 && GetTickCount64() >= RF_ExpiryTick)
      return(false);
''',
      '''''',
      "RF_CanOpenPositions() says yes past expiresAt until the next hourly re-check"),
    M("grace-0 failures not paced (a short outage uses them up)", "grace",
      '''      if(RF_LicenseValid && delay < RF_RETRY_MAX_SECONDS)
         delay = RF_RETRY_MAX_SECONDS;''',
      '''''',
      "a licensed robot retries a failed re-check after 10 s, 30 s: a short outage ends a grace-0 license"),
    M("stored answer read without FILE_SHARE_READ", "stored",
      '''      handle = FileOpen(name, FILE_READ | FILE_BIN | FILE_COMMON | FILE_SHARE_READ);''',
      '''      handle = FileOpen(name, FILE_READ | FILE_BIN | FILE_COMMON);''',
      "a chart that starts while another reads the stored answer loses its grace"),
    M("stored answer written in place (not atomic)", "stored",
      '''   string temp = name + "." + RF_InstanceTag + ".tmp";''',
      '''   string temp = name;''',
      "the answer is written over the stored file itself: a reader can see half of it, a holder blocks it",
      more=[('''      if(FileMove(temp, FILE_COMMON, name, FILE_COMMON | FILE_REWRITE))
         return;''', '''      return;''')]),
    M("NOT_RECOGNIZED taken as retry-later", "denial",
      '''   return(code == "THROTTLED" || code == "RATE_LIMITED");''',
      '''   return(code == "THROTTLED" || code == "RATE_LIMITED" || code == "NOT_RECOGNIZED");''',
      "an unrecognised buyer waits and retries (or runs on a grace) instead of being told what to check"),
    M("NOT_RECOGNIZED shown with the generic text", "message",
      '''      return("ERRO: licença não reconhecida para este e-mail e esta conta. " + RF_CheckList());''',
      '''      return("ERRO: Licença recusada pelo servidor (código " + code + ").");''',
      "the buyer is not told to check the e-mail, the confirmed account and the portal"),
    M("4014 fix without the URL", "message",
      '''          "adicione " + RF_AUTH_URL);''',
      '''          "adicione o endereço do servidor de licenças");''',
      "the alert and the panel do not name the exact URL to allow"),
    M("4014 treated as a network failure", "message",
      '''      if(RF_LastError == 4014)''',
      '''      if(false)''',
      "WebRequest not allowed is shown as 'check the internet connection'"),
    M("alerts on every retry", "message",
      '''   if(key == RF_LastAlertKey)
      return;
''',
      '''''',
      "the same situation alerts again on every retry (the trader learns to ignore alerts)"),
    M("personal build shows the e-mail input", "message",
      '''#ifndef RF_LICENSE_ID
input string LicenseEmail = "";   // E-mail usado na compra
#endif''',
      '''input string LicenseEmail = "";   // E-mail usado na compra''',
      "a personal build asks for an e-mail it ignores"),
    # ---------------------------------------------------------------- protocol v3 (issue 36)
    M("server taken from the answer", "answer",
      '''   string signed_text = RF_SignedString(nonce, valid, code, expires_at, server_time, account, server, grace_seconds,''',
      '''   int at_server = RF_JsonFind(names, "server");
   string signed_text = RF_SignedString(nonce, valid, code, expires_at, server_time, account,
                                        (at_server >= 0) ? values[at_server] : server, grace_seconds,''',
      "the signed server is the one the answer names, not the terminal's: an answer approved for the same "
      "login at another broker verifies"),
    M("server not signed", "answer",
      '''IntegerToString(account) + "|" + server + "|" +''',
      '''IntegerToString(account) + "|" + "MetaQuotes-Demo" + "|" +''',
      "the robot signs a fixed server instead of its own (valid where the harness's default server is, "
      "so only an answer for another server or a terminal on another server tells)"),
    M("no server still asks", "startup",
      '''   if(account <= 0 || server == "")''',
      '''   if(account <= 0)''',
      "a terminal that has not logged in to a server asks about the login alone"),
    M("update notice in the log on every check", "message",
      '''   if(RF_AnnouncedVersion == latest_version)
      return;
''',
      '''''',
      "the Experts log repeats the update notice every hour (the trader learns to ignore it)"),
    M("update notice not on the chart", "message",
      '''      text += RF_UpdateNotice + "\\n";''',
      '''      text += "";''',
      "the buyer is never shown on the chart that a newer version is out"),
    M("trade mode always real", "answer",
      '''   if(mode == ACCOUNT_TRADE_MODE_DEMO)
      return("demo");''',
      '''''',
      "a demo account is reported as real: owner rules on demo accounts (free seats, refusals) misfire"),
    M("VERSION_WITHDRAWN taken as retry-later", "denial",
      '''   return(code == "THROTTLED" || code == "RATE_LIMITED");''',
      '''   return(code == "THROTTLED" || code == "RATE_LIMITED" || code == "VERSION_WITHDRAWN");''',
      "a withdrawn version keeps trading on its grace instead of stopping"),
    M("DEMO_REFUSED shown with the generic text", "message",
      '''   if(code == "DEMO_REFUSED")
      return(RF_DemoRefusedMessage());
''',
      '''''',
      "the trader is not told the license does not accept demo accounts"),
    M("BROKER_NOT_ALLOWED without the server", "message",
      '''"ERRO: esta corretora não é autorizada para este robô (servidor " + RF_AccountServer() +''',
      '''"ERRO: esta corretora não é autorizada para este robô (servidor " + "" +''',
      "the trader is not told which server was refused"),
    M("a stored v2 answer trusted", "stored",
      '''   if(second >= 0 && StringSubstr(text, 0, first) == "v2")''',
      '''   if(false)''',
      "an answer stored by a v2 robot (no server signed) is read as if it were v3",
      more=[('''   if(second < 0 || StringSubstr(text, 0, first) != "v3")''',
             '''   if(second < 0 || (StringSubstr(text, 0, first) != "v3" && StringSubstr(text, 0, first) != "v2"))''')]),
]


def edits(mutant):
    return [(mutant["find"], mutant["replace"])] + [tuple(e) for e in mutant.get("more", [])]


def apply(template, mutant):
    """The template with the mutant's edits; AnchorError when a find text does not occur exactly once."""
    text = template
    for find, replace in edits(mutant):
        count = text.count(find)
        if count != 1:
            raise AnchorError("mutant %r: its find text occurs %d times in the template (must be once; "
                              "re-target the anchor): %r" % (mutant["name"], count, find[:200]))
        text = text.replace(find, replace)
    if text == template:
        raise AnchorError("mutant %r changes nothing" % mutant["name"])
    return text


def validate(mutants, template):
    """Catalogue problems (empty list when sound): size, categories, names, anchors."""
    problems = []
    if len(mutants) < MINIMUM:
        problems.append("only %d mutants; at least %d" % (len(mutants), MINIMUM))
    names = [m["name"] for m in mutants]
    for name in sorted(set(n for n in names if names.count(n) > 1)):
        problems.append("duplicate name %r" % name)
    for c in CATEGORIES:
        if not any(m["category"] == c for m in mutants):
            problems.append("no mutant in category %r" % c)
    for m in mutants:
        if m["category"] not in CATEGORIES:
            problems.append("mutant %r: unknown category %r" % (m["name"], m["category"]))
        if not m.get("why"):
            problems.append("mutant %r: no why" % m["name"])
        try:
            apply(template, m)
        except AnchorError as e:
            problems.append(str(e))
    return problems
