//+------------------------------------------------------------------+
//| RoboForge - verificação de licença                               |
//+------------------------------------------------------------------+
// Antes de usar o robô na conta real ou demo: no MetaTrader 5 abra
// Ferramentas -> Opções -> Expert Advisors (Tools -> Options -> Expert
// Advisors), marque "Permitir WebRequest para as URLs listadas" ("Allow
// WebRequest for listed URL") e adicione a URL do servidor de licenças
// (ela aparece no gráfico, no alerta e no log "Experts" quando falta). Sem
// isso o WebRequest falha com o erro 4014 e o robô espera, sem abrir
// posições. No testador de estratégia a licença não é consultada.
//
// Protocolo v3 (docs/license-signature.md, o servidor usa exatamente isto):
//   pedido   POST JSON {"email","mtAccount","server","company","tradeMode","terminalBuild",
//            "versionTag","robotId","tenantId","nonce","protocol":3}
//            (numa cópia pessoal, "licenseId" e "buildMark" no lugar de "email")
//   resposta HTTP 200 {"valid","code","expiresAt","serverTime","nonce","graceSeconds",
//            "latestVersion","updateAvailable","signature"}
//            (RATE_LIMITED também com HTTP 429; RATE_LIMITED e THROTTLED com "retryAfter")
//   signature = hex minúsculo (128 caracteres) da assinatura Ed25519 (RFC 8032)
//      da mensagem = UTF-8 de
//      "v3|{nonce}|{valid}|{code}|{expiresAt}|{serverTime}|{robotId}|{mtAccount}|{server}|{graceSeconds}|{latestVersion}|{updateAvailable}"
//      (RATE_LIMITED/THROTTLED com retryAfter: mais "|{retryAfter}" no fim)
//      feita com a chave privada do robô, que fica só no servidor; o robô
//      leva apenas a chave pública (32 bytes, RF_PUBLIC_KEY) e verifica a
//      assinatura aqui mesmo, em MQL5 (SHA-512 e Ed25519 abaixo).
//   valid: 1 ou 0; code: código da resposta ("OK" quando válida);
//   expiresAt: segundos unix ou 0 sem expiração; serverTime: segundos unix;
//   mtAccount: número da conta em decimal, sem zeros à esquerda;
//   server: o servidor da corretora desta conta (ACCOUNT_SERVER, sem espaços
//   nas pontas): a conta é o login NAQUELE servidor;
//   graceSeconds: tolerância sem servidor (segundos, 0 = nenhuma);
//   latestVersion: a versão que os compradores baixam agora ("" sem versão);
//   updateAvailable: 1 quando a versão em execução (RF_VERSION_TAG) é mais
//   antiga que latestVersion (o robô avisa no gráfico e continua operando).
// O nonce novo a cada consulta impede reaproveitar uma resposta antiga e a
// assinatura impede um servidor falso: uma resposta nova vale mesmo com o
// relógio do computador errado (o gráfico pede para acertá-lo). Uma
// resposta guardada só vale com serverTime até 300 s depois do relógio (GMT).
//
// Sem resposta na partida (sem rede, servidor fora do ar, terminal ainda sem
// conta, WebRequest não permitido, "tente mais tarde") o robô fica no
// gráfico sem abrir posições e tenta de novo: 10 s, 30 s, 1 min, depois a
// cada 5 min. Só uma recusa assinada (valid:false) o encerra.
//
// A última resposta válida fica guardada no terminal (pasta comum de
// arquivos, RoboForge\<robô>_<conta>.lic, com o nonce que ela responde),
// gravada por troca atômica (arquivo temporário + FileMove) e lida com
// FILE_SHARE_READ, para vários gráficos e terminais ao mesmo tempo.
// Sem servidor o robô continua enquanto durar a tolerância dessa resposta
// (serverTime + graceSeconds, e antes de expiresAt), medida por três
// relógios: o monotônico (GetTickCount64, desde que a resposta chegou), o
// do computador (nem antes de a resposta ser emitida, nem depois do fim) e o
// do servidor da corretora (TimeCurrent), quando conhecido. As novas
// verificações seguem o relógio monotônico: mexer no relógio do computador
// não as impede. Licença encerrada: com RF_LAPSE_POLICY "stop" o robô é
// removido do gráfico; com "manage" ele continua para gerenciar as posições
// abertas, mas RF_CanOpenPositions() passa a ser false.

// Uma cópia pessoal (RF_LICENSE_ID definido antes deste bloco) já sabe a sua
// licença: não mostra o e-mail, que ela não usaria.
#ifndef RF_LICENSE_ID
input string LicenseEmail = "";   // E-mail usado na compra
#endif

#define RF_AUTH_URL             "{{TENANT_AUTH_URL}}"
#define RF_TENANT_ID            "{{TENANT_ID}}"
#define RF_TENANT_DOMAIN        "{{TENANT_DOMAIN}}"
#define RF_ROBOT_ID             "{{ROBOT_ID}}"
// Ed25519 public key of this robot: 64 lower-case hex characters (32 bytes).
#define RF_PUBLIC_KEY           "{{ROBOT_PUBLIC_KEY}}"
// What a lapsed license does: "stop" (remove the EA) or "manage" (keep
// managing open positions, open no new ones). Anything else means "stop".
#define RF_LAPSE_POLICY         "{{LAPSE_POLICY}}"
// Which injected version of the robot this is: 16 lower-case hex characters
// drawn at injection, sent as versionTag so the server can say whether a
// newer version is out (or this one was withdrawn).
#define RF_VERSION_TAG "{{VERSION_TAG}}"
#define RF_PROTOCOL             3
// ACCOUNT_COMPANY is sent (not signed) cut to this many characters.
#define RF_MAX_COMPANY_CHARS    128
#define RF_TIMEOUT_MS           5000
#define RF_MAX_CLOCK_SKEW       300
#define RF_RECHECK_SECONDS      3600
// While the robot waits for its first answer its own timer ticks this often;
// the retries back off 10 s, 30 s, 60 s, then every RF_RETRY_MAX_SECONDS.
#define RF_WAIT_TIMER_SECONDS   10
#define RF_RETRY_MAX_SECONDS    300
// A signed RATE_LIMITED/THROTTLED says how long to wait (retryAfter, seconds):
// at most this long; an older server that sends none means this default.
#define RF_RETRY_AFTER_MAX      86400
#define RF_RETRY_AFTER_DEFAULT  300
// The largest offset of a trade server's clock from GMT (UTC+14), for the
// trade server's clock as a witness (RF_ServerClockFloor).
#define RF_MAX_SERVER_UTC_OFFSET 50400
// Tries of a file operation that another chart or terminal holds up.
#define RF_FILE_ATTEMPTS        8
// With a grace period of 0, an hourly re-check that cannot reach the server
// (network, DNS, server restart) is retried on the next timer tick; only
// after this many failures in a row does the license lapse. A signed "not
// valid" answer ends it at once.
#define RF_MAX_RECHECK_FAILURES 3
#define RF_LICENSE_FOLDER       "RoboForge"
#define RF_MAX_STORED_BYTES     65536

enum RF_Outcome
  {
   RF_OUTCOME_VALID,        // signed answer, valid:true
   RF_OUTCOME_DENIED,       // signed answer, valid:false (the code says why)
   RF_OUTCOME_RETRY_LATER,  // signed RATE_LIMITED / THROTTLED: wait retryAfter, not a verdict
   RF_OUTCOME_MISSING,      // no e-mail typed in
   RF_OUTCOME_NO_ACCOUNT,   // the terminal has not logged in to an account (yet)
   RF_OUTCOME_NOT_ALLOWED,  // WebRequest refused the URL (error 4014)
   RF_OUTCOME_UNAVAILABLE   // no trustworthy answer: network, HTTP, JSON or signature
  };

bool     RF_LicenseValid      = false;   // licensed now: a valid answer, or within its grace
bool     RF_InGrace           = false;   // running on the grace of the last valid answer
bool     RF_Waiting           = false;   // no verdict yet: on the chart, opening nothing, retrying
bool     RF_WaitingForAccount = false;   // ... because the terminal has not logged in yet
datetime RF_GraceUntil        = 0;       // GMT end of that grace (0: none)
long     RF_GraceSeconds      = 0;       // graceSeconds of the last valid answer
long     RF_AnswerServerTime  = 0;       // serverTime of the answer the license rests on
long     RF_ExpiresAt         = 0;       // its expiresAt (0: none)
long     RF_LicensedAccount   = 0;       // the account that answer is about
ulong    RF_GraceEndTick      = 0;       // GetTickCount64() when that grace ends
ulong    RF_ExpiryTick        = 0;       // GetTickCount64() when the license expires (0: never)
bool     RF_Lapsed            = false;   // "manage" policy: lapsed, only managing positions
datetime RF_LastCheck         = 0;       // TimeLocal() of the last check (shown on the chart)
ulong    RF_LastCheckTick     = 0;       // GetTickCount64() of the last check
ulong    RF_NextTryTick       = 0;       // GetTickCount64() of the next retry without a verdict
int      RF_RetryCount        = 0;
int      RF_RecheckFailures   = 0;
long     RF_RetryAfter        = 0;       // seconds the last RATE_LIMITED/THROTTLED asked to wait
int      RF_LastError         = 0;       // WebRequest's error of the last check (0: it answered)
string   RF_Problem           = "";      // why the last check got no trustworthy answer (pt-BR)
string   RF_Status            = "";      // the panel's state line when fixed (refusal, lapse)
string   RF_WaitWhy           = "";      // why the robot waits (pt-BR)
string   RF_Fix               = "";      // what the trader should do (pt-BR)
string   RF_ClockWarning      = "";      // the computer's clock is off (pt-BR)
string   RF_LastAlertKey      = "";      // one alert per situation
string   RF_InstanceTag       = "";      // names this instance's temporary file
string   RF_LatestVersion     = "";      // latestVersion of the last verified answer
string   RF_UpdateNotice      = "";      // "Nova versão ... disponível" while one is out (pt-BR)
string   RF_AnnouncedVersion  = "";      // the latestVersion already announced in the log
long     RF_NonceCounter      = 0;
bool     RF_RandomSeeded      = false;

//+------------------------------------------------------------------+
//| Bytes and hashing                                                |
//+------------------------------------------------------------------+
// UTF-8 bytes of text without the terminating zero StringToCharArray adds.
int RF_Utf8Bytes(const string text, uchar &bytes[])
  {
   int count = StringToCharArray(text, bytes, 0, WHOLE_ARRAY, CP_UTF8);
   if(count > 0 && bytes[count - 1] == 0)
      count--;
   if(count < 0)
      count = 0;
   ArrayResize(bytes, count);
   return(count);
  }

