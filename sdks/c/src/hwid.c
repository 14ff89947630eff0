/*
 * chaveiro_hwid: a stable machine id that carries no raw identifier.
 *
 * The id is "<platform>1" followed by one part per component, each the first 20 hex characters
 * of SHA-256("chaveiro-hwid-v1" NUL productId NUL component NUL value), or "0" when the
 * component is absent. Salting with the product id means two products (two sellers) see
 * unrelated ids for the same machine, and nothing read here can be recovered from the id.
 * Per-component parts (not one hash of everything) let support tell which part changed.
 *
 *   Linux   l1.<machine>.<dmi-model>
 *   Windows w1.<machine-guid>.<smbios-uuid>.<volume-serial>
 *
 * Nothing that changes with the network (MAC addresses, IP, hostname) goes in.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <sodium.h>

#include "hwid.h"

#define PART_HEX 20

static void part(const char *product_id, const char *component, const char *value, char *out) {
  if (!value || !value[0]) {
    strcpy(out, "0");
    return;
  }
  static const char domain[] = "chaveiro-hwid-v1";
  crypto_hash_sha256_state state;
  uint8_t digest[crypto_hash_sha256_BYTES];
  crypto_hash_sha256_init(&state);
  crypto_hash_sha256_update(&state, (const uint8_t *)domain, sizeof domain); /* with its NUL */
  crypto_hash_sha256_update(&state, (const uint8_t *)product_id, strlen(product_id) + 1);
  crypto_hash_sha256_update(&state, (const uint8_t *)component, strlen(component) + 1);
  crypto_hash_sha256_update(&state, (const uint8_t *)value, strlen(value));
  crypto_hash_sha256_final(&state, digest);
  char hex[2 * crypto_hash_sha256_BYTES + 1];
  chv_hex(digest, sizeof digest, hex);
  memcpy(out, hex, PART_HEX);
  out[PART_HEX] = '\0';
}

chaveiro_status chv_hwid_compose(const char *product_id, const char *tag,
                                 const chv_hwid_component *components, size_t count, char *buffer,
                                 size_t buffer_size) {
  char id[CHAVEIRO_HWID_BUFFER_SIZE];
  size_t len = (size_t)snprintf(id, sizeof id, "%s", tag);
  for (size_t i = 0; i < count; i++) {
    char hex[PART_HEX + 1];
    part(product_id, components[i].name, components[i].value, hex);
    len += (size_t)snprintf(id + len, sizeof id - len, ".%s", hex);
    if (len >= sizeof id) return CHAVEIRO_E_INTERNAL;
  }
  if (len + 1 > buffer_size) return CHAVEIRO_E_BUFFER_TOO_SMALL;
  memcpy(buffer, id, len + 1);
  return CHAVEIRO_OK;
}

/* ---- SMBIOS --------------------------------------------------------------------------------- */

int chv_smbios_system_uuid(const uint8_t *table, size_t len, uint8_t uuid[16]) {
  size_t at = 0;
  while (at + 4 <= len) {
    uint8_t type = table[at];
    uint8_t formatted = table[at + 1];
    if (formatted < 4 || at + formatted > len) return -1;
    if (type == 1 && formatted >= 0x19) {
      const uint8_t *value = table + at + 8;
      int zeros = 1, ones = 1;
      for (int i = 0; i < 16; i++) {
        zeros &= value[i] == 0x00;
        ones &= value[i] == 0xFF;
      }
      /* All zeros: not present; all ones: present but not set (SMBIOS 2.6, 7.2.1). */
      if (zeros || ones) return -1;
      memcpy(uuid, value, 16);
      return 0;
    }
    if (type == 127) return -1; /* end of table */
    /* The strings follow the formatted area and end with two NULs. */
    size_t next = at + formatted;
    while (next + 1 < len && !(table[next] == 0 && table[next + 1] == 0)) next++;
    at = next + 2;
  }
  return -1;
}

/* ---- Linux ---------------------------------------------------------------------------------- */

/* The first line of a small file, trimmed; NULL when unreadable or empty. */
static char *read_line(const char *root, const char *path) {
  char full[512];
  snprintf(full, sizeof full, "%s%s", root, path);
  FILE *f = fopen(full, "rb");
  if (!f) return NULL;
  char line[256];
  size_t n = fread(line, 1, sizeof line - 1, f);
  fclose(f);
  line[n] = '\0';
  char *end = strpbrk(line, "\r\n");
  if (end) *end = '\0';
  size_t len = strlen(line);
  while (len && (line[len - 1] == ' ' || line[len - 1] == '\t')) line[--len] = '\0';
  char *start = line;
  while (*start == ' ' || *start == '\t') start++;
  return *start ? chv_strdup(start) : NULL;
}

static int uuid_is_placeholder(const char *uuid) {
  int zeros = 1, effs = 1;
  for (const char *p = uuid; *p; p++) {
    if (*p == '-') continue;
    zeros &= *p == '0';
    effs &= *p == 'f' || *p == 'F';
  }
  return zeros || effs;
}

