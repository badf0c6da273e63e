// mql5_shim.cpp: implementation of mql5_shim.hpp (POSIX sockets, OpenSSL's
// libcrypto for CryptEncode, the harness clock and the file sandbox).
#include "mql5_shim.hpp"

#include <arpa/inet.h>
#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <fcntl.h>
#include <filesystem>
#include <map>
#include <netdb.h>
#include <netinet/in.h>
#include <openssl/evp.h>
#include <openssl/ssl.h>
#include <openssl/x509v3.h>
#include <poll.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <unistd.h>

namespace mq5 {

// ================================================================ errors
static int g_last_error = 0;
int GetLastError() { return g_last_error; }
void ResetLastError() { g_last_error = 0; }
void mq5_set_last_error(int code) { g_last_error = code; }

void mq5_critical(const char* what) {
  std::fflush(stdout);
  std::printf("CRITICAL: %s\n", what);
  std::fflush(stdout);
  std::_Exit(70);
}

void mq5_harness_error(const std::string& what) {
  std::fflush(stdout);
  std::printf("HARNESS: %s\n", what.c_str());
  std::fflush(stdout);
  std::fprintf(stderr, "HARNESS: %s\n", what.c_str());
  std::_Exit(71);
}

void mq5_poison(void* p, std::size_t bytes) { std::memset(p, 0xA5, bytes); }

// ================================================================ UTF-8 / UTF-16
// As Windows' WideCharToMultiByte / MultiByteToWideChar with CP_UTF8: a lone
// surrogate or an invalid byte sequence becomes U+FFFD.
static void append_utf8(std::string& out, uint32_t cp) {
  if (cp < 0x80) {
    out += static_cast<char>(cp);
  } else if (cp < 0x800) {
    out += static_cast<char>(0xC0 | (cp >> 6));
    out += static_cast<char>(0x80 | (cp & 0x3F));
  } else if (cp < 0x10000) {
    out += static_cast<char>(0xE0 | (cp >> 12));
    out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
    out += static_cast<char>(0x80 | (cp & 0x3F));
  } else {
    out += static_cast<char>(0xF0 | (cp >> 18));
    out += static_cast<char>(0x80 | ((cp >> 12) & 0x3F));
    out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
    out += static_cast<char>(0x80 | (cp & 0x3F));
  }
}

static std::string utf16_to_utf8(const std::u16string& s) {
  std::string out;
  for (std::size_t i = 0; i < s.size(); i++) {
    uint32_t c = s[i];
    if (c >= 0xD800 && c <= 0xDBFF && i + 1 < s.size() && s[i + 1] >= 0xDC00 && s[i + 1] <= 0xDFFF) {
      c = 0x10000 + ((c - 0xD800) << 10) + (s[i + 1] - 0xDC00);
      i++;
    } else if (c >= 0xD800 && c <= 0xDFFF) {
      c = 0xFFFD;
    }
    append_utf8(out, c);
  }
  return out;
}

static std::u16string utf8_to_utf16(const unsigned char* p, std::size_t n) {
  std::u16string out;
  std::size_t i = 0;
  while (i < n) {
    unsigned char b = p[i];
    uint32_t cp;
    std::size_t len;
    if (b < 0x80) {
      cp = b;
      len = 1;
    } else if (b >= 0xC2 && b <= 0xDF) {
      cp = b & 0x1F;
      len = 2;
    } else if (b >= 0xE0 && b <= 0xEF) {
      cp = b & 0x0F;
      len = 3;
    } else if (b >= 0xF0 && b <= 0xF4) {
      cp = b & 0x07;
      len = 4;
    } else {
      out += u'\uFFFD';
      i++;
      continue;
    }
    bool ok = i + len <= n;
    for (std::size_t k = 1; ok && k < len; k++) {
      if ((p[i + k] & 0xC0) != 0x80)
        ok = false;
      else
        cp = (cp << 6) | (p[i + k] & 0x3F);
    }
    if (ok && ((len == 3 && (cp < 0x800 || (cp >= 0xD800 && cp <= 0xDFFF))) || (len == 4 && (cp < 0x10000 || cp > 0x10FFFF))))
      ok = false;
    if (!ok) {
      out += u'\uFFFD';
      i++;
      continue;
    }
    if (cp >= 0x10000) {
      cp -= 0x10000;
      out += static_cast<char16_t>(0xD800 + (cp >> 10));
      out += static_cast<char16_t>(0xDC00 + (cp & 0x3FF));
    } else {
      out += static_cast<char16_t>(cp);
    }
    i += len;
  }
  return out;
}

std::string mq5_to_utf8(const string& s) { return utf16_to_utf8(s.s); }
string mq5_from_utf8(const std::string& s) {
  return string(utf8_to_utf16(reinterpret_cast<const unsigned char*>(s.data()), s.size()));
}

static std::string narrow(const string& s) { return utf16_to_utf8(s.s); }
static string widen_ascii(const std::string& s) {
  std::u16string out;
  for (unsigned char c : s) out += static_cast<char16_t>(c);
  return string(out);
}

// ================================================================ strings
int StringLen(const string& s) { return static_cast<int>(s.s.size()); }

string StringSubstr(const string& s, int start, int length) {
  int len = StringLen(s);
  if (start < 0 || start >= len) return string();
  int n = len - start;
  if (length >= 0 && length < n) n = length;
  return string(s.s.substr(static_cast<std::size_t>(start), static_cast<std::size_t>(n)));
}

ushort StringGetCharacter(const string& s, int pos) {
  if (pos < 0 || pos >= StringLen(s)) return 0;
  return s.s[static_cast<std::size_t>(pos)];
}

int StringFind(const string& s, const string& match, int start) {
  if (start < 0) start = 0;
  if (start > StringLen(s)) return -1;
  std::size_t at = s.s.find(match.s, static_cast<std::size_t>(start));
  return at == std::u16string::npos ? -1 : static_cast<int>(at);
}

// Case mapping for ASCII and Latin-1 (what Portuguese text needs); other
// characters are left as they are.
static char16_t lower16(char16_t c) {
  if ((c >= u'A' && c <= u'Z') || (c >= 0xC0 && c <= 0xDE && c != 0xD7)) return static_cast<char16_t>(c + 32);
  return c;
}
static char16_t upper16(char16_t c) {
  if ((c >= u'a' && c <= u'z') || (c >= 0xE0 && c <= 0xFE && c != 0xF7)) return static_cast<char16_t>(c - 32);
  return c;
}
bool StringToLower(string& s) {
  for (auto& c : s.s) c = lower16(c);
  return true;
}
bool StringToUpper(string& s) {
  for (auto& c : s.s) c = upper16(c);
  return true;
}

// "Line feeds, spaces and tabs" (MQL5 reference).
static bool trim_space(char16_t c) { return c == u' ' || c == u'\t' || c == u'\n' || c == u'\r'; }
int StringTrimLeft(string& s) {
  std::size_t n = 0;
  while (n < s.s.size() && trim_space(s.s[n])) n++;
  s.s.erase(0, n);
  return static_cast<int>(n);
}
int StringTrimRight(string& s) {
  std::size_t n = 0;
  while (n < s.s.size() && trim_space(s.s[s.s.size() - 1 - n])) n++;
  s.s.erase(s.s.size() - n);
  return static_cast<int>(n);
}

string ShortToString(ushort c) { return string(std::u16string(1, static_cast<char16_t>(c))); }

string IntegerToString(long number, int str_len, ushort fill_symbol) {
  std::u16string digits = widen_ascii(std::to_string(number)).s;
  while (static_cast<int>(digits.size()) < str_len) digits.insert(digits.begin(), static_cast<char16_t>(fill_symbol));
  return string(digits);
}

long StringToInteger(const string& s) {
  std::string t = narrow(s);
  return std::strtol(t.c_str(), nullptr, 10);
}

string TimeToString(datetime value, int mode) {
  time_t t = static_cast<time_t>(value.v);
  struct tm tm;
  gmtime_r(&t, &tm);
  char buf[64];
  std::string out;
  if (mode & TIME_DATE) {
    std::snprintf(buf, sizeof buf, "%04d.%02d.%02d", tm.tm_year + 1900, tm.tm_mon + 1, tm.tm_mday);
    out += buf;
  }
  if (mode & (TIME_MINUTES | TIME_SECONDS)) {
    if (!out.empty()) out += ' ';
    if (mode & TIME_SECONDS)
      std::snprintf(buf, sizeof buf, "%02d:%02d:%02d", tm.tm_hour, tm.tm_min, tm.tm_sec);
    else
      std::snprintf(buf, sizeof buf, "%02d:%02d", tm.tm_hour, tm.tm_min);
    out += buf;
  }
  return widen_ascii(out);
}

// Code pages: CP_UTF8, and CP_ACP as Latin-1 (a character outside it becomes '?').
static std::string encode_codepage(const string& text, uint codepage) {
  if (codepage == CP_UTF8) return utf16_to_utf8(text.s);
  if (codepage != CP_ACP) mq5_harness_error("code page " + std::to_string(codepage) + " is not supported");
  std::string out;
  for (char16_t c : text.s) out += c <= 0xFF ? static_cast<char>(c) : '?';
  return out;
}
static std::u16string decode_codepage(const unsigned char* p, std::size_t n, uint codepage) {
  if (codepage == CP_UTF8) return utf8_to_utf16(p, n);
  if (codepage != CP_ACP) mq5_harness_error("code page " + std::to_string(codepage) + " is not supported");
  std::u16string out;
  for (std::size_t i = 0; i < n; i++) out += static_cast<char16_t>(p[i]);
  return out;
}

// Copies the converted text and its terminating zero (count -1), growing a
// dynamic array when needed but never shrinking it; returns the number copied.
int StringToCharArray(const string& text, marray<uchar>& array, int start, int count, uint codepage) {
  if (start < 0) return 0;
  std::string bytes = encode_codepage(text, codepage);
  bytes += '\0';
  std::size_t n = bytes.size();
  if (count >= 0 && static_cast<std::size_t>(count) < n) n = static_cast<std::size_t>(count);
  if (array.size() < start + static_cast<long>(n)) {
    if (array.is_fixed())
      n = start < array.size() ? static_cast<std::size_t>(array.size() - start) : 0;
    else
      array.resize(start + static_cast<long>(n));
  }
  for (std::size_t i = 0; i < n; i++) array[start + static_cast<long>(i)] = static_cast<uchar>(bytes[i]);
  return static_cast<int>(n);
}

// From start, count elements (-1: to the end), stopping at a zero byte.
string CharArrayToString(const marray<uchar>& array, int start, int count, uint codepage) {
  if (start < 0 || start >= array.size()) return string();
  int end = array.size();
  if (count >= 0 && start + count < end) end = start + count;
  std::vector<unsigned char> bytes;
  for (int i = start; i < end && array[i] != 0; i++) bytes.push_back(array[i]);
  return string(decode_codepage(bytes.data(), bytes.size(), codepage));
}

// ================================================================ formatting
static std::string time_text(long long t) {
  time_t tt = static_cast<time_t>(t);
  struct tm tm;
  gmtime_r(&tt, &tm);
  char buf[64];
  std::snprintf(buf, sizeof buf, "%04d.%02d.%02d %02d:%02d:%02d", tm.tm_year + 1900, tm.tm_mon + 1, tm.tm_mday,
                tm.tm_hour, tm.tm_min, tm.tm_sec);
  return buf;
}

// Print's conversion of one argument.
static string print_text(const mq5_arg& a) {
  switch (a.kind) {
    case mq5_arg::STR:
      return *a.s;
    case mq5_arg::BOOL:
      return widen_ascii(a.i ? "true" : "false");
    case mq5_arg::TIME:
      return widen_ascii(time_text(a.i));
    case mq5_arg::INT:
      return widen_ascii(a.is_unsigned ? std::to_string(static_cast<unsigned long long>(a.i)) : std::to_string(a.i));
    case mq5_arg::FLOAT:
      break;
  }
  mq5_harness_error("Print/Alert of a floating-point value is not supported (use DoubleToString)");
}

string mq5_join(const std::vector<mq5_arg>& args) {
  string out;
  for (const auto& a : args) out += print_text(a);
  return out;
}

// printf-style formatting as in MQL5's StringFormat/PrintFormat: flags
// - + space # 0, width, .precision, size prefixes h, ll, I32, I64, and the
// conversions d i u o x X c e E f g G a A s. Without ll/I64 an integer
// conversion takes 32 bits (h: 16), as the MQL5 reference describes; %s
// takes a string. A mismatch stops the harness (exit 71) rather than print
// something MetaTrader might not.
string mq5_format(const string& format, const std::vector<mq5_arg>& args) {
  const std::u16string& f = format.s;
  std::u16string out;
  std::size_t next = 0;
  auto fail = [&](const std::string& why) {
    mq5_harness_error("StringFormat(\"" + utf16_to_utf8(f) + "\"): " + why);
  };
  for (std::size_t i = 0; i < f.size(); i++) {
    char16_t c = f[i];
    if (c != u'%') {
      out += c;
      continue;
    }
    if (i + 1 < f.size() && f[i + 1] == u'%') {
      out += u'%';
      i++;
      continue;
    }
    std::string flags, width, precision, size;
    bool has_precision = false;
    i++;
    while (i < f.size() && f[i] != 0 && f[i] < 0x80 && std::strchr("-+ 0#", static_cast<int>(f[i])))
      flags += static_cast<char>(f[i++]);
    while (i < f.size() && f[i] >= u'0' && f[i] <= u'9') width += static_cast<char>(f[i++]);
    if (i < f.size() && f[i] == u'*') fail("'*' width is not supported");
    if (i < f.size() && f[i] == u'.') {
      has_precision = true;
      i++;
      while (i < f.size() && f[i] >= u'0' && f[i] <= u'9') precision += static_cast<char>(f[i++]);
      if (i < f.size() && f[i] == u'*') fail("'*' precision is not supported");
    }
    if (i + 2 < f.size() && f[i] == u'I' && f[i + 1] == u'6' && f[i + 2] == u'4') {
      size = "I64";
      i += 3;
    } else if (i + 2 < f.size() && f[i] == u'I' && f[i + 1] == u'3' && f[i + 2] == u'2') {
      size = "I32";
      i += 3;
    } else if (i + 1 < f.size() && f[i] == u'l' && f[i + 1] == u'l') {
      size = "ll";
      i += 2;
    } else if (i < f.size() && f[i] == u'h') {
      size = "h";
      i++;
    } else if (i < f.size() && f[i] == u'l') {
      fail("the 'l' size prefix is ambiguous in MQL5; use ll or I64");
    }
    if (i >= f.size()) fail("format ends inside a conversion");
    char conv = static_cast<char>(f[i]);
    if (f[i] > 0x7F || !std::strchr("diuoxXceEfgGaAs", conv)) fail(std::string("unsupported conversion '") + conv + "'");
    if (next >= args.size()) fail("fewer arguments than conversions");
    const mq5_arg& a = args[next++];
    std::string spec = "%" + flags + width + (has_precision ? "." + precision : "");
    char buf[512];
    if (conv == 's') {
      if (a.kind != mq5_arg::STR) fail("%s needs a string argument");
      std::u16string text = a.s->s;
      if (has_precision) {
        std::size_t p = precision.empty() ? 0 : static_cast<std::size_t>(std::atoi(precision.c_str()));
        if (text.size() > p) text.resize(p);
      }
      std::size_t w = width.empty() ? 0 : static_cast<std::size_t>(std::atoi(width.c_str()));
      if (text.size() < w) {
        std::u16string pad(w - text.size(), u' ');
        text = flags.find('-') != std::string::npos ? text + pad : pad + text;
      }
      out += text;
    } else if (conv == 'c') {
      if (a.kind != mq5_arg::INT) fail("%c needs an integer argument");
      std::u16string text(1, static_cast<char16_t>(a.i));
      std::size_t w = width.empty() ? 0 : static_cast<std::size_t>(std::atoi(width.c_str()));
      if (text.size() < w) {
        std::u16string pad(w - text.size(), u' ');
        text = flags.find('-') != std::string::npos ? text + pad : pad + text;
      }
      out += text;
    } else if (std::strchr("eEfgGaA", conv)) {
      if (a.kind != mq5_arg::FLOAT) fail(std::string("%") + conv + " needs a floating-point argument");
      std::snprintf(buf, sizeof buf, (spec + conv).c_str(), a.f);
      out += widen_ascii(buf).s;
    } else {
      if (a.kind != mq5_arg::INT && a.kind != mq5_arg::BOOL && a.kind != mq5_arg::TIME)
        fail(std::string("%") + conv + " needs an integer argument");
      bool is_signed = conv == 'd' || conv == 'i';
      unsigned long long raw = static_cast<unsigned long long>(a.i);
      long long sv;
      unsigned long long uv;
      if (size == "I64" || size == "ll") {
        sv = static_cast<long long>(raw);
        uv = raw;
      } else if (size == "h") {
        sv = static_cast<short>(static_cast<unsigned short>(raw));
        uv = static_cast<unsigned short>(raw);
      } else {
        sv = static_cast<int>(static_cast<unsigned int>(raw));
        uv = static_cast<unsigned int>(raw);
      }
      if (is_signed)
        std::snprintf(buf, sizeof buf, (spec + "ll" + conv).c_str(), sv);
      else
        std::snprintf(buf, sizeof buf, (spec + "ll" + conv).c_str(), uv);
      out += widen_ascii(buf).s;
    }
  }
  return string(out);
}

void mq5_emit(const char* prefix, const string& text) {
  std::string line = prefix + utf16_to_utf8(text.s);
  std::fwrite(line.data(), 1, line.size(), stdout);
  std::fputc('\n', stdout);
  std::fflush(stdout);
}

// ================================================================ crypto
int CryptEncode(ENUM_CRYPT_METHOD method, const marray<uchar>& data, const marray<uchar>& key,
                marray<uchar>& result) {
  (void)key;  // the hash methods ignore the key
  if (method != CRYPT_HASH_SHA256) mq5_harness_error("CryptEncode: only CRYPT_HASH_SHA256 is supported");
  std::vector<unsigned char> in(static_cast<std::size_t>(data.size()));
  for (int i = 0; i < data.size(); i++) in[static_cast<std::size_t>(i)] = data[i];
  unsigned char md[EVP_MAX_MD_SIZE];
  unsigned int md_len = 0;
  if (EVP_Digest(in.data(), in.size(), md, &md_len, EVP_sha256(), nullptr) != 1) return 0;
  if (result.resize(md_len) != static_cast<int>(md_len)) return 0;
  for (unsigned int i = 0; i < md_len; i++) result[i] = md[i];
  return static_cast<int>(md_len);
}

// ================================================================ time
// Three clocks, as in a terminal:
//  * the computer's clock (TimeGMT, TimeLocal, TimeTradeServer): the real
//    clock + MQL5_CLOCK_OFFSET + the runner's clock steps (MQL5_TICK_CLOCK_STEP,
//    which may be 0 or negative: the trader freezing or turning back the clock);
//  * the monotonic clock (GetTickCount, GetTickCount64, GetMicrosecondCount):
//    real monotonic time + the runner's advances (MQL5_TICK_ADVANCE); no
//    change of the computer's clock moves it (Windows' GetTickCount64 is the
//    time since boot);
//  * the trade server's clock (TimeCurrent): the real clock + the runner's
//    advances + MQL5_SERVER_TZ_OFFSET + MQL5_SERVER_CLOCK_SHIFT, formed on the
//    trade server, so the computer's clock does not move it; 0 until the
//    terminal first connects (MQL5_ACCOUNT_AFTER_SECONDS / MQL5_NETWORK_DOWN_SECONDS).
static long g_env_clock_offset = 0;   // MQL5_CLOCK_OFFSET: a wrong computer clock
static long g_mono_advance = 0;       // seconds the runner advanced the monotonic clock
static long g_clock_steps = 0;        // seconds the runner moved the computer's clock
static long g_local_tz = -10800;      // MQL5_LOCAL_TZ_OFFSET (default: São Paulo, UTC-3)
static long g_server_tz = 7200;       // MQL5_SERVER_TZ_OFFSET (a typical broker, UTC+2)
static long g_server_shift = 0;       // MQL5_SERVER_CLOCK_SHIFT
static long g_real_start = 0;         // time(nullptr) when the run started
static struct timespec g_start_mono;
static bool g_ever_connected = false;

static long env_long(const char* name, long fallback) {
  const char* v = std::getenv(name);
  if (!v || !*v) return fallback;
  return static_cast<long>(mq5_parse_integer(name, v));
}

static long long mono_us_since_start() {
  struct timespec now;
  clock_gettime(CLOCK_MONOTONIC, &now);
  return (now.tv_sec - g_start_mono.tv_sec) * 1000000LL + (now.tv_nsec - g_start_mono.tv_nsec) / 1000;
}
// Seconds of monotonic time since the run started (real + advances).
static long long mono_elapsed_ms() { return mono_us_since_start() / 1000 + g_mono_advance * 1000LL; }

bool mq5_terminal_connected();

datetime TimeGMT() { return datetime(static_cast<long>(std::time(nullptr)) + g_env_clock_offset + g_clock_steps); }
datetime TimeLocal() { return datetime(TimeGMT().v + g_local_tz); }
datetime TimeTradeServer() { return datetime(TimeGMT().v + g_server_tz); }
datetime TimeCurrent() {
  if (!mq5_terminal_connected() && !g_ever_connected) return datetime(0);
  return datetime(g_real_start + mono_elapsed_ms() / 1000 + g_server_tz + g_server_shift);
}

ulong GetTickCount64() {
  struct timespec now;
  clock_gettime(CLOCK_MONOTONIC, &now);
  long long ms = now.tv_sec * 1000LL + now.tv_nsec / 1000000 + g_mono_advance * 1000LL;
  return static_cast<ulong>(ms);
}
uint GetTickCount() { return static_cast<uint>(GetTickCount64()); }
ulong GetMicrosecondCount() { return static_cast<ulong>(mono_us_since_start() + g_mono_advance * 1000000LL); }

void Sleep(int milliseconds) {
  if (milliseconds <= 0) return;
  struct timespec ts = {milliseconds / 1000, static_cast<long>(milliseconds % 1000) * 1000000L};
  while (nanosleep(&ts, &ts) != 0 && errno == EINTR) {
  }
}

// ================================================================ math
static uint32_t g_rand_state = 1;
void MathSrand(int seed) { g_rand_state = static_cast<uint32_t>(seed); }
int MathRand() {
  g_rand_state = g_rand_state * 214013u + 2531011u;
  return static_cast<int>((g_rand_state >> 16) & 0x7FFF);
}

// ================================================================ terminal
static long g_account = 0;
static long g_account_after = 0;      // MQL5_ACCOUNT_AFTER_SECONDS
static long g_network_down = 0;       // MQL5_NETWORK_DOWN_SECONDS
static long g_network_lost = -1;      // MQL5_NETWORK_DOWN_AFTER_SECONDS (-1: never)
static int g_tester = 0;
static bool g_removed = false;
// The account as MetaTrader knows it (MQL5_SERVER, MQL5_COMPANY,
// MQL5_TRADE_MODE) and the terminal's build (MQL5_TERMINAL_BUILD).
static std::string g_server = "MetaQuotes-Demo";
static std::string g_company = "MetaQuotes Ltd.";
static long g_trade_mode = ACCOUNT_TRADE_MODE_DEMO;
static long g_terminal_build = 4755;

static bool network_up() {
  long long t = mono_elapsed_ms();
  return t >= g_network_down * 1000LL && (g_network_lost < 0 || t < g_network_lost * 1000LL);
}
static bool logged_in() { return g_account != 0 && mono_elapsed_ms() >= g_account_after * 1000LL; }

// Connected to the trade server: logged in and the network up.
bool mq5_terminal_connected() {
  bool connected = logged_in() && network_up();
  if (connected) g_ever_connected = true;
  return connected;
}

long AccountInfoInteger(ENUM_ACCOUNT_INFO_INTEGER property) {
  if (property == ACCOUNT_LOGIN) return logged_in() ? g_account : 0;
  if (property == ACCOUNT_TRADE_MODE) return logged_in() ? g_trade_mode : 0;
  return 0;
}
// Like the terminal before its first login: no server, no company.
string AccountInfoString(ENUM_ACCOUNT_INFO_STRING property) {
  if (!logged_in()) return string();
  if (property == ACCOUNT_SERVER) return mq5_from_utf8(g_server);
  if (property == ACCOUNT_COMPANY) return mq5_from_utf8(g_company);
  return string();
}
int MQLInfoInteger(ENUM_MQL_INFO_INTEGER property) {
  if (property == MQL_TESTER) return g_tester;
  return 0;
}
int TerminalInfoInteger(ENUM_TERMINAL_INFO_INTEGER property) {
  if (property == TERMINAL_CONNECTED) return mq5_terminal_connected() ? 1 : 0;
  if (property == TERMINAL_BUILD) return static_cast<int>(g_terminal_build);
  return 0;
}
bool EventSetTimer(int seconds) {
  std::printf("EVENT: EventSetTimer %d\n", seconds);
  std::fflush(stdout);
  return seconds > 0;
}
void EventKillTimer() {
  std::printf("EVENT: EventKillTimer\n");
  std::fflush(stdout);
}
void ExpertRemove() {
  g_removed = true;
  std::printf("EVENT: ExpertRemove\n");
  std::fflush(stdout);
}
bool mq5_expert_removed() { return g_removed; }

static std::u16string g_comment;
void mq5_comment(const string& text) {
  if (text.s == g_comment) return;
  g_comment = text.s;
  std::string line = utf16_to_utf8(text.s);
  std::string escaped;
  for (char c : line) {
    if (c == '\n')
      escaped += "\\n";
    else if (c == '\r')
      escaped += "\\r";
    else
      escaped += c;
  }
  std::printf("COMMENT: %s\n", escaped.c_str());
  std::fflush(stdout);
}

// ================================================================ network
static std::string lower_ascii(std::string s) {
  for (auto& c : s)
    if (c >= 'A' && c <= 'Z') c = static_cast<char>(c + 32);
  return s;
}

static long long now_ms() {
  struct timespec now;
  clock_gettime(CLOCK_MONOTONIC, &now);
  return now.tv_sec * 1000LL + now.tv_nsec / 1000000;
}

static int fail_request(int error) {
  mq5_set_last_error(error);
  return -1;
}

// Decodes a chunked body; false when it is malformed or incomplete.
static bool dechunk(const std::string& in, std::string& out) {
  std::size_t pos = 0;
  out.clear();
  for (;;) {
    std::size_t eol = in.find("\r\n", pos);
    if (eol == std::string::npos) return false;
    std::string size_text = in.substr(pos, eol - pos);
    std::size_t semi = size_text.find(';');
    if (semi != std::string::npos) size_text.resize(semi);
    char* end = nullptr;
    unsigned long size = std::strtoul(size_text.c_str(), &end, 16);
    if (size_text.empty() || (end && *end && *end != ' ')) return false;
    pos = eol + 2;
    if (size == 0) return true;
    if (pos + size + 2 > in.size()) return false;
    out.append(in, pos, size);
    pos += size + 2;
  }
}

// One parsed URL of WebRequest.
struct url_parts {
  bool https = false;
  std::string host, port, authority, path;
};

static bool parse_url(const std::string& u, url_parts& out) {
  std::string lu = lower_ascii(u);
  std::string rest;
  if (lu.rfind("https://", 0) == 0) {
    out.https = true;
    rest = u.substr(8);
  } else if (lu.rfind("http://", 0) == 0) {
    out.https = false;
    rest = u.substr(7);
  } else {
    return false;
  }
  std::size_t slash = rest.find('/');
  out.authority = rest.substr(0, slash);
  out.path = slash == std::string::npos ? "/" : rest.substr(slash);
  out.host = out.authority;
  out.port = out.https ? "443" : "80";
  if (!out.authority.empty() && out.authority[0] == '[') {
    std::size_t close = out.authority.find(']');
    if (close == std::string::npos) return false;
    out.host = out.authority.substr(1, close - 1);
    if (close + 1 < out.authority.size() && out.authority[close + 1] == ':') out.port = out.authority.substr(close + 2);
  } else if (out.authority.find(':') != std::string::npos) {
    out.host = out.authority.substr(0, out.authority.find(':'));
    out.port = out.authority.substr(out.authority.find(':') + 1);
  }
  if (out.authority.find('@') != std::string::npos) return false;  // no user info
  return !out.host.empty() && !out.port.empty();
}

// Tools -> Options -> Expert Advisors -> "Allow WebRequest for listed URL":
// MQL5_WEBREQUEST_ALLOWED, space/comma separated prefixes (unset: all allowed).
static bool url_allowed(const std::string& u) {
  const char* allowed = std::getenv("MQL5_WEBREQUEST_ALLOWED");
  if (!allowed) return true;
  std::string list = allowed;
  std::size_t pos = 0;
  while (pos <= list.size()) {
    std::size_t end = list.find_first_of(" ,", pos);
    if (end == std::string::npos) end = list.size();
    std::string prefix = list.substr(pos, end - pos);
    if (!prefix.empty() && lower_ascii(u).rfind(lower_ascii(prefix), 0) == 0) return true;
    pos = end + 1;
  }
  return false;
}

static SSL_CTX* g_tls = nullptr;

// The TLS context: certificates are verified, and only the CA file named by
// MQL5_TLS_CA_FILE is trusted when it is set (else the system's store, as
// Windows' would be).
static SSL_CTX* tls_context() {
  if (g_tls) return g_tls;
  g_tls = SSL_CTX_new(TLS_client_method());
  if (!g_tls) mq5_harness_error("WebRequest: cannot create a TLS context");
  SSL_CTX_set_min_proto_version(g_tls, TLS1_2_VERSION);
  SSL_CTX_set_verify(g_tls, SSL_VERIFY_PEER, nullptr);
  const char* ca = std::getenv("MQL5_TLS_CA_FILE");
  if (ca && *ca) {
    if (SSL_CTX_load_verify_locations(g_tls, ca, nullptr) != 1)
      mq5_harness_error(std::string("MQL5_TLS_CA_FILE: cannot load ") + ca);
  } else {
    SSL_CTX_set_default_verify_paths(g_tls);
  }
  return g_tls;
}

// A connection: a socket, and a TLS session over it for https.
struct connection {
  int fd = -1;
  SSL* ssl = nullptr;
  long long deadline = 0;
  ~connection() {
    if (ssl) SSL_free(ssl);
    if (fd >= 0) close(fd);
  }
  int remaining() const { return static_cast<int>(deadline - now_ms()); }
  // Waits until the socket is readable (want_read) or writable; false on timeout.
  bool wait(bool want_read) const {
    struct pollfd p = {fd, static_cast<short>(want_read ? POLLIN : POLLOUT), 0};
    int left = remaining();
    return left > 0 && poll(&p, 1, left) > 0;
  }
};

enum io_result { IO_OK, IO_CLOSED, IO_TIMEOUT, IO_FAILED };

static io_result conn_write(connection& c, const std::string& data) {
  std::size_t sent = 0;
  while (sent < data.size()) {
    if (c.ssl) {
      int n = SSL_write(c.ssl, data.data() + sent, static_cast<int>(data.size() - sent));
      if (n > 0) {
        sent += static_cast<std::size_t>(n);
        continue;
      }
      int e = SSL_get_error(c.ssl, n);
      if (e == SSL_ERROR_WANT_READ || e == SSL_ERROR_WANT_WRITE) {
        if (!c.wait(e == SSL_ERROR_WANT_READ)) return IO_TIMEOUT;
        continue;
      }
      return IO_FAILED;
    }
    ssize_t n = send(c.fd, data.data() + sent, data.size() - sent, MSG_NOSIGNAL);
    if (n > 0) {
      sent += static_cast<std::size_t>(n);
      continue;
    }
    if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR)) {
      if (!c.wait(false)) return IO_TIMEOUT;
      continue;
    }
    return IO_FAILED;
  }
  return IO_OK;
}

