/*
 * A Windows stand-in for MetaTrader 5's terminal running the Strategy Tester,
 * to test the Wine path of backtests for real: built with Debian's
 * gcc-mingw-w64 and run through run-metaeditor.sh as the agent runs it
 * (`terminal64.exe /portable /config:<tester.ini>`, the job folder as the
 * working directory). It reads the tester .ini (UTF-16LE, as the agent writes
 * it) by the Windows path it was given, loads the expert from
 * MQL5\Experts\<Expert=>, and writes the report where Report= says (.htm
 * added) by copying report-template.htm from its own folder (a report in
 * the real terminal's format, UTF-16LE). Exit code 0, like the real one,
 * whatever happened: the agent judges by the report.
 *
 *   x86_64-w64-mingw32-gcc -O2 -o terminal64.exe terminal-stand-in.c
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <windows.h>

static char *read_file(const char *path, long *size) {
    FILE *f = fopen(path, "rb");
    if (!f) return NULL;
    fseek(f, 0, SEEK_END);
    *size = ftell(f);
    fseek(f, 0, SEEK_SET);
    char *bytes = malloc(*size + 2);
    if (!bytes || fread(bytes, 1, *size, f) != (size_t)*size) exit(9);
    fclose(f);
    bytes[*size] = bytes[*size + 1] = 0;
    return bytes;
}

/* The .ini's text: UTF-16LE (with or without a BOM) narrowed to ASCII. */
static char *ini_text(const char *bytes, long size) {
    char *text = calloc(size + 1, 1);
    long start = (size >= 2 && (unsigned char)bytes[0] == 0xFF && (unsigned char)bytes[1] == 0xFE) ? 2 : 0;
    long n = 0;
    for (long i = start; i + 1 < size; i += 2) text[n++] = bytes[i];
    return text;
}

/* The value of `key=` in the .ini (the first line that starts with it), or NULL. */
static char *ini_value(const char *text, const char *key) {
    size_t n = strlen(key);
    for (const char *line = text; line && *line; line = strchr(line, '\n') ? strchr(line, '\n') + 1 : NULL) {
        if (_strnicmp(line, key, n) == 0 && line[n] == '=') {
            const char *value = line + n + 1;
            size_t len = strcspn(value, "\r\n");
            char *copy = calloc(len + 1, 1);
            memcpy(copy, value, len);
            return copy;
        }
    }
    return NULL;
}

int main(int argc, char **argv) {
    const char *config = NULL;
    for (int i = 1; i < argc; i++)
        if (_strnicmp(argv[i], "/config:", 8) == 0) config = argv[i] + 8;
    if (!config) {
        fprintf(stderr, "usage: terminal64 [/portable] /config:<tester.ini>\n");
        return 0;
    }
    /* The agent's path reached here as a Windows one (Z:\...), or the runner did not convert it. */
    if (!((config[0] >= 'A' && config[0] <= 'Z') && config[1] == ':' && config[2] == '\\')) {
        fprintf(stderr, "terminal stand-in: /config: is not a Windows path: %s\n", config);
        return 0;
    }
    long size = 0;
    char *bytes = read_file(config, &size);
    if (!bytes) {
        fprintf(stderr, "terminal stand-in: cannot read %s\n", config);
        return 0;
    }
    char *text = ini_text(bytes, size);
    char *expert = ini_value(text, "Expert");
    char *report = ini_value(text, "Report");
    if (!expert || !report) return 0;
    char expert_path[MAX_PATH];
    snprintf(expert_path, sizeof expert_path, "MQL5\\Experts\\%s", expert);
    long expert_size = 0;
    if (!read_file(expert_path, &expert_size)) {
        fprintf(stderr, "terminal stand-in: cannot load expert %s\n", expert_path);
        return 0; /* no report, as the real terminal when the robot fails to load */
    }
    char self[MAX_PATH], template_path[MAX_PATH], report_path[MAX_PATH];
    GetModuleFileNameA(NULL, self, MAX_PATH);
    char *slash = strrchr(self, '\\');
    if (slash) *slash = 0;
    snprintf(template_path, sizeof template_path, "%s\\report-template.htm", self);
    long template_size = 0;
    char *template_bytes = read_file(template_path, &template_size);
    if (!template_bytes) return 0;
    snprintf(report_path, sizeof report_path, "%s.htm", report);
    char *folder_end = strrchr(report_path, '\\');
    if (folder_end) {
        *folder_end = 0;
        CreateDirectoryA(report_path, NULL);
        *folder_end = '\\';
    }
    FILE *out = fopen(report_path, "wb");
    if (!out) return 0;
    fwrite(template_bytes, 1, template_size, out);
    fclose(out);
    return 0;
}