string RF_BytesToHex(const uchar &bytes[], const int count)
  {
   string hex = "";
   for(int i = 0; i < count; i++)
      hex += StringFormat("%02x", bytes[i]);
   return(hex);
  }

int RF_HexDigit(const ushort c)
  {
   if(c >= '0' && c <= '9')
      return(c - '0');
   if(c >= 'a' && c <= 'f')
      return(c - 'a' + 10);
   if(c >= 'A' && c <= 'F')
      return(c - 'A' + 10);
   return(-1);
  }

// Exactly count bytes written as 2 * count hex digits; false otherwise.
bool RF_HexToBytes(const string hex, uchar &bytes[], const int count)
  {
   if(StringLen(hex) != 2 * count)
      return(false);
   ArrayResize(bytes, count);
   for(int i = 0; i < count; i++)
     {
      int high = RF_HexDigit(StringGetCharacter(hex, 2 * i));
      int low = RF_HexDigit(StringGetCharacter(hex, 2 * i + 1));
      if(high < 0 || low < 0)
         return(false);
      bytes[i] = (uchar)(high * 16 + low);
     }
   return(true);
  }

bool RF_Sha256(const uchar &data[], uchar &digest[])
  {
   uchar no_key[];   // hash methods ignore the key
   return(CryptEncode(CRYPT_HASH_SHA256, data, no_key, digest) == 32);
  }

// 32 hex characters, different on every call: a SHA-256 of the microsecond
// counter, the clock, random numbers, a call counter and the account.
string RF_NewNonce()
  {
   if(!RF_RandomSeeded)
     {
      MathSrand((uint)(GetMicrosecondCount() ^ (ulong)TimeLocal()));
      RF_RandomSeeded = true;
     }
   RF_NonceCounter++;
   string seed = IntegerToString((long)GetMicrosecondCount()) + "|" +
                 IntegerToString((long)TimeLocal()) + "|" +
                 IntegerToString(MathRand()) + "|" +
                 IntegerToString(MathRand()) + "|" +
                 IntegerToString(MathRand()) + "|" +
                 IntegerToString(RF_NonceCounter) + "|" +
                 IntegerToString(AccountInfoInteger(ACCOUNT_LOGIN)) + "|" +
                 IntegerToString((long)GetTickCount());
   uchar seed_bytes[];
   uchar digest[];
   RF_Utf8Bytes(seed, seed_bytes);
   if(RF_Sha256(seed_bytes, digest))
      return(RF_BytesToHex(digest, 16));
   string fallback = "";
   for(int i = 0; i < 8; i++)
      fallback += StringFormat("%04x", MathRand());
   return(fallback);
  }

//+------------------------------------------------------------------+
//| SHA-512 (FIPS 180-4)                                             |
//+------------------------------------------------------------------+
// MQL5's CryptEncode has SHA-256 but not SHA-512, which Ed25519 needs.
const ulong RF_SHA512_K[80] =
  {
   0x428a2f98d728ae22, 0x7137449123ef65cd, 0xb5c0fbcfec4d3b2f, 0xe9b5dba58189dbbc,
   0x3956c25bf348b538, 0x59f111f1b605d019, 0x923f82a4af194f9b, 0xab1c5ed5da6d8118,
   0xd807aa98a3030242, 0x12835b0145706fbe, 0x243185be4ee4b28c, 0x550c7dc3d5ffb4e2,
   0x72be5d74f27b896f, 0x80deb1fe3b1696b1, 0x9bdc06a725c71235, 0xc19bf174cf692694,
   0xe49b69c19ef14ad2, 0xefbe4786384f25e3, 0x0fc19dc68b8cd5b5, 0x240ca1cc77ac9c65,
   0x2de92c6f592b0275, 0x4a7484aa6ea6e483, 0x5cb0a9dcbd41fbd4, 0x76f988da831153b5,
   0x983e5152ee66dfab, 0xa831c66d2db43210, 0xb00327c898fb213f, 0xbf597fc7beef0ee4,
   0xc6e00bf33da88fc2, 0xd5a79147930aa725, 0x06ca6351e003826f, 0x142929670a0e6e70,
   0x27b70a8546d22ffc, 0x2e1b21385c26c926, 0x4d2c6dfc5ac42aed, 0x53380d139d95b3df,
   0x650a73548baf63de, 0x766a0abb3c77b2a8, 0x81c2c92e47edaee6, 0x92722c851482353b,
   0xa2bfe8a14cf10364, 0xa81a664bbc423001, 0xc24b8b70d0f89791, 0xc76c51a30654be30,
   0xd192e819d6ef5218, 0xd69906245565a910, 0xf40e35855771202a, 0x106aa07032bbd1b8,
   0x19a4c116b8d2d0c8, 0x1e376c085141ab53, 0x2748774cdf8eeb99, 0x34b0bcb5e19b48a8,
   0x391c0cb3c5c95a63, 0x4ed8aa4ae3418acb, 0x5b9cca4f7763e373, 0x682e6ff3d6b2b8a3,
   0x748f82ee5defb2fc, 0x78a5636f43172f60, 0x84c87814a1f0ab72, 0x8cc702081a6439ec,
   0x90befffa23631e28, 0xa4506cebde82bde9, 0xbef9a3f7b2c67915, 0xc67178f2e372532b,
   0xca273eceea26619c, 0xd186b8c721c0c207, 0xeada7dd6cde0eb1e, 0xf57d4f7fee6ed178,
   0x06f067aa72176fba, 0x0a637dc5a2c898a6, 0x113f9804bef90dae, 0x1b710b35131c471b,
   0x28db77f523047d84, 0x32caab7b40c72493, 0x3c9ebe0a15c9bebc, 0x431d67c49c100d4c,
   0x4cc5d4becb3e42b6, 0x597f299cfc657e2a, 0x5fcb6fab3ad6faec, 0x6c44198c4a475817
  };
const ulong RF_SHA512_IV[8] =
  {
   0x6a09e667f3bcc908, 0xbb67ae8584caa73b, 0x3c6ef372fe94f82b, 0xa54ff53a5f1d36f1,
   0x510e527fade682d1, 0x9b05688c2b3e6c1f, 0x1f83d9abfb41bd6b, 0x5be0cd19137e2179
  };

// ulong: >> is a logical shift, as the rotation needs.
ulong RF_Rotr64(const ulong x, const int n)
  {
   return((x >> n) | (x << (64 - n)));
  }

// One 128-byte block of data (from offset) into the eight state words.
void RF_Sha512Block(ulong &state[], const uchar &data[], const int offset)
  {
   ulong w[80];
   for(int t = 0; t < 16; t++)
     {
      ulong word = 0;
      for(int b = 0; b < 8; b++)
         word = (word << 8) | (ulong)data[offset + 8 * t + b];
      w[t] = word;
     }
   for(int t = 16; t < 80; t++)
     {
      ulong s0 = RF_Rotr64(w[t - 15], 1) ^ RF_Rotr64(w[t - 15], 8) ^ (w[t - 15] >> 7);
      ulong s1 = RF_Rotr64(w[t - 2], 19) ^ RF_Rotr64(w[t - 2], 61) ^ (w[t - 2] >> 6);
      w[t] = w[t - 16] + s0 + w[t - 7] + s1;
     }
   ulong a = state[0];
   ulong b = state[1];
   ulong c = state[2];
   ulong d = state[3];
   ulong e = state[4];
   ulong f = state[5];
   ulong g = state[6];
   ulong h = state[7];
   for(int t = 0; t < 80; t++)
     {
      ulong sum1 = RF_Rotr64(e, 14) ^ RF_Rotr64(e, 18) ^ RF_Rotr64(e, 41);
      ulong choose = (e & f) ^ (~e & g);
      ulong t1 = h + sum1 + choose + RF_SHA512_K[t] + w[t];
      ulong sum0 = RF_Rotr64(a, 28) ^ RF_Rotr64(a, 34) ^ RF_Rotr64(a, 39);
      ulong majority = (a & b) ^ (a & c) ^ (b & c);
      ulong t2 = sum0 + majority;
      h = g;
      g = f;
      f = e;
      e = d + t1;
      d = c;
      c = b;
      b = a;
      a = t1 + t2;
     }
   state[0] += a;
   state[1] += b;
   state[2] += c;
   state[3] += d;
   state[4] += e;
   state[5] += f;
   state[6] += g;
   state[7] += h;
  }

// SHA-512 of the first count bytes of data; digest receives 64 bytes.
void RF_Sha512(const uchar &data[], const int count, uchar &digest[])
  {
   // The message, 0x80, zeros, and its length in bits as 16 big-endian bytes.
   int padded = ((count + 17 + 127) / 128) * 128;
   uchar message[];
   ArrayResize(message, padded);
   for(int i = 0; i < padded; i++)
      message[i] = (i < count) ? data[i] : (uchar)0;
   message[count] = 0x80;
   ulong bits = (ulong)count * 8;
   for(int j = 0; j < 8; j++)
      message[padded - 1 - j] = (uchar)((bits >> (8 * j)) & 0xff);
   ulong state[8];
   for(int s = 0; s < 8; s++)
      state[s] = RF_SHA512_IV[s];
   for(int offset = 0; offset < padded; offset += 128)
      RF_Sha512Block(state, message, offset);
   ArrayResize(digest, 64);
   for(int k = 0; k < 8; k++)
      for(int m = 0; m < 8; m++)
         digest[8 * k + m] = (uchar)((state[k] >> (56 - 8 * m)) & 0xff);
  }

//+------------------------------------------------------------------+
//| Ed25519 signature verification (RFC 8032, section 5.1.7)         |
//+------------------------------------------------------------------+
// Field elements mod p = 2^255 - 19 as 16 limbs of 16 bits held in long
// (the TweetNaCl layout: products of limbs and their sums fit in 64 bits,
// MQL5 has no 128-bit type). Points are in extended coordinates (X, Y, Z, T)
// kept in four such arrays. Verification handles public data only, so it
// needs no constant-time care.
const long RF_GF_D[16] =    // d = -121665/121666
  {
   0x78a3, 0x1359, 0x4dca, 0x75eb, 0xd8ab, 0x4141, 0x0a4d, 0x0070,
   0xe898, 0x7779, 0x4079, 0x8cc7, 0xfe73, 0x2b6f, 0x6cee, 0x5203
  };
const long RF_GF_D2[16] =   // 2d
  {
   0xf159, 0x26b2, 0x9b94, 0xebd6, 0xb156, 0x8283, 0x149a, 0x00e0,
   0xd130, 0xeef3, 0x80f2, 0x198e, 0xfce7, 0x56df, 0xd9dc, 0x2406
  };
const long RF_GF_X[16] =    // x of the base point B
  {
   0xd51a, 0x8f25, 0x2d60, 0xc956, 0xa7b2, 0x9525, 0xc760, 0x692c,
   0xdc5c, 0xfdd6, 0xe231, 0xc0a4, 0x53fe, 0xcd6e, 0x36d3, 0x2169
  };