// Reads some bytes into out; IO_CLOSED at the end of the stream.
static io_result conn_read(connection& c, std::string& out) {
  char buf[8192];
  for (;;) {
    if (c.ssl) {
      int n = SSL_read(c.ssl, buf, sizeof buf);
      if (n > 0) {
        out.append(buf, static_cast<std::size_t>(n));
        return IO_OK;
      }
      int e = SSL_get_error(c.ssl, n);
      if (e == SSL_ERROR_WANT_READ || e == SSL_ERROR_WANT_WRITE) {
        if (!c.wait(e == SSL_ERROR_WANT_READ)) return IO_TIMEOUT;
        continue;
      }
      // A peer that closes without close_notify is treated as the end (as WinINet does).
      if (e == SSL_ERROR_ZERO_RETURN || e == SSL_ERROR_SYSCALL) return IO_CLOSED;
      return IO_FAILED;
    }
    if (!c.wait(true)) return IO_TIMEOUT;
    ssize_t n = recv(c.fd, buf, sizeof buf, 0);
    if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR)) continue;
    if (n <= 0) return IO_CLOSED;
    out.append(buf, static_cast<std::size_t>(n));
    return IO_OK;
  }
}

static bool is_ip_literal(const std::string& host) {
  unsigned char buf[sizeof(struct in6_addr)];
  return inet_pton(AF_INET, host.c_str(), buf) == 1 || inet_pton(AF_INET6, host.c_str(), buf) == 1;
}

