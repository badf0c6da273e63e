"""Real-world scenarios for the license template (issue 34, the robot's side),
run by selftest.py after its own parts: the robot against the protocol v3
stand-in over HTTPS (a throwaway CA made here, trusted through
MQL5_TLS_CA_FILE), redirects, a network that comes up late, a terminal that
logs in late, clocks the trader moves, a license cancelled mid-run, signed
RATE_LIMITED with retryAfter, NOT_RECOGNIZED, error 4014, and several charts
and terminals sharing the stored answer at once.

    run_all(work, st)   # st: the selftest module (check, expect, build, ...)

run_all runs on the real template only (TLS, redirects, an old-storage build,
2 charts x 2 terminals). The scenarios that need only the http stand-in are
registered at the end of this file as @selftest.scenario groups (startup_waits,
not_allowed_4014, signed_waits, clocks, shared_file, personal_build): they run
in selftest's suite, so on the real template and against every mutant.

What it uses of st (keep these when selftest.py is refactored): PY, TEMPLATE,
ROBOT_ID, TENANT_ID, ROBOT_SECRET, OTHER_SECRET, ACCOUNT, timings["verify_us"]
(part (a)'s Ed25519 timing, and its binary work/crypto), WAITING, check, expect, build, render,
public_hex, lic_file, _in_docs, Robot (with .common(), .run(), .binary and the
class counter Robot.serial) and Ed25519PrivateKey.
"""
import datetime
import os
import re
import subprocess
import threading
import time
import urllib.request

from cryptography import x509
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.x509.oid import NameOID

HERE = os.path.dirname(os.path.abspath(__file__))
IMPORTED_AT = time.time()  # selftest.py imports this module when it starts
HARNESS = os.path.dirname(HERE)

VALID = r"PRINT: RoboForge: licença válida \(lucrobot\.com\.br\)\."
GRACE = r"PRINT: RoboForge: servidor de licenças indisponível; operando no período de tolerância até .*"
WAIT_ALERT = r"ALERT: ⚠ Licença ainda não confirmada: .*"
LAPSE_ALERT = r"ALERT: ⚠ Licença encerrada: .*"
ALLOW_FIX = "Ferramentas → Opções → Expert Advisors, marque \"Permitir WebRequest para as URLs listadas\" e adicione "


# docs/license-signature.md, "Try later" and "The buyer not recognised" (RFC 8032 TEST 1's key).
DOC_EXAMPLES = [
    ("RATE_LIMITED with retryAfter",
     "v2|9f86d081884c7d659a2feaa0c55ad015|0|RATE_LIMITED|0|1764000000|0193a5b2-7c1e-7d3f-9a4b-5c6d7e8f9012|51234567|86400|120",
     "17a89060a8287d4f302d3a698c5a7a9382d277b99050f5f157461cdf5f6ab879"
     "1a76aa4455c1e7c06b8e5b275c3dc8068e8f8250b40cc8c39d8bbb5969fc5903"),
    ("NOT_RECOGNIZED",
     "v2|9f86d081884c7d659a2feaa0c55ad015|0|NOT_RECOGNIZED|0|1764000000|0193a5b2-7c1e-7d3f-9a4b-5c6d7e8f9012|51234567|86400",
     "a92fcf4f63366d2c1cb6ed5af4d2fcfcea1c59e858961adf6f10dd60f83181b2"
     "3964df461355bb46de2242b87f4f76c17c283ea2c48f9978f5ade96e88783b09"),
]


# ------------------------------------------------------------------ certificates
def _key():
    return ec.generate_private_key(ec.SECP256R1())


def _write(path, data):
    with open(path, "wb") as f:
        f.write(data)


def _pem_key(key):
    return key.private_bytes(serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8,
                             serialization.NoEncryption())


def _cert(subject_cn, key, issuer_name, issuer_key, ca=False, dns=None):
    now = datetime.datetime.now(datetime.timezone.utc)
    builder = (x509.CertificateBuilder()
               .subject_name(x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, subject_cn)]))
               .issuer_name(issuer_name)
               .public_key(key.public_key())
               .serial_number(x509.random_serial_number())
               .not_valid_before(now - datetime.timedelta(days=1))
               .not_valid_after(now + datetime.timedelta(days=2))
               .add_extension(x509.BasicConstraints(ca=ca, path_length=None), critical=True))
    if ca:
        builder = builder.add_extension(x509.KeyUsage(
            digital_signature=True, content_commitment=False, key_encipherment=False, data_encipherment=False,
            key_agreement=False, key_cert_sign=True, crl_sign=True, encipher_only=False, decipher_only=False),
            critical=True)
    if dns:
        builder = builder.add_extension(x509.SubjectAlternativeName([x509.DNSName(d) for d in dns]), critical=False)
    return builder.sign(issuer_key, hashes.SHA256())


def make_certs(work):
    """A throwaway CA and a server certificate for DNS:localhost (not for
    127.0.0.1), plus a self-signed one for localhost that nobody trusts."""
    d = os.path.join(work, "tls")
    os.makedirs(d, exist_ok=True)
    ca_key = _key()
    ca_name = x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, "RoboForge selftest CA")])
    ca = _cert("RoboForge selftest CA", ca_key, ca_name, ca_key, ca=True)
    server_key = _key()
    server = _cert("localhost", server_key, ca_name, ca_key, dns=["localhost"])
    rogue_key = _key()
    rogue_name = x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, "localhost")])
    rogue = _cert("localhost", rogue_key, rogue_name, rogue_key, dns=["localhost"])
    paths = {name: os.path.join(d, name) for name in
             ("ca.pem", "server.pem", "server.key", "rogue.pem", "rogue.key")}
    _write(paths["ca.pem"], ca.public_bytes(serialization.Encoding.PEM))
    _write(paths["server.pem"], server.public_bytes(serialization.Encoding.PEM))
    _write(paths["server.key"], _pem_key(server_key))
    _write(paths["rogue.pem"], rogue.public_bytes(serialization.Encoding.PEM))
    _write(paths["rogue.key"], _pem_key(rogue_key))
    return paths


# ------------------------------------------------------------------ stand-in with TLS
class TlsServer:
    def __init__(self, st, certs):
        env = dict(os.environ, STAND_IN_TLS_CERT=certs["server.pem"], STAND_IN_TLS_KEY=certs["server.key"],
                   STAND_IN_BAD_TLS_CERT=certs["rogue.pem"], STAND_IN_BAD_TLS_KEY=certs["rogue.key"])
        self.proc = subprocess.Popen(
            [st.PY, os.path.join(HERE, "stand_in_server.py"), st.ROBOT_ID, st.TENANT_ID, st.ROBOT_SECRET,
             st.OTHER_SECRET], stdout=subprocess.PIPE, text=True, env=env)
        ports = {}
        for _ in range(3):
            m = re.match(r"(\w+) (\d+)", self.proc.stdout.readline())
            if m:
                ports[m.group(1)] = int(m.group(2))
        if set(ports) != {"PORT", "TLSPORT", "BADTLSPORT"}:
            self.proc.kill()
            raise SystemExit("stand-in server with TLS did not start: %r" % ports)
        self.port, self.tls_port, self.bad_tls_port = ports["PORT"], ports["TLSPORT"], ports["BADTLSPORT"]

    def cancel(self, license_number):
        req = urllib.request.Request("http://127.0.0.1:%d/control/cancel?license=%s" % (self.port, license_number),
                                     data=b"", method="POST")
        urllib.request.urlopen(req, timeout=5).read()

    def stop(self):
        self.proc.terminate()
        try:
            self.proc.wait(timeout=5)
        except subprocess.TimeoutExpired:
            self.proc.kill()


def _tries(out):
    return len(re.findall(r"^PRINT: RoboForge: sem resposta do servidor de licenças .*$", out, re.M))


