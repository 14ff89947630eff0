// chaveiro-console-loader: the smallest complete loader over the C++ front end.
//
//   chaveiro-console-loader --server URL --product ID --public-key BASE64
//       (--key KEY | --user NAME --password PW [--code CODE]) [--hwid HWID] [--out FILE]
//       [--beats N] [--update] [--report KIND [--report-detail TEXT]] [--offline-store PATH]
//       [--loader-version V]
//
// Authenticates this machine (reporting this loader's version and SHA-256), downloads the
// product file to --out (sealed to this run, opened in memory, written only after its size and
// SHA-256 match the signed auth answer), sends N heartbeats, and says so in pt-BR. Without a
// server it runs on the stored offline licence while the product allows it; an outdated
// loader is replaced by the current one with --update.
// Exit codes: 0 ok · 1 wrong usage or another error · 2 refused by the server (its signed pt-BR
// message is printed) · 3 an answer that failed verification (bad signature, unknown key, nonce
// or request mismatch, stale answer, file hash mismatch) · 4 the server could not be reached.
#include <cstdint>
#include <cstdlib>
#include <exception>
#include <iostream>
#include <optional>
#include <string>
#include <vector>

#include "chaveiro/chaveiro.hpp"

#ifdef _WIN32
#  define WIN32_LEAN_AND_MEAN
#  include <windows.h>
#endif

namespace {

enum exit_code { ok = 0, usage = 1, refused = 2, untrusted = 3, unreachable = 4 };

const char *const help = R"(Uso: chaveiro-console-loader --server URL --product ID --public-key BASE64
         (--key CHAVE | --user USUÁRIO --password SENHA [--code CÓDIGO])
         [--hwid HWID] [--out ARQUIVO] [--beats N] [--update]
         [--report TIPO [--report-detail TEXTO]] [--offline-store ARQUIVO]
         [--loader-version VERSÃO]