const long RF_GF_Y[16] =    // y of the base point B = 4/5
  {
   0x6658, 0x6666, 0x6666, 0x6666, 0x6666, 0x6666, 0x6666, 0x6666,
   0x6666, 0x6666, 0x6666, 0x6666, 0x6666, 0x6666, 0x6666, 0x6666
  };
const long RF_GF_I[16] =    // sqrt(-1) = 2^((p-1)/4)
  {
   0xa0b0, 0x4a0e, 0x1b27, 0xc4ee, 0xe478, 0xad2f, 0x1806, 0x2f43,
   0xd7a7, 0x3dfb, 0x0099, 0x2b4d, 0xdf0b, 0x4fc1, 0x2480, 0x2b83
  };
// L = 2^252 + 27742317777372353535851937790883648493, the group order, little endian.
const long RF_ED_L[32] =
  {
   0xed, 0xd3, 0xf5, 0x5c, 0x1a, 0x63, 0x12, 0x58, 0xd6, 0x9c, 0xf7, 0xa2, 0xde, 0xf9, 0xde, 0x14,
   0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x10
  };

void RF_FeCopy(long &o[], const long &a[])
  {
   for(int i = 0; i < 16; i++)
      o[i] = a[i];
  }

void RF_FeSetInt(long &o[], const long value)
  {
   o[0] = value;
   for(int i = 1; i < 16; i++)
      o[i] = 0;
  }

// Brings every limb back to 16 bits; the carry out of the top limb comes back
// into the bottom one multiplied by 38 (2^256 = 38 mod p).
void RF_FeCarry(long &o[])
  {
   for(int i = 0; i < 16; i++)
     {
      o[i] += 65536;
      long carry = o[i] >> 16;
      if(i < 15)
         o[i + 1] += carry - 1;
      else
         o[0] += 38 * (carry - 1);
      o[i] -= carry * 65536;
     }
  }

// Swaps p and q when swap is 1, leaves them when it is 0.
void RF_FeSwap(long &p[], long &q[], const int swap)
  {
   long mask = ~((long)swap - 1);
   for(int i = 0; i < 16; i++)
     {
      long t = mask & (p[i] ^ q[i]);
      p[i] ^= t;
      q[i] ^= t;
     }
  }

// The canonical 32-byte little-endian encoding of n (fully reduced mod p).
void RF_FePack(uchar &o[], const int offset, const long &n[])
  {
   long t[16];
   long m[16];
   for(int i = 0; i < 16; i++)
      t[i] = n[i];
   RF_FeCarry(t);
   RF_FeCarry(t);
   RF_FeCarry(t);
   for(int pass = 0; pass < 2; pass++)
     {
      m[0] = t[0] - 0xffed;
      for(int i = 1; i < 15; i++)
        {
         m[i] = t[i] - 0xffff - ((m[i - 1] >> 16) & 1);
         m[i - 1] &= 0xffff;
        }
      m[15] = t[15] - 0x7fff - ((m[14] >> 16) & 1);
      int borrow = (int)((m[15] >> 16) & 1);
      m[14] &= 0xffff;
      RF_FeSwap(t, m, 1 - borrow);
     }
   for(int i = 0; i < 16; i++)
     {
      o[offset + 2 * i] = (uchar)(t[i] & 0xff);
      o[offset + 2 * i + 1] = (uchar)((t[i] >> 8) & 0xff);
     }
  }

void RF_FeUnpack(long &o[], const uchar &bytes[], const int offset)
  {
   for(int i = 0; i < 16; i++)
      o[i] = (long)bytes[offset + 2 * i] + ((long)bytes[offset + 2 * i + 1] << 8);
   o[15] &= 0x7fff;
  }

bool RF_FeNotEqual(const long &a[], const long &b[])
  {
   uchar x[32];
   uchar y[32];
   RF_FePack(x, 0, a);
   RF_FePack(y, 0, b);
   for(int i = 0; i < 32; i++)
      if(x[i] != y[i])
         return(true);
   return(false);
  }

bool RF_FeIsZero(const long &a[])
  {
   uchar x[32];
   RF_FePack(x, 0, a);
   for(int i = 0; i < 32; i++)
      if(x[i] != 0)
         return(false);
   return(true);
  }

int RF_FeParity(const long &a[])
  {
   uchar x[32];
   RF_FePack(x, 0, a);
   return(x[0] & 1);
  }

void RF_FeAdd(long &o[], const long &a[], const long &b[])
  {
   for(int i = 0; i < 16; i++)
      o[i] = a[i] + b[i];
  }

void RF_FeSub(long &o[], const long &a[], const long &b[])
  {
   for(int i = 0; i < 16; i++)
      o[i] = a[i] - b[i];
  }

// o = a * b; o may be a or b.
void RF_FeMul(long &o[], const long &a[], const long &b[])
  {
   long t[31];
   for(int i = 0; i < 31; i++)
      t[i] = 0;
   for(int i = 0; i < 16; i++)
      for(int j = 0; j < 16; j++)
         t[i + j] += a[i] * b[j];
   for(int i = 0; i < 15; i++)
      t[i] += 38 * t[i + 16];
   for(int i = 0; i < 16; i++)
      o[i] = t[i];
   RF_FeCarry(o);
   RF_FeCarry(o);
  }

// o = a^(p-2) = 1/a.
void RF_FeInvert(long &o[], const long &a[])
  {
   long c[16];
   RF_FeCopy(c, a);
   for(int bit = 253; bit >= 0; bit--)
     {
      RF_FeMul(c, c, c);
      if(bit != 2 && bit != 4)
         RF_FeMul(c, c, a);
     }
   RF_FeCopy(o, c);
  }

// o = a^((p-5)/8), for the square root in point decoding.
void RF_FePow2523(long &o[], const long &a[])
  {
   long c[16];
   RF_FeCopy(c, a);
   for(int bit = 250; bit >= 0; bit--)
     {
      RF_FeMul(c, c, c);
      if(bit != 1)
         RF_FeMul(c, c, a);
     }
   RF_FeCopy(o, c);
  }

// p += q (q may be p itself: every read of q comes before the first write of p).
void RF_PointAdd(long &px[], long &py[], long &pz[], long &pt[],
                 const long &qx[], const long &qy[], const long &qz[], const long &qt[])
  {
   long a[16];
   long b[16];
   long c[16];
   long d[16];
   long e[16];
   long f[16];
   long g[16];
   long h[16];
   long t[16];
   RF_FeSub(a, py, px);
   RF_FeSub(t, qy, qx);
   RF_FeMul(a, a, t);
   RF_FeAdd(b, px, py);
   RF_FeAdd(t, qx, qy);
   RF_FeMul(b, b, t);
   RF_FeMul(c, pt, qt);
   RF_FeMul(c, c, RF_GF_D2);
   RF_FeMul(d, pz, qz);
   RF_FeAdd(d, d, d);
   RF_FeSub(e, b, a);
   RF_FeSub(f, d, c);
   RF_FeAdd(g, d, c);
   RF_FeAdd(h, b, a);
   RF_FeMul(px, e, f);
   RF_FeMul(py, h, g);
   RF_FeMul(pz, g, f);
   RF_FeMul(pt, e, h);
  }

void RF_PointSwap(long &px[], long &py[], long &pz[], long &pt[],
                  long &qx[], long &qy[], long &qz[], long &qt[], const int swap)
  {
   RF_FeSwap(px, qx, swap);
   RF_FeSwap(py, qy, swap);
   RF_FeSwap(pz, qz, swap);
   RF_FeSwap(pt, qt, swap);
  }

// The 32-byte encoding of a point: y, with the parity of x in the top bit.
void RF_PointPack(uchar &bytes[], const long &px[], const long &py[], const long &pz[])
  {
   long inverse[16];
   long x[16];
   long y[16];
   RF_FeInvert(inverse, pz);
   RF_FeMul(x, px, inverse);
   RF_FeMul(y, py, inverse);
   RF_FePack(bytes, 0, y);
   bytes[31] ^= (uchar)(RF_FeParity(x) << 7);
  }

// p = [s]q for the 32-byte little-endian scalar at s[offset] (q is clobbered).
void RF_ScalarMult(long &px[], long &py[], long &pz[], long &pt[],
                   long &qx[], long &qy[], long &qz[], long &qt[], const uchar &s[], const int offset)
  {
   RF_FeSetInt(px, 0);
   RF_FeSetInt(py, 1);
   RF_FeSetInt(pz, 1);
   RF_FeSetInt(pt, 0);
   for(int i = 255; i >= 0; i--)
     {
      int bit = (s[offset + i / 8] >> (i & 7)) & 1;
      RF_PointSwap(px, py, pz, pt, qx, qy, qz, qt, bit);
      RF_PointAdd(qx, qy, qz, qt, px, py, pz, pt);
      RF_PointAdd(px, py, pz, pt, px, py, pz, pt);
      RF_PointSwap(px, py, pz, pt, qx, qy, qz, qt, bit);
     }
  }

// p = [s]B.
void RF_ScalarBase(long &px[], long &py[], long &pz[], long &pt[], const uchar &s[], const int offset)
  {
   long qx[16];
   long qy[16];
   long qz[16];
   long qt[16];
   RF_FeCopy(qx, RF_GF_X);
   RF_FeCopy(qy, RF_GF_Y);
   RF_FeSetInt(qz, 1);
   RF_FeMul(qt, RF_GF_X, RF_GF_Y);
   RF_ScalarMult(px, py, pz, pt, qx, qy, qz, qt, s, offset);
  }

// True when the 32 bytes at offset encode a y below p (RFC 8032 5.1.3 step 1).
bool RF_FeIsCanonical(const uchar &bytes[], const int offset)
  {
   if((bytes[offset + 31] & 0x7f) != 0x7f)
      return(true);
   for(int i = 30; i >= 1; i--)
      if(bytes[offset + i] != 0xff)
         return(true);
   return(bytes[offset] < 0xed);
  }