// Connects (and for https completes the TLS handshake, verifying the
// certificate chain and the host name). 0, or the MQL5 error code.
static int open_connection(const url_parts& url, connection& c) {
  struct addrinfo hints;
  std::memset(&hints, 0, sizeof hints);
  hints.ai_socktype = SOCK_STREAM;
  struct addrinfo* res = nullptr;
  if (getaddrinfo(url.host.c_str(), url.port.c_str(), &hints, &res) != 0 || !res) return ERR_WEBREQUEST_CONNECT_FAILED;
  bool timed_out = false;
  for (struct addrinfo* ai = res; ai; ai = ai->ai_next) {
    int fd = socket(ai->ai_family, ai->ai_socktype, ai->ai_protocol);
    if (fd < 0) continue;
    fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK);
    int rc = connect(fd, ai->ai_addr, ai->ai_addrlen);
    if (rc != 0 && errno == EINPROGRESS) {
      struct pollfd p = {fd, POLLOUT, 0};
      int left = c.remaining();
      rc = left > 0 ? poll(&p, 1, left) : 0;
      if (rc == 0) {
        timed_out = true;
        rc = -1;
      } else if (rc > 0) {
        int err = 0;
        socklen_t len = sizeof err;
        getsockopt(fd, SOL_SOCKET, SO_ERROR, &err, &len);
        rc = err == 0 ? 0 : -1;
      }
    }
    if (rc == 0) {
      c.fd = fd;
      break;
    }
    close(fd);
    if (timed_out) break;
  }
  freeaddrinfo(res);
  if (c.fd < 0) return timed_out ? ERR_WEBREQUEST_TIMEOUT : ERR_WEBREQUEST_CONNECT_FAILED;
  if (!url.https) return 0;

  c.ssl = SSL_new(tls_context());
  if (!c.ssl) return ERR_WEBREQUEST_CONNECT_FAILED;
  SSL_set_fd(c.ssl, c.fd);
  if (is_ip_literal(url.host)) {
    X509_VERIFY_PARAM_set1_ip_asc(SSL_get0_param(c.ssl), url.host.c_str());
  } else {
    SSL_set_tlsext_host_name(c.ssl, url.host.c_str());  // SNI
    SSL_set1_host(c.ssl, url.host.c_str());             // the certificate must name this host
  }
  for (;;) {
    int n = SSL_connect(c.ssl);
    if (n == 1) return 0;
    int e = SSL_get_error(c.ssl, n);
    if (e == SSL_ERROR_WANT_READ || e == SSL_ERROR_WANT_WRITE) {
      if (!c.wait(e == SSL_ERROR_WANT_READ)) return ERR_WEBREQUEST_TIMEOUT;
      continue;
    }
    long verify = SSL_get_verify_result(c.ssl);
    std::fprintf(stderr, "HARNESS: note: WebRequest: TLS handshake with %s failed (%s)\n", url.authority.c_str(),
                 verify != X509_V_OK ? X509_verify_cert_error_string(verify) : "handshake error");
    // WinINet reports a certificate it does not trust from HttpSendRequest
    // (ERROR_INTERNET_INVALID_CA, ..._SEC_CERT_CN_INVALID): MQL5's "HTTP
    // request failed".
    return ERR_WEBREQUEST_REQUEST_FAILED;
  }
}

