// chaveiro-console-loader: the smallest complete loader over the C++ front end.
//
//   chaveiro-console-loader --server URL --product ID --public-key BASE64
//       (--key KEY | --user NAME --password PW [--code CODE]) [--hwid HWID] [--out FILE]
//       [--beats N]
//
// Authenticates this machine, downloads the product file to --out (only after its size and
// SHA-256 match the signed auth answer), sends N heartbeats, and says so in pt-BR.
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
         [--hwid HWID] [--out ARQUIVO] [--beats N]

  --server URL         endereço do Chaveiro (ex.: https://painel.exemplo.com)
  --product ID         id do produto
  --public-key BASE64  chave pública fixada do servidor (repita para a anterior, na rotação)
  --key CHAVE          chave de licença (sozinha, se já resgatada; com conta, é resgatada nela)
  --user USUÁRIO       usuário ou e-mail da conta, com --password
  --code CÓDIGO        código do autenticador ou de recuperação, se a conta usa 2FA
  --hwid HWID          id da máquina (padrão: derivado deste computador)
  --out ARQUIVO        baixa o arquivo do produto, conferido, para ARQUIVO
  --beats N            envia N pulsos antes de sair (padrão: 0)

Saída: 0 ok · 1 uso incorreto · 2 recusado pelo servidor · 3 resposta não confiável
       4 servidor inacessível)";

struct options {
  std::string server;
  std::string product;
  std::vector<std::string> public_keys;
  chaveiro::credentials credentials;
  std::optional<std::string> out;
  unsigned long beats = 0;
};

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

// Sends `count` heartbeats through the loop; the loop's thread prints, this one waits.
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
      case CHAVEIRO_HEARTBEAT_RETRYING:
        std::cerr << retry_line(*event.failure, event.attempt, event.next_delay_ms) << std::endl;
        break;
      case CHAVEIRO_HEARTBEAT_ENDED:
        ended = event.failure;
        break;
      case CHAVEIRO_HEARTBEAT_OFFLINE:
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

int run(const options &o) {
  chaveiro::client client(o.server, o.product, o.public_keys);
  client.on_auth_retry([](const chaveiro::error &e, std::uint32_t attempt, std::uint32_t delay) {
    std::cerr << retry_line(e, attempt, delay) << std::endl;
  });
  chaveiro::credentials credentials = o.credentials;
  if (credentials.hwid.empty()) credentials.hwid = chaveiro::hwid(o.product);

  std::cout << "Conectando a " << o.server << " (HWID " << credentials.hwid << ")…" << std::endl;
  chaveiro::auth_result auth = client.auth(credentials);
  std::cout << "Autenticado como " << auth.username << ".\n"
            << "Produto: " << auth.product_name << " (" << auth.product_id << ")\n"
            << "Assinatura expira em " << when(auth.subscription_expires_at) << ".\n"
            << "Sessão válida até " << when(auth.session_expires_at) << "; pulso a cada "
            << seconds_text(auth.heartbeat_seconds) << " s." << std::endl;
  if (auth.file) {
    std::cout << "Arquivo: " << auth.file->name << " (" << size_text(auth.file->size) << ")"
              << std::endl;
  } else {
    std::cout << "Este produto ainda não tem arquivo." << std::endl;
  }

  if (o.out) {
    std::cout << "Baixando o arquivo…" << std::endl;
    chaveiro::downloaded_file file = client.download();
    file.save(*o.out);
    std::cout << "Arquivo salvo em " << *o.out << " (" << size_text(file.bytes.size())
              << "), SHA-256 conferido: " << file.sha256 << std::endl;
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