// The negation -A of the point encoded at bytes[offset]; false when the bytes
// encode no point (not canonical, no square root, or x = 0 with the sign bit set).
bool RF_PointUnpackNeg(long &rx[], long &ry[], long &rz[], long &rt[], const uchar &bytes[], const int offset)
  {
   if(!RF_FeIsCanonical(bytes, offset))
      return(false);
   long t[16];
   long check[16];
   long num[16];
   long den[16];
   long den2[16];
   long den4[16];
   long den6[16];
   RF_FeSetInt(rz, 1);
   RF_FeUnpack(ry, bytes, offset);
   RF_FeMul(num, ry, ry);
   RF_FeMul(den, num, RF_GF_D);
   RF_FeSub(num, num, rz);          // y^2 - 1
   RF_FeAdd(den, rz, den);          // d y^2 + 1
   RF_FeMul(den2, den, den);
   RF_FeMul(den4, den2, den2);
   RF_FeMul(den6, den4, den2);
   RF_FeMul(t, den6, num);
   RF_FeMul(t, t, den);
   RF_FePow2523(t, t);
   RF_FeMul(t, t, num);
   RF_FeMul(t, t, den);
   RF_FeMul(t, t, den);
   RF_FeMul(rx, t, den);
   RF_FeMul(check, rx, rx);
   RF_FeMul(check, check, den);
   if(RF_FeNotEqual(check, num))
      RF_FeMul(rx, rx, RF_GF_I);
   RF_FeMul(check, rx, rx);
   RF_FeMul(check, check, den);
   if(RF_FeNotEqual(check, num))
      return(false);
   int sign = (bytes[offset + 31] >> 7) & 1;
   if(sign == 1 && RF_FeIsZero(rx))
      return(false);
   if(RF_FeParity(rx) == sign)
     {
      long zero[16];
      RF_FeSetInt(zero, 0);
      RF_FeSub(rx, zero, rx);
     }
   RF_FeMul(rt, rx, ry);
   return(true);
  }

// True when the 32-byte little-endian scalar at offset is below L.
bool RF_ScalarIsCanonical(const uchar &s[], const int offset)
  {
   for(int i = 31; i >= 0; i--)
     {
      if((long)s[offset + i] < RF_ED_L[i])
         return(true);
      if((long)s[offset + i] > RF_ED_L[i])
         return(false);
     }
   return(false);
  }

// r[offset..offset+31] = x mod L, for x given as 64 signed byte-sized limbs.
void RF_ModL(uchar &r[], const int offset, long &x[])
  {
   long carry = 0;
   for(int i = 63; i >= 32; i--)
     {
      carry = 0;
      int j = i - 32;
      for(; j < i - 12; j++)
        {
         x[j] += carry - 16 * x[i] * RF_ED_L[j - (i - 32)];
         carry = (x[j] + 128) >> 8;
         x[j] -= carry * 256;
        }
      x[j] += carry;
      x[i] = 0;
     }
   carry = 0;
   for(int j = 0; j < 32; j++)
     {
      x[j] += carry - (x[31] >> 4) * RF_ED_L[j];
      carry = x[j] >> 8;
      x[j] &= 255;
     }
   for(int j = 0; j < 32; j++)
      x[j] -= carry * RF_ED_L[j];
   for(int i = 0; i < 32; i++)
     {
      x[i + 1] += x[i] >> 8;
      r[offset + i] = (uchar)(x[i] & 255);
     }
  }

// The 64-byte little-endian number in h, reduced mod L into h[0..31].
void RF_ReduceScalar(uchar &h[])
  {
   long x[64];
   for(int i = 0; i < 64; i++)
      x[i] = (long)h[i];
   for(int i = 0; i < 64; i++)
      h[i] = 0;
   RF_ModL(h, 0, x);
  }

// RFC 8032 5.1.7: signature = R (32 bytes) || S (32 bytes), public_key = A.
// Accepts when S < L, A decodes, and [S]B - [k]A encodes to exactly R, with
// k = SHA-512(R || A || message) mod L.
bool RF_Ed25519Verify(const uchar &signature[], const uchar &message[], const int message_len,
                      const uchar &public_key[])
  {
   if(ArraySize(signature) != 64 || ArraySize(public_key) != 32 || message_len < 0 ||
      ArraySize(message) < message_len)
      return(false);
   if(!RF_ScalarIsCanonical(signature, 32))
      return(false);
   long qx[16];
   long qy[16];
   long qz[16];
   long qt[16];
   if(!RF_PointUnpackNeg(qx, qy, qz, qt, public_key, 0))
      return(false);
   uchar hashed[];
   ArrayResize(hashed, 64 + message_len);
   for(int i = 0; i < 32; i++)
     {
      hashed[i] = signature[i];
      hashed[32 + i] = public_key[i];
     }
   for(int j = 0; j < message_len; j++)
      hashed[64 + j] = message[j];
   uchar k[];
   RF_Sha512(hashed, 64 + message_len, k);
   RF_ReduceScalar(k);
   long px[16];
   long py[16];
   long pz[16];
   long pt[16];
   RF_ScalarMult(px, py, pz, pt, qx, qy, qz, qt, k, 0);   // [k](-A)
   RF_ScalarBase(qx, qy, qz, qt, signature, 32);         // [S]B
   RF_PointAdd(px, py, pz, pt, qx, qy, qz, qt);          // [S]B - [k]A
   uchar encoded[32];
   RF_PointPack(encoded, px, py, pz);
   for(int m = 0; m < 32; m++)
      if(encoded[m] != signature[m])
         return(false);
   return(true);
  }

//+------------------------------------------------------------------+
//| Minimal JSON: escaping, and the top-level members of an object   |
//+------------------------------------------------------------------+
string RF_JsonEscape(const string text)
  {
   string escaped = "";
   int len = StringLen(text);
   for(int i = 0; i < len; i++)
     {
      ushort c = StringGetCharacter(text, i);
      if(c == '"')
         escaped += "\\\"";
      else if(c == '\\')
         escaped += "\\\\";
      else if(c < 0x20)
         escaped += StringFormat("\\u%04x", c);
      else
         escaped += ShortToString(c);
     }
   return(escaped);
  }

int RF_JsonSkipSpaces(const string &text, int pos)
  {
   int len = StringLen(text);
   while(pos < len)
     {
      ushort c = StringGetCharacter(text, pos);
      if(c != ' ' && c != '\t' && c != '\r' && c != '\n')
         break;
      pos++;
     }
   return(pos);
  }

// Reads the string literal starting at pos (on its opening quote).
bool RF_JsonReadString(const string &text, int &pos, string &value)
  {
   int len = StringLen(text);
   if(pos >= len || StringGetCharacter(text, pos) != '"')
      return(false);
   pos++;
   value = "";
   while(pos < len)
     {
      ushort c = StringGetCharacter(text, pos);
      pos++;
      if(c == '"')
         return(true);
      if(c != '\\')
        {
         value += ShortToString(c);
         continue;
        }
      if(pos >= len)
         return(false);
      ushort e = StringGetCharacter(text, pos);
      pos++;
      if(e == 'n')
         value += "\n";
      else if(e == 'r')
         value += "\r";
      else if(e == 't')
         value += "\t";
      else if(e == 'b')
         value += ShortToString((ushort)8);
      else if(e == 'f')
         value += ShortToString((ushort)12);
      else if(e == 'u')
        {
         if(pos + 4 > len)
            return(false);
         int unit = 0;
         for(int k = 0; k < 4; k++)
           {
            int digit = RF_HexDigit(StringGetCharacter(text, pos + k));
            if(digit < 0)
               return(false);
            unit = unit * 16 + digit;
           }
         pos += 4;
         value += ShortToString((ushort)unit);
        }
      else
         value += ShortToString(e);   // \" \\ \/
     }
   return(false);
  }

// Reads one value at pos: a string (unescaped, quoted = true), or the raw
// text of a number, true/false/null, object or array (quoted = false).
bool RF_JsonReadValue(const string &text, int &pos, string &value, bool &quoted)
  {
   int len = StringLen(text);
   if(pos >= len)
      return(false);
   ushort c = StringGetCharacter(text, pos);
   if(c == '"')
     {
      quoted = true;
      return(RF_JsonReadString(text, pos, value));
     }
   quoted = false;
   int start = pos;
   if(c == '{' || c == '[')
     {
      int depth = 0;
      while(pos < len)
        {
         c = StringGetCharacter(text, pos);
         if(c == '"')
           {
            string skipped = "";
            if(!RF_JsonReadString(text, pos, skipped))
               return(false);
            continue;
           }
         if(c == '{' || c == '[')
            depth++;
         else if(c == '}' || c == ']')
           {
            depth--;
            if(depth == 0)
              {
               pos++;
               value = StringSubstr(text, start, pos - start);
               return(true);
              }
           }
         pos++;
        }
      return(false);
     }
   while(pos < len)
     {
      c = StringGetCharacter(text, pos);
      if(c == ',' || c == '}' || c == ']' || c == ' ' || c == '\t' || c == '\r' || c == '\n')
         break;
      pos++;
     }
   if(pos == start)
      return(false);
   value = StringSubstr(text, start, pos - start);
   return(true);
  }

// Splits a JSON object into its top-level members; false when text is not one.
bool RF_JsonParseObject(const string &text, string &names[], string &values[], bool &quoted[])
  {
   ArrayResize(names, 0);
   ArrayResize(values, 0);
   ArrayResize(quoted, 0);
   int len = StringLen(text);
   int pos = RF_JsonSkipSpaces(text, 0);
   if(pos >= len || StringGetCharacter(text, pos) != '{')
      return(false);
   pos = RF_JsonSkipSpaces(text, pos + 1);
   if(pos < len && StringGetCharacter(text, pos) == '}')
      return(true);
   while(pos < len)
     {
      string name = "";
      string value = "";
      bool is_string = false;
      if(!RF_JsonReadString(text, pos, name))
         return(false);
      pos = RF_JsonSkipSpaces(text, pos);
      if(pos >= len || StringGetCharacter(text, pos) != ':')
         return(false);
      pos = RF_JsonSkipSpaces(text, pos + 1);
      if(!RF_JsonReadValue(text, pos, value, is_string))
         return(false);
      int n = ArraySize(names);
      ArrayResize(names, n + 1);
      ArrayResize(values, n + 1);
      ArrayResize(quoted, n + 1);
      names[n] = name;
      values[n] = value;
      quoted[n] = is_string;
      pos = RF_JsonSkipSpaces(text, pos);
      if(pos >= len)
         return(false);
      ushort c = StringGetCharacter(text, pos);
      if(c == '}')
         return(true);
      if(c != ',')
         return(false);
      pos = RF_JsonSkipSpaces(text, pos + 1);
     }
   return(false);
  }

int RF_JsonFind(const string &names[], const string name)
  {
   int count = ArraySize(names);
   for(int i = 0; i < count; i++)
      if(names[i] == name)
         return(i);
   return(-1);
  }

// A non-negative JSON integer (no sign, fraction or exponent).
bool RF_ParseUnsigned(const string text, long &number)
  {
   int len = StringLen(text);
   if(len == 0 || len > 18)
      return(false);
   number = 0;
   for(int i = 0; i < len; i++)
     {
      ushort c = StringGetCharacter(text, i);
      if(c < '0' || c > '9')
         return(false);
      number = number * 10 + (c - '0');
     }
   return(true);
  }