struct http_response {
  int status = 0;
  std::string headers;  // the header lines after the status line, "\r\n" separated
  std::string body;
};

// One HTTP/1.1 exchange ("Connection: close"). 0, or the MQL5 error code.
static int http_exchange(const url_parts& url, const std::string& method, const std::string& user_headers_in,
                         const std::string& body, long long deadline, http_response& out) {
  connection c;
  c.deadline = deadline;
  int error = open_connection(url, c);
  if (error) return error;

  std::string user_headers = user_headers_in;
  if (!user_headers.empty() && user_headers.size() >= 2 && user_headers.substr(user_headers.size() - 2) != "\r\n")
    user_headers += "\r\n";
  std::string lower_headers = lower_ascii("\r\n" + user_headers);
  std::string request = method + " " + url.path + " HTTP/1.1\r\nHost: " + url.authority +
                        "\r\nUser-Agent: MetaTrader 5 Terminal (mql5-harness)\r\nAccept: */*\r\nConnection: close\r\n" +
                        user_headers;
  if (lower_headers.find("\r\ncontent-type:") == std::string::npos && !body.empty())
    request += "Content-Type: application/x-www-form-urlencoded\r\n";
  if (lower_headers.find("\r\ncontent-length:") == std::string::npos &&
      (method == "POST" || method == "PUT" || !body.empty()))
    request += "Content-Length: " + std::to_string(body.size()) + "\r\n";
  request += "\r\n" + body;
  io_result w = conn_write(c, request);
  if (w == IO_TIMEOUT) return ERR_WEBREQUEST_TIMEOUT;
  if (w != IO_OK) return ERR_WEBREQUEST_REQUEST_FAILED;

  std::string response;
  std::size_t header_end = std::string::npos;
  long long content_length = -1;
  bool chunked = false;
  for (;;) {
    if (header_end != std::string::npos) {
      std::size_t have = response.size() - header_end;
      if (content_length >= 0 && have >= static_cast<std::size_t>(content_length)) break;
      if (chunked) {
        std::string tmp;
        if (dechunk(response.substr(header_end), tmp)) break;
      }
    }
    io_result r = conn_read(c, response);
    if (r == IO_TIMEOUT) return ERR_WEBREQUEST_TIMEOUT;
    if (r == IO_FAILED) return ERR_WEBREQUEST_REQUEST_FAILED;
    if (r == IO_CLOSED) break;
    if (header_end == std::string::npos) {
      std::size_t at = response.find("\r\n\r\n");
      if (at != std::string::npos) {
        header_end = at + 4;
        std::string head = lower_ascii(response.substr(0, at + 2));
        std::size_t cl = head.find("\r\ncontent-length:");
        if (cl != std::string::npos) content_length = std::atoll(head.c_str() + cl + 17);
        std::size_t te = head.find("\r\ntransfer-encoding:");
        if (te != std::string::npos && head.find("chunked", te) < head.find("\r\n", te + 2)) chunked = true;
      }
    }
  }
  if (header_end == std::string::npos || response.compare(0, 5, "HTTP/") != 0) return ERR_WEBREQUEST_REQUEST_FAILED;
  std::size_t line_end = response.find("\r\n");
  std::size_t sp = response.find(' ');
  if (sp == std::string::npos || sp > line_end) return ERR_WEBREQUEST_REQUEST_FAILED;
  out.status = std::atoi(response.c_str() + sp + 1);
  if (out.status < 100 || out.status > 999) return ERR_WEBREQUEST_REQUEST_FAILED;
  out.body = response.substr(header_end);
  if (chunked) {
    std::string decoded;
    if (!dechunk(out.body, decoded)) return ERR_WEBREQUEST_REQUEST_FAILED;
    out.body = decoded;
  } else if (content_length >= 0) {
    if (out.body.size() < static_cast<std::size_t>(content_length)) return ERR_WEBREQUEST_REQUEST_FAILED;
    out.body.resize(static_cast<std::size_t>(content_length));
  }
  out.headers = response.substr(line_end + 2, header_end - 2 - (line_end + 2));
  return 0;
}

