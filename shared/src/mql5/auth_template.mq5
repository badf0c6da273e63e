//+------------------------------------------------------------------+
//| RoboForge - verificação de licença                               |
//+------------------------------------------------------------------+
// Antes de usar o robô na conta real ou demo: no MetaTrader 5 abra
// Ferramentas -> Opções -> Expert Advisors (Tools -> Options -> Expert
// Advisors), marque "Permitir WebRequest para as URLs listadas" ("Allow
// WebRequest for listed URL") e adicione a URL do servidor de licenças
// (ela aparece no log "Experts" quando falta). Sem isso o WebRequest falha
// com o erro 4014 e o robô não inicia. No testador de estratégia a licença
// não é consultada.
//
// Protocolo (docs/license-signature.md, o servidor usa exatamente isto):
//   pedido   POST JSON {"email","mtAccount","robotId","tenantId","nonce"}
//   resposta HTTP 200 {"valid","code","expiresAt","serverTime","nonce","signature"}
//   signature = hex minúsculo de HMAC-SHA256(
//      chave    = bytes ASCII da chave de assinatura do robô (64 caracteres hex,
//                 usados como texto, não decodificados),
//      mensagem = UTF-8 de "v1|{nonce}|{valid}|{code}|{expiresAt}|{serverTime}|{robotId}|{mtAccount}")
//   valid: 1 ou 0; code: código da resposta ("OK" quando válida);
//   expiresAt: segundos unix ou 0 sem expiração; serverTime: segundos unix;
//   mtAccount: número da conta em decimal, sem zeros à esquerda.
// O nonce novo a cada consulta impede reaproveitar uma resposta antiga, a
// assinatura impede um servidor falso, e serverTime fora de 300 s do relógio
// (GMT) recusa respostas guardadas.

input string LicenseEmail = "";   // E-mail usado na compra do robô

#define RF_AUTH_URL             "{{TENANT_AUTH_URL}}"
#define RF_TENANT_ID            "{{TENANT_ID}}"
#define RF_TENANT_DOMAIN        "{{TENANT_DOMAIN}}"
#define RF_ROBOT_ID             "{{ROBOT_ID}}"
#define RF_SIGNING_KEY          "{{ROBOT_SIGNING_KEY}}"
#define RF_TIMEOUT_MS           5000
#define RF_MAX_CLOCK_SKEW       300
#define RF_RECHECK_SECONDS      3600
// An hourly re-check that cannot reach the server (network, DNS, server
// restart) is retried on the next timer tick; only after this many failures in
// a row does the robot stop. A signed "not valid" answer stops it at once.
#define RF_MAX_RECHECK_FAILURES 3

enum RF_Outcome
  {
   RF_OUTCOME_VALID,        // signed answer, valid:true
   RF_OUTCOME_DENIED,       // signed answer, valid:false (the code says why)
   RF_OUTCOME_MISSING,      // no e-mail typed in, or no MT5 account logged in
   RF_OUTCOME_UNAVAILABLE   // no trustworthy answer: network, HTTP, JSON, signature or clock
  };

bool     RF_LicenseValid    = false;
datetime RF_LastCheck       = 0;
int      RF_RecheckFailures = 0;
long     RF_NonceCounter    = 0;
bool     RF_RandomSeeded    = false;

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

bool RF_Sha256(const uchar &data[], uchar &digest[])
  {
   uchar no_key[];   // hash methods ignore the key
   return(CryptEncode(CRYPT_HASH_SHA256, data, no_key, digest) == 32);
  }