//+------------------------------------------------------------------+
//| License check                                                    |
//+------------------------------------------------------------------+
// The account is the login on its trade server: both are signed, so an
// answer approved for the same login at another broker cannot verify here.
string RF_SignedString(const string nonce, const bool valid, const string code, const long expires_at,
                       const long server_time, const long account, const string server, const long grace_seconds,
                       const string latest_version, const bool update_available)
  {
   return("v3|" + nonce + "|" + (valid ? "1" : "0") + "|" + code + "|" + IntegerToString(expires_at) + "|" +
          IntegerToString(server_time) + "|" + RF_ROBOT_ID + "|" + IntegerToString(account) + "|" + server + "|" +
          IntegerToString(grace_seconds) + "|" + latest_version + "|" + (update_available ? "1" : "0"));
  }

// A signed refusal that says "not now" rather than "not licensed".
bool RF_IsRetryLater(const string code)
  {
   return(code == "THROTTLED" || code == "RATE_LIMITED");
  }

// Reads a v3 answer and checks everything but the clock: the JSON shape, the
// nonce echoed, and the Ed25519 signature by this robot's key over this
// robot, this account on this trade server (server: the robot's own,
// trimmed) and that nonce. A RATE_LIMITED/THROTTLED refusal may carry
// retryAfter (seconds), signed as a thirteenth field "...|{updateAvailable}|{retryAfter}";
// retry_after is -1 when there is none. On false, problem says why (pt-BR).
bool RF_ReadAnswer(const string &response, const string nonce, const long account, const string server,
                   bool &valid, string &code, long &expires_at, long &server_time, long &grace_seconds,
                   string &latest_version, bool &update_available, long &retry_after, string &problem)
  {
   string names[];
   string values[];
   bool quoted[];
   retry_after = -1;
   if(!RF_JsonParseObject(response, names, values, quoted))
     {
      problem = "resposta do servidor de licenças ilegível.";
      return(false);
     }
   int at_valid = RF_JsonFind(names, "valid");
   int at_code = RF_JsonFind(names, "code");
   int at_expires = RF_JsonFind(names, "expiresAt");
   int at_time = RF_JsonFind(names, "serverTime");
   int at_nonce = RF_JsonFind(names, "nonce");
   int at_grace = RF_JsonFind(names, "graceSeconds");
   int at_signature = RF_JsonFind(names, "signature");
   int at_retry = RF_JsonFind(names, "retryAfter");
   int at_latest = RF_JsonFind(names, "latestVersion");
   int at_update = RF_JsonFind(names, "updateAvailable");
   if(at_valid < 0 || quoted[at_valid] || (values[at_valid] != "true" && values[at_valid] != "false") ||
      at_code < 0 || !quoted[at_code] || at_time < 0 || at_grace < 0 || at_nonce < 0 || !quoted[at_nonce] ||
      at_signature < 0 || !quoted[at_signature] || at_latest < 0 || !quoted[at_latest] || at_update < 0 ||
      quoted[at_update] || (values[at_update] != "true" && values[at_update] != "false"))
     {
      problem = "resposta do servidor de licenças incompleta.";
      return(false);
     }
   valid = (values[at_valid] == "true");
   code = values[at_code];
   latest_version = values[at_latest];
   update_available = (values[at_update] == "true");
   expires_at = 0;
   server_time = 0;
   grace_seconds = 0;
   if(quoted[at_time] || !RF_ParseUnsigned(values[at_time], server_time))
     {
      problem = "serverTime inválido na resposta.";
      return(false);
     }
   if(quoted[at_grace] || !RF_ParseUnsigned(values[at_grace], grace_seconds))
     {
      problem = "graceSeconds inválido na resposta.";
      return(false);
     }
   if(at_expires >= 0 && values[at_expires] != "null" &&
      (quoted[at_expires] || !RF_ParseUnsigned(values[at_expires], expires_at)))
     {
      problem = "expiresAt inválido na resposta.";
      return(false);
     }
   if(values[at_nonce] != nonce)
     {
      problem = "a resposta não corresponde a esta consulta.";
      return(false);
     }
   string signed_text = RF_SignedString(nonce, valid, code, expires_at, server_time, account, server, grace_seconds,
                                        latest_version, update_available);
   if(!valid && RF_IsRetryLater(code) && at_retry >= 0)
     {
      if(quoted[at_retry] || !RF_ParseUnsigned(values[at_retry], retry_after))
        {
         problem = "retryAfter inválido na resposta.";
         return(false);
        }
      signed_text += "|" + IntegerToString(retry_after);
     }
   uchar public_key[];
   if(!RF_HexToBytes(RF_PUBLIC_KEY, public_key, 32))
     {
      problem = "chave pública do robô inválida; gere o robô de novo no portal.";
      return(false);
     }
   uchar signature[];
   uchar message[];
   int message_len = RF_Utf8Bytes(signed_text, message);
   if(!RF_HexToBytes(values[at_signature], signature, 64) ||
      !RF_Ed25519Verify(signature, message, message_len, public_key))
     {
      problem = "assinatura da resposta inválida.";
      return(false);
     }
   return(true);
  }

// Until when a valid answer lets the robot run without the server (GMT):
// serverTime + graceSeconds, but never past the license's own expiry.
datetime RF_GraceEnd(const long server_time, const long grace_seconds, const long expires_at)
  {
   long until = server_time + grace_seconds;
   if(expires_at > 0 && expires_at < until)
      until = expires_at;
   return((datetime)until);
  }

// A lower bound of the real time (GMT) from the trade server's clock, 0 while
// unknown. TimeCurrent() is the time of the last quote, formed on the trade
// server: turning the computer's clock does not move it (TimeTradeServer()
// would: the terminal computes it from the computer's clock). The server's
// UTC offset is not known here, so the largest one (UTC+14) is assumed: this
// witness can end a grace late, never early.
long RF_ServerClockFloor()
  {
   long server = (long)TimeCurrent();
   if(server <= 0)
      return(0);
   return(server - RF_MAX_SERVER_UTC_OFFSET);
  }

// Whether the grace of the answer the license rests on still holds. Three
// clocks must all agree: the monotonic clock since that answer was received
// (GetTickCount64, which no clock setting moves), the computer's clock (not
// before the answer was issued, not past its grace) and the trade server's
// clock where it is known.
bool RF_GraceHolds()
  {
   if(GetTickCount64() >= RF_GraceEndTick)
      return(false);
   long now = (long)TimeGMT();
   if(now < RF_AnswerServerTime - RF_MAX_CLOCK_SKEW || now >= (long)RF_GraceUntil)
      return(false);
   long witness = RF_ServerClockFloor();
   if(witness > 0 && witness >= (long)RF_GraceUntil)
      return(false);
   return(true);
  }

// GetTickCount64() plus seconds (none when seconds <= 0).
ulong RF_TickIn(const long seconds)
  {
   ulong now = GetTickCount64();
   if(seconds <= 0)
      return(now);
   return(now + (ulong)seconds * 1000);
  }

// Remembers the answer the license now rests on, and when by the monotonic
// clock its grace and the license end. age_seconds: how old the answer is
// now (a fresh one: 0; a stored one: by the computer's clock at start-up,
// the only clock that spans a restart).
void RF_RestOnAnswer(const long account, const long server_time, const long grace_seconds, const long expires_at,
                     const long age_seconds)
  {
   RF_LicensedAccount = account;
   RF_AnswerServerTime = server_time;
   RF_GraceSeconds = grace_seconds;
   RF_ExpiresAt = expires_at;
   RF_GraceUntil = RF_GraceEnd(server_time, grace_seconds, expires_at);
   RF_GraceEndTick = RF_TickIn((long)RF_GraceUntil - server_time - age_seconds);
   RF_ExpiryTick = 0;
   if(expires_at > 0)
      RF_ExpiryTick = RF_TickIn(expires_at - server_time - age_seconds);
  }

// Where the last valid answer is kept: the terminals' common Files folder.
string RF_LicenseFile(const long account)
  {
   return(RF_LICENSE_FOLDER + "\\" + RF_ROBOT_ID + "_" + IntegerToString(account) + ".lic");
  }

// Keeps a verified valid answer with the nonce it answers: "v3\n<nonce>\n<answer>".
// Several charts and terminals (FILE_COMMON) may share the file: the answer is
// written to a file of this robot instance's own, then moved over the stored
// one in one step (FileMove with FILE_REWRITE), so nobody ever reads half an
// answer. The move waits while another instance is reading the stored file.
void RF_StoreAnswer(const long account, const string nonce, const string response)
  {
   uchar bytes[];
   int count = RF_Utf8Bytes("v3\n" + nonce + "\n" + response, bytes);
   string name = RF_LicenseFile(account);
   string temp = name + "." + RF_InstanceTag + ".tmp";
   int handle = FileOpen(temp, FILE_WRITE | FILE_BIN | FILE_COMMON);
   if(handle == INVALID_HANDLE)
     {
      PrintFormat("RoboForge: não foi possível guardar a licença neste computador (erro %d).", GetLastError());
      return;
     }
   uint written = FileWriteArray(handle, bytes, 0, count);
   FileClose(handle);
   if(written != (uint)count)
     {
      PrintFormat("RoboForge: não foi possível guardar a licença neste computador (erro %d).", GetLastError());
      FileDelete(temp, FILE_COMMON);
      return;
     }
   for(int attempt = 1; attempt <= RF_FILE_ATTEMPTS; attempt++)
     {
      if(FileMove(temp, FILE_COMMON, name, FILE_COMMON | FILE_REWRITE))
         return;
      Sleep(50 * attempt);
     }
   PrintFormat("RoboForge: não foi possível guardar a licença neste computador (erro %d).", GetLastError());
   FileDelete(temp, FILE_COMMON);
  }

// A signed refusal ends the stored grace too (retried while another
// instance is reading the file).
void RF_ForgetAnswer(const long account)
  {
   string name = RF_LicenseFile(account);
   for(int attempt = 1; attempt <= RF_FILE_ATTEMPTS && FileIsExist(name, FILE_COMMON); attempt++)
     {
      if(FileDelete(name, FILE_COMMON))
         return;
      Sleep(50 * attempt);
     }
  }