def _ordered(out, first, then):
    a = re.search("^" + first + "$", out, re.M)
    b = re.search("^" + then + "$", out, re.M)
    return bool(a and b and a.start() < b.start())


def _build_all(st, work, specs):
    """Renders and builds several robots, two at a time. specs: name -> (url, policy, template_text)."""
    public = st.public_hex(st.ROBOT_SECRET)
    results = {}

    def one(name, url, policy, text):
        source = os.path.join(work, "rw-%s.mq5" % name)
        st.render(text, url, policy, public, source)
        binary = os.path.join(work, "rw-%s" % name)
        ok, log = st.build(source, binary)
        results[name] = (ok, log, binary)

    items = list(specs.items())
    for i in range(0, len(items), 2):
        threads = [threading.Thread(target=one, args=(name,) + spec) for name, spec in items[i:i + 2]]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
    robots = {}
    for name, (ok, log, binary) in sorted(results.items()):
        st.check("render + build.sh the template (%s)" % name, ok, log)
        if ok:
            robots[name] = st.Robot(binary, work)
    return robots


# ------------------------------------------------------------------ storage helpers
# Another chart reading the stored answer: holds it open (sharing reads)
# until the file RoboForge\release appears (at most 20 s).
HOLDER = """
int OnInit()
  {
   string name = "RoboForge\\\\%s_%d.lic";
   int handle = FileOpen(name, FILE_READ | FILE_BIN | FILE_COMMON | FILE_SHARE_READ);
   Print(handle == INVALID_HANDLE ? "not held" : "holding");
   for(int i = 0; i < 1000 && !FileIsExist("RoboForge\\\\release", FILE_COMMON); i++)
      Sleep(20);
   if(handle != INVALID_HANDLE)
      FileClose(handle);
   Print("released");
   return(INIT_SUCCEEDED);
  }
void OnTimer(){}
void OnDeinit(const int reason){}
"""

# The stored answer as the template kept it before issue 34: written in place
# without sharing, read without FILE_SHARE_READ.
OLD_STORE = '''void RF_StoreAnswer(const long account, const string nonce, const string response)
  {
   uchar bytes[];
   int count = RF_Utf8Bytes("v3\\n" + nonce + "\\n" + response, bytes);
   int handle = FileOpen(RF_LicenseFile(account), FILE_WRITE | FILE_BIN | FILE_COMMON);
   if(handle == INVALID_HANDLE)
     {
      PrintFormat("RoboForge: não foi possível guardar a licença neste computador (erro %d).", GetLastError());
      return;
     }
   FileWriteArray(handle, bytes, 0, count);
   FileClose(handle);
  }
'''


def _old_storage(template):
    start = template.index("void RF_StoreAnswer(")
    end = template.index("// A signed refusal ends the stored grace too")
    old = template[:start] + OLD_STORE + "\n" + template[end:]
    new_read = "FileOpen(name, FILE_READ | FILE_BIN | FILE_COMMON | FILE_SHARE_READ)"
    assert old.count(new_read) == 1
    old = old.replace(new_read, "FileOpen(name, FILE_READ | FILE_BIN | FILE_COMMON)")
    # no retries either: one attempt
    return old.replace("attempt <= RF_FILE_ATTEMPTS && handle == INVALID_HANDLE",
                       "attempt <= 1 && handle == INVALID_HANDLE")


# ------------------------------------------------------------------ scenarios
def run_all(work, st):
    print("== real world (the real template only): https, redirects, start-up that waits, clocks, sharing, rate limits", flush=True)
    started = time.time()
    _verify_timing(work, st)

    robot_key = st.Ed25519PrivateKey.from_private_bytes(bytes.fromhex(st.ROBOT_SECRET))
    for what, message, signature in DOC_EXAMPLES:
        st.check("docs worked example (%s): `cryptography` gives the documented signature, printed in the docs" % what,
                 robot_key.sign(message.encode()).hex() == signature and st._in_docs(message, signature))

    certs = make_certs(work)
    server = TlsServer(st, certs)
    try:
        _scenarios(work, st, server, certs)
    finally:
        server.stop()
    print("real-world scenarios: %.1f s (selftest so far: %.1f s)" % (time.time() - started, time.time() - IMPORTED_AT),
          flush=True)