// HMAC-SHA256 (RFC 2104) over a 64-byte block; "" when hashing fails.
string RF_HmacSha256Hex(const string key, const string message)
  {
   uchar key_bytes[];
   int key_len = RF_Utf8Bytes(key, key_bytes);
   if(key_len > 64)
     {
      uchar hashed_key[];
      if(!RF_Sha256(key_bytes, hashed_key))
         return("");
      ArrayResize(key_bytes, 32);
      for(int h = 0; h < 32; h++)
         key_bytes[h] = hashed_key[h];
      key_len = 32;
     }
   uchar message_bytes[];
   int message_len = RF_Utf8Bytes(message, message_bytes);

   uchar inner[];
   uchar outer[];
   ArrayResize(inner, 64 + message_len);
   ArrayResize(outer, 64 + 32);
   for(int i = 0; i < 64; i++)
     {
      uchar k = (i < key_len) ? key_bytes[i] : (uchar)0;
      inner[i] = (uchar)(k ^ 0x36);
      outer[i] = (uchar)(k ^ 0x5c);
     }
   for(int j = 0; j < message_len; j++)
      inner[64 + j] = message_bytes[j];

   uchar inner_hash[];
   if(!RF_Sha256(inner, inner_hash))
      return("");
   for(int m = 0; m < 32; m++)
      outer[64 + m] = inner_hash[m];
   uchar mac[];
   if(!RF_Sha256(outer, mac))
      return("");
   return(RF_BytesToHex(mac, 32));
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
string RF_SignedString(const string nonce, const bool valid, const string code, const long expires_at,
                       const long server_time, const long account)
  {
   return("v1|" + nonce + "|" + (valid ? "1" : "0") + "|" + code + "|" + IntegerToString(expires_at) + "|" +
          IntegerToString(server_time) + "|" + RF_ROBOT_ID + "|" + IntegerToString(account));
  }

// One round trip to the license server. code receives the server's machine
// code (only meaningful for VALID and DENIED, which are signature-checked).
RF_Outcome RF_RequestLicense(string &code)
  {
   code = "";
   string email = LicenseEmail;
   StringTrimLeft(email);
   StringTrimRight(email);
   StringToLower(email);
   long account = AccountInfoInteger(ACCOUNT_LOGIN);
   if(StringLen(email) == 0 || account <= 0)
      return(RF_OUTCOME_MISSING);

   string nonce = RF_NewNonce();
   string body = "{\"email\":\"" + RF_JsonEscape(email) + "\"," +
                 "\"mtAccount\":" + IntegerToString(account) + "," +
                 "\"robotId\":\"" + RF_JsonEscape(RF_ROBOT_ID) + "\"," +
                 "\"tenantId\":\"" + RF_JsonEscape(RF_TENANT_ID) + "\"," +
                 "\"nonce\":\"" + nonce + "\"}";
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
      int error = GetLastError();
      if(error == 4014)
         PrintFormat("RoboForge: adicione %s em Ferramentas -> Opções -> Expert Advisors -> " +
                     "\"Permitir WebRequest para as URLs listadas\".", RF_AUTH_URL);
      else
         PrintFormat("RoboForge: sem resposta do servidor de licenças %s (erro %d).", RF_TENANT_DOMAIN, error);
      return(RF_OUTCOME_UNAVAILABLE);
     }
   if(status != 200)
     {
      PrintFormat("RoboForge: o servidor de licenças respondeu HTTP %d.", status);
      return(RF_OUTCOME_UNAVAILABLE);
     }

   int result_len = ArraySize(result);
   uchar result_bytes[];
   ArrayResize(result_bytes, result_len);
   for(int r = 0; r < result_len; r++)
      result_bytes[r] = (uchar)result[r];
   string response = CharArrayToString(result_bytes, 0, WHOLE_ARRAY, CP_UTF8);

   string names[];
   string values[];
   bool quoted[];
   if(!RF_JsonParseObject(response, names, values, quoted))
     {
      Print("RoboForge: resposta do servidor de licenças ilegível.");
      return(RF_OUTCOME_UNAVAILABLE);
     }
   int at_valid = RF_JsonFind(names, "valid");
   int at_code = RF_JsonFind(names, "code");
   int at_expires = RF_JsonFind(names, "expiresAt");
   int at_time = RF_JsonFind(names, "serverTime");
   int at_nonce = RF_JsonFind(names, "nonce");
   int at_signature = RF_JsonFind(names, "signature");
   if(at_valid < 0 || quoted[at_valid] || (values[at_valid] != "true" && values[at_valid] != "false") ||
      at_code < 0 || !quoted[at_code] || at_time < 0 || at_signature < 0 || !quoted[at_signature])
     {
      Print("RoboForge: resposta do servidor de licenças incompleta.");
      return(RF_OUTCOME_UNAVAILABLE);
     }
   bool valid = (values[at_valid] == "true");
   string answer_code = values[at_code];
   long server_time = 0;
   long expires_at = 0;
   if(quoted[at_time] || !RF_ParseUnsigned(values[at_time], server_time))
     {
      Print("RoboForge: serverTime inválido na resposta.");
      return(RF_OUTCOME_UNAVAILABLE);
     }
   if(at_expires >= 0 && values[at_expires] != "null" &&
      (quoted[at_expires] || !RF_ParseUnsigned(values[at_expires], expires_at)))
     {
      Print("RoboForge: expiresAt inválido na resposta.");
      return(RF_OUTCOME_UNAVAILABLE);
     }
   if(at_nonce >= 0 && values[at_nonce] != nonce)
     {
      Print("RoboForge: a resposta não corresponde a esta consulta.");
      return(RF_OUTCOME_UNAVAILABLE);
     }

   string signature = values[at_signature];
   StringToLower(signature);
   string expected = RF_HmacSha256Hex(RF_SIGNING_KEY,
                                      RF_SignedString(nonce, valid, answer_code, expires_at, server_time, account));
   if(StringLen(expected) != 64 || signature != expected)
     {
      Print("RoboForge: assinatura da resposta inválida.");
      return(RF_OUTCOME_UNAVAILABLE);
     }
   long skew = server_time - (long)TimeGMT();
   if(skew > RF_MAX_CLOCK_SKEW || skew < -RF_MAX_CLOCK_SKEW)
     {
      PrintFormat("RoboForge: o relógio do computador difere %d s do servidor; acerte a data e a hora.", (int)skew);
      return(RF_OUTCOME_UNAVAILABLE);
     }
   code = answer_code;
   return(valid ? RF_OUTCOME_VALID : RF_OUTCOME_DENIED);
  }

