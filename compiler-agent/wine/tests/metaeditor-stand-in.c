/*
 * A Windows stand-in for MetaEditor, to test the Wine path for real
 * (DESIGN 7): built with Debian's gcc-mingw-w64 and run through
 * run-metaeditor.sh. It behaves like compiler-agent/src/bin/metaeditor-stand-in.rs:
 * takes `/portable /compile:<file> /log:<file> [/inc:<dir>]`, writes a
 * UTF-16LE log (with a BOM) in MetaEditor's format, an .ex5 next to the
 * source on success and nothing on failure, and exits with a code that means
 * nothing (1 on success, 0 on failure, like the real one's unreliability).
 * A source line with `undeclared_identifier` is an error; `// STAND-IN: SLOW`
 * in the source, or STAND_IN_HANG=1, makes it hang.
 *
 *   x86_64-w64-mingw32-gcc -O2 -o metaeditor64.exe metaeditor-stand-in.c
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <windows.h>

static const char *value(int argc, char **argv, const char *flag) {
    size_t n = strlen(flag);
    for (int i = 1; i < argc; i++)
        if (_strnicmp(argv[i], flag, n) == 0) return argv[i] + n;
    return NULL;
}

static char *log_text;
static size_t log_len, log_cap;

static void emit(const char *text) {
    size_t n = strlen(text);
    if (log_len + n + 1 > log_cap) {
        log_cap = (log_len + n + 1) * 2;
        log_text = realloc(log_text, log_cap);
        if (!log_text) exit(9);
    }
    memcpy(log_text + log_len, text, n + 1);
    log_len += n;
}

int main(int argc, char **argv) {
    const char *source_path = value(argc, argv, "/compile:");
    const char *log_path = value(argc, argv, "/log:");
    if (!source_path || !log_path) {
        fprintf(stderr, "usage: metaeditor /portable /compile:<file.mq5> /log:<file.log> [/inc:<dir>]\n");
        return 7;
    }

    char *source = calloc(1, 1);
    size_t source_len = 0;
    FILE *in = fopen(source_path, "rb");
    if (in) {
        fseek(in, 0, SEEK_END);
        long size = ftell(in);
        fseek(in, 0, SEEK_SET);
        source = realloc(source, (size_t)size + 1);
        source_len = fread(source, 1, (size_t)size, in);
        source[source_len] = 0;
        fclose(in);
    }
    const char *hang = getenv("STAND_IN_HANG");
    if (strstr(source, "// STAND-IN: SLOW") || (hang && strcmp(hang, "1") == 0)) Sleep(600000);

    const char *name = source_path;
    for (const char *p = source_path; *p; p++)
        if (*p == '\\' || *p == '/') name = p + 1;

    char line_text[2048];
    snprintf(line_text, sizeof line_text, "%s : information: compiling '%s'\r\n", source_path, name);
    emit(line_text);
    int errors = 0, line = 1;
    for (const char *start = source; *start; line++) {
        const char *end = strchr(start, '\n');
        size_t n = end ? (size_t)(end - start) : strlen(start);
        char *copy = malloc(n + 1);
        memcpy(copy, start, n);
        copy[n] = 0;
        if (strstr(copy, "undeclared_identifier")) {
            errors++;
            snprintf(line_text, sizeof line_text,
                     "%s(%d,5) : error 256: 'undeclared_identifier' - undeclared identifier\r\n", source_path, line);
            emit(line_text);
        }
        free(copy);
        start = end ? end + 1 : start + n;
    }
    snprintf(line_text, sizeof line_text, "Result: %d errors, 0 warnings, 42 msec elapsed\r\n", errors);
    emit(line_text);

    if (errors == 0) {
        char ex5_path[MAX_PATH * 2];
        snprintf(ex5_path, sizeof ex5_path, "%s", source_path);
        char *dot = strrchr(ex5_path, '.');
        if (dot && dot > ex5_path + (name - source_path)) strcpy(dot, ".ex5");
        else strcat(ex5_path, ".ex5");
        FILE *out = fopen(ex5_path, "wb");
        if (!out) return 8;
        for (int i = 0; i < 4096; i++) {
            unsigned char b = source_len ? (unsigned char)source[i % source_len] : 0;
            fputc((unsigned char)(b * 31 + i) | 0x80, out);
        }
        fclose(out);
    }

    int wide_len = MultiByteToWideChar(CP_UTF8, 0, log_text, (int)log_len, NULL, 0);
    wchar_t *wide = malloc(sizeof(wchar_t) * (size_t)(wide_len + 1));
    MultiByteToWideChar(CP_UTF8, 0, log_text, (int)log_len, wide, wide_len);
    FILE *log = fopen(log_path, "wb");
    if (!log) return 8;
    fputc(0xFF, log);
    fputc(0xFE, log);
    for (int i = 0; i < wide_len; i++) {
        fputc(wide[i] & 0xFF, log);
        fputc((wide[i] >> 8) & 0xFF, log);
    }
    fclose(log);
    return errors == 0 ? 1 : 0;
}