static std::string header_value(const std::string& headers, const std::string& name) {
  std::string lower = lower_ascii("\r\n" + headers + "\r\n");
  std::string key = "\r\n" + lower_ascii(name) + ":";
  std::size_t at = lower.find(key);
  if (at == std::string::npos) return "";
  std::size_t from = at + key.size();
  std::size_t to = lower.find("\r\n", from);
  std::string v = ("\r\n" + headers + "\r\n").substr(from, to - from);
  while (!v.empty() && (v[0] == ' ' || v[0] == '\t')) v.erase(0, 1);
  while (!v.empty() && (v.back() == ' ' || v.back() == '\t')) v.pop_back();
  return v;
}

// The target of a Location header, absolute ("http(s)://...") or relative to
// the request's URL ("/path" or "path").
static std::string resolve_location(const url_parts& base, const std::string& location) {
  std::string l = lower_ascii(location);
  if (l.rfind("http://", 0) == 0 || l.rfind("https://", 0) == 0) return location;
  std::string origin = std::string(base.https ? "https://" : "http://") + base.authority;
  if (!location.empty() && location[0] == '/') return origin + location;
  std::string dir = base.path.substr(0, base.path.rfind('/') + 1);
  return origin + dir + location;
}

constexpr int MAX_REDIRECTS = 10;