void RF_AlertFailure(const RF_Outcome outcome, const string code)
  {
   if(outcome == RF_OUTCOME_MISSING)
      Alert("ERRO: Email e Número da Conta MT5 são obrigatórios!");
   else if(outcome == RF_OUTCOME_DENIED && code == "ACCOUNT_MISMATCH")
      Alert("ERRO: Conta MT5 não autorizada!");
   else
      Alert("⚠ Falha na validação da licença!");
  }

// Checks the license once, alerting on failure. Always true in the strategy
// tester, where WebRequest is not available.
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
   RF_LicenseValid = (outcome == RF_OUTCOME_VALID);
   if(!RF_LicenseValid)
      RF_AlertFailure(outcome, code);
   else
      PrintFormat("RoboForge: licença válida (%s).", RF_TENANT_DOMAIN);
   return(RF_LicenseValid);
  }

// Called first thing in the EA's OnInit.
int RF_OnInit()
  {
   if(!RF_CheckLicense())
      return(INIT_FAILED);
   RF_RecheckFailures = 0;
   if(MQLInfoInteger(MQL_TESTER) == 0)
      EventSetTimer(RF_RECHECK_SECONDS);
   return(INIT_SUCCEEDED);
  }

// Called first thing in the EA's OnTimer. The EA may run its own, faster
// timer (the last EventSetTimer wins), so the re-check paces itself.
void RF_OnTimer()
  {
   if(MQLInfoInteger(MQL_TESTER) != 0 || !RF_LicenseValid)
      return;
   if(TimeLocal() - RF_LastCheck < RF_RECHECK_SECONDS - 60)
      return;
   string code = "";
   RF_Outcome outcome = RF_RequestLicense(code);
   RF_LastCheck = TimeLocal();
   if(outcome == RF_OUTCOME_VALID)
     {
      RF_RecheckFailures = 0;
      return;
     }
   if(outcome != RF_OUTCOME_DENIED)
     {
      RF_RecheckFailures++;
      if(RF_RecheckFailures < RF_MAX_RECHECK_FAILURES)
        {
         PrintFormat("RoboForge: nova verificação da licença falhou (%d de %d); tentando de novo depois.",
                     RF_RecheckFailures, RF_MAX_RECHECK_FAILURES);
         return;
        }
     }
   RF_LicenseValid = false;
   RF_AlertFailure(outcome, code);
   ExpertRemove();
  }

// For the EA's trading code: false once the license has turned invalid.
bool RF_TradingAllowed()
  {
   return(RF_LicenseValid || MQLInfoInteger(MQL_TESTER) != 0);
  }