// The stored answer, trusted only when its signature still verifies for this
// robot and account (login and trade server, as now), it says valid, and the computer's clock and the trade
// server's clock are within its grace. Returns the end of that grace (GMT)
// with the answer's fields, or 0. Opened sharing reads, so charts and
// terminals read it at the same time.
datetime RF_StoredGraceUntil(const long account, long &grace_seconds, long &server_time, long &expires_at)
  {
   grace_seconds = 0;
   server_time = 0;
   expires_at = 0;
   string name = RF_LicenseFile(account);
   if(account <= 0 || !FileIsExist(name, FILE_COMMON))
      return(0);
   int handle = INVALID_HANDLE;
   for(int attempt = 1; attempt <= RF_FILE_ATTEMPTS && handle == INVALID_HANDLE; attempt++)
     {
      handle = FileOpen(name, FILE_READ | FILE_BIN | FILE_COMMON | FILE_SHARE_READ);
      if(handle == INVALID_HANDLE)
         Sleep(50 * attempt);
     }
   if(handle == INVALID_HANDLE)
     {
      PrintFormat("RoboForge: não foi possível ler a licença guardada neste computador (erro %d).", GetLastError());
      return(0);
     }
   int size = (int)FileSize(handle);
   uchar bytes[];
   int read = 0;
   if(size > 0 && size <= RF_MAX_STORED_BYTES && ArrayResize(bytes, size) == size)
      read = (int)FileReadArray(handle, bytes, 0, size);
   FileClose(handle);
   if(size <= 0 || read != size)
      return(0);
   string text = CharArrayToString(bytes, 0, read, CP_UTF8);
   int first = StringFind(text, "\n");
   int second = (first < 0) ? -1 : StringFind(text, "\n", first + 1);
   if(second >= 0 && StringSubstr(text, 0, first) == "v2")
     {
      // Kept by an earlier version of the robot, which did not sign the
      // trade server: asked afresh instead.
      Print("RoboForge: licença guardada por uma versão anterior do robô; ignorada.");
      return(0);
     }
   if(second < 0 || StringSubstr(text, 0, first) != "v3")
     {
      Print("RoboForge: licença guardada neste computador ilegível; ignorada.");
      return(0);
     }
   string nonce = StringSubstr(text, first + 1, second - first - 1);
   string response = StringSubstr(text, second + 1);
   bool valid = false;
   string code = "";
   long expires = 0;
   long issued = 0;
   long grace = 0;
   string latest_version = "";
   bool update_available = false;
   long retry_after = -1;
   string problem = "";
   if(!RF_ReadAnswer(response, nonce, account, RF_AccountServer(), valid, code, expires, issued, grace,
                     latest_version, update_available, retry_after, problem))
     {
      Print("RoboForge: licença guardada neste computador ignorada: " + problem);
      return(0);
     }
   if(!valid)
      return(0);
   long now = (long)TimeGMT();
   if(now < issued - RF_MAX_CLOCK_SKEW)
     {
      Print("RoboForge: licença guardada ignorada: o relógio do computador está antes da data em que ela foi emitida.");
      return(0);
     }
   datetime until = RF_GraceEnd(issued, grace, expires);
   if(now >= (long)until)
      return(0);
   long witness = RF_ServerClockFloor();
   if(witness > 0 && witness >= (long)until)
     {
      Print("RoboForge: licença guardada ignorada: pelo relógio do servidor da corretora a tolerância dela já acabou.");
      return(0);
     }
   grace_seconds = grace;
   server_time = issued;
   expires_at = expires;
   return(until);
  }

// The trade server the terminal is logged in to, as the server compares it
// ("" while the terminal has not logged in).
string RF_AccountServer()
  {
   string server = AccountInfoString(ACCOUNT_SERVER);
   StringTrimLeft(server);
   StringTrimRight(server);
   return(server);
  }

// ACCOUNT_TRADE_MODE as the request names it; anything unknown counts as real
// (the strictest rules apply to it).
string RF_TradeModeName()
  {
   long mode = AccountInfoInteger(ACCOUNT_TRADE_MODE);
   if(mode == ACCOUNT_TRADE_MODE_DEMO)
      return("demo");
   if(mode == ACCOUNT_TRADE_MODE_CONTEST)
      return("contest");
   return("real");
  }

// The request's account members: the login on its trade server, and what the
// owner's seat, demo and broker rules read (company, trade mode) with the
// terminal build and this robot's version, which are only recorded.
string RF_AccountMembers(const long account, const string server)
  {
   return("\"mtAccount\":" + IntegerToString(account) + "," +
          "\"server\":\"" + RF_JsonEscape(server) + "\"," +
          "\"company\":\"" + RF_JsonEscape(StringSubstr(AccountInfoString(ACCOUNT_COMPANY), 0, RF_MAX_COMPANY_CHARS)) +
          "\"," +
          "\"tradeMode\":\"" + RF_TradeModeName() + "\"," +
          "\"terminalBuild\":" + IntegerToString(TerminalInfoInteger(TERMINAL_BUILD)) + "," +
          "\"versionTag\":\"" + RF_JsonEscape(RF_VERSION_TAG) + "\",");
  }

#ifndef RF_LICENSE_ID
// The e-mail the trader typed, as the server compares it.
string RF_Email()
  {
   string email = LicenseEmail;
   StringTrimLeft(email);
   StringTrimRight(email);
   StringToLower(email);
   return(email);
  }
#endif

// One round trip to the license server. code receives the server's machine
// code (for VALID, DENIED and RETRY_LATER, which are signature-checked).
// A valid answer is remembered (in memory and in the terminal's files). A
// fresh answer carries the nonce just sent, so it is fresh whatever the
// computer's clock says: a clock more than RF_MAX_CLOCK_SKEW off only adds a
// warning (the grace, which the clock could stretch, is bounded separately).
RF_Outcome RF_RequestLicense(string &code)
  {
   code = "";
   RF_LastError = 0;
   RF_Problem = "";
   long account = AccountInfoInteger(ACCOUNT_LOGIN);
   // The account is the login on its server: without the server name (not
   // connected to an account yet) there is nothing to ask about.
   string server = RF_AccountServer();
   if(account <= 0 || server == "")
      return(RF_OUTCOME_NO_ACCOUNT);
#ifdef RF_LICENSE_ID
   // A personal build (compiled for one license, decision 0015) names its
   // license and its mark: the trader types no e-mail.
   string who = "\"licenseId\":\"" + RF_JsonEscape(RF_LICENSE_ID) + "\"," +
                "\"buildMark\":\"" + RF_JsonEscape(RF_BUILD_MARK) + "\",";
#else
   string email = RF_Email();
   if(StringLen(email) == 0)
      return(RF_OUTCOME_MISSING);
   string who = "\"email\":\"" + RF_JsonEscape(email) + "\",";
#endif

   string nonce = RF_NewNonce();
   string body = "{" + who + RF_AccountMembers(account, server) +
                 "\"robotId\":\"" + RF_JsonEscape(RF_ROBOT_ID) + "\"," +
                 "\"tenantId\":\"" + RF_JsonEscape(RF_TENANT_ID) + "\"," +
                 "\"nonce\":\"" + nonce + "\"," +
                 "\"protocol\":" + IntegerToString(RF_PROTOCOL) + "}";
   uchar body_bytes[];
   int body_len = RF_Utf8Bytes(body, body_bytes);
   char data[];
   ArrayResize(data, body_len);
   for(int i = 0; i < body_len; i++)
      data[i] = (char)body_bytes[i];

   char result[];
   string result_headers = "";
   ResetLastError();
   int status = WebRequest("POST", RF_AUTH_URL, "Content-Type: application/json\r\n", RF_TIMEOUT_MS, data, result,
                           result_headers);
   if(status == -1)
     {
      RF_LastError = GetLastError();
      if(RF_LastError == 4014)
        {
         PrintFormat("RoboForge: adicione %s em Ferramentas -> Opções -> Expert Advisors -> " +
                     "\"Permitir WebRequest para as URLs listadas\".", RF_AUTH_URL);
         return(RF_OUTCOME_NOT_ALLOWED);
        }
      PrintFormat("RoboForge: sem resposta do servidor de licenças %s (erro %d).", RF_TENANT_DOMAIN, RF_LastError);
      RF_Problem = StringFormat("sem resposta do servidor de licenças %s (erro %d)", RF_TENANT_DOMAIN, RF_LastError);
      return(RF_OUTCOME_UNAVAILABLE);
     }
   // 200 carries every verdict; 429 carries a signed RATE_LIMITED.
   if(status != 200 && status != 429)
     {
      PrintFormat("RoboForge: o servidor de licenças respondeu HTTP %d.", status);
      RF_Problem = StringFormat("o servidor de licenças respondeu HTTP %d", status);
      return(RF_OUTCOME_UNAVAILABLE);
     }

   int result_len = ArraySize(result);
   uchar result_bytes[];
   ArrayResize(result_bytes, result_len);
   for(int r = 0; r < result_len; r++)
      result_bytes[r] = (uchar)result[r];
   string response = CharArrayToString(result_bytes, 0, WHOLE_ARRAY, CP_UTF8);

   bool valid = false;
   string answer_code = "";
   long expires_at = 0;
   long server_time = 0;
   long grace_seconds = 0;
   string latest_version = "";
   bool update_available = false;
   long retry_after = -1;
   string problem = "";
   if(!RF_ReadAnswer(response, nonce, account, server, valid, answer_code, expires_at, server_time, grace_seconds,
                     latest_version, update_available, retry_after, problem))
     {
      if(status == 429)
         problem = "o servidor de licenças respondeu HTTP 429 sem uma resposta assinada.";
      Print("RoboForge: " + problem);
      RF_Problem = "resposta do servidor não confiável: " + problem;
      return(RF_OUTCOME_UNAVAILABLE);
     }
   long skew = server_time - (long)TimeGMT();
   if(skew > RF_MAX_CLOCK_SKEW || skew < -RF_MAX_CLOCK_SKEW)
     {
      RF_ClockWarning = StringFormat("o relógio do computador difere %d s do servidor; acerte a data e a hora.",
                                     (int)skew);
      Print("RoboForge: " + RF_ClockWarning);
     }
   else
      RF_ClockWarning = "";
   code = answer_code;
   RF_LatestVersion = latest_version;   // VERSION_WITHDRAWN names it too
   if(!valid)
     {
      if(RF_IsRetryLater(code))
        {
         RF_RetryAfter = (retry_after < 0) ? RF_RETRY_AFTER_DEFAULT : retry_after;
         if(RF_RetryAfter > RF_RETRY_AFTER_MAX)
            RF_RetryAfter = RF_RETRY_AFTER_MAX;
         return(RF_OUTCOME_RETRY_LATER);
        }
      RF_ForgetAnswer(account);   // a signed refusal also ends the stored grace
      return(RF_OUTCOME_DENIED);
     }
   RF_RestOnAnswer(account, server_time, grace_seconds, expires_at, 0);
   RF_StoreAnswer(account, nonce, response);
   RF_NoteUpdate(update_available, latest_version);
   return(RF_OUTCOME_VALID);
  }

//+------------------------------------------------------------------+
//| What the trader reads (pt-BR): alerts and the chart's panel      |
//+------------------------------------------------------------------+
string RF_PortalUrl()
  {
   return("https://" + RF_TENANT_DOMAIN + "/login");
  }