// WebRequest: HTTP/1.1 over a socket, https:// over OpenSSL (SNI, the
// certificate chain and the host name verified). Redirects are followed as
// WinINet does: 301/302/303 become GET without a body, 307/308 repeat the
// method and the body; at most 10; a redirect from https:// to http:// is
// refused (-1, 5203). Returns the final HTTP status (any, with its body in
// result and its headers in result_headers), or -1 with GetLastError():
// 4014 URL (or a redirect's target) not allowed, or in the tester;
// 5200 invalid URL; 5201 cannot connect (refused, name not resolved, the
// network down); 5202 timeout; 5203 request failed (TLS certificate not
// trusted or not for this host, connection closed without an answer,
// too many redirects).
int WebRequest(const string& method, const string& url, const string& headers, int timeout,
               const marray<char>& data, marray<char>& result, string& result_headers) {
  std::string u = narrow(url);
  if (g_tester) return fail_request(ERR_FUNCTION_NOT_ALLOWED);
  std::string m = narrow(method);
  std::string body;
  for (int i = 0; i < data.size(); i++) body += static_cast<char>(data[i]);
  long long deadline = now_ms() + (timeout > 0 ? timeout : 0);
  http_response response;
  bool was_https = false;
  for (int hop = 0;; hop++) {
    if (!url_allowed(u)) return fail_request(ERR_FUNCTION_NOT_ALLOWED);
    url_parts parts;
    if (!parse_url(u, parts)) return fail_request(ERR_WEBREQUEST_INVALID_ADDRESS);
    if (hop > 0 && was_https && !parts.https) {
      std::fprintf(stderr, "HARNESS: note: WebRequest: redirect from https:// to http:// refused (%s)\n", u.c_str());
      return fail_request(ERR_WEBREQUEST_REQUEST_FAILED);
    }
    was_https = parts.https;
    if (!network_up()) return fail_request(ERR_WEBREQUEST_CONNECT_FAILED);
    response = http_response();
    int error = http_exchange(parts, m, narrow(headers), body, deadline, response);
    if (error) return fail_request(error);
    int s = response.status;
    if (s != 301 && s != 302 && s != 303 && s != 307 && s != 308) break;
    std::string location = header_value(response.headers, "Location");
    if (location.empty()) break;  // nothing to follow: the 3xx is the answer
    if (hop + 1 > MAX_REDIRECTS) return fail_request(ERR_WEBREQUEST_REQUEST_FAILED);
    std::printf("WEBREQUEST: redirect %d %s\n", s, resolve_location(parts, location).c_str());
    std::fflush(stdout);
    u = resolve_location(parts, location);
    if (s == 301 || s == 302 || s == 303) {
      if (m != "GET" && m != "HEAD") m = "GET";
      body.clear();
    }
  }
  result_headers = mq5_from_utf8(response.headers);
  const std::string& response_body = response.body;
  if (!result.is_fixed() || result.size() < static_cast<int>(response_body.size()))
    result.resize(static_cast<long>(response_body.size()));
  int n = static_cast<int>(response_body.size());
  if (n > result.size()) n = result.size();
  for (int i = 0; i < n; i++) result[i] = response_body[static_cast<std::size_t>(i)];
  return response.status;
}

// ================================================================ files
// The terminal's sandboxes: FILE_COMMON → $MQL5_COMMON_DIR (Terminal\Common\Files),
// otherwise $MQL5_FILES_DIR (MQL5\Files). When unset, a fresh temporary
// directory for this run (nothing survives it).
struct open_file {
  FILE* f;
  int flags;
};
static std::map<int, open_file> g_files;
static int g_next_handle = 1;
static std::string g_temp_root;

