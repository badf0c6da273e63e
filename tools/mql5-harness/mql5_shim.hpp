// mql5_shim.hpp: the MQL5 built-ins the RoboForge license template calls,
// for running translate.py's output natively (g++ -std=c++17, see build.sh).
//
// Everything lives in namespace mq5, and the translated program is compiled
// inside the same namespace, so its identifiers never meet the C library's.
// Semantics follow the MQL5 reference (mql5.com/en/docs) for what the
// template uses; what the template does not use is left out on purpose, so a
// template that starts using something new fails to compile instead of
// running on a guess. Where MQL5 stops a program with a "critical error"
// (array out of range), the harness prints CRITICAL: and exits with 70.
#ifndef MQL5_SHIM_HPP
#define MQL5_SHIM_HPP

#include <cstdint>
#include <initializer_list>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

namespace mq5 {

// ---------------------------------------------------------------- types
// MQL5's integer types have fixed sizes: char/uchar 8, short/ushort 16,
// int/uint 32, long/ulong 64 bits. C++ on LP64 Linux matches with these
// (build.sh passes -fsigned-char and -fwrapv: MQL5's char is signed and its
// arithmetic wraps).
typedef unsigned char uchar;
typedef unsigned short ushort;
typedef unsigned int uint;
typedef unsigned long ulong;
static_assert(sizeof(long) == 8 && sizeof(ulong) == 8 && sizeof(int) == 4 && sizeof(short) == 2,
              "MQL5 type sizes need an LP64 target");

[[noreturn]] void mq5_critical(const char* what);
[[noreturn]] void mq5_harness_error(const std::string& what);

// datetime: seconds since 1970-01-01 (8 bytes). A type of its own only so
// that Print() shows it as MQL5 does ("yyyy.mm.dd hh:mi:ss"); it converts to
// and from long implicitly, so arithmetic and comparisons are long's.
struct datetime {
  long v;
  datetime() = default;  // like any MQL5 local: indeterminate until assigned (globals are zero)
  constexpr datetime(long x) : v(x) {}
  constexpr operator long() const { return v; }
  datetime& operator+=(long x) { v += x; return *this; }
  datetime& operator-=(long x) { v -= x; return *this; }
};

// string: MQL5 strings are UTF-16. Literals of the translated program are
// u"..."_mq. No implicit conversion from numbers or raw pointers exists, so
// MQL5's implicit number-to-string conversions fail to compile here instead
// of meaning something else.
class string {
 public:
  std::u16string s;
  string() = default;
  explicit string(std::u16string v) : s(std::move(v)) {}
  string& operator+=(const string& o) { s += o.s; return *this; }
  friend string operator+(const string& a, const string& b) { return string(a.s + b.s); }
  friend bool operator==(const string& a, const string& b) { return a.s == b.s; }
  friend bool operator!=(const string& a, const string& b) { return a.s != b.s; }
  friend bool operator<(const string& a, const string& b) { return a.s < b.s; }
  friend bool operator>(const string& a, const string& b) { return a.s > b.s; }
  friend bool operator<=(const string& a, const string& b) { return a.s <= b.s; }
  friend bool operator>=(const string& a, const string& b) { return a.s >= b.s; }
};
inline string operator""_mq(const char16_t* p, std::size_t n) { return string(std::u16string(p, n)); }

std::string mq5_to_utf8(const string& s);
string mq5_from_utf8(const std::string& s);

// ---------------------------------------------------------------- arrays
// One class for MQL5's dynamic arrays (T a[];) and fixed ones (T a[N];).
// Every access is bounds-checked like MQL5's ("array out of range" is a
// critical error that stops the program). Arrays cannot be copied with =.
enum mq5_storage { MQ5_GLOBAL, MQ5_LOCAL, MQ5_STATIC };

void mq5_poison(void* p, std::size_t bytes);

template <class T>
class marray {
  struct cell {
    T v;
  };
  std::vector<cell> d_;
  bool fixed_ = false;

  static void fill_undefined(std::vector<cell>& d, std::size_t from) {
    // MQL5 leaves new elements of a local or resized array undefined
    // ("their values will be undefined"); a recognisable garbage pattern
    // makes code that relies on zeros fail here too. Strings start empty.
    if constexpr (std::is_arithmetic_v<T>) {
      for (std::size_t i = from; i < d.size(); i++) mq5_poison(&d[i].v, sizeof(T));
    }
  }