  --server URL         endereço do Chaveiro (ex.: https://painel.exemplo.com)
  --product ID         id do produto
  --public-key BASE64  chave pública fixada do servidor (repita para a anterior, na rotação)
  --key CHAVE          chave de licença (sozinha, se já resgatada; com conta, é resgatada nela)
  --user USUÁRIO       usuário ou e-mail da conta, com --password
  --code CÓDIGO        código do autenticador ou de recuperação, se a conta usa 2FA
  --hwid HWID          id da máquina (padrão: derivado deste computador)
  --out ARQUIVO        baixa o arquivo do produto, conferido, para ARQUIVO
  --beats N            envia N pulsos antes de sair (padrão: 0)
  --update             se o loader estiver desatualizado, baixa a versão atual, confere,
                       substitui este executável e o reinicia
  --report TIPO        relata um sinal de segurança (debugger, hooked_api, self_check_failed)
  --report-detail TEXTO  detalhe do relato (até 200 caracteres)
  --offline-store ARQUIVO  onde guardar a licença offline (padrão: a pasta do usuário)
  --loader-version V   versão relatada deste loader (padrão: a gravada no executável)

Saída: 0 ok · 1 uso incorreto · 2 recusado pelo servidor · 3 resposta não confiável
       4 servidor inacessível)";

struct options {
  std::string server;
  std::string product;
  std::vector<std::string> public_keys;
  chaveiro::credentials credentials;
  std::optional<std::string> out;
  unsigned long beats = 0;
  bool update = false;
  std::optional<std::string> report;
  std::optional<std::string> report_detail;
  std::optional<std::string> offline_store;
  std::optional<std::string> loader_version;
};

// The version this loader reports, in a slot of its own so that a release script can stamp it
// into the built file (the self-update test makes "the next version" that way).
volatile const char loader_version_slot[48] = "CHAVEIRO-LOADER-VERSION:1.0.0";

std::string compiled_version() {
  const std::string prefix = "CHAVEIRO-LOADER-VERSION:";
  std::string text;
  for (std::size_t i = 0; i < sizeof loader_version_slot && loader_version_slot[i]; i++) {
    text += loader_version_slot[i];
  }
  return text.compare(0, prefix.size(), prefix) == 0 ? text.substr(prefix.size()) : "0";
}

int usage_error(const std::string &message) {
  std::cerr << message << "\nUse --help para ver as opções.\n";
  return usage;
}

// Parses the command line into `o`; returns -1 to go on, or the exit code.
int parse(int argc, char **argv, options &o) {
  for (int i = 1; i < argc; i++) {
    std::string arg = argv[i];
    if (arg == "--help" || arg == "-h") {
      std::cout << help << "\n";
      return ok;
    }
    if (arg == "--update") {
      o.update = true;
      continue;
    }
    if (i + 1 >= argc) return usage_error("Falta o valor de " + arg + ".");
    std::string value = argv[++i];
    if (arg == "--server") {
      o.server = value;
    } else if (arg == "--product") {
      o.product = value;
    } else if (arg == "--public-key") {
      o.public_keys.push_back(value);
    } else if (arg == "--key") {
      o.credentials.key = value;
    } else if (arg == "--user") {
      o.credentials.identifier = value;
    } else if (arg == "--password") {
      o.credentials.password = value;
    } else if (arg == "--code") {
      o.credentials.totp = value;
    } else if (arg == "--hwid") {
      o.credentials.hwid = value;
    } else if (arg == "--out") {
      o.out = value;
    } else if (arg == "--report") {
      o.report = value;
    } else if (arg == "--report-detail") {
      o.report_detail = value;
    } else if (arg == "--offline-store") {
      o.offline_store = value;
    } else if (arg == "--loader-version") {
      o.loader_version = value;
    } else if (arg == "--beats") {
      char *end = nullptr;
      o.beats = std::strtoul(value.c_str(), &end, 10);
      if (value.empty() || *end != '\0' || value[0] == '-' || o.beats > 100000) {
        return usage_error("--beats espera um número de 0 a 100000.");
      }
    } else {
      return usage_error("Opção desconhecida: " + arg);
    }
  }
  if (o.server.empty() || o.product.empty()) return usage_error("Informe --server e --product.");
  if (o.public_keys.empty()) return usage_error("Informe a chave pública fixada (--public-key).");
  if (!o.credentials.key && !o.credentials.identifier) {
    return usage_error("Informe --key ou --user (ou ambos).");
  }
  if (o.credentials.identifier && !o.credentials.password) {
    return usage_error("Informe a senha da conta com --password.");
  }
  if (!o.credentials.identifier && (o.credentials.password || o.credentials.totp)) {
    return usage_error("--password e --code exigem --user.");
  }
  return -1;
}

// "2026-12-23T12:00:00.000Z" → "23/12/2026 12:00 UTC"; anything else as it came.
std::string when(const std::string &iso) {
  if (iso.size() < 16 || iso[4] != '-' || iso[10] != 'T') return iso;
  return iso.substr(8, 2) + "/" + iso.substr(5, 2) + "/" + iso.substr(0, 4) + " " +
         iso.substr(11, 5) + " UTC";
}

std::string size_text(std::uint64_t bytes) {
  if (bytes < 1024) return std::to_string(bytes) + " bytes";
  if (bytes < 1024 * 1024) return std::to_string(bytes / 1024) + " KB";
  return std::to_string(bytes / (1024 * 1024)) + " MB";
}

// Seconds with a decimal comma, as pt-BR writes them: 0,2 · 30 · 1,5. The value is signed but
// any JSON number (1e999 reads as infinity): clamped before the cast, which would be undefined.
std::string seconds_text(double seconds) {
  if (!(seconds > 0)) seconds = 0;
  if (seconds > 86400) seconds = 86400;
  long tenths = static_cast<long>(seconds * 10 + 0.5);
  std::string text = std::to_string(tenths / 10);
  if (tenths % 10) text += "," + std::to_string(tenths % 10);
  return text;
}

std::string delay_text(std::uint32_t ms) {
  if (ms < 1000) return std::to_string(ms) + " ms";
  return std::to_string(ms / 1000) + "," + std::to_string(ms % 1000 / 100) + " s";
}

// The product's status as the site labels it; an unknown one (a newer server) as it came.
std::string status_label(const std::string &status) {
  if (status == "updating") return "Em atualização";
  if (status == "unavailable") return "Indisponível";
  return status;
}

// A product being updated or down: since when, the seller's note, and whether time stands still.
void report_product(const chaveiro::product_status &product) {
  std::cerr << "Status do produto: " << status_label(product.status) << " desde "
            << when(product.since) << ".\n";
  if (product.note) std::cerr << "Nota do vendedor: " << *product.note << "\n";
  std::cerr << (product.time_frozen
                    ? "O tempo da sua assinatura está congelado e será devolvido quando o produto "
                      "voltar.\n"
                    : "O tempo da sua assinatura continua correndo.\n");
}

std::string action_label(chaveiro_security_action action) {
  switch (action) {
    case CHAVEIRO_SECURITY_RECORD: return "registrado";
    case CHAVEIRO_SECURITY_END_SESSION: return "sessão encerrada";
    case CHAVEIRO_SECURITY_BLACKLIST_HWID: return "computador bloqueado";
    case CHAVEIRO_SECURITY_BAN_ACCOUNT: return "conta banida";
    default: return "sessão encerrada";
  }
}

// One line for the user (and the product's status when the refusal carries it), and the exit
// code, per kind of failure.
int report(const chaveiro::error &e) {
  switch (e.status()) {
    case CHAVEIRO_E_REFUSED:
      std::cerr << "Recusado pelo servidor: " << e.what() << " (" << e.code() << ")\n";
      if (e.product()) report_product(*e.product());
      return refused;
    case CHAVEIRO_E_VERIFICATION:
      std::cerr << "Resposta não confiável: " << e.what() << " (" << e.code() << ": "
                << e.detail() << ")\n";
      return untrusted;
    case CHAVEIRO_E_NETWORK:
      std::cerr << e.what() << " (" << e.code() << ": " << e.detail() << ")\n";
      return unreachable;
    default:
      std::cerr << "Erro: " << e.what() << " (" << e.code() << ": " << e.detail() << ")\n";
      return usage;
  }
}

std::string retry_line(const chaveiro::error &e, std::uint32_t attempt, std::uint32_t delay) {
  return std::string("Falha temporária: ") + e.what() + " (" + e.code() + "). Nova tentativa em " +
         delay_text(delay) + " (tentativa " + std::to_string(attempt + 1) + ").";
}

// Sends `count` heartbeats through the loop; the loop's thread prints, this one waits. While
// offline each interval on the stored licence counts as one.
int heartbeats(chaveiro::client &client, unsigned long count) {
  unsigned long renewed = 0;
  std::optional<chaveiro::error> ended;
  chaveiro::heartbeat_loop loop = client.start_heartbeats([&](const chaveiro::heartbeat_event &event) {
    switch (event.type) {
      case CHAVEIRO_HEARTBEAT_RENEWED:
        renewed++;
        std::cout << "Pulso " << renewed << "/" << count << ": sessão renovada (válida até "
                  << when(event.result->session_expires_at) << ")." << std::endl;
        if (renewed == count) event.stop_loop();
        break;
      case CHAVEIRO_HEARTBEAT_OFFLINE:
        renewed++;
        std::cout << "Pulso " << renewed << "/" << count
                  << ": offline, sem conexão com o servidor (licença offline válida até "
                  << when(event.result->offline_expires_at.value_or("?")) << ")." << std::endl;
        if (renewed == count) event.stop_loop();
        break;
      case CHAVEIRO_HEARTBEAT_RETRYING:
        std::cerr << retry_line(*event.failure, event.attempt, event.next_delay_ms) << std::endl;
        break;
      case CHAVEIRO_HEARTBEAT_ENDED:
        ended = event.failure;
        break;
    }
  });
  loop.wait();
  if (ended) {
    std::cerr << "Sessão encerrada.\n";
    return report(*ended);
  }
  return ok;
}

// LOADER_OUTDATED: the current version is offered; with --update it is fetched, checked against
// the signed hash, swapped in and started (this process does not come back on success).
int outdated(chaveiro::client &client, const chaveiro::refused_error &e, bool update) {
  int code = report(e);
  if (!e.loader() || !e.loader()->update_token) return code;
  const chaveiro::loader_release &loader = *e.loader();
  if (!update) {
    std::cerr << "Versão atual do loader: " << loader.version << " (" << loader.name
              << "). Rode de novo com --update para atualizar." << std::endl;
    return code;
  }
  std::cout << "Atualizando o loader para a versão " << loader.version << " ("
            << size_text(loader.size) << ")…" << std::endl;
  client.self_update(e, true);
  return code;
}

int run(const options &o) {
  chaveiro::client client(o.server, o.product, o.public_keys);
  client.on_auth_retry([](const chaveiro::error &e, std::uint32_t attempt, std::uint32_t delay) {
    std::cerr << retry_line(e, attempt, delay) << std::endl;
  });
  client.set_loader_version(o.loader_version.value_or(compiled_version()));
  if (o.offline_store) client.set_offline_store(*o.offline_store);
  chaveiro::credentials credentials = o.credentials;
  if (credentials.hwid.empty()) credentials.hwid = chaveiro::hwid(o.product);

  std::cout << "Conectando a " << o.server << " (HWID " << credentials.hwid << ", loader "
            << o.loader_version.value_or(compiled_version()) << ")…" << std::endl;
  chaveiro::auth_result auth;
  try {
    auth = client.auth(credentials);
  } catch (const chaveiro::refused_error &e) {
    if (e.code() == "LOADER_OUTDATED") return outdated(client, e, o.update);
    throw;
  }
  if (auth.offline) {
    std::cout << "Sem conexão com o servidor: usando a licença offline de "
              << auth.username << ", válida até "
              << when(auth.offline_expires_at.value_or("?")) << ".\n"
              << "Modo offline: o arquivo do produto não pode ser baixado agora." << std::endl;
    if (o.beats > 0) {
      int code = heartbeats(client, o.beats);
      if (code != ok) return code;
    }
    std::cout << "Pronto (offline)." << std::endl;
    return ok;
  }
  std::cout << "Autenticado como " << auth.username << ".\n"
            << "Produto: " << auth.product_name << " (" << auth.product_id << ")\n"
            << "Assinatura expira em " << when(auth.subscription_expires_at) << ".\n"
            << "Sessão válida até " << when(auth.session_expires_at) << "; pulso a cada "
            << seconds_text(auth.heartbeat_seconds) << " s." << std::endl;
  if (auth.file) {
    std::cout << "Arquivo: " << auth.file->name << " (" << size_text(auth.file->size) << ")"
              << (auth.file->protected_delivery ? ", entrega protegida" : "") << std::endl;
  } else {
    std::cout << "Este produto ainda não tem arquivo." << std::endl;
  }
  if (auth.offline_expires_at) {
    std::cout << "Licença offline guardada: válida até " << when(*auth.offline_expires_at)
              << " sem conexão." << std::endl;
  }
  if (o.report) {
    chaveiro_security_action action = client.report_security_event(*o.report, o.report_detail);
    std::cout << "Evento de segurança relatado: " << *o.report << " (" << action_label(action)
              << ")." << std::endl;
  }

  if (o.out) {
    std::cout << "Baixando o arquivo…" << std::endl;
    chaveiro::downloaded_file file = client.download();
    file.save(*o.out);
    std::cout << "Arquivo salvo em " << *o.out << " (" << size_text(file.bytes.size())
              << "), SHA-256 conferido: " << file.sha256 << std::endl;
    if (file.sealed) std::cout << "Recebido cifrado para esta sessão e aberto em memória." << std::endl;
    if (file.delivery) std::cout << "Entrega: " << *file.delivery << std::endl;
  }

  if (o.beats > 0) {
    int code = heartbeats(client, o.beats);
    if (code != ok) return code;
  }
  std::cout << "Pronto." << std::endl;
  return ok;
}

}  // namespace

int main(int argc, char **argv) {
#ifdef _WIN32
  // The messages are UTF-8; the console shows them as such.
  SetConsoleOutputCP(CP_UTF8);
#endif
  options o;
  int parsed = parse(argc, argv, o);
  if (parsed >= 0) return parsed;
  try {
    chaveiro::global global;
    return run(o);
  } catch (const chaveiro::error &e) {
    return report(e);
  } catch (const std::exception &e) {
    std::cerr << "Erro: " << e.what() << "\n";
    return usage;
  }
}