// A valid answer says whether a newer version is out: it goes on the chart
// while it is, and in the Experts log once per version. Trading goes on: only
// a signed VERSION_WITHDRAWN stops the robot.
void RF_NoteUpdate(const bool update_available, const string latest_version)
  {
   if(!update_available || latest_version == "")
     {
      RF_UpdateNotice = "";
      return;
     }
   RF_UpdateNotice = "Nova versão " + latest_version + " disponível no portal: " + RF_PortalUrl();
   if(RF_AnnouncedVersion == latest_version)
      return;
   RF_AnnouncedVersion = latest_version;
   Print("RoboForge: " + RF_UpdateNotice);
  }

// What to check when the server does not recognise the buyer (it says no more,
// so that a stranger learns nothing).
string RF_CheckList()
  {
#ifdef RF_LICENSE_ID
   string first = "1) use esta cópia do robô somente com a licença para a qual ela foi gerada; ";
#else
   string first = "1) o e-mail exatamente como foi digitado na compra (parâmetro \"E-mail usado na compra\"); ";
#endif
   return("Confira: " + first + "2) a conta MT5 " + IntegerToString(AccountInfoInteger(ACCOUNT_LOGIN)) +
          " confirmada no portal do cliente; 3) o portal do cliente: " + RF_PortalUrl() +
          "; 4) se todas as vagas da licença estão em uso, libere uma no portal do cliente");
  }

string RF_AllowUrlFix()
  {
   return("Em Ferramentas → Opções → Expert Advisors, marque \"Permitir WebRequest para as URLs listadas\" e " +
          "adicione " + RF_AUTH_URL);
  }

// What the robot's user reads for a signed refusal (pt-BR).
string RF_DenialMessage(const string code)
  {
   if(code == "NOT_RECOGNIZED")
      return("ERRO: licença não reconhecida para este e-mail e esta conta. " + RF_CheckList());
   if(code == "ACCOUNT_MISMATCH")
      return("ERRO: Conta MT5 não autorizada! " + RF_CheckList());
   if(code == "NOT_FOUND")
      return("ERRO: Licença não encontrada para este e-mail e este robô.");
   if(code == "EXPIRED")
      return("ERRO: Licença expirada. Renove a licença para continuar usando o robô.");
   if(code == "SUSPENDED" || code == "INACTIVE" || code == "ROBOT_INACTIVE" || code == "TENANT_SUSPENDED")
      return("ERRO: Licença suspensa ou inativa. Fale com o vendedor.");
   if(code == "CANCELLED")
      return("ERRO: Licença cancelada. Fale com o vendedor.");
   if(code == "DISPUTED")
      return("ERRO: Licença suspensa: há uma contestação de pagamento em aberto. Fale com o vendedor.");
   if(code == "PAYMENT_OVERDUE")
      return("ERRO: Licença suspensa: o pagamento da assinatura está atrasado. Ela volta assim que o pagamento " +
             "for confirmado.");
   if(code == "NOT_CONFIRMED")
      return("Confirme o número da conta no portal do cliente antes de usar o robô: " + RF_PortalUrl());
   if(code == "DEMO_REFUSED")
      return(RF_DemoRefusedMessage());
   if(code == "TRIAL_DEMO_ONLY")
      return("ERRO: licença de teste: use o robô em uma conta demo. Para a conta real, compre a licença no portal.");
   if(code == "BROKER_NOT_ALLOWED")
      return("ERRO: esta corretora não é autorizada para este robô (servidor " + RF_AccountServer() +
             "). Corretoras aceitas: veja a lista no portal do cliente: " + RF_PortalUrl());
   if(code == "VERSION_WITHDRAWN")
      return("ERRO: esta versão do robô foi retirada pelo vendedor. Baixe a versão " +
             ((RF_LatestVersion != "") ? RF_LatestVersion : "mais recente") + " no portal do cliente: " +
             RF_PortalUrl());
   if(RF_IsRetryLater(code))
      return("Muitas tentativas; tente novamente em alguns minutos.");
   if(code == "MISSING_EMAIL")
      return("ERRO: preencha o parâmetro \"E-mail usado na compra\" (LicenseEmail) com o e-mail usado na compra do robô.");
   return("ERRO: Licença recusada pelo servidor (código " + code + ").");
  }

// The server refuses demo and contest accounts alike with DEMO_REFUSED: the
// text names the kind of account this one is.
string RF_DemoRefusedMessage()
  {
   string kind = (RF_TradeModeName() == "contest") ? "contas de torneio" : "contas demo";
   return("ERRO: esta licença não aceita " + kind + ". Use o robô em uma conta real.");
  }

// Why there is no verdict yet, and what the trader can do about it.
void RF_Explain(const RF_Outcome outcome, string &key, string &why, string &fix)
  {
   key = "unavailable";
   why = RF_Problem;
   fix = "Verifique a conexão do computador com a internet.";
   if(outcome == RF_OUTCOME_NOT_ALLOWED)
     {
      key = "4014";
      why = "o MetaTrader bloqueou o acesso ao servidor de licenças (erro 4014)";
      fix = RF_AllowUrlFix();
     }
   else if(outcome == RF_OUTCOME_NO_ACCOUNT)
     {
      key = "account";
      why = "o terminal ainda não entrou em uma conta MT5";
      fix = "Entre na sua conta MT5 (Arquivo → Conectar-se a uma conta de negociação).";
     }
   else if(outcome == RF_OUTCOME_RETRY_LATER)
     {
      key = "later";
      why = StringFormat("o servidor de licenças pediu para aguardar %d s (muitas tentativas)", (int)RF_RetryAfter);
      fix = "Aguarde; não é preciso fazer nada.";
     }
   else if(RF_LastError != 0)
      key = "network";
   else if(StringFind(RF_Problem, "HTTP") >= 0)
      key = "http";
   else
     {
      key = "untrusted";
      fix = "Confira a data e a hora do computador e a conexão com a internet.";
     }
   if(why == "")
      why = "sem resposta confiável do servidor de licenças";
  }

// One alert per state: the same situation found again on a retry is not
// alerted again.
void RF_AlertOnce(const string key, const string text)
  {
   if(key == RF_LastAlertKey)
      return;
   RF_LastAlertKey = key;
   Alert(text);
  }

// until (GMT) as the computer's clock shows it.
string RF_LocalTimeText(const datetime until)
  {
   long local = (long)until + ((long)TimeLocal() - (long)TimeGMT());
   return(TimeToString((datetime)local, TIME_DATE | TIME_MINUTES));
  }

// Seconds until the next try (rounded up), 0 when due.
long RF_SecondsToNextTry()
  {
   ulong now = GetTickCount64();
   if(RF_NextTryTick <= now)
      return(0);
   return((long)((RF_NextTryTick - now + 999) / 1000));
  }

// The panel in the chart's corner: the license state, the account it is
// bound to, when the last check ran, and what to fix.
void RF_ShowStatus()
  {
   if(MQLInfoInteger(MQL_TESTER) != 0)
      return;
   string state = RF_Status;
   if(state == "")
     {
      if(RF_LicenseValid && RF_InGrace)
         state = "em tolerância até " + RF_LocalTimeText(RF_GraceUntil) +
                 StringFormat(" (servidor de licenças indisponível; próxima tentativa em %d s)", (int)RF_SecondsToNextTry());
      else if(RF_LicenseValid && RF_ExpiresAt > 0)
         state = "válida até " + RF_LocalTimeText((datetime)RF_ExpiresAt);
      else if(RF_LicenseValid)
         state = "válida (sem data de expiração)";
      else if(RF_Waiting)
         state = StringFormat("aguardando o servidor (próxima tentativa em %d s): ", (int)RF_SecondsToNextTry()) +
                 RF_WaitWhy;
     }
   long logged_in = AccountInfoInteger(ACCOUNT_LOGIN);
   string account = "Conta MT5 vinculada: " + IntegerToString(RF_LicensedAccount);
   if(RF_LicensedAccount <= 0)
      account = "Conta MT5: " + ((logged_in > 0) ? IntegerToString(logged_in) + " (licença ainda não confirmada)" :
                                "nenhuma ainda");
   string text = "RoboForge - licença do robô (" + RF_TENANT_DOMAIN + ")\n" +
                 "Licença: " + state + "\n" + account + "\n" +
                 "Última verificação: " +
                 ((RF_LastCheck > 0) ? TimeToString(RF_LastCheck, TIME_DATE | TIME_SECONDS) : "nenhuma") + "\n";
   if(RF_Fix != "")
      text += "O que fazer: " + RF_Fix + "\n";
   if(RF_ClockWarning != "")
      text += "Atenção: " + RF_ClockWarning + "\n";
   if(RF_UpdateNotice != "" && RF_LicenseValid)
      text += RF_UpdateNotice + "\n";
   Comment(text);
  }

//+------------------------------------------------------------------+
//| State                                                            |
//+------------------------------------------------------------------+
// Backoff of the retries without a verdict: 10 s, 30 s, 60 s, then 300 s.
long RF_BackoffSeconds(const int attempt)
  {
   if(attempt <= 1)
      return(10);
   if(attempt == 2)
      return(30);
   if(attempt == 3)
      return(60);
   return(RF_RETRY_MAX_SECONDS);
  }

// When to try again after a check without a verdict, by the monotonic clock
// (the EA's own, faster timer does not speed it up). A terminal that has not
// logged in yet is asked again on every timer tick; a signed "try later"
// is waited for at least its retryAfter. A licensed robot (valid, or in its
// grace) retries a failed re-check no sooner than every RF_RETRY_MAX_SECONDS,
// so that a short outage does not use up its RF_MAX_RECHECK_FAILURES.
void RF_ScheduleRetry(const RF_Outcome outcome)
  {
   long delay = 0;
   if(outcome != RF_OUTCOME_NO_ACCOUNT)
     {
      RF_RetryCount++;
      delay = RF_BackoffSeconds(RF_RetryCount);
      if(RF_LicenseValid && delay < RF_RETRY_MAX_SECONDS)
         delay = RF_RETRY_MAX_SECONDS;
      if(outcome == RF_OUTCOME_RETRY_LATER && RF_RetryAfter > delay)
         delay = RF_RetryAfter;
     }
   RF_NextTryTick = GetTickCount64() + (ulong)delay * 1000;
  }

void RF_BecomeValid(const bool was_in_grace)
  {
   bool was_valid = RF_LicenseValid;
   RF_LicenseValid = true;
   RF_InGrace = false;
   RF_Waiting = false;
   RF_RetryCount = 0;
   RF_RecheckFailures = 0;
   RF_Status = "";
   RF_Fix = "";
   RF_LastAlertKey = "";
   if(was_in_grace)
      PrintFormat("RoboForge: servidor de licenças acessível de novo; licença válida (%s).", RF_TENANT_DOMAIN);
   else if(!was_valid)
      PrintFormat("RoboForge: licença válida (%s).", RF_TENANT_DOMAIN);
  }