 public:
  marray() = default;
  marray(const marray&) = delete;
  marray& operator=(const marray&) = delete;
  marray(marray&&) = default;
  marray& operator=(marray&&) = default;

  static marray fixed(long n, mq5_storage storage) {
    if (n <= 0) mq5_critical("fixed array of size <= 0");
    marray a;
    a.fixed_ = true;
    a.d_.resize(static_cast<std::size_t>(n));  // value-initialised: zero
    if (storage == MQ5_LOCAL) fill_undefined(a.d_, 0);
    return a;
  }
  // T a[N] = {...}; (N < 0 for T a[] = {...}): missing elements are zero.
  static marray fixed_init(long n, std::initializer_list<T> init) {
    marray a;
    a.fixed_ = true;
    long count = static_cast<long>(init.size());
    if (n < 0) n = count;
    if (count > n) mq5_critical("too many initializers for a fixed array");
    if (n <= 0) mq5_critical("fixed array of size <= 0");
    a.d_.resize(static_cast<std::size_t>(n));
    std::size_t i = 0;
    for (const T& v : init) a.d_[i++].v = v;
    return a;
  }

  T& operator[](long i) {
    if (i < 0 || i >= static_cast<long>(d_.size())) mq5_critical("array out of range");
    return d_[static_cast<std::size_t>(i)].v;
  }
  const T& operator[](long i) const {
    if (i < 0 || i >= static_cast<long>(d_.size())) mq5_critical("array out of range");
    return d_[static_cast<std::size_t>(i)].v;
  }
  int size() const { return static_cast<int>(d_.size()); }
  bool is_fixed() const { return fixed_; }
  // ArrayResize: dynamic arrays only (-1 for a fixed one, which keeps its size).
  int resize(long n) {
    if (fixed_ || n < 0 || n > 2147483647L) return -1;
    std::size_t old = d_.size();
    d_.resize(static_cast<std::size_t>(n));
    if (d_.size() > old) fill_undefined(d_, old);
    return static_cast<int>(d_.size());
  }
  void free_all() {
    if (!fixed_) d_.clear();
  }
};

// ---------------------------------------------------------------- constants
constexpr int WHOLE_ARRAY = -1;
constexpr uint CP_ACP = 0;
constexpr uint CP_UTF8 = 65001;
constexpr int INVALID_HANDLE = -1;
constexpr int FILE_READ = 1;
constexpr int FILE_WRITE = 2;
constexpr int FILE_BIN = 4;
constexpr int FILE_CSV = 8;
constexpr int FILE_TXT = 16;
constexpr int FILE_ANSI = 32;
constexpr int FILE_UNICODE = 64;
constexpr int FILE_SHARE_READ = 128;
constexpr int FILE_SHARE_WRITE = 256;
constexpr int FILE_REWRITE = 512;
constexpr int FILE_COMMON = 4096;
constexpr int TIME_DATE = 1;
constexpr int TIME_MINUTES = 2;
constexpr int TIME_SECONDS = 4;
constexpr int REASON_PROGRAM = 0;
constexpr int REASON_REMOVE = 1;
constexpr int REASON_INITFAILED = 8;
constexpr int ERR_SUCCESS = 0;
constexpr int ERR_FUNCTION_NOT_ALLOWED = 4014;
constexpr int ERR_WRONG_FILENAME = 5002;
constexpr int ERR_CANNOT_OPEN_FILE = 5004;
constexpr int ERR_CANNOT_DELETE_FILE = 5006;
constexpr int ERR_INVALID_FILEHANDLE = 5007;
constexpr int ERR_FILE_NOT_EXIST = 5019;
constexpr int ERR_FILE_CANNOT_REWRITE = 5020;
constexpr int ERR_WEBREQUEST_INVALID_ADDRESS = 5200;
constexpr int ERR_WEBREQUEST_CONNECT_FAILED = 5201;
constexpr int ERR_WEBREQUEST_TIMEOUT = 5202;
constexpr int ERR_WEBREQUEST_REQUEST_FAILED = 5203;

enum ENUM_INIT_RETCODE { INIT_SUCCEEDED = 0, INIT_FAILED = 1, INIT_PARAMETERS_INCORRECT = 2, INIT_AGENT_NOT_SUITABLE = 3 };
enum ENUM_ACCOUNT_INFO_INTEGER { ACCOUNT_LOGIN = 0, ACCOUNT_TRADE_MODE = 32 };
enum ENUM_ACCOUNT_INFO_STRING { ACCOUNT_NAME = 1, ACCOUNT_SERVER = 3, ACCOUNT_COMPANY = 5 };
enum ENUM_ACCOUNT_TRADE_MODE { ACCOUNT_TRADE_MODE_DEMO = 0, ACCOUNT_TRADE_MODE_CONTEST = 1, ACCOUNT_TRADE_MODE_REAL = 2 };
enum ENUM_MQL_INFO_INTEGER { MQL_TESTER = 6 };
enum ENUM_TERMINAL_INFO_INTEGER { TERMINAL_BUILD = 5, TERMINAL_CONNECTED = 6 };
enum ENUM_CRYPT_METHOD { CRYPT_HASH_SHA256 = 6 };

// ---------------------------------------------------------------- errors
int GetLastError();
void ResetLastError();
void mq5_set_last_error(int code);

// ---------------------------------------------------------------- strings
int StringLen(const string& s);
string StringSubstr(const string& s, int start, int length = -1);
ushort StringGetCharacter(const string& s, int pos);
int StringFind(const string& s, const string& match, int start = 0);
bool StringToLower(string& s);
bool StringToUpper(string& s);
int StringTrimLeft(string& s);
int StringTrimRight(string& s);
string ShortToString(ushort c);
string IntegerToString(long number, int str_len = 0, ushort fill_symbol = u' ');
long StringToInteger(const string& s);
string TimeToString(datetime value, int mode = TIME_DATE | TIME_MINUTES);
int StringToCharArray(const string& text, marray<uchar>& array, int start = 0, int count = -1,
                      uint codepage = CP_ACP);
string CharArrayToString(const marray<uchar>& array, int start = 0, int count = -1, uint codepage = CP_ACP);

// StringFormat / PrintFormat / Print / Alert: arguments are type-erased so
// the formatter knows each one's MQL5 type, as MQL5's own does.
struct mq5_arg {
  enum Kind { INT, FLOAT, STR, BOOL, TIME } kind;
  long long i = 0;  // INT, BOOL, TIME: value (sign-extended or zero-extended)
  bool is_unsigned = false;
  int bytes = 0;
  double f = 0;
  const string* s = nullptr;
};

template <class T>
mq5_arg mq5_make_arg(const T& v) {
  mq5_arg a{mq5_arg::INT};
  if constexpr (std::is_same_v<T, string>) {
    a.kind = mq5_arg::STR;
    a.s = &v;
  } else if constexpr (std::is_same_v<T, datetime>) {
    a.kind = mq5_arg::TIME;
    a.i = v.v;
    a.bytes = 8;
  } else if constexpr (std::is_same_v<T, bool>) {
    a.kind = mq5_arg::BOOL;
    a.i = v ? 1 : 0;
    a.bytes = 1;
  } else if constexpr (std::is_enum_v<T>) {
    a.i = static_cast<long long>(v);
    a.bytes = 4;
  } else if constexpr (std::is_integral_v<T>) {
    a.is_unsigned = std::is_unsigned_v<T>;
    a.i = a.is_unsigned ? static_cast<long long>(static_cast<unsigned long long>(v)) : static_cast<long long>(v);
    a.bytes = static_cast<int>(sizeof(T));
  } else if constexpr (std::is_floating_point_v<T>) {
    a.kind = mq5_arg::FLOAT;
    a.f = static_cast<double>(v);
    a.bytes = static_cast<int>(sizeof(T));
  } else {
    static_assert(std::is_same_v<T, string>, "this argument type is not supported by the MQL5 harness");
  }
  return a;
}

string mq5_format(const string& format, const std::vector<mq5_arg>& args);
string mq5_join(const std::vector<mq5_arg>& args);
void mq5_emit(const char* prefix, const string& text);

template <class... A>
string StringFormat(const string& format, const A&... args) {
  return mq5_format(format, std::vector<mq5_arg>{mq5_make_arg(args)...});
}
template <class... A>
bool PrintFormat(const string& format, const A&... args) {
  mq5_emit("PRINT: ", mq5_format(format, std::vector<mq5_arg>{mq5_make_arg(args)...}));
  return true;
}
template <class... A>
void Print(const A&... args) {
  mq5_emit("PRINT: ", mq5_join(std::vector<mq5_arg>{mq5_make_arg(args)...}));
}
template <class... A>
void Alert(const A&... args) {
  mq5_emit("ALERT: ", mq5_join(std::vector<mq5_arg>{mq5_make_arg(args)...}));
}
// Comment(...): the chart's top-left text. Printed as "COMMENT: <text>" (line
// breaks as \n) only when it differs from the chart's current comment.
void mq5_comment(const string& text);
template <class... A>
void Comment(const A&... args) {
  mq5_comment(mq5_join(std::vector<mq5_arg>{mq5_make_arg(args)...}));
}

// ---------------------------------------------------------------- arrays
template <class T>
int ArraySize(const marray<T>& a) {
  return a.size();
}
template <class T>
int ArrayResize(marray<T>& a, int new_size, int reserve_size = 0) {
  (void)reserve_size;
  return a.resize(new_size);
}
template <class T>
void ArrayFree(marray<T>& a) {
  a.free_all();
}
template <class T, class V>
void ArrayFill(marray<T>& a, int start, int count, V value) {
  if (start < 0 || count < 0 || start + count > a.size()) mq5_critical("array out of range");
  for (int i = start; i < start + count; i++) a[i] = static_cast<T>(value);
}
template <class T, class V>
int ArrayInitialize(marray<T>& a, V value) {
  for (int i = 0; i < a.size(); i++) a[i] = static_cast<T>(value);
  return a.size();
}
// ArrayCopy: same element type only; count < 0 copies the rest of src; a
// dynamic destination grows, a fixed one limits the count.
template <class T>
int ArrayCopy(marray<T>& dst, const marray<T>& src, int dst_start = 0, int src_start = 0,
              int count = WHOLE_ARRAY) {
  if (dst_start < 0 || src_start < 0) return 0;
  if (src_start >= src.size()) return 0;
  int n = src.size() - src_start;
  if (count >= 0 && count < n) n = count;
  if (dst.size() < dst_start + n) {
    if (dst.is_fixed())
      n = dst.size() - dst_start;
    else
      dst.resize(dst_start + n);
  }
  if (n <= 0) return 0;
  if (&dst == &src && dst_start > src_start) {
    for (int i = n - 1; i >= 0; i--) dst[dst_start + i] = src[src_start + i];
  } else {
    for (int i = 0; i < n; i++) dst[dst_start + i] = src[src_start + i];
  }
  return n;
}

// ---------------------------------------------------------------- crypto
int CryptEncode(ENUM_CRYPT_METHOD method, const marray<uchar>& data, const marray<uchar>& key,
                marray<uchar>& result);

// ---------------------------------------------------------------- network
int WebRequest(const string& method, const string& url, const string& headers, int timeout,
               const marray<char>& data, marray<char>& result, string& result_headers);

// ---------------------------------------------------------------- time
datetime TimeGMT();
datetime TimeLocal();
datetime TimeCurrent();
datetime TimeTradeServer();
uint GetTickCount();
ulong GetTickCount64();
ulong GetMicrosecondCount();
void Sleep(int milliseconds);

// ---------------------------------------------------------------- math
int MathRand();
void MathSrand(int seed);

// ---------------------------------------------------------------- terminal
long AccountInfoInteger(ENUM_ACCOUNT_INFO_INTEGER property);
string AccountInfoString(ENUM_ACCOUNT_INFO_STRING property);
int MQLInfoInteger(ENUM_MQL_INFO_INTEGER property);
int TerminalInfoInteger(ENUM_TERMINAL_INFO_INTEGER property);
bool EventSetTimer(int seconds);
void EventKillTimer();
void ExpertRemove();

// ---------------------------------------------------------------- files
int FileOpen(const string& file_name, int open_flags, short delimiter = u'\t', uint codepage = CP_ACP);
void FileClose(int handle);
bool FileIsExist(const string& file_name, int common_flag = 0);
bool FileDelete(const string& file_name, int common_flag = 0);
bool FileMove(const string& src_file_name, int common_flag, const string& dst_file_name, int mode_flags);
ulong FileSize(int handle);
void FileFlush(int handle);
uint mq5_file_write(int handle, const void* data, std::size_t elem_size, std::size_t count);
uint mq5_file_read(int handle, void* data, std::size_t elem_size, std::size_t count);
std::size_t mq5_file_remaining(int handle);

template <class T>
uint FileWriteArray(int handle, const marray<T>& array, int start = 0, int count = WHOLE_ARRAY) {
  static_assert(std::is_arithmetic_v<T>, "FileWriteArray: only arrays of numbers are supported");
  if (start < 0 || start > array.size()) return 0;
  int n = array.size() - start;
  if (count >= 0 && count < n) n = count;
  if (n <= 0) return 0;
  std::vector<T> buf(static_cast<std::size_t>(n));
  for (int i = 0; i < n; i++) buf[static_cast<std::size_t>(i)] = array[start + i];
  return mq5_file_write(handle, buf.data(), sizeof(T), buf.size());
}
// FileReadArray: count WHOLE_ARRAY reads the rest of the file into a
// dynamic array, or fills a fixed one; a dynamic array grows as needed.
template <class T>
uint FileReadArray(int handle, marray<T>& array, int start = 0, int count = WHOLE_ARRAY) {
  static_assert(std::is_arithmetic_v<T>, "FileReadArray: only arrays of numbers are supported");
  if (start < 0) return 0;
  std::size_t n;
  if (count >= 0)
    n = static_cast<std::size_t>(count);
  else if (array.is_fixed())
    n = start < array.size() ? static_cast<std::size_t>(array.size() - start) : 0;
  else
    n = mq5_file_remaining(handle) / sizeof(T);
  if (array.size() < start + static_cast<long>(n)) {
    if (array.is_fixed())
      n = start < array.size() ? static_cast<std::size_t>(array.size() - start) : 0;
    else
      array.resize(start + static_cast<long>(n));
  }
  if (n == 0) return 0;
  std::vector<T> buf(n);
  uint got = mq5_file_read(handle, buf.data(), sizeof(T), n);
  for (uint i = 0; i < got; i++) array[start + static_cast<long>(i)] = buf[i];
  return got;
}

// ---------------------------------------------------------------- inputs
// input T name = value;  →  const T name = mql_input<T>("name", value);
// The environment variable MQL5_INPUT_<name> overrides the value.
bool mq5_input_text(const char* name, std::string& out);
long long mq5_parse_integer(const char* what, const std::string& text);
double mq5_parse_double(const char* what, const std::string& text);

template <class T>
T mql_input(const char* name, T value) {
  std::string text;
  if (!mq5_input_text(name, text)) return value;
  if constexpr (std::is_same_v<T, string>) {
    return mq5_from_utf8(text);
  } else if constexpr (std::is_same_v<T, bool>) {
    if (text == "true" || text == "1") return true;
    if (text == "false" || text == "0") return false;
    mq5_harness_error(std::string("MQL5_INPUT_") + name + ": expected true or false");
  } else if constexpr (std::is_same_v<T, datetime>) {
    return datetime(static_cast<long>(mq5_parse_integer(name, text)));
  } else if constexpr (std::is_enum_v<T> || std::is_integral_v<T>) {
    return static_cast<T>(mq5_parse_integer(name, text));
  } else if constexpr (std::is_floating_point_v<T>) {
    return static_cast<T>(mq5_parse_double(name, text));
  } else {
    static_assert(std::is_same_v<T, string>, "input type not supported by the harness");
  }
}

// ---------------------------------------------------------------- harness
// Defined by translate.py's output (hooks into the program's event handlers).
int mq5_hook_on_init();       // OnInit's result (0 for void OnInit)
bool mq5_hook_has_on_timer();
void mq5_hook_on_timer();
void mq5_hook_on_deinit(int reason);
int mq5_hook_can_open();      // RF_CanOpenPositions() as 0/1, or -1 when the program has none
// Runner side.
void mq5_harness_start();
// One timer step: the monotonic clock (GetTickCount64, the trade server's
// clock) advances by mono_seconds, the computer's clock (TimeGMT/TimeLocal)
// by clock_seconds (may be 0 or negative: a frozen or set-back clock).
void mq5_advance_clock(long mono_seconds, long clock_seconds);
void mq5_harness_finish();  // closes files, removes the temporary sandbox (if one was made)
bool mq5_expert_removed();

}  // namespace mq5

#endif