def _verify_timing(work, st):
    """One Ed25519 verification in the harness. Part (a)'s crypto test times
    20 verifications by the wall clock (GetMicrosecondCount); on a shared,
    busy machine that includes time spent waiting for a core. So its binary
    runs five times more (other steps of `make test` run beside this one and
    slow a core's caches too: the least disturbed run is the measure), and
    the check takes the CPU time it used (user + system,
    from wait4) divided by the verifications it made: an upper bound of one
    verification's cost, since the hashing tests and the start-up count too."""
    crypto = os.path.join(work, "crypto")
    walls = [st.timings["verify_us"]] if "verify_us" in st.timings else []
    cpus = []
    env = {k: v for k, v in os.environ.items() if not k.startswith("MQL5_")}
    for _ in range(5 if os.path.exists(crypto) else 0):
        proc = subprocess.Popen([crypto], env=env, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
        out = proc.stdout.read()
        _, status, usage = os.wait4(proc.pid, 0)
        proc.returncode = status
        m = re.search(r"TIMING verify_us=(\d+)", out)
        if m:
            walls.append(int(m.group(1)))
        verifications = len(re.findall(r"^PRINT: CHECK \w+ Ed25519: ", out, re.M)) + 20
        if verifications > 20:
            cpus.append((usage.ru_utime + usage.ru_stime) * 1e6 / verifications)
    cpu_us = min(cpus) if cpus else None
    wall_us = min(walls) if walls else None
    if cpu_us is not None:
        print("ed25519 verify: %.2f ms (CPU time, an upper bound; wall clock %.2f ms, best of %d averages of 20)"
              % (cpu_us / 1000.0, (wall_us or 0) / 1000.0, len(walls)), flush=True)
    st.check("one Ed25519 verify in the harness takes under 10 ms", cpu_us is not None and cpu_us < 10000,
             "cpu_us=%r wall_us=%r" % (cpu_us, wall_us))


def _scenarios(work, st, server, certs):
    with open(st.TEMPLATE, encoding="utf-8") as f:
        template = f.read()
    path = "/api/webhooks/validate-license"
    https_url = "https://localhost:%d%s" % (server.tls_port, path)
    specs = {
        "https": (https_url, "stop", template),
        "https-manage": (https_url, "manage", template),
        "rogue-cert": ("https://localhost:%d%s" % (server.bad_tls_port, path), "stop", template),
        "wrong-host": ("https://127.0.0.1:%d%s" % (server.tls_port, path), "stop", template),
        "moved-308": ("http://127.0.0.1:%d/moved-308" % server.port, "stop", template),
        "moved-301": ("http://127.0.0.1:%d/moved-301" % server.port, "stop", template),
        "moved-loop": ("http://127.0.0.1:%d/moved-loop" % server.port, "stop", template),
        "old-storage": (https_url, "stop", _old_storage(template)),
    }
    robots = _build_all(st, work, specs)
    holder_src = os.path.join(work, "holder.mq5")
    with open(holder_src, "w", encoding="utf-8") as f:
        f.write(HOLDER % (st.ROBOT_ID, st.ACCOUNT))
    holder_bin = os.path.join(work, "holder")
    ok, log = st.build(holder_src, holder_bin)
    st.check("build the file holder (another chart reading the stored answer)", ok, log)
    if len(robots) != len(specs) or not ok:
        return
    tls = {"MQL5_TLS_CA_FILE": certs["ca.pem"]}
    https, manage = robots["https"], robots["https-manage"]
    expect = st.expect

    # --- HTTPS and the transport
    common = https.common()
    result = https.run("valid@test", common, **tls)
    expect("https: a valid answer over TLS (SNI, our CA via MQL5_TLS_CA_FILE)", result,
           has=["INIT: 0", "CANOPEN: 1", VALID, "EVENT: EventSetTimer 3600",
                r"COMMENT: RoboForge - licença do robô \(lucrobot\.com\.br\)\\nLicença: válida até \d{4}\.\d\d\.\d\d \d\d:\d\d"
                r"\\nConta MT5 vinculada: 51234567\\nÚltima verificação: \d{4}\.\d\d\.\d\d \d\d:\d\d:\d\d\\n"],
           lacks=["ALERT: .*"])
    expect("https: without MQL5_TLS_CA_FILE our throwaway CA is not trusted: waits (5203)", https.run("valid@test"),
           has=st.WAITING + [r"PRINT: RoboForge: sem resposta do servidor de licenças lucrobot\.com\.br \(erro 5203\)\."])
    expect("https: a certificate from another issuer is refused (-1, 5203): waits",
           robots["rogue-cert"].run("valid@test", **tls),
           has=st.WAITING + [r"PRINT: RoboForge: sem resposta do servidor de licenças lucrobot\.com\.br \(erro 5203\)\.",
                             WAIT_ALERT, r"HARNESS: note: WebRequest: TLS handshake with .* failed .*"])
    expect("https: a certificate for another host name (localhost, asked 127.0.0.1) is refused: waits",
           robots["wrong-host"].run("valid@test", **tls),
           has=st.WAITING + [r"PRINT: RoboForge: sem resposta do servidor de licenças lucrobot\.com\.br \(erro 5203\)\."])
    expect("redirect 308 from http:// to https:// keeps POST and its body: valid",
           robots["moved-308"].run("valid@test", **tls),
           has=["INIT: 0", "CANOPEN: 1", VALID, "WEBREQUEST: redirect 308 " + re.escape(https_url)])
    expect("redirect 308 to a URL not in the allowed list: 4014",
           robots["moved-308"].run("valid@test", MQL5_WEBREQUEST_ALLOWED="http://127.0.0.1:%d/" % server.port, **tls),
           has=st.WAITING + ["ALERT: .*erro 4014.*"])
    expect("redirect 301 turns the POST into a GET (as WinINet): the server says 405, the robot waits",
           robots["moved-301"].run("valid@test", **tls),
           has=st.WAITING + [r"PRINT: RoboForge: o servidor de licenças respondeu HTTP 405\."])
    expect("a redirect loop stops after 10 hops (-1, 5203): waits", robots["moved-loop"].run("valid@test"),
           has=st.WAITING + [r"PRINT: RoboForge: sem resposta do servidor de licenças lucrobot\.com\.br \(erro 5203\)\."])

    # --- 4014: the exact URL on the chart and in the alert, once
    rc, out = https.run("valid@test", MQL5_WEBREQUEST_ALLOWED="https://outro.exemplo/", MQL5_TIMER_TICKS=3,
                        MQL5_TICK_ADVANCE=10, **tls)
    expect("4014: waits; the alert and the chart name the exact URL to allow", (rc, out),
           has=st.WAITING + ["ALERT: ⚠ Licença ainda não confirmada: o MetaTrader bloqueou o acesso ao servidor de "
                             r"licenças \(erro 4014\)\..*" + re.escape(ALLOW_FIX + https_url),
                             "COMMENT: .*O que fazer: Em " + re.escape(ALLOW_FIX + https_url) + r"\\n.*",
                             "TICK: 3 removed=0 canOpen=0"])
    st.check("4014: alerted once, not on every retry", out.count("\nALERT: ") + out.startswith("ALERT: ") == 1, out)

    # --- start-up that waits instead of dying
    rc, out = https.run("valid@test", MQL5_NETWORK_DOWN_SECONDS=40, MQL5_TIMER_TICKS=6, MQL5_TICK_ADVANCE=10, **tls)
    expect("network down for 40 s at start-up: stays on the chart opening nothing, then runs", (rc, out),
           has=st.WAITING + [r"PRINT: RoboForge: sem resposta do servidor de licenças lucrobot\.com\.br \(erro 5201\)\.",
                             "COMMENT: .*aguardando o servidor \\(próxima tentativa em 10 s\\).*",
                             "TICK: 1 removed=0 canOpen=0", "TICK: 3 removed=0 canOpen=0",
                             "TICK: 4 removed=0 canOpen=1", VALID, "TICK: 6 removed=0 canOpen=1"],
           lacks=["EVENT: ExpertRemove", "INIT: 1"])
    st.check("network down: backoff 10 s then 30 s (no request at 20 s and 30 s), one alert",
             _tries(out) == 2 and out.count("\nALERT: ") == 1, out)
    rc, out = https.run("valid@test", MQL5_NETWORK_DOWN_SECONDS=100000, MQL5_TIMER_TICKS=12, MQL5_TICK_ADVANCE=10,
                        **tls)
    st.check("network down for good: tries at 0, 10, 40, 100 s, then every 300 s (4 tries in 120 s)",
             _tries(out) == 4, out)
    rc, out = https.run("valid@test", MQL5_NETWORK_DOWN_SECONDS=100000, MQL5_TIMER_TICKS=30, MQL5_TICK_ADVANCE=1,
                        **tls)
    st.check("an EA timer of 1 s does not speed the retries up (tries at 0 and 10 s in 30 s)", _tries(out) == 2, out)
    expect("account 0 at start (terminal not logged in yet), logged in at 25 s: waits, then runs",
           https.run("valid@test", MQL5_ACCOUNT_AFTER_SECONDS=25, MQL5_TIMER_TICKS=4, MQL5_TICK_ADVANCE=10, **tls),
           has=st.WAITING + ["COMMENT: .*o terminal ainda não entrou em uma conta MT5.*", "TICK: 2 removed=0 canOpen=0",
                             "TICK: 3 removed=0 canOpen=1", VALID],
           lacks=[r"PRINT: RoboForge: sem resposta.*"])
    expect("a signed denial at start-up still stops at once (INIT_FAILED)", https.run("deny-CANCELLED@test", **tls),
           has=["INIT: 1", "CANOPEN: 0", "ALERT: ERRO: Licença cancelada. Fale com o vendedor.", "DEINIT: 8",
                "COMMENT: .*Licença: recusada: ERRO: Licença cancelada.*"])
    expect("waiting, then a signed denial: removed (stop)",
           https.run("down-then-deny-EXPIRED@test", MQL5_TIMER_TICKS=3, MQL5_TICK_ADVANCE=10, **tls),
           has=st.WAITING + ["TICK: 1 removed=1 canOpen=0", "EVENT: ExpertRemove", "ALERT: ERRO: Licença expirada.*"])

    expect("grace 0, the network lost after start-up: re-checks retried, removed after 3 failures",
           https.run("valid+g0@test", MQL5_NETWORK_DOWN_AFTER_SECONDS=1, MQL5_TIMER_TICKS=5, MQL5_TICK_ADVANCE=3600,
                     **tls),
           has=["INIT: 0", "CANOPEN: 1", "TICK: 1 removed=0 canOpen=1",
                r"PRINT: RoboForge: nova verificação da licença falhou \(1 de 3\); tentando de novo depois\.",
                "TICK: 2 removed=0 canOpen=1", "TICK: 3 removed=1 canOpen=0", LAPSE_ALERT], lacks=["TICK: 4 .*"])

    # --- NOT_RECOGNIZED: what to check, and the portal
    expect("NOT_RECOGNIZED: stops, the alert lists the e-mail, the confirmed account and the portal",
           https.run("deny-NOT_RECOGNIZED@test", **tls),
           has=["INIT: 1", "ALERT: ERRO: licença não reconhecida para este e-mail e esta conta. Confira: 1\\) o e-mail "
                "exatamente como foi digitado na compra \\(parâmetro \"E-mail usado na compra\"\\); 2\\) a conta MT5 "
                "51234567 confirmada no portal do cliente; 3\\) o portal do cliente: https://lucrobot\\.com\\.br/login; "
                "4\\) se todas as vagas da licença estão em uso, libere uma no portal do cliente",
                "COMMENT: .*O que fazer: Acesse o portal do cliente: https://lucrobot\\.com\\.br/login.*"])

    # --- RATE_LIMITED / THROTTLED with a signed retryAfter (HTTP 429)
    expect("RATE_LIMITED (429, signed retryAfter 25) at start-up: waits at least 25 s, then runs",
           https.run("deny-RATE_LIMITED-then-valid+r25@test", MQL5_TIMER_TICKS=4, MQL5_TICK_ADVANCE=10, **tls),
           has=st.WAITING + ["COMMENT: .*o servidor de licenças pediu para aguardar 25 s.*",
                             "TICK: 1 removed=0 canOpen=0", "TICK: 2 removed=0 canOpen=0",
                             "TICK: 3 removed=0 canOpen=1", VALID])
    expect("RATE_LIMITED with retryAfter 5: the backoff (10 s) still applies",
           https.run("deny-RATE_LIMITED-then-valid+r5@test", MQL5_TIMER_TICKS=2, MQL5_TICK_ADVANCE=10, **tls),
           has=st.WAITING + ["TICK: 1 removed=0 canOpen=1"])
    expect("THROTTLED as older servers sent it (200, no retryAfter signed): waits the default 300 s",
           https.run("oldthrottle-then-valid@test", MQL5_TIMER_TICKS=3, MQL5_TICK_ADVANCE=100, **tls),
           has=st.WAITING + ["TICK: 2 removed=0 canOpen=0", "TICK: 3 removed=0 canOpen=1"])
    rc, out = https.run("valid-then-deny-RATE_LIMITED-then-valid+r7200+s3600@test", MQL5_TIMER_TICKS=3,
                        MQL5_TICK_ADVANCE=3600, **tls)
    expect("RATE_LIMITED on a re-check: stays in its grace and waits retryAfter (7200 s) before asking again",
           (rc, out), has=["TICK: 1 removed=0 canOpen=1", GRACE, "TICK: 2 removed=0 canOpen=1",
                           r"PRINT: RoboForge: servidor de licenças acessível de novo; licença válida \(lucrobot\.com\.br\)\.",
                           "TICK: 3 removed=0 canOpen=1"])
    st.check("... the next request comes only after TICK 2 (7200 s later)",
             _ordered(out, "TICK: 2 removed=0 canOpen=1", r"PRINT: RoboForge: servidor de licenças acessível de novo.*"),
             out)

    # --- clocks the trader moves
    expect("clock set back a day per tick: re-checks continue (monotonic pacing), a cancel meanwhile stops it",
           https.run("valid-then-valid-then-deny-CANCELLED+s3600@test", MQL5_TIMER_TICKS=4, MQL5_TICK_ADVANCE=3600,
                     MQL5_TICK_CLOCK_STEP=-86400, **tls),
           has=["INIT: 0", "TICK: 1 removed=0 canOpen=1", "COMMENT: .*Atenção: o relógio do computador difere .*",
                "TICK: 2 removed=1 canOpen=0", "ALERT: ERRO: Licença cancelada. Fale com o vendedor.",
                "EVENT: ExpertRemove"], lacks=["TICK: 3 .*"])
    _cancel_mid_run(st, https, server, tls)
    expect("frozen clock, server blocked: the 1 h grace ends on time by the monotonic clock (stop)",
           https.run("valid-then-down+g3600@test", MQL5_TIMER_TICKS=8, MQL5_TICK_ADVANCE=600, MQL5_TICK_CLOCK_STEP=0,
                     **tls),
           has=["INIT: 0", "TICK: 5 removed=0 canOpen=1", "TICK: 6 removed=1 canOpen=0", LAPSE_ALERT,
                "EVENT: ExpertRemove"], lacks=["TICK: 7 .*"])
    expect("frozen clock, server blocked: canOpen turns false on time (manage)",
           manage.run("valid-then-down+g3600@test", MQL5_TIMER_TICKS=7, MQL5_TICK_ADVANCE=600, MQL5_TICK_CLOCK_STEP=0,
                      **tls),
           has=["TICK: 5 removed=0 canOpen=1", "TICK: 6 removed=0 canOpen=0", "TICK: 7 removed=0 canOpen=0"],
           lacks=["EVENT: ExpertRemove"])
    expect("clock set back a day per tick, then the server blocked: no offline grace on a clock before the answer",
           https.run("valid-then-down@test", MQL5_TIMER_TICKS=7, MQL5_TICK_ADVANCE=600, MQL5_TICK_CLOCK_STEP=-86400,
                     **tls),
           has=["TICK: 5 removed=0 canOpen=1", "TICK: 6 removed=1 canOpen=0", LAPSE_ALERT])
    expect("the trade server's clock already past the grace ends it during a run",
           https.run("valid-then-down@test", MQL5_SERVER_CLOCK_SHIFT=200000, MQL5_TIMER_TICKS=7, MQL5_TICK_ADVANCE=600,
                     **tls),
           has=["TICK: 5 removed=0 canOpen=1", "TICK: 6 removed=1 canOpen=0", LAPSE_ALERT])
    expect("control: the same run with the trade server's clock right stays in grace",
           https.run("valid-then-down@test", MQL5_TIMER_TICKS=7, MQL5_TICK_ADVANCE=600, **tls),
           has=["TICK: 6 removed=0 canOpen=1", GRACE, "TICK: 7 removed=0 canOpen=1"])
    expect("the license's expiry ends canOpen between hourly checks (monotonic clock, the computer's clock frozen)",
           https.run("valid+e600@test", MQL5_TIMER_TICKS=2, MQL5_TICK_ADVANCE=600, MQL5_TICK_CLOCK_STEP=0, **tls),
           has=["CANOPEN: 1", "TICK: 1 removed=0 canOpen=0"])
    stored = https.common()
    https.run("valid+g3600@test", stored, **tls)
    # The license server unreachable (its certificate refused), the trade
    # server connected (TimeCurrent known).
    unreachable = robots["rogue-cert"]
    expect("restart, server unreachable, stored answer within its grace: runs in grace",
           unreachable.run("valid@test", stored, **tls),
           has=["INIT: 0", "CANOPEN: 1", GRACE, "COMMENT: .*Licença: em tolerância até .*"])
    expect("restart with the computer's clock stuck a day behind: the trade server's clock ends the grace",
           unreachable.run("valid@test", stored, MQL5_SERVER_CLOCK_SHIFT=86400, **tls),
           has=st.WAITING + ["PRINT: RoboForge: licença guardada ignorada: pelo relógio do servidor da corretora a "
                             "tolerância dela já acabou\\."], lacks=[GRACE])
    expect("restart with the computer's clock set back before the answer was issued: no grace",
           unreachable.run("valid@test", stored, MQL5_CLOCK_OFFSET=-1000, **tls),
           has=st.WAITING + ["PRINT: RoboForge: licença guardada ignorada: o relógio do computador está antes da "
                             "data em que ela foi emitida\\."], lacks=[GRACE])
    expect("started in grace, the computer's clock then frozen: the grace still ends on time",
           unreachable.run("valid@test", stored, MQL5_TIMER_TICKS=8, MQL5_TICK_ADVANCE=600, MQL5_TICK_CLOCK_STEP=0,
                           **tls),
           has=["INIT: 0", GRACE, "TICK: 5 removed=0 canOpen=1", "TICK: 6 removed=1 canOpen=0"])

    # --- personal builds have no e-mail input
    personal = os.path.join(work, "rw-personal.mq5")
    st.render('#define RF_LICENSE_ID "0193a5b2-0000-7000-8000-0000000000aa"\n#define RF_BUILD_MARK "00112233"\n'
              + template, https_url, "stop", st.public_hex(st.ROBOT_SECRET), personal)
    p = subprocess.run([st.PY, os.path.join(HARNESS, "translate.py"), personal, personal + ".cpp"],
                       stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    if p.returncode == 0:  # the C++ preprocessor keeps what the build compiles
        p = subprocess.run([os.environ.get("CXX", "g++"), "-std=c++17", "-E", "-P", "-I" + HARNESS, personal + ".cpp"],
                           stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    st.check("a personal build (RF_LICENSE_ID) has no LicenseEmail input",
             p.returncode == 0 and 'mql_input<string>("LicenseEmail"' not in p.stdout and "RF_CheckList" in p.stdout
             and "input string LicenseEmail" in template, p.stdout[-2000:])

    _sharing(st, robots, server, tls, holder_bin)


def _cancel_mid_run(st, robot, server, tls):
    """A license cancelled on the server while the robot runs (the clock set
    back a day on every tick): the next re-check stops it."""
    st.Robot.serial += 1
    env = {k: v for k, v in os.environ.items() if not k.startswith("MQL5_")}
    env.update({"MQL5_ACCOUNT": str(st.ACCOUNT), "MQL5_COMMON_DIR": robot.common(),
                "MQL5_INPUT_LicenseEmail": "lic+k%d+s3600@test" % st.Robot.serial, "MQL5_TIMER_TICKS": "30",
                "MQL5_TICK_ADVANCE": "3600", "MQL5_TICK_CLOCK_STEP": "-86400", "MQL5_TICK_SLEEP_MS": "100"}, **tls)
    proc = subprocess.Popen([robot.binary], env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    watchdog = threading.Timer(60, proc.kill)
    watchdog.start()
    out = []
    cancelled_at = None
    for line in proc.stdout:
        out.append(line)
        if line.startswith("TICK: 3 ") and cancelled_at is None:
            server.cancel(st.Robot.serial)
            cancelled_at = len(out)
    proc.wait(timeout=60)
    watchdog.cancel()
    text = "".join(out)
    removed = [l for l in out if re.match(r"TICK: \d+ removed=1 canOpen=0", l)]
    st.check("a license cancelled mid-run (clock set back a day per tick): the next re-check removes the robot",
             cancelled_at is not None and len(removed) == 1 and "TICK: 3 removed=0 canOpen=1\n" in out
             and "ALERT: ERRO: Licença cancelada. Fale com o vendedor.\n" in out and "TICK: 30 " not in text, text)


def _sharing(st, robots, server, tls, holder_bin):
    """Two charts of one terminal (same Files folders) and two terminals
    (their own MQL5\\Files, one common folder), all with the same license,
    storing and reading the stored answer at the same time, repeatedly."""
    https, old = robots["https"], robots["old-storage"]
    common = https.common()
    https.run("valid+g86400@test", common, **tls)
    lic = st.lic_file(common)
    base = {k: v for k, v in os.environ.items() if not k.startswith("MQL5_")}

    def env_for(terminal, extra):
        st.Robot.serial += 1
        e = dict(base, MQL5_ACCOUNT=str(st.ACCOUNT), MQL5_COMMON_DIR=common,
                 MQL5_FILES_DIR=os.path.join(common, "..", "terminal-%d-files" % terminal), **tls)
        e.update({k: str(v) for k, v in extra.items()})
        return e

    outputs = []
    lock = threading.Lock()

    def writer(terminal):
        # re-checks every tick, each storing a fresh answer
        e = env_for(terminal, {"MQL5_INPUT_LicenseEmail": "valid+u%d@test" % st.Robot.serial,
                               "MQL5_TIMER_TICKS": 25, "MQL5_TICK_ADVANCE": 3600, "MQL5_TICK_CLOCK_STEP": 0})
        p = subprocess.run([https.binary], env=e, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                           timeout=120)
        with lock:
            outputs.append(("writer", p.stdout))

    def reader(terminal):
        # charts (re)started with the server unreachable: they need the stored answer
        for _ in range(12):
            e = env_for(terminal, {"MQL5_INPUT_LicenseEmail": "valid+u%d@test" % st.Robot.serial,
                                   "MQL5_NETWORK_DOWN_SECONDS": 100000})
            p = subprocess.run([https.binary], env=e, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                               timeout=60)
            with lock:
                outputs.append(("reader", p.stdout))

    threads = [threading.Thread(target=writer, args=(1,)), threading.Thread(target=writer, args=(2,)),
               threading.Thread(target=reader, args=(1,)), threading.Thread(target=reader, args=(2,))]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    writers = [o for kind, o in outputs if kind == "writer"]
    readers = [o for kind, o in outputs if kind == "reader"]
    bad_writers = [o for o in writers if "TICK: 25 removed=0 canOpen=1" not in o or "não foi possível guardar" in o]
    bad_readers = [o for o in readers if not re.search("^CANOPEN: 1$", o, re.M) or not re.search("^" + GRACE + "$", o, re.M)]
    st.check("2 charts x 2 terminals at once: every re-check stored its answer (%d writers x 25)" % len(writers),
             len(writers) == 2 and not bad_writers, "\n".join(bad_writers)[-3000:])
    st.check("2 charts x 2 terminals at once: every restart found the stored answer (%d runs)" % len(readers),
             len(readers) == 24 and not bad_readers, "\n".join(bad_readers)[-3000:])
    leftovers = [n for n in os.listdir(os.path.dirname(lic)) if n.endswith(".tmp")]
    st.check("... no temporary file left behind, and the stored answer still verifies",
             not leftovers and re.search("^" + GRACE + "$", https.run("valid@test", common, MQL5_NETWORK_DOWN_SECONDS=100000,
                                                                     **tls)[1], re.M) is not None, str(leftovers))

    # Another chart holds the stored answer open (sharing reads) while this
    # robot runs; release_after: seconds after which it closes it (None: when
    # the robot has finished).
    release = os.path.join(common, "RoboForge", "release")

    def held(robot, email, release_after=None, **extra):
        if os.path.exists(release):
            os.remove(release)
        hold = subprocess.Popen([holder_bin], env=env_for(3, {}), stdout=subprocess.PIPE, text=True)
        watchdog = threading.Timer(60, hold.kill)
        watchdog.start()
        first = hold.stdout.readline()
        timer = threading.Timer(release_after, lambda: open(release, "w").close()) if release_after else None
        if timer:
            timer.start()
        result = robot.run(email, common, **extra, **tls)
        if timer:
            timer.join()
        open(release, "w").close()
        hold.communicate(timeout=30)
        watchdog.cancel()
        return first.strip(), result

    first, result = held(https, "valid@test", MQL5_NETWORK_DOWN_SECONDS=100000)
    expect = st.expect
    expect("another chart reading the stored answer: this one reads it too (FILE_SHARE_READ)", result,
           has=["INIT: 0", "CANOPEN: 1", GRACE])
    st.check("... the holder really held it", first == "PRINT: holding", first)
    first, result = held(old, "valid@test", MQL5_NETWORK_DOWN_SECONDS=100000)
    expect("the old code (no FILE_SHARE_READ) fails there: no grace, it waits", result,
           has=st.WAITING + [r"PRINT: RoboForge: não foi possível ler a licença guardada neste computador \(erro 5004\)\."])
    first, result = held(https, "valid@test", release_after=0.3)
    expect("another chart reading while a fresh answer is stored: the atomic move waits for it", result,
           has=["INIT: 0", "CANOPEN: 1", VALID], lacks=["PRINT: RoboForge: não foi possível guardar.*"])
    first, result = held(old, "valid@test")
    expect("the old code (in-place write without sharing) fails there: the answer is not stored", result,
           has=["INIT: 0", r"PRINT: RoboForge: não foi possível guardar a licença neste computador \(erro 5004\)\."])


# ------------------------------------------------------------------ per mutant
# The real-world scenarios that need nothing but the plain stand-in over
# http:// (no TLS, no special build): registered with selftest's @scenario, so
# they run in (b) on the template and against every mutant of (d). The ones
# above (run_all) need HTTPS, redirects, other builds or several processes at
# once, and run on the real template only.
import selftest as _st  # noqa: E402  (the running selftest module; it imports this file)

TICK10 = dict(MQL5_TICK_ADVANCE=10)
NO_ANSWER = r"PRINT: RoboForge: sem resposta do servidor de licenças .*"
_holder_lock = threading.Lock()
_holder = {}


def _holder_binary(work):
    """The file holder (another chart reading the stored answer), built once per run."""
    with _holder_lock:
        if "bin" not in _holder:
            src = os.path.join(work, "holder.mq5")
            with open(src, "w", encoding="utf-8") as f:
                f.write(HOLDER % (_st.ROBOT_ID, _st.ACCOUNT))
            ok, log = _st.build(src, os.path.join(work, "holder"))
            _holder["bin"] = os.path.join(work, "holder") if ok else None
            _holder["log"] = log
        return _holder["bin"]


def _held(robot, common, email, release_after=None, **extra):
    """Runs robot while another chart holds the stored answer open (sharing
    reads); release_after: seconds after which it lets go (None: at the end)."""
    holder = _holder_binary(robot.work)
    if holder is None:
        raise RuntimeError("the file holder does not build: " + _holder["log"])
    release = os.path.join(common, "RoboForge", "release")
    if os.path.exists(release):
        os.remove(release)
    env = {k: v for k, v in os.environ.items() if not k.startswith("MQL5_")}
    env.update(MQL5_ACCOUNT=str(_st.ACCOUNT), MQL5_COMMON_DIR=common)
    hold = subprocess.Popen([holder], env=env, stdout=subprocess.PIPE, text=True)
    watchdog = threading.Timer(30, hold.kill)
    watchdog.start()
    first = hold.stdout.readline().strip()
    timer = threading.Timer(release_after, lambda: open(release, "w").close()) if release_after else None
    if timer:
        timer.start()
    try:
        result = robot.run(email, common, **extra)
    finally:
        if timer:
            timer.join()
        open(release, "w").close()
        hold.communicate(timeout=30)
        watchdog.cancel()
    return first, result


def _guards(out, value):
    """Every probe of the guard in out says canOpen=value (and there is one)."""
    probes = re.findall(r"^PRINT: GUARD: canOpen=(\d) tradingAllowed=(\d)$", out, re.M)
    return bool(probes) and all(a == b == str(value) for a, b in probes)


@_st.scenario
def startup_waits(t, r):
    """Start-up without a verdict: waits on the chart, opens nothing, retries with backoff."""
    W = _st.WAITING
    res = r.stop.run("valid@test", MQL5_NETWORK_DOWN_SECONDS=40, MQL5_TIMER_TICKS=6, **TICK10)
    t.expect("network down for 40 s at start-up: stays opening nothing (the guard says no), then runs",
             res, has=W + ["TICK: 3 removed=0 canOpen=0", "TICK: 4 removed=0 canOpen=1", _st.VALID,
                           "TICK: 6 removed=0 canOpen=1",
                           r"COMMENT: .*aguardando o servidor \(próxima tentativa em 10 s\).*"],
             lacks=["EVENT: ExpertRemove", "INIT: 1", "TICK: [123] removed=0 canOpen=1"])
    probes = re.findall(r"^PRINT: GUARD: canOpen=(\d) tradingAllowed=(\d)$", res.out, re.M)
    t.check("... the guard said no on each of the 4 probes while waiting, yes after",
            [a + b for a, b in probes] == ["00"] * 4 + ["11"] * 2, res.out)
    t.check("network down: tries at 0 and 10 s, none at 20 and 30 s (backoff 10 s, 30 s), one alert",
            _tries(res.out) == 2 and res.out.count("\nALERT: ") + res.out.startswith("ALERT: ") == 1, res.out)
    for ticks, tries, what in ((12, 4, "0, 10, 40, 100 s (4 tries in 120 s)"),
                               (45, 5, "0, 10, 40, 100, 400 s, then every 300 s (5 tries in 450 s)")):
        res = r.stop.run("valid@test", MQL5_NETWORK_DOWN_SECONDS=100000, MQL5_TIMER_TICKS=ticks, **TICK10)
        t.check("network down for good: tries at %s" % what, _tries(res.out) == tries and _guards(res.out, 0), res.out)
    res = r.manage.run("valid@test", MQL5_NETWORK_DOWN_SECONDS=100000, MQL5_TIMER_TICKS=30, MQL5_TICK_ADVANCE=1)
    t.check("an EA timer of 1 s does not speed the retries up (tries at 0 and 10 s in 30 s, manage)",
            _tries(res.out) == 2 and _guards(res.out, 0), res.out)
    res = r.manage.run("valid@test", MQL5_NETWORK_DOWN_SECONDS=50, MQL5_TIMER_TICKS=3, MQL5_TICK_ADVANCE=30)
    t.expect("waiting (manage): the guard says no until the answer, then yes",
             res, has=W + ["TICK: 1 removed=0 canOpen=0", "TICK: 2 removed=0 canOpen=1",
                           "PRINT: GUARD: canOpen=0 tradingAllowed=0"], lacks=["TICK: 1 .*canOpen=1"])
    t.expect("account 0 at start (terminal not logged in yet), logged in at 25 s: waits, then runs",
             r.stop.run("valid@test", MQL5_ACCOUNT_AFTER_SECONDS=25, MQL5_TIMER_TICKS=4, **TICK10),
             has=W + ["COMMENT: .*o terminal ainda não entrou em uma conta MT5.*", "TICK: 2 removed=0 canOpen=0",
                      "TICK: 3 removed=0 canOpen=1", _st.VALID],
             lacks=[NO_ANSWER])
    t.expect("waiting, then a signed denial: removed (stop)",
             r.stop.run("down-then-deny-EXPIRED@test", MQL5_TIMER_TICKS=3, **TICK10),
             has=W + ["TICK: 1 removed=1 canOpen=0", "EVENT: ExpertRemove", "ALERT: " + _st.MESSAGES["EXPIRED"]],
             lacks=["TICK: 2 .*"], stored=False)
    t.expect("waiting, then a signed denial (manage): canOpen stays 0, lapsed",
             r.manage.run("down-then-deny-SUSPENDED@test", MQL5_TIMER_TICKS=3, **TICK10),
             has=W + ["TICK: 1 removed=0 canOpen=0", "TICK: 3 removed=0 canOpen=0", _st.MANAGE,
                      "ALERT: " + _st.MESSAGES["SUSPENDED"]], lacks=["EVENT: ExpertRemove", _st.VALID])
    t.expect("a signed denial with the clock 10 min off still stops at start-up (the nonce makes it fresh)",
             r.stop.run("deny-CANCELLED@test", MQL5_CLOCK_OFFSET=600), trace=_st.init_failed(_st.MESSAGES["CANCELLED"]),
             has=[_st.CLOCK_WARNING % ".*"])
    t.expect("a signed denial on a re-check with the clock set back a day per tick: removed",
             r.stop.run("valid-then-deny-CANCELLED+s3600@test", MQL5_TIMER_TICKS=2, MQL5_TICK_ADVANCE=3600,
                        MQL5_TICK_CLOCK_STEP=-86400),
             trace=_st.START_OK + _st.tick(1, 1, 1, 0, _st.Rx("ALERT: " + _st.MESSAGES["CANCELLED"]), *_st.REMOVED)
             + ["DEINIT: 0"], stored=False)


@_st.scenario
def not_allowed_4014(t, r):
    url = _st.SUITE_URL[0]
    for label, robot in (("stop", r.stop), ("manage", r.manage)):
        res = robot.run("valid@test", MQL5_WEBREQUEST_ALLOWED="https://outro.exemplo/", MQL5_TIMER_TICKS=3, **TICK10)
        t.expect("4014 (%s): waits; the alert and the chart name the exact URL to allow" % label, res,
                 has=_st.WAITING + ["ALERT: ⚠ Licença ainda não confirmada: o MetaTrader bloqueou o acesso ao servidor de "
                                    r"licenças \(erro 4014\)\..*" + re.escape(ALLOW_FIX + url),
                                    "COMMENT: .*O que fazer: " + re.escape("Em " + ALLOW_FIX + url) + r"\\n.*",
                                    "TICK: 3 removed=0 canOpen=0"])
        t.check("4014 (%s): alerted once, not on every retry" % label,
                res.out.count("\nALERT: ") + res.out.startswith("ALERT: ") == 1, res.out)


@_st.scenario
def signed_waits(t, r):
    W = _st.WAITING
    for label, robot in (("stop", r.stop), ("manage", r.manage)):
        t.expect("RATE_LIMITED (429, signed retryAfter 25) at start-up: waits at least 25 s, then runs (%s)" % label,
                 robot.run("deny-RATE_LIMITED-then-valid+r25@test", MQL5_TIMER_TICKS=12, MQL5_TICK_ADVANCE=2),
                 has=W + ["COMMENT: .*o servidor de licenças pediu para aguardar 25 s.*",
                          "TICK: 12 removed=0 canOpen=0"], lacks=["TICK: .* canOpen=1", _st.VALID])
    res = r.stop.run("deny-RATE_LIMITED-then-valid+r25@test", MQL5_TIMER_TICKS=14, MQL5_TICK_ADVANCE=2)
    t.expect("RATE_LIMITED retryAfter 25: asked again at 26 s, not later", res,
             has=["TICK: 12 removed=0 canOpen=0", "TICK: 13 removed=0 canOpen=1", _st.VALID])
    t.expect("THROTTLED retryAfter 3000 at start-up: still waiting at 2990 s, runs at 3000 s",
             r.stop.run("deny-THROTTLED-then-valid+r3000@test", MQL5_TIMER_TICKS=3, MQL5_TICK_ADVANCE=1495),
             has=W + ["TICK: 2 removed=0 canOpen=0", "TICK: 3 removed=0 canOpen=1"])
    t.expect("RATE_LIMITED with retryAfter 5: the backoff (10 s) still applies",
             r.stop.run("deny-RATE_LIMITED-then-valid+r5@test", MQL5_TIMER_TICKS=3, MQL5_TICK_ADVANCE=5),
             has=W + ["TICK: 1 removed=0 canOpen=0", "TICK: 2 removed=0 canOpen=1"])
    t.expect("THROTTLED as older servers sent it (200, no retryAfter signed): waits the default 300 s",
             r.stop.run("oldthrottle-then-valid@test", MQL5_TIMER_TICKS=4, MQL5_TICK_ADVANCE=100),
             has=W + ["TICK: 2 removed=0 canOpen=0", "TICK: 3 removed=0 canOpen=1"])
    res = r.stop.run("valid-then-deny-RATE_LIMITED-then-valid+r7200+s3600@test", MQL5_TIMER_TICKS=4,
                     MQL5_TICK_ADVANCE=3600)
    t.expect("RATE_LIMITED on a re-check: stays in its grace and waits retryAfter (7200 s) before asking again", res,
             has=["TICK: 1 removed=0 canOpen=1", _st.GRACE, "TICK: 2 removed=0 canOpen=1",
                  r"PRINT: RoboForge: servidor de licenças acessível de novo; licença válida \(lucrobot\.com\.br\)\.",
                  "TICK: 3 removed=0 canOpen=1"])
    t.check("... the next request comes only after TICK 2 (7200 s later)",
            _ordered(res.out, "TICK: 2 removed=0 canOpen=1", r"PRINT: RoboForge: servidor de licenças acessível de novo.*"),
            res.out)
    t.expect("RATE_LIMITED whose signature does not verify: not trusted, waits",
             r.stop.run("deny-RATE_LIMITED+r25+f40@test"), trace=_st.waiting(),
             has=[r"PRINT: RoboForge: o servidor de licenças respondeu HTTP 429 sem uma resposta assinada\."])


@_st.scenario
def clocks(t, r):
    hourly = dict(MQL5_TICK_ADVANCE=3600)
    t.expect("clock set back a day per tick: re-checks continue (monotonic pacing), a cancel meanwhile stops it",
             r.stop.run("valid-then-valid-then-deny-CANCELLED+s3600@test", MQL5_TIMER_TICKS=4,
                        MQL5_TICK_CLOCK_STEP=-86400, **hourly),
             has=["TICK: 1 removed=0 canOpen=1", "COMMENT: .*Atenção: o relógio do computador difere .*",
                  "TICK: 2 removed=1 canOpen=0", "ALERT: " + _st.MESSAGES["CANCELLED"], "EVENT: ExpertRemove"],
             lacks=["TICK: 3 .*"])
    t.expect("clock set forward a day per tick: re-checks still hourly, not every tick",
             r.stop.run("valid-then-deny-EXPIRED+s600@test", MQL5_TIMER_TICKS=5, MQL5_TICK_ADVANCE=600,
                        MQL5_TICK_CLOCK_STEP=86400),
             has=["TICK: 5 removed=0 canOpen=1"], lacks=["ALERT: .*"])
    for label, robot, lapse in (("stop", r.stop, "TICK: 6 removed=1 canOpen=0"),
                                ("manage", r.manage, "TICK: 6 removed=0 canOpen=0")):
        t.expect("frozen clock, server blocked: the 1 h grace ends on time by the monotonic clock (%s)" % label,
                 robot.run("valid-then-down+g3600@test", MQL5_TIMER_TICKS=7, MQL5_TICK_ADVANCE=600,
                           MQL5_TICK_CLOCK_STEP=0),
                 has=["TICK: 5 removed=0 canOpen=1", lapse, _st.GENERIC], lacks=["TICK: 5 .*canOpen=0"])
    t.expect("clock set back a day per tick, then the server blocked: no offline grace on a clock before the answer",
             r.stop.run("valid-then-down@test", MQL5_TIMER_TICKS=7, MQL5_TICK_ADVANCE=600, MQL5_TICK_CLOCK_STEP=-86400),
             has=["TICK: 5 removed=0 canOpen=1", "TICK: 6 removed=1 canOpen=0", _st.GENERIC])
    t.expect("the guard: a clock set back before the answer ends the grace between re-checks (manage)",
             r.manage.run("valid-then-down@test", MQL5_TIMER_TICKS=8, MQL5_TICK_ADVANCE=600,
                          MQL5_TICK_CLOCK_STEP=-86400),
             has=["TICK: 6 removed=0 canOpen=0", _st.MANAGE, "PRINT: GUARD: canOpen=0 tradingAllowed=0"],
             lacks=["TICK: [6-8] removed=0 canOpen=1"])
    t.expect("the trade server's clock already past the grace ends it during a run",
             r.stop.run("valid-then-down@test", MQL5_SERVER_CLOCK_SHIFT=200000, MQL5_TIMER_TICKS=7,
                        MQL5_TICK_ADVANCE=600),
             has=["TICK: 5 removed=0 canOpen=1", "TICK: 6 removed=1 canOpen=0", _st.GENERIC])
    t.expect("control: the same run with the trade server's clock right stays in grace",
             r.stop.run("valid-then-down@test", MQL5_TIMER_TICKS=7, MQL5_TICK_ADVANCE=600),
             has=["TICK: 6 removed=0 canOpen=1", _st.GRACE, "TICK: 7 removed=0 canOpen=1"])
    for label, robot, lapse in (("stop", r.stop, "TICK: 6 removed=1 canOpen=0"),
                                ("manage", r.manage, "TICK: 6 removed=0 canOpen=0")):
        # 1202 s of the computer's clock per 600 s tick: at the re-check of
        # tick 6 the clock reads the answer's issue + about 7212 s, past its
        # grace of 7200 s (monotonic: 3600 s, within it).
        t.expect("the computer's clock past the grace's end ends it at the re-check (%s)" % label,
                 robot.run("valid-then-down+g7200@test", MQL5_TIMER_TICKS=7, MQL5_TICK_ADVANCE=600,
                           MQL5_TICK_CLOCK_STEP=1202),
                 has=["TICK: 5 removed=0 canOpen=1", lapse, _st.GENERIC], lacks=[_st.GRACE])
    t.expect("grace 0, the server lost: failed re-checks retried every 300 s, removed at the third (tick 36, not sooner)",
             r.stop.run("valid-then-down+g0@test", MQL5_TIMER_TICKS=40, MQL5_TICK_ADVANCE=120),
             has=["TICK: 30 removed=0 canOpen=1", "TICK: 35 removed=0 canOpen=1", "TICK: 36 removed=1 canOpen=0",
                  r"PRINT: RoboForge: nova verificação da licença falhou \(2 de 3\); tentando de novo depois\."],
             lacks=["TICK: 37 .*"])
    for label, robot in (("stop", r.stop), ("manage", r.manage)):
        t.expect("the license's expiry ends canOpen between hourly checks (monotonic clock, clock frozen; %s)" % label,
                 robot.run("valid+e600@test", MQL5_TIMER_TICKS=2, MQL5_TICK_ADVANCE=600, MQL5_TICK_CLOCK_STEP=0),
                 has=["CANOPEN: 1", "TICK: 1 removed=0 canOpen=0", "PRINT: GUARD: canOpen=0 tradingAllowed=0"])
    stored = r.stop.common()
    r.stop.run("valid+g3600@test", stored)
    t.expect("restart, server down, stored answer within its grace: runs in grace, the panel says so",
             r.stop.run("down@test", stored), has=["INIT: 0", "CANOPEN: 1", _st.GRACE,
                                                   "COMMENT: .*Licença: em tolerância até .*"])
    t.expect("restart with the computer's clock stuck a day behind: the trade server's clock ends the grace",
             r.stop.run("down@test", stored, MQL5_SERVER_CLOCK_SHIFT=86400),
             has=["PRINT: RoboForge: licença guardada ignorada: pelo relógio do servidor da corretora a "
                  "tolerância dela já acabou\\."], trace=_st.waiting(), lacks=[_st.GRACE])
    for label, robot, lapse in (("stop", r.stop, "TICK: 6 removed=1 canOpen=0"),
                                ("manage", r.manage, "TICK: 6 removed=0 canOpen=0")):
        t.expect("started in grace, the computer's clock then frozen: the grace still ends on time (%s)" % label,
                 robot.run("down@test", stored, MQL5_TIMER_TICKS=7, MQL5_TICK_ADVANCE=600, MQL5_TICK_CLOCK_STEP=0),
                 has=["INIT: 0", _st.GRACE, "TICK: 5 removed=0 canOpen=1", lapse], lacks=["TICK: 5 .*canOpen=0"])
    # Started on a stored grace, the computer's clock then running fast (1200 s
    # per 600 s tick): its bound ends the grace at tick 6 (issue + 7200 s past
    # the grace's end at issue + 7200 - 100), not later.
    fast = r.stop.common()
    now = int(time.time())
    _st.plant_stored(fast, server_time=now - 100, grace=7200)
    t.expect("started in grace, the computer's clock then running fast: the grace ends by it (tick 6)",
             r.stop.run("down@test", fast, MQL5_TIMER_TICKS=7, MQL5_TICK_ADVANCE=600, MQL5_TICK_CLOCK_STEP=1200),
             has=["INIT: 0", _st.GRACE, "TICK: 5 removed=0 canOpen=1", "TICK: 6 removed=1 canOpen=0", _st.GENERIC])
    # Started on a stored grace that ends (monotonic: 250 s) between two retries
    # (every 300 s): the tick that finds it over checks at once and lapses.
    short = r.stop.common()
    _st.plant_stored(short, server_time=now - 100, grace=350)
    t.expect("started in grace, the grace ends between retries: the next tick checks at once and lapses",
             r.stop.run("down@test", short, MQL5_TIMER_TICKS=4, MQL5_TICK_ADVANCE=100),
             trace=_st.START_OK + _st.tick(1, 1, 0, 1) + _st.tick(2, 1, 0, 1)
             + _st.tick(3, 0, 1, 0, _st.GENERIC, *_st.REMOVED) + ["DEINIT: 0"])
    old = r.stop.common()
    _st.plant_stored(old, server_time=now - 1800, grace=3600)
    t.expect("restart with a half-used stored grace, the clock then frozen: ends after the rest (30 min), not 1 h",
             r.stop.run("down@test", old, MQL5_TIMER_TICKS=5, MQL5_TICK_ADVANCE=600, MQL5_TICK_CLOCK_STEP=0),
             has=["INIT: 0", _st.GRACE, "TICK: 2 removed=0 canOpen=1", "TICK: 3 removed=1 canOpen=0"])


@_st.scenario
def shared_file(t, r):
    common = r.stop.common()
    r.stop.run("valid+g86400@test", common)
    first, res = _held(r.stop, common, "down@test")
    t.expect("another chart reading the stored answer: this one reads it too (FILE_SHARE_READ)", res,
             has=[_st.GRACE], trace=_st.START_OK + ["DEINIT: 1"])
    t.check("... the holder really held it", first == "PRINT: holding", first)
    first, res = _held(r.stop, common, "valid@test", release_after=0.3)
    t.expect("another chart reading while a fresh answer is stored: the atomic move waits for it", res,
             has=[_st.VALID], trace=_st.START_OK + ["DEINIT: 1"],
             lacks=["PRINT: RoboForge: não foi possível guardar.*"], stored=True)
    leftovers = [n for n in os.listdir(os.path.join(common, "RoboForge")) if n.endswith(".tmp")]
    t.check("... no temporary file left behind", not leftovers, str(leftovers))
    t.expect("... and the stored answer is the fresh one (it verifies: grace on the next start)",
             r.stop.run("down@test", common), has=[_st.GRACE], trace=_st.START_OK + ["DEINIT: 1"])
    files = os.path.join(common, "..", os.path.basename(common) + "-files")
    res = r.stop.run("valid@test", common, MQL5_FILES_DIR=files)
    t.check("the stored answer is written only in the common folder (not the terminal's own Files)",
            not os.path.exists(os.path.join(files, "RoboForge")) or not any(
                n.endswith(".lic") for n in os.listdir(os.path.join(files, "RoboForge"))), res.out)


@_st.scenario
def personal_build(t, r):
    text = r.template
    if text is None:
        return
    work = r.stop.work
    personal = os.path.join(work, "personal-%d.mq5" % next(_st._serial))
    _st.render('#define RF_LICENSE_ID "0193a5b2-0000-7000-8000-0000000000aa"\n#define RF_BUILD_MARK "00112233"\n'
               + text, "http://127.0.0.1:1/x", "stop", _st.public_hex(_st.ROBOT_SECRET), personal)
    p = subprocess.run([_st.PY, os.path.join(HARNESS, "translate.py"), personal, personal + ".cpp"],
                       stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    if p.returncode == 0:
        p = subprocess.run([os.environ.get("CXX", "g++"), "-std=c++17", "-E", "-P", "-I" + HARNESS, personal + ".cpp"],
                           stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    t.check("a personal build (RF_LICENSE_ID) has no LicenseEmail input and sends no e-mail",
            p.returncode == 0 and 'mql_input<string>("LicenseEmail"' not in p.stdout and "RF_CheckList" in p.stdout
            and '\\"email\\"' not in p.stdout, p.stdout[-2000:])