void RF_EnterGrace(const datetime until)
  {
   RF_LicenseValid = true;
   RF_InGrace = true;
   RF_GraceUntil = until;
   PrintFormat("RoboForge: servidor de licenças indisponível; operando no período de tolerância até %s.",
               RF_LocalTimeText(until));
  }

// A signed refusal: shown on the chart and alerted once.
void RF_ShowDenial(const string code)
  {
   RF_Status = "recusada: " + RF_DenialMessage(code);
   RF_Fix = "";
   if(code == "NOT_RECOGNIZED" || code == "ACCOUNT_MISMATCH" || code == "NOT_CONFIRMED" ||
      code == "TRIAL_DEMO_ONLY" || code == "BROKER_NOT_ALLOWED" || code == "VERSION_WITHDRAWN")
      RF_Fix = "Acesse o portal do cliente: " + RF_PortalUrl();
   RF_AlertOnce("denied:" + code, RF_DenialMessage(code));
  }

// The license has ended: "stop" removes the EA; "manage" keeps it running
// for the open positions while RF_CanOpenPositions() turns false.
void RF_Lapse()
  {
   RF_LicenseValid = false;
   RF_InGrace = false;
   RF_Waiting = false;
   if(RF_LAPSE_POLICY == "manage")
     {
      if(!RF_Lapsed)
         Print("RoboForge: licença encerrada; o robô continua apenas gerenciando as posições abertas e não abrirá novas.");
      RF_Lapsed = true;
      RF_ShowStatus();
      return;
     }
   RF_ShowStatus();
   ExpertRemove();
  }

// No verdict, no grace left: the license ends (re-check) after an alert
// naming what went wrong.
void RF_LapseWithoutAnswer(const RF_Outcome outcome)
  {
   string key = "";
   string why = "";
   string fix = "";
   RF_Explain(outcome, key, why, fix);
   RF_Status = "encerrada: " + why + "; a tolerância sem servidor acabou";
   RF_Fix = fix;
   RF_AlertOnce("lapsed", "⚠ Licença encerrada: " + why + " e a tolerância sem servidor acabou. " + fix);
   RF_Lapse();
  }

// Checks the license once (start-up, and the retries of a robot still
// waiting). Returns false only on a signed refusal; otherwise the robot is
// licensed (valid, or in the grace of a stored answer) or waits, retrying.
bool RF_CheckLicense()
  {
   if(MQLInfoInteger(MQL_TESTER) != 0)
     {
      RF_LicenseValid = true;
      return(true);
     }
   string code = "";
   RF_Outcome outcome = RF_RequestLicense(code);
   RF_LastCheck = TimeLocal();
   RF_LastCheckTick = GetTickCount64();
   if(outcome == RF_OUTCOME_VALID)
     {
      RF_BecomeValid(false);
      return(true);
     }
   if(outcome == RF_OUTCOME_MISSING)
      code = "MISSING_EMAIL";
   if(outcome == RF_OUTCOME_DENIED || outcome == RF_OUTCOME_MISSING)
     {
      RF_LicenseValid = false;
      RF_Waiting = false;
      RF_ShowDenial(code);
      return(false);
     }
   if(outcome == RF_OUTCOME_RETRY_LATER)
      Print("RoboForge: " + RF_DenialMessage(code));
   RF_ScheduleRetry(outcome);
   long account = AccountInfoInteger(ACCOUNT_LOGIN);
   long grace_seconds = 0;
   long issued = 0;
   long expires_at = 0;
   datetime until = RF_StoredGraceUntil(account, grace_seconds, issued, expires_at);
   if(until > 0)
     {
      long age = (long)TimeGMT() - issued;
      RF_RestOnAnswer(account, issued, grace_seconds, expires_at, (age > 0) ? age : 0);
      RF_Waiting = false;
      RF_Status = "";
      RF_Fix = "";
      RF_EnterGrace(until);
      return(true);
     }
   string key = "";
   string why = "";
   string fix = "";
   RF_Explain(outcome, key, why, fix);
   RF_LicenseValid = false;
   RF_InGrace = false;
   RF_Waiting = true;
   RF_Status = "";
   RF_WaitWhy = why;
   RF_WaitingForAccount = (outcome == RF_OUTCOME_NO_ACCOUNT);
   RF_Fix = fix;
   if(RF_RetryCount <= 1 || key != RF_LastAlertKey)
      PrintFormat("RoboForge: licença ainda não confirmada (%s); nova tentativa em %d s.", why,
                  (int)RF_SecondsToNextTry());
   RF_AlertOnce(key, "⚠ Licença ainda não confirmada: " + why +
                ". O robô continua no gráfico sem abrir posições e tenta de novo sozinho. " + fix);
   return(true);
  }

// Called first thing in the EA's OnInit. Without a verdict yet (no network,
// the server unreachable, the terminal not logged in, WebRequest not
// allowed, "try later") the robot stays on the chart, opens nothing and
// retries on its timer; only a signed refusal stops it here.
int RF_OnInit()
  {
   if(MQLInfoInteger(MQL_TESTER) != 0)
     {
      RF_LicenseValid = true;
      return(INIT_SUCCEEDED);
     }
   RF_InstanceTag = StringSubstr(RF_NewNonce(), 0, 12);
#ifndef RF_LICENSE_ID
   if(StringLen(RF_Email()) == 0)
     {
      RF_Status = "falta o e-mail usado na compra";
      RF_Fix = "Abra as propriedades do robô (F7) → Parâmetros de entrada e preencha \"E-mail usado na compra\" " +
               "(LicenseEmail).";
      RF_ShowStatus();
      Alert(RF_DenialMessage("MISSING_EMAIL"));
      return(INIT_PARAMETERS_INCORRECT);
     }
#endif
   if(!RF_CheckLicense())
     {
      RF_ShowStatus();
      return(INIT_FAILED);
     }
   RF_RecheckFailures = 0;
   if(RF_LicenseValid)
      EventSetTimer(RF_RECHECK_SECONDS);
   else
      EventSetTimer(RF_WAIT_TIMER_SECONDS);
   RF_ShowStatus();
   return(INIT_SUCCEEDED);
  }

// Called first thing in the EA's OnTimer. The EA may run its own timer (the
// last EventSetTimer wins), so the checks pace themselves by the monotonic
// clock (GetTickCount64): no setting of the computer's clock speeds them up
// or stops them. A robot still waiting retries on its backoff; a licensed one
// re-checks about hourly, at once when its grace has run out, and on its
// backoff after a failed re-check.
void RF_OnTimer()
  {
   if(MQLInfoInteger(MQL_TESTER) != 0 || RF_Lapsed || (!RF_LicenseValid && !RF_Waiting))
      return;
   ulong now = GetTickCount64();
   long account = AccountInfoInteger(ACCOUNT_LOGIN);
   if(RF_Waiting)
     {
      if(now < RF_NextTryTick && !(RF_WaitingForAccount && account > 0))
        {
         RF_ShowStatus();
         return;
        }
      if(!RF_CheckLicense())
         RF_Lapse();
      else
         RF_ShowStatus();
      return;
     }
   bool grace_over = RF_InGrace && !RF_GraceHolds();
   bool due;
   if(RF_InGrace || RF_RecheckFailures > 0)
      due = (now >= RF_NextTryTick);
   else
      due = (now - RF_LastCheckTick >= (ulong)(RF_RECHECK_SECONDS - 60) * 1000);
   if(account > 0 && account != RF_LicensedAccount)
      due = true;
   if(!due && !grace_over)
     {
      RF_ShowStatus();
      return;
     }
   string code = "";
   RF_Outcome outcome = RF_RequestLicense(code);
   RF_LastCheck = TimeLocal();
   RF_LastCheckTick = GetTickCount64();
   if(outcome == RF_OUTCOME_VALID)
     {
      RF_BecomeValid(RF_InGrace);
      RF_ShowStatus();
      return;
     }
   if(outcome == RF_OUTCOME_MISSING)
      code = "MISSING_EMAIL";
   if(outcome == RF_OUTCOME_DENIED || outcome == RF_OUTCOME_MISSING)
     {
      RF_ShowDenial(code);
      RF_Lapse();
      return;
     }
   // No verdict: the server is unreachable, untrustworthy or asks to wait.
   if(outcome == RF_OUTCOME_RETRY_LATER)
      Print("RoboForge: " + RF_DenialMessage(code));
   if(account != RF_LicensedAccount)
     {
      // Another account (or none) is logged in now: the license rests on
      // nothing for it, so the robot waits as at start-up.
      RF_LicenseValid = false;
      RF_InGrace = false;
      RF_Waiting = true;
      RF_ScheduleRetry(outcome);
      string key = "";
      string fix = "";
      RF_Explain(outcome, key, RF_WaitWhy, fix);
      RF_WaitingForAccount = (outcome == RF_OUTCOME_NO_ACCOUNT);
      RF_Fix = fix;
      RF_AlertOnce(key, "⚠ Licença ainda não confirmada: " + RF_WaitWhy +
                   ". O robô continua no gráfico sem abrir posições e tenta de novo sozinho. " + fix);
      RF_ShowStatus();
      return;
     }
   RF_RecheckFailures++;
   RF_ScheduleRetry(outcome);
   if(RF_GraceHolds())
     {
      RF_InGrace = true;
      PrintFormat("RoboForge: servidor de licenças indisponível; operando no período de tolerância até %s.",
                  RF_LocalTimeText(RF_GraceUntil));
      RF_ShowStatus();
      return;
     }
   if(RF_GraceSeconds == 0 && RF_RecheckFailures < RF_MAX_RECHECK_FAILURES)
     {
      PrintFormat("RoboForge: nova verificação da licença falhou (%d de %d); tentando de novo depois.",
                  RF_RecheckFailures, RF_MAX_RECHECK_FAILURES);
      RF_ShowStatus();
      return;
     }
   RF_LapseWithoutAnswer(outcome);
  }

// For the EA's trading code: true only while licensed (a valid answer, or
// within its grace period; always in the strategy tester) for the account
// logged in now. With the "manage" policy a lapsed robot keeps running, and
// a robot waiting for its first answer runs too, so check this before every
// new position.
bool RF_CanOpenPositions()
  {
   if(MQLInfoInteger(MQL_TESTER) != 0)
      return(true);
   if(!RF_LicenseValid)
      return(false);
   if(AccountInfoInteger(ACCOUNT_LOGIN) != RF_LicensedAccount)
      return(false);
   if(RF_ExpiryTick > 0 && GetTickCount64() >= RF_ExpiryTick)
      return(false);
   if(RF_InGrace && !RF_GraceHolds())
      return(false);
   return(true);
  }

// The v1 name, kept for EAs written against it.
bool RF_TradingAllowed()
  {
   return(RF_CanOpenPositions());
  }
