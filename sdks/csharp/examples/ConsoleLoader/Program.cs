// ConsoleLoader: the smallest complete loader over Chaveiro.cs, the C# twin of the C++
// chaveiro-console-loader (same options, same pt-BR lines, same exit codes).
//
//   ConsoleLoader.exe --server URL --product ID --public-key BASE64
//       (--key KEY | --user NAME --password PW [--code CODE]) [--hwid HWID] [--out FILE]
//       [--beats N]
//
// Authenticates this machine, downloads the product file to --out (only after its size and
// SHA-256 match the signed auth answer), sends N heartbeats (Ctrl+C stops them), and says so in
// pt-BR. Exit codes: 0 ok · 1 wrong usage or another error · 2 refused by the server (its signed
// pt-BR message is printed) · 3 an answer that failed verification (bad signature, unknown key,
// nonce or request mismatch, stale answer, file hash mismatch) · 4 the server could not be reached.
using System;
using System.Collections.Generic;
using System.Globalization;
using System.IO;
using System.Text;
using System.Threading;
using System.Threading.Tasks;
using Chaveiro;

internal static class Program
{
    private const int Ok = 0;
    private const int Usage = 1;
    private const int Refused = 2;
    private const int Untrusted = 3;
    private const int Unreachable = 4;

    private const string Help = @"Uso: ConsoleLoader.exe --server URL --product ID --public-key BASE64
         (--key CHAVE | --user USUÁRIO --password SENHA [--code CÓDIGO])
         [--hwid HWID] [--out ARQUIVO] [--beats N] [--update]
         [--report TIPO [--report-detail TEXTO]] [--offline-store ARQUIVO] [--loader-version V]