chaveiro_status chv_hwid_linux(const char *root, const char *product_id, char *buffer,
                               size_t buffer_size) {
  /* machine-id is world-readable and set once per installation. The DMI product_uuid is
   * readable by root only: it stands in when there is no machine-id, never beside one, or a
   * loader run with sudo would get another id than the same loader run without. */
  char *machine = read_line(root, "/etc/machine-id");
  if (!machine) machine = read_line(root, "/var/lib/dbus/machine-id");
  const char *machine_component = "machine-id";
  if (!machine) {
    machine = read_line(root, "/sys/class/dmi/id/product_uuid");
    machine_component = "dmi-product-uuid";
    if (machine && uuid_is_placeholder(machine)) {
      free(machine);
      machine = NULL;
    }
  }
  if (!machine) return CHAVEIRO_E_UNAVAILABLE;

  /* The hardware model, world-readable: a disk image moved to other hardware changes id. */
  static const char *const model_files[] = {
      "/sys/class/dmi/id/sys_vendor", "/sys/class/dmi/id/product_name",
      "/sys/class/dmi/id/board_vendor", "/sys/class/dmi/id/board_name"};
  char model[1100];
  size_t used = 0;
  int any = 0;
  for (size_t i = 0; i < sizeof model_files / sizeof model_files[0]; i++) {
    char *value = read_line(root, model_files[i]);
    any |= value != NULL;
    used += (size_t)snprintf(model + used, sizeof model - used, "%s\n", value ? value : "");
    free(value);
  }

  chv_hwid_component components[] = {{machine_component, machine}, {"dmi-model", any ? model : NULL}};
  chaveiro_status status = chv_hwid_compose(product_id, "l1", components, 2, buffer, buffer_size);
  sodium_memzero(machine, strlen(machine));
  free(machine);
  return status;
}

/* ---- Windows -------------------------------------------------------------------------------- */

#ifdef _WIN32
#  define WIN32_LEAN_AND_MEAN
#  include <windows.h>

static char *to_utf8(const wchar_t *wide) {
  int len = WideCharToMultiByte(CP_UTF8, 0, wide, -1, NULL, 0, NULL, NULL);
  if (len <= 0) return NULL;
  char *text = malloc((size_t)len);
  if (text && WideCharToMultiByte(CP_UTF8, 0, wide, -1, text, len, NULL, NULL) <= 0) {
    free(text);
    return NULL;
  }
  return text;
}

/* HKLM\SOFTWARE\Microsoft\Cryptography\MachineGuid, from the 64-bit view even in a 32-bit
 * process (the 32-bit view has none). */
static char *machine_guid(void) {
  HKEY key;
  if (RegOpenKeyExW(HKEY_LOCAL_MACHINE, L"SOFTWARE\\Microsoft\\Cryptography", 0,
                    KEY_QUERY_VALUE | KEY_WOW64_64KEY, &key) != ERROR_SUCCESS) {
    return NULL;
  }
  wchar_t value[128];
  DWORD size = sizeof value - sizeof(wchar_t);
  DWORD type = 0;
  LONG rc = RegQueryValueExW(key, L"MachineGuid", NULL, &type, (BYTE *)value, &size);
  RegCloseKey(key);
  if (rc != ERROR_SUCCESS || type != REG_SZ) return NULL;
  value[size / sizeof(wchar_t)] = L'\0';
  char *text = to_utf8(value);
  if (text && !text[0]) {
    free(text);
    return NULL;
  }
  return text;
}

/* The SMBIOS type-1 system UUID, from the raw table Windows hands to any user. */
static char *smbios_uuid(void) {
  const DWORD rsmb = ('R' << 24) | ('S' << 16) | ('M' << 8) | 'B';
  UINT size = GetSystemFirmwareTable(rsmb, 0, NULL, 0);
  if (size < 8) return NULL;
  uint8_t *raw = malloc(size);
  if (!raw) return NULL;
  char *text = NULL;
  if (GetSystemFirmwareTable(rsmb, 0, raw, size) == size) {
    /* RawSMBIOSData: four bytes of versions, a DWORD length, then the table. */
    DWORD length;
    memcpy(&length, raw + 4, sizeof length);
    uint8_t uuid[16];
    if (length <= size - 8 && chv_smbios_system_uuid(raw + 8, length, uuid) == 0) {
      text = malloc(33);
      if (text) chv_hex(uuid, 16, text);
    }
  }
  free(raw);
  return text;
}

/* The serial number of the volume Windows is installed on (set when it was formatted). */
static char *system_volume_serial(void) {
  wchar_t windows[MAX_PATH];
  UINT len = GetSystemWindowsDirectoryW(windows, MAX_PATH);
  if (len < 3 || len >= MAX_PATH) return NULL;
  wchar_t root[4] = {windows[0], L':', L'\\', L'\0'};
  DWORD serial = 0;
  if (!GetVolumeInformationW(root, NULL, 0, &serial, NULL, NULL, NULL, 0)) return NULL;
  char *text = malloc(9);
  if (text) snprintf(text, 9, "%08lX", (unsigned long)serial);
  return text;
}

static chaveiro_status hwid_windows(const char *product_id, char *buffer, size_t buffer_size) {
  char *guid = machine_guid();
  char *uuid = smbios_uuid();
  char *serial = system_volume_serial();
  chaveiro_status status = CHAVEIRO_E_UNAVAILABLE;
  if (guid || uuid) {
    chv_hwid_component components[] = {
        {"machine-guid", guid}, {"smbios-uuid", uuid}, {"volume-serial", serial}};
    status = chv_hwid_compose(product_id, "w1", components, 3, buffer, buffer_size);
  }
  free(guid);
  free(uuid);
  free(serial);
  return status;
}
#endif

chaveiro_status chaveiro_hwid(const char *product_id, char *buffer, size_t buffer_size) {
  if (!product_id || !product_id[0] || !buffer ||
      !chv_utf8_valid((const uint8_t *)product_id, strlen(product_id))) {
    return CHAVEIRO_E_INVALID_ARGUMENT;
  }
  if (buffer_size < CHAVEIRO_HWID_BUFFER_SIZE) return CHAVEIRO_E_BUFFER_TOO_SMALL;
  if (sodium_init() < 0) return CHAVEIRO_E_INTERNAL;
#ifdef _WIN32
  return hwid_windows(product_id, buffer, buffer_size);
#else
  return chv_hwid_linux("", product_id, buffer, buffer_size);
#endif
}