static std::string sandbox_dir(bool common) {
  const char* env = std::getenv(common ? "MQL5_COMMON_DIR" : "MQL5_FILES_DIR");
  if (env && *env) return env;
  if (g_temp_root.empty()) {
    const char* tmp = std::getenv("TMPDIR");
    std::string templ = std::string(tmp && *tmp ? tmp : "/tmp") + "/mql5-harness-XXXXXX";
    std::vector<char> buf(templ.begin(), templ.end());
    buf.push_back('\0');
    if (!mkdtemp(buf.data())) mq5_harness_error("cannot create a temporary sandbox directory");
    g_temp_root = buf.data();
  }
  return g_temp_root + (common ? "/Common" : "/Files");
}

static void make_dirs(const std::string& path) {
  for (std::size_t i = 1; i < path.size(); i++) {
    if (path[i] == '/') mkdir(path.substr(0, i).c_str(), 0755);
  }
}

// The file's path on disk, or "" for a name MQL5 would refuse (absolute, with
// a drive, or leaving the sandbox through "..").
static std::string sandbox_path(const string& name, bool common) {
  std::string n = narrow(name);
  for (auto& c : n)
    if (c == '\\') c = '/';
  if (n.empty() || n[0] == '/' || n.find(':') != std::string::npos) return "";
  std::size_t pos = 0;
  while (pos <= n.size()) {
    std::size_t end = n.find('/', pos);
    if (end == std::string::npos) end = n.size();
    std::string part = n.substr(pos, end - pos);
    if (part == "..") return "";
    pos = end + 1;
  }
  return sandbox_dir(common) + "/" + n;
}

// Windows' sharing rules, across handles and processes: an open asks for
// access (read, write) and says what it lets others do at the same time
// (FILE_SHARE_READ, FILE_SHARE_WRITE; neither = exclusive, as MQL5's
// FileOpen without the flags). It fails (INVALID_HANDLE, 5004) when an
// earlier open does not share what it asks for, or when it does not share
// what an earlier open has. FileMove and FileDelete fail while the file is
// open anywhere (MQL5 has no FILE_SHARE_DELETE). Modelled with Linux
// open-file-description locks (F_OFD_*) on bytes far past the end of the real
// file, so two harness processes really conflict: one byte per "uses read",
// "uses write", "denies read", "denies write", and one byte serialising
// the check.
namespace {
constexpr off_t LOCK_BASE = static_cast<off_t>(1) << 40;
enum lock_byte { LOCK_META = 0, USES_READ = 1, USES_WRITE = 2, DENIES_READ = 3, DENIES_WRITE = 4 };

bool ofd_lock(int fd, int byte, short type, bool wait) {
  struct flock fl;
  std::memset(&fl, 0, sizeof fl);
  fl.l_type = type;
  fl.l_whence = SEEK_SET;
  fl.l_start = LOCK_BASE + byte;
  fl.l_len = 1;
  for (;;) {
    if (fcntl(fd, wait ? F_OFD_SETLKW : F_OFD_SETLK, &fl) == 0) return true;
    if (errno != EINTR) return false;
  }
}

// True when another open file description holds a lock on that byte.
bool ofd_held_elsewhere(int fd, int byte) {
  struct flock fl;
  std::memset(&fl, 0, sizeof fl);
  fl.l_type = F_WRLCK;
  fl.l_whence = SEEK_SET;
  fl.l_start = LOCK_BASE + byte;
  fl.l_len = 1;
  if (fcntl(fd, F_OFD_GETLK, &fl) != 0) return true;
  return fl.l_type != F_UNLCK;
}

// Opens path and takes the check lock, making sure path still names the
// opened file (a FileMove may replace it meanwhile). -1 when it cannot be opened.
int open_locked(const std::string& path, bool create) {
  for (int attempt = 0; attempt < 100; attempt++) {
    int fd = ::open(path.c_str(), O_RDWR | O_CLOEXEC | (create ? O_CREAT : 0), 0644);
    if (fd < 0) return -1;
    ofd_lock(fd, LOCK_META, F_WRLCK, true);
    struct stat opened, named;
    if (fstat(fd, &opened) == 0 && stat(path.c_str(), &named) == 0 && opened.st_ino == named.st_ino &&
        opened.st_dev == named.st_dev)
      return fd;
    ::close(fd);  // replaced meanwhile: open the new one
  }
  return -1;
}

void unlock_meta(int fd) { ofd_lock(fd, LOCK_META, F_UNLCK, false); }

bool open_anywhere(int fd) {
  return ofd_held_elsewhere(fd, USES_READ) || ofd_held_elsewhere(fd, USES_WRITE) ||
         ofd_held_elsewhere(fd, DENIES_READ) || ofd_held_elsewhere(fd, DENIES_WRITE);
}
}  // namespace

int FileOpen(const string& file_name, int open_flags, short delimiter, uint codepage) {
  (void)delimiter;
  (void)codepage;
  std::string path = sandbox_path(file_name, (open_flags & FILE_COMMON) != 0);
  if (path.empty()) {
    mq5_set_last_error(ERR_WRONG_FILENAME);
    return INVALID_HANDLE;
  }
  bool rd = (open_flags & FILE_READ) != 0, wr = (open_flags & FILE_WRITE) != 0;
  if (!rd && !wr) {
    mq5_set_last_error(ERR_CANNOT_OPEN_FILE);
    return INVALID_HANDLE;
  }
  if (!(open_flags & (FILE_BIN | FILE_TXT | FILE_CSV))) open_flags |= FILE_CSV;
  if (wr) make_dirs(path);
  int fd = open_locked(path, wr);
  if (fd < 0) {
    mq5_set_last_error(ERR_CANNOT_OPEN_FILE);
    return INVALID_HANDLE;
  }
  bool share_read = (open_flags & FILE_SHARE_READ) != 0, share_write = (open_flags & FILE_SHARE_WRITE) != 0;
  bool conflict = (rd && ofd_held_elsewhere(fd, DENIES_READ)) || (wr && ofd_held_elsewhere(fd, DENIES_WRITE)) ||
                  (!share_read && ofd_held_elsewhere(fd, USES_READ)) ||
                  (!share_write && ofd_held_elsewhere(fd, USES_WRITE));
  if (conflict) {
    ::close(fd);
    mq5_set_last_error(ERR_CANNOT_OPEN_FILE);
    return INVALID_HANDLE;
  }
  if (rd) ofd_lock(fd, USES_READ, F_RDLCK, false);
  if (wr) ofd_lock(fd, USES_WRITE, F_RDLCK, false);
  if (!share_read) ofd_lock(fd, DENIES_READ, F_RDLCK, false);
  if (!share_write) ofd_lock(fd, DENIES_WRITE, F_RDLCK, false);
  if (wr && !rd && ftruncate(fd, 0) != 0) {  // FILE_WRITE alone starts the file empty
    ::close(fd);
    mq5_set_last_error(ERR_CANNOT_OPEN_FILE);
    return INVALID_HANDLE;
  }
  unlock_meta(fd);
  FILE* f = fdopen(fd, "r+b");
  if (!f) {
    ::close(fd);
    mq5_set_last_error(ERR_CANNOT_OPEN_FILE);
    return INVALID_HANDLE;
  }
  int handle = g_next_handle++;
  g_files[handle] = open_file{f, open_flags};
  return handle;
}

static open_file* find_file(int handle) {
  auto it = g_files.find(handle);
  if (it == g_files.end()) {
    mq5_set_last_error(ERR_INVALID_FILEHANDLE);
    return nullptr;
  }
  return &it->second;
}

void FileClose(int handle) {
  auto it = g_files.find(handle);
  if (it == g_files.end()) return;
  std::fclose(it->second.f);  // releases its sharing locks
  g_files.erase(it);
}

void FileFlush(int handle) {
  if (open_file* f = find_file(handle)) std::fflush(f->f);
}