  --server URL         endereço do Chaveiro (ex.: https://painel.exemplo.com)
  --product ID         id do produto
  --public-key BASE64  chave pública fixada do servidor (repita para a anterior, na rotação)
  --key CHAVE          chave de licença (sozinha, se já resgatada; com conta, é resgatada nela)
  --user USUÁRIO       usuário ou e-mail da conta, com --password
  --code CÓDIGO        código do autenticador ou de recuperação, se a conta usa 2FA
  --hwid HWID          id da máquina (padrão: derivado deste computador)
  --out ARQUIVO        baixa o arquivo do produto, conferido, para ARQUIVO
  --beats N            envia N pulsos antes de sair (padrão: 0; Ctrl+C interrompe)
  --update             se o loader estiver desatualizado, baixa a versão atual, confere e
                       substitui este ConsoleLoader.exe (abra-o de novo em seguida)
  --report TIPO        relata um sinal de segurança (debugger, hooked_api, self_check_failed)
  --report-detail TEXTO  detalhe do relato (até 200 caracteres)
  --offline-store ARQUIVO  onde guardar a licença offline (padrão: a pasta do usuário)
  --loader-version V   versão relatada deste loader (padrão: 1.0.0)

Saída: 0 ok · 1 uso incorreto · 2 recusado pelo servidor · 3 resposta não confiável
       4 servidor inacessível";

    private sealed class Options
    {
        public string Server;
        public string Product;
        public readonly List<string> PublicKeys = new List<string>();
        public string Key;
        public string User;
        public string Password;
        public string Code;
        public string Hwid;
        public string Out;
        public int Beats;
        public bool Update;
        public string Report;
        public string ReportDetail;
        public string OfflineStore;
        public string LoaderVersion = "1.0.0";
    }

    private static int Main(string[] args)
    {
        // The messages are UTF-8, whatever the console's code page or the locale.
        Console.OutputEncoding = new UTF8Encoding(false);
        Options options;
        int parsed = Parse(args, out options);
        if (parsed >= 0) return parsed;
        try
        {
            using (ChaveiroSdk.Initialize())
            {
                return RunAsync(options).GetAwaiter().GetResult();
            }
        }
        catch (ChaveiroException e)
        {
            return Report(e);
        }
        catch (Exception e)
        {
            Console.Error.WriteLine("Erro: " + e.Message);
            return Usage;
        }
    }

    private static int UsageError(string message)
    {
        Console.Error.WriteLine(message + "\nUse --help para ver as opções.");
        return Usage;
    }

    // Parses the command line into `o`; returns -1 to go on, or the exit code.
    private static int Parse(string[] args, out Options o)
    {
        o = new Options();
        for (int i = 0; i < args.Length; i++)
        {
            string arg = args[i];
            if (arg == "--help" || arg == "-h")
            {
                Console.WriteLine(Help);
                return Ok;
            }
            if (arg == "--update")
            {
                o.Update = true;
                continue;
            }
            if (i + 1 >= args.Length) return UsageError("Falta o valor de " + arg + ".");
            string value = args[++i];
            switch (arg)
            {
                case "--server": o.Server = value; break;
                case "--product": o.Product = value; break;
                case "--public-key": o.PublicKeys.Add(value); break;
                case "--key": o.Key = value; break;
                case "--user": o.User = value; break;
                case "--password": o.Password = value; break;
                case "--code": o.Code = value; break;
                case "--hwid": o.Hwid = value; break;
                case "--out": o.Out = value; break;
                case "--report": o.Report = value; break;
                case "--report-detail": o.ReportDetail = value; break;
                case "--offline-store": o.OfflineStore = value; break;
                case "--loader-version": o.LoaderVersion = value; break;
                case "--beats":
                    if (!int.TryParse(value, NumberStyles.None, CultureInfo.InvariantCulture, out o.Beats) ||
                        o.Beats > 100000)
                    {
                        return UsageError("--beats espera um número de 0 a 100000.");
                    }
                    break;
                default:
                    return UsageError("Opção desconhecida: " + arg);
            }
        }
        if (string.IsNullOrEmpty(o.Server) || string.IsNullOrEmpty(o.Product)) return UsageError("Informe --server e --product.");
        if (o.PublicKeys.Count == 0) return UsageError("Informe a chave pública fixada (--public-key).");
        if (o.Key == null && o.User == null) return UsageError("Informe --key ou --user (ou ambos).");
        if (o.User != null && o.Password == null) return UsageError("Informe a senha da conta com --password.");
        if (o.User == null && (o.Password != null || o.Code != null)) return UsageError("--password e --code exigem --user.");
        return -1;
    }

    // 23/12/2026 12:00 UTC
    private static string When(DateTimeOffset? moment)
    {
        return moment.HasValue
            ? moment.Value.UtcDateTime.ToString("dd/MM/yyyy HH:mm", CultureInfo.InvariantCulture) + " UTC"
            : "?";
    }

    private static string SizeText(long bytes)
    {
        if (bytes < 1024) return bytes + " bytes";
        if (bytes < 1024 * 1024) return bytes / 1024 + " KB";
        return bytes / (1024 * 1024) + " MB";
    }

    // Seconds with a decimal comma, as pt-BR writes them: 0,2 · 30 · 1,5.
    private static string SecondsText(TimeSpan interval)
    {
        long tenths = (long)(interval.TotalSeconds * 10 + 0.5);
        return tenths % 10 == 0 ? (tenths / 10).ToString(CultureInfo.InvariantCulture)
            : (tenths / 10) + "," + (tenths % 10);
    }

    private static string DelayText(TimeSpan delay)
    {
        long ms = (long)delay.TotalMilliseconds;
        if (ms < 1000) return ms + " ms";
        return ms / 1000 + "," + ms % 1000 / 100 + " s";
    }

    // The product's status as the site labels it; an unknown one (a newer server) as it came.
    private static string StatusLabel(string status)
    {
        if (status == "updating") return "Em atualização";
        if (status == "unavailable") return "Indisponível";
        return status;
    }

    // One line for the user (and the product's status when the refusal carries it), and the exit
    // code, per kind of failure.
    private static int Report(ChaveiroException e)
    {
        var refused = e as ChaveiroRefusedException;
        if (refused != null)
        {
            Console.Error.WriteLine("Recusado pelo servidor: " + e.Message + " (" + e.Code + ")");
            ProductStatus product = refused.Product;
            if (product != null)
            {
                Console.Error.WriteLine("Status do produto: " + StatusLabel(product.Status) + " desde " +
                                        When(product.Since) + ".");
                if (product.Note != null) Console.Error.WriteLine("Nota do vendedor: " + product.Note);
                Console.Error.WriteLine(product.TimeFrozen
                    ? "O tempo da sua assinatura está congelado e será devolvido quando o produto voltar."
                    : "O tempo da sua assinatura continua correndo.");
            }
            return Refused;
        }
        if (e is ChaveiroVerificationException)
        {
            Console.Error.WriteLine("Resposta não confiável: " + e.Message + " (" + e.Code + ": " + e.Detail + ")");
            return Untrusted;
        }
        if (e is ChaveiroNetworkException)
        {
            Console.Error.WriteLine(e.Message + " (" + e.Code + ": " + e.Detail + ")");
            return Unreachable;
        }
        Console.Error.WriteLine("Erro: " + e.Message + " (" + e.Code + ": " + e.Detail + ")");
        return Usage;
    }

    private static string ActionLabel(SecurityAction action)
    {
        switch (action)
        {
            case SecurityAction.Record: return "registrado";
            case SecurityAction.BlacklistHwid: return "computador bloqueado";
            case SecurityAction.BanAccount: return "conta banida";
            default: return "sessão encerrada";
        }
    }

    private static string RetryLine(ChaveiroException e, int attempt, TimeSpan delay)
    {
        return "Falha temporária: " + e.Message + " (" + e.Code + "). Nova tentativa em " + DelayText(delay) +
               " (tentativa " + (attempt + 1) + ").";
    }

    // Sends `count` heartbeats through the loop; the loop's thread prints, this one waits.
    private static async Task<int> HeartbeatsAsync(ChaveiroClient client, int count)
    {
        int renewed = 0;
        using (var interrupt = new CancellationTokenSource())
        {
            ConsoleCancelEventHandler onCtrlC = (sender, e) =>
            {
                e.Cancel = true;
                interrupt.Cancel();
            };
            Console.CancelKeyPress += onCtrlC;
            try
            {
                await client.RunHeartbeatsAsync(e =>
                {
                    switch (e.Type)
                    {
                        case HeartbeatEventType.Renewed:
                            renewed++;
                            Console.WriteLine("Pulso " + renewed + "/" + count + ": sessão renovada (válida até " +
                                              When(e.Result.SessionExpiresAt) + ").");
                            if (renewed == count) interrupt.Cancel();
                            break;
                        case HeartbeatEventType.Offline:
                            renewed++;
                            Console.WriteLine("Pulso " + renewed + "/" + count +
                                              ": offline, sem conexão com o servidor (licença offline válida até " +
                                              When(e.Result.OfflineExpiresAt) + ").");
                            if (renewed == count) interrupt.Cancel();
                            break;
                        case HeartbeatEventType.Retrying:
                            Console.Error.WriteLine(RetryLine(e.Error, e.Attempt, e.NextDelay));
                            break;
                    }
                }, interrupt.Token);
            }
            catch (OperationCanceledException)
            {
                if (renewed < count) Console.WriteLine("Interrompido.");
            }
            catch (ChaveiroException e)
            {
                Console.Error.WriteLine("Sessão encerrada.");
                return Report(e);
            }
            finally
            {
                Console.CancelKeyPress -= onCtrlC;
            }
        }
        return Ok;
    }

    private static async Task<int> RunAsync(Options o)
    {
        var settings = new ChaveiroClientOptions
        {
            OnAuthRetry = (e, attempt, delay) => Console.Error.WriteLine(RetryLine(e, attempt, delay)),
            LoaderVersion = o.LoaderVersion,
            // Under Mono the running executable is mono: the loader is this assembly's file.
            LoaderPath = System.Reflection.Assembly.GetEntryAssembly().Location,
            OfflineStorePath = o.OfflineStore,
        };
        using (var client = new ChaveiroClient(o.Server, o.Product, o.PublicKeys, settings))
        {
            string hwid = o.Hwid ?? ChaveiroSdk.Hwid(o.Product);
            Console.WriteLine("Conectando a " + o.Server + " (HWID " + hwid + ")…");
            AuthResult auth;
            try
            {
                auth = await client.AuthAsync(hwid, o.Key, o.User, o.Password, o.Code).ConfigureAwait(false);
            }
            catch (ChaveiroRefusedException e) when (e.Code == "LOADER_OUTDATED" && e.Loader != null &&
                                                     e.Loader.UpdateToken != null)
            {
                int refusedCode = Report(e);
                if (!o.Update)
                {
                    Console.Error.WriteLine("Versão atual do loader: " + e.Loader.Version + " (" + e.Loader.Name +
                                            "). Rode de novo com --update para atualizar.");
                    return refusedCode;
                }
                Console.WriteLine("Atualizando o loader para a versão " + e.Loader.Version + " (" +
                                  SizeText(e.Loader.Size) + ")…");
                // A .NET loader restarts itself (here: the user opens it again).
                await client.SelfUpdateAsync(e, restart: false).ConfigureAwait(false);
                Console.WriteLine("Loader atualizado para a versão " + e.Loader.Version + ". Abra-o de novo.");
                return Ok;
            }
            if (auth.Offline)
            {
                Console.WriteLine("Sem conexão com o servidor: usando a licença offline de " + auth.Username +
                                  ", válida até " + When(auth.OfflineExpiresAt) + ".");
                Console.WriteLine("Modo offline: o arquivo do produto não pode ser baixado agora.");
                if (o.Beats > 0)
                {
                    int offlineCode = await HeartbeatsAsync(client, o.Beats).ConfigureAwait(false);
                    if (offlineCode != Ok) return offlineCode;
                }
                Console.WriteLine("Pronto (offline).");
                return Ok;
            }
            Console.WriteLine("Autenticado como " + auth.Username + ".");
            Console.WriteLine("Produto: " + auth.ProductName + " (" + auth.ProductId + ")");
            Console.WriteLine("Assinatura expira em " + When(auth.SubscriptionExpiresAt) + ".");
            Console.WriteLine("Sessão válida até " + When(auth.SessionExpiresAt) + "; pulso a cada " +
                              SecondsText(auth.HeartbeatInterval) + " s.");
            Console.WriteLine(auth.File != null
                ? "Arquivo: " + auth.File.Name + " (" + SizeText(auth.File.Size) + ")" +
                  (auth.File.Protected ? ", entrega protegida" : "")
                : "Este produto ainda não tem arquivo.");
            if (auth.OfflineExpiresAt.HasValue)
            {
                Console.WriteLine("Licença offline guardada: válida até " + When(auth.OfflineExpiresAt) + " sem conexão.");
            }
            if (o.Report != null)
            {
                SecurityAction action = await client.ReportSecurityEventAsync(o.Report, o.ReportDetail).ConfigureAwait(false);
                Console.WriteLine("Evento de segurança relatado: " + o.Report + " (" + ActionLabel(action) + ").");
            }

            if (o.Out != null)
            {
                Console.WriteLine("Baixando o arquivo…");
                DownloadedFile file = await client.DownloadAsync().ConfigureAwait(false);
                File.WriteAllBytes(o.Out, file.Bytes);
                Console.WriteLine("Arquivo salvo em " + o.Out + " (" + SizeText(file.Bytes.Length) +
                                  "), SHA-256 conferido: " + file.Sha256);
                if (file.Sealed) Console.WriteLine("Recebido cifrado para esta sessão e aberto em memória.");
                if (file.Delivery != null) Console.WriteLine("Entrega: " + file.Delivery);
            }

            if (o.Beats > 0)
            {
                int code = await HeartbeatsAsync(client, o.Beats).ConfigureAwait(false);
                if (code != Ok) return code;
            }
            Console.WriteLine("Pronto.");
            return Ok;
        }
    }
}