bool FileIsExist(const string& file_name, int common_flag) {
  std::string path = sandbox_path(file_name, (common_flag & FILE_COMMON) != 0);
  struct stat st;
  return !path.empty() && stat(path.c_str(), &st) == 0 && S_ISREG(st.st_mode);
}

bool FileDelete(const string& file_name, int common_flag) {
  std::string path = sandbox_path(file_name, (common_flag & FILE_COMMON) != 0);
  if (path.empty()) {
    mq5_set_last_error(ERR_WRONG_FILENAME);
    return false;
  }
  int fd = open_locked(path, false);
  if (fd < 0) {
    mq5_set_last_error(ERR_FILE_NOT_EXIST);
    return false;
  }
  bool ok = !open_anywhere(fd) && std::remove(path.c_str()) == 0;
  ::close(fd);
  if (!ok) mq5_set_last_error(ERR_CANNOT_DELETE_FILE);
  return ok;
}

// FileMove(src, common_flag, dst, mode_flags): mode_flags may hold
// FILE_REWRITE and FILE_COMMON (the destination's folder). An existing
// destination is replaced only with FILE_REWRITE (else false, 5020); the
// replacement is atomic (rename). Fails while the source or the destination
// is open anywhere: source 5004, destination 5020.
bool FileMove(const string& src_file_name, int common_flag, const string& dst_file_name, int mode_flags) {
  std::string src = sandbox_path(src_file_name, (common_flag & FILE_COMMON) != 0);
  std::string dst = sandbox_path(dst_file_name, (mode_flags & FILE_COMMON) != 0);
  if (src.empty() || dst.empty()) {
    mq5_set_last_error(ERR_WRONG_FILENAME);
    return false;
  }
  int sfd = open_locked(src, false);
  if (sfd < 0) {
    mq5_set_last_error(ERR_FILE_NOT_EXIST);
    return false;
  }
  if (open_anywhere(sfd)) {
    ::close(sfd);
    mq5_set_last_error(ERR_CANNOT_OPEN_FILE);
    return false;
  }
  int dfd = -1;
  struct stat st;
  if (stat(dst.c_str(), &st) == 0) {
    if (!(mode_flags & FILE_REWRITE)) {
      ::close(sfd);
      mq5_set_last_error(ERR_FILE_CANNOT_REWRITE);
      return false;
    }
    dfd = open_locked(dst, false);
    if (dfd >= 0 && open_anywhere(dfd)) {
      ::close(dfd);
      ::close(sfd);
      mq5_set_last_error(ERR_FILE_CANNOT_REWRITE);
      return false;
    }
  }
  make_dirs(dst);
  bool ok = std::rename(src.c_str(), dst.c_str()) == 0;
  if (dfd >= 0) ::close(dfd);
  ::close(sfd);
  if (!ok) mq5_set_last_error(ERR_FILE_CANNOT_REWRITE);
  return ok;
}

ulong FileSize(int handle) {
  open_file* f = find_file(handle);
  if (!f) return 0;
  long here = std::ftell(f->f);
  std::fseek(f->f, 0, SEEK_END);
  long size = std::ftell(f->f);
  std::fseek(f->f, here, SEEK_SET);
  return size < 0 ? 0 : static_cast<ulong>(size);
}

std::size_t mq5_file_remaining(int handle) {
  open_file* f = find_file(handle);
  if (!f) return 0;
  long here = std::ftell(f->f);
  std::fseek(f->f, 0, SEEK_END);
  long size = std::ftell(f->f);
  std::fseek(f->f, here, SEEK_SET);
  return size > here ? static_cast<std::size_t>(size - here) : 0;
}

uint mq5_file_write(int handle, const void* data, std::size_t elem_size, std::size_t count) {
  open_file* f = find_file(handle);
  if (!f) return 0;
  if (!(f->flags & FILE_WRITE) || !(f->flags & FILE_BIN)) {
    mq5_set_last_error(ERR_CANNOT_OPEN_FILE);
    return 0;
  }
  return static_cast<uint>(std::fwrite(data, elem_size, count, f->f));
}

uint mq5_file_read(int handle, void* data, std::size_t elem_size, std::size_t count) {
  open_file* f = find_file(handle);
  if (!f) return 0;
  if (!(f->flags & FILE_READ) || !(f->flags & FILE_BIN)) {
    mq5_set_last_error(ERR_CANNOT_OPEN_FILE);
    return 0;
  }
  return static_cast<uint>(std::fread(data, elem_size, count, f->f));
}

// ================================================================ inputs
bool mq5_input_text(const char* name, std::string& out) {
  std::string var = std::string("MQL5_INPUT_") + name;
  const char* v = std::getenv(var.c_str());
  if (!v) return false;
  out = v;
  return true;
}

long long mq5_parse_integer(const char* what, const std::string& text) {
  errno = 0;
  char* end = nullptr;
  long long v = std::strtoll(text.c_str(), &end, 10);
  if (text.empty() || errno != 0 || !end || *end != '\0') mq5_harness_error(std::string(what) + ": not an integer: " + text);
  return v;
}

double mq5_parse_double(const char* what, const std::string& text) {
  char* end = nullptr;
  double v = std::strtod(text.c_str(), &end);
  if (text.empty() || !end || *end != '\0') mq5_harness_error(std::string(what) + ": not a number: " + text);
  return v;
}

// ================================================================ runner support
// MQL5_TRADE_MODE: demo, contest or real (or 0, 1, 2, as ENUM_ACCOUNT_TRADE_MODE).
static long trade_mode_from_env() {
  const char* v = std::getenv("MQL5_TRADE_MODE");
  if (!v || !*v) return ACCOUNT_TRADE_MODE_DEMO;
  std::string mode = v;
  if (mode == "demo") return ACCOUNT_TRADE_MODE_DEMO;
  if (mode == "contest") return ACCOUNT_TRADE_MODE_CONTEST;
  if (mode == "real") return ACCOUNT_TRADE_MODE_REAL;
  return mq5_parse_integer("MQL5_TRADE_MODE", mode);
}

void mq5_harness_start() {
  clock_gettime(CLOCK_MONOTONIC, &g_start_mono);
  g_real_start = static_cast<long>(std::time(nullptr));
  g_env_clock_offset = env_long("MQL5_CLOCK_OFFSET", 0);
  g_server_shift = env_long("MQL5_SERVER_CLOCK_SHIFT", 0);
  g_account_after = env_long("MQL5_ACCOUNT_AFTER_SECONDS", 0);
  g_network_down = env_long("MQL5_NETWORK_DOWN_SECONDS", 0);
  g_network_lost = env_long("MQL5_NETWORK_DOWN_AFTER_SECONDS", -1);
  g_local_tz = env_long("MQL5_LOCAL_TZ_OFFSET", -10800);
  g_server_tz = env_long("MQL5_SERVER_TZ_OFFSET", 7200);
  g_account = env_long("MQL5_ACCOUNT", 0);
  g_tester = static_cast<int>(env_long("MQL5_TESTER", 0));
  if (const char* v = std::getenv("MQL5_SERVER")) g_server = v;
  if (const char* v = std::getenv("MQL5_COMPANY")) g_company = v;
  g_trade_mode = trade_mode_from_env();
  g_terminal_build = env_long("MQL5_TERMINAL_BUILD", 4755);
}

void mq5_advance_clock(long mono_seconds, long clock_seconds) {
  if (mono_seconds < 0) mq5_harness_error("MQL5_TICK_ADVANCE: the monotonic clock cannot go back");
  g_mono_advance += mono_seconds;
  g_clock_steps += clock_seconds;
}

void mq5_harness_finish() {
  for (auto& entry : g_files) std::fclose(entry.second.f);
  g_files.clear();
  if (!g_temp_root.empty()) {
    std::error_code ignored;
    std::filesystem::remove_all(g_temp_root, ignored);
  }
}

}  // namespace mq5
