// Checks of Chaveiro.cs that the console loader's exit codes do not show: UTF-8 both ways, the
// argument checks, the heartbeat loop's cancellation and stop paths and the auth retry callback.
// test.sh runs it twice: against the release library, and against the ASan + UBSan build with
// LeakSanitizer, so that a native object the wrapper forgets to free fails the run.
//
// Usage: mono SelfTest.exe OK_URL REFUSE_URL MAINTENANCE_URL FLAKY_URL PRODUCT_UPDATING_URL
//        PRODUCT_UNAVAILABLE_URL   (fake_server.py modes: ok, refuse, maintenance-beat, flaky,
//        product-updating-auth, product-unavailable-beat)
using System;
using System.Collections.Generic;
using System.Text;
using System.Threading;
using System.Threading.Tasks;
using Chaveiro;

internal static class SelfTest
{
    private const string TestKey = "A6EHv/POEL4dcN0Y50vAmWfk1jCbpQ1fHdyGZBJVMbg=";
    private const string Hwid = "test-machine-0001";
    private const int Rounds = 20;
    private static int failures;

    private static int Main(string[] args)
    {
        string ok = args[0], refuse = args[1], maintenance = args[2], flaky = args[3];
        string updating = args[4], unavailable = args[5];
        using (ChaveiroSdk.Initialize())
        {
            Check("UTF-8 both ways: a non-ASCII account name comes back as sent", () => Utf8RoundTrip(ok));
            Check("UTF-8 from the server: the signed pt-BR refusal, accents intact", () => RefusalMessage(refuse));
            Check("arguments: null, NUL, lone surrogate and a malformed HWID", () => Arguments(ok));
            Check("key id and HWID", KeyIdAndHwid);
            Check("a heartbeat before auth is NOT_AUTHENTICATED", () => NotAuthenticated(ok));
            Check("a sealed delivery, its id, a security event and the offline fields", () => Protected(ok));
            Check("an already cancelled token sends nothing", () => CancelledBeforeStart(ok));
            Check("the token stops the loop: Completion is cancelled", () => TokenStopsLoop(ok));
            Check("StopLoop from the handler: no event follows", () => StopFromHandler(ok));
            Check("Dispose from the handler does not deadlock", () => DisposeFromHandler(ok));
            Check("a throwing handler ends the loop with its exception", () => ThrowingHandler(ok));
            Check("disposing the client stops its loops", () => ClientDisposeStopsLoops(ok));
            Check("a signed MAINTENANCE mid-session ends RunHeartbeatsAsync", () => MaintenanceEnds(maintenance));
            Check("OnAuthRetry reports a lost node's 502, then the auth succeeds", () => AuthRetry(flaky));
            Check("a product being updated: the signed status and note, not retried", () => ProductUpdating(updating));
            Check("a product down mid-session: the loop ends with its status", () => ProductUnavailableEnds(unavailable));
            Check("every call, " + Rounds + " rounds (run under ASan, nothing native may leak)",
                () => EveryCall(ok, refuse));
        }
        Console.WriteLine(failures == 0 ? "C# self-test: all passed" : "C# self-test: " + failures + " failed");
        return failures == 0 ? 0 : 1;
    }

    private static void Check(string name, Action test)
    {
        try
        {
            test();
            Console.WriteLine("ok   " + name);
        }
        catch (Exception e)
        {
            failures++;
            Console.WriteLine("FAIL " + name + ": " + e);
        }
    }

    private static void Assert(bool condition, string what)
    {
        if (!condition) throw new Exception("expected " + what);
    }

    private static T Throws<T>(Action action) where T : Exception
    {
        try
        {
            action();
        }
        catch (AggregateException e) when (e.InnerException is T)
        {
            return (T)e.InnerException;
        }
        catch (T e)
        {
            return e;
        }
        throw new Exception("expected " + typeof(T).Name);
    }

    private static ChaveiroClient Client(string url)
    {
        return new ChaveiroClient(url, "prod_1", new[] { TestKey });
    }

    private static void Utf8RoundTrip(string url)
    {
        // Two-, three- and four-byte sequences (the key emoji is a surrogate pair in .NET).
        const string name = "João Conceição ação 🔑";
        using (var client = Client(url))
        {
            AuthResult auth = client.AuthAccountAsync(Hwid, name, "sénha-ñ-€").Result;
            Assert(auth.Username == name, "username \"" + name + "\", got \"" + auth.Username + "\"");
            Assert(auth.ProductName == "Aim Pro", "the product name");
            Assert(auth.HeartbeatInterval == TimeSpan.FromMilliseconds(200), "heartbeat 0.2 s");
            Assert(auth.File != null && auth.File.Size == 26 && auth.File.Name == "aim.dll", "the file info");
            Assert(auth.SessionExpiresAt.HasValue && auth.SessionExpiresAt.Value > DateTimeOffset.UtcNow, "a future session expiry");
            DownloadedFile file = client.DownloadAsync().Result;
            Assert(System.Text.Encoding.ASCII.GetString(file.Bytes) == "the product file, 26 bytes", "the file bytes");
            Assert(file.Sha256 == auth.File.Sha256, "the signed hash");
        }
    }

    private static void RefusalMessage(string url)
    {
        using (var client = Client(url))
        {
            var e = Throws<ChaveiroRefusedException>(() => client.AuthKeyAsync(Hwid, "ABCDEFGHJK23456789").Wait());
            Assert(e.Code == "HWID_MISMATCH", "HWID_MISMATCH");
            Assert(e.Message == "HWID diferente: este computador não está vinculado à sua assinatura.",
                "the exact pt-BR message, got \"" + e.Message + "\"");
            Assert(e.HttpStatus == 403 && e.Status == ChaveiroStatus.Refused, "status 403, Refused");
            Assert(e.Product == null, "no product status on another refusal");
        }
    }

    private static void ProductUpdating(string url)
    {
        var retries = new List<ChaveiroException>();
        var options = new ChaveiroClientOptions
        {
            RetryBaseDelay = TimeSpan.FromMilliseconds(10),
            OnAuthRetry = (e, attempt, delay) => retries.Add(e),
        };
        using (var client = new ChaveiroClient(url, "prod_1", new[] { TestKey }, options))
        {
            var e = Throws<ChaveiroRefusedException>(() => client.AuthKeyAsync(Hwid, "ABCDEFGHJK23456789").Wait());
            Assert(e.Code == "PRODUCT_UPDATING" && e.HttpStatus == 503, "PRODUCT_UPDATING, 503");
            Assert(e.Message == "Este produto está em atualização. Tente novamente quando ele voltar.",
                "the exact pt-BR message, got \"" + e.Message + "\"");
            Assert(e.Product != null, "the product status");
            Assert(e.Product.Status == "updating", "status updating, got " + e.Product.Status);
            Assert(e.Product.Note == "Detectado após a atualização do jogo; previsão 48 h",
                "the note, accents intact, got \"" + e.Product.Note + "\"");
            Assert(e.Product.TimeFrozen, "time frozen");
            Assert(e.Product.Since == new DateTimeOffset(2026, 11, 23, 9, 30, 0, TimeSpan.Zero), "since");
        }
        Assert(retries.Count == 0, "not retried, got " + retries.Count + " retries");
    }

    private static void ProductUnavailableEnds(string url)
    {
        using (var client = Client(url))
        {
            Authenticated(client);
            var e = Throws<ChaveiroRefusedException>(() => client.RunHeartbeatsAsync(ev => { }).Wait(10000));
            Assert(e.Code == "PRODUCT_UNAVAILABLE", "PRODUCT_UNAVAILABLE, got " + e.Code);
            Assert(e.Product != null && e.Product.Status == "unavailable" && e.Product.Note == null &&
                   !e.Product.TimeFrozen, "unavailable, no note, time running");
        }
    }

    private static void Arguments(string url)
    {
        Throws<ArgumentNullException>(() => Client(null));
        Throws<ArgumentException>(() => new ChaveiroClient(url, "prod_1", new string[0]));
        Throws<ChaveiroUsageException>(() => new ChaveiroClient(url, "prod_1", new[] { "not a key" }));
        using (var client = Client(url))
        {
            Throws<ArgumentNullException>(() => client.AuthAsync(null, "K"));
            Throws<ArgumentException>(() => client.AuthAsync(Hwid, "K\0EY"));
            Throws<ArgumentException>(() => client.AuthAccountAsync(Hwid, "ana", "pw\uD800"));
            var e = Throws<ChaveiroUsageException>(() => client.AuthKeyAsync("x", "K").Wait());
            Assert(e.Status == ChaveiroStatus.InvalidArgument, "InvalidArgument for a 1-character HWID");
        }
    }

    private static void KeyIdAndHwid()
    {
        Assert(ChaveiroSdk.KeyId(TestKey) == "56475aa75463474c", "the test key's keyId");
        Assert(ChaveiroSdk.Version == "0.3.0", "version 0.3.0");
        string a = ChaveiroSdk.Hwid("prod_1");
        Assert(a == ChaveiroSdk.Hwid("prod_1"), "a stable HWID");
        Assert(a != ChaveiroSdk.Hwid("prod_2"), "another HWID for another product");
    }

    private static void NotAuthenticated(string url)
    {
        using (var client = Client(url))
        {
            var e = Throws<ChaveiroUsageException>(() => client.HeartbeatAsync().Wait());
            Assert(e.Code == "NOT_AUTHENTICATED", "NOT_AUTHENTICATED");
            Throws<ChaveiroUsageException>(() => client.StartHeartbeats(_ => { }));
        }
    }

    private static void Protected(string url)
    {
        using (var client = new ChaveiroClient(url, "prod_1", new[] { TestKey },
                   new ChaveiroClientOptions { LoaderVersion = "1.0.0", OfflineStorePath = "" }))
        {
            Throws<ArgumentNullException>(() => client.ReportSecurityEventAsync(null));
            AuthResult auth = client.AuthKeyAsync(Hwid, "ABCDEFGHJK23456789").Result;
            Assert(auth.File != null && auth.File.Protected, "the file is protected");
            Assert(auth.File.Delivery == "0193a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b", "the delivery id");
            Assert(!auth.Offline && auth.OfflineExpiresAt == null, "online, no offline licence");
            DownloadedFile file = client.DownloadAsync().Result;
            Assert(file.Sealed && file.Delivery == auth.File.Delivery, "sealed, with its delivery");
            Assert(Encoding.ASCII.GetString(file.Bytes) == "the product file, 26 bytes", "the bytes");
            Assert(client.ReportSecurityEventAsync("debugger", "x64dbg").Result == SecurityAction.Record,
                "recorded");
            var e = Throws<ArgumentException>(() => client.SelfUpdateAsync(
                new ChaveiroRefusedException("SUBSCRIPTION_EXPIRED", "x", "", 403, null)));
            Assert(e.ParamName == "refusal", "a refusal without a loader is no update");
        }
    }

    private static void CancelledBeforeStart(string url)
    {
        using (var client = Client(url))
        using (var source = new CancellationTokenSource())
        {
            source.Cancel();
            Task<AuthResult> auth = client.AuthKeyAsync(Hwid, "ABCDEFGHJK23456789", source.Token);
            Assert(auth.IsCanceled, "a cancelled task");
            Throws<OperationCanceledException>(() => client.StartHeartbeats(_ => { }, true, source.Token));
        }
    }

    private static AuthResult Authenticated(ChaveiroClient client)
    {
        return client.AuthKeyAsync(Hwid, "ABCDEFGHJK23456789").Result;
    }

    private static void TokenStopsLoop(string url)
    {
        using (var client = Client(url))
        using (var source = new CancellationTokenSource())
        {
            Authenticated(client);
            int renewed = 0;
            bool afterEnd = false;
            var first = new ManualResetEventSlim();
            HeartbeatLoop loop = client.StartHeartbeats(e =>
            {
                if (source.IsCancellationRequested) afterEnd = true;
                if (e.Type == HeartbeatEventType.Renewed && Interlocked.Increment(ref renewed) == 1) first.Set();
            }, true, source.Token);
            using (loop)
            {
                Assert(first.Wait(5000), "a first heartbeat");
                source.Cancel();
                Assert(loop.Wait(TimeSpan.FromSeconds(5)), "the loop over within 5 s");
                Assert(loop.Completion.IsCanceled, "Completion cancelled");
                Thread.Sleep(500);
                Assert(!afterEnd, "no event after the token stopped the loop");
                var run = client.RunHeartbeatsAsync(_ => { }, source.Token);
                Throws<OperationCanceledException>(() => run.Wait());
            }
        }
    }

    private static void StopFromHandler(string url)
    {
        using (var client = Client(url))
        {
            Authenticated(client);
            int events = 0;
            using (HeartbeatLoop loop = client.StartHeartbeats(e =>
                   {
                       Interlocked.Increment(ref events);
                       e.StopLoop();
                   }))
            {
                Assert(loop.Completion.Wait(5000), "the loop over");
                Assert(loop.Completion.Status == TaskStatus.RanToCompletion, "Completion ran to completion");
                Thread.Sleep(600);
                Assert(events == 1, "one event, got " + events);
            }
        }
    }

    private static void DisposeFromHandler(string url)
    {
        using (var client = Client(url))
        {
            Authenticated(client);
            HeartbeatLoop loop = null;
            var started = new ManualResetEventSlim();
            loop = client.StartHeartbeats(e =>
            {
                started.Wait();
                loop.Dispose();
            });
            started.Set();
            Assert(loop.Completion.Wait(5000), "the loop over");
        }
    }

    private static void ThrowingHandler(string url)
    {
        using (var client = Client(url))
        {
            Authenticated(client);
            using (HeartbeatLoop loop = client.StartHeartbeats(e => { throw new InvalidOperationException("boom"); }))
            {
                var e = Throws<InvalidOperationException>(() => loop.Completion.Wait(5000));
                Assert(e.Message == "boom", "the handler's exception");
            }
        }
    }

    private static void ClientDisposeStopsLoops(string url)
    {
        HeartbeatLoop loop;
        using (var client = Client(url))
        {
            Authenticated(client);
            loop = client.StartHeartbeats(_ => { }, false);
        }
        Assert(loop.Completion.IsCompleted, "the loop over once the client is disposed");
        loop.Dispose();
    }

    private static void MaintenanceEnds(string url)
    {
        using (var client = Client(url))
        {
            Authenticated(client);
            var events = new List<HeartbeatEventType>();
            var e = Throws<ChaveiroRefusedException>(() => client.RunHeartbeatsAsync(ev => events.Add(ev.Type)).Wait(10000));
            Assert(e.Code == "MAINTENANCE" && e.Message == "Servidor em manutenção.", "MAINTENANCE and its message");
            Assert(events.Count == 2 && events[0] == HeartbeatEventType.Renewed && events[1] == HeartbeatEventType.Ended,
                "Renewed then Ended, got " + string.Join(",", events));
        }
    }

    private static void AuthRetry(string url)
    {
        var retries = new List<ChaveiroException>();
        var options = new ChaveiroClientOptions
        {
            RetryBaseDelay = TimeSpan.FromMilliseconds(50),
            OnAuthRetry = (e, attempt, delay) => retries.Add(e),
        };
        using (var client = new ChaveiroClient(url, "prod_1", new[] { TestKey }, options))
        {
            Authenticated(client);
        }
        Assert(retries.Count == 1 && retries[0] is ChaveiroNetworkException && retries[0].Code == "NETWORK_ERROR",
            "one NETWORK_ERROR retry, got " + retries.Count);
    }

    private static void Round(string ok, string refuse)
    {
        using (var client = Client(ok))
        {
            Authenticated(client);
            client.DownloadAsync().Wait();
            client.HeartbeatAsync().Wait();
            var beat = new ManualResetEventSlim();
            using (HeartbeatLoop loop = client.StartHeartbeats(e => beat.Set()))
            {
                beat.Wait(5000);
            }
            // A loop left running: the client's Dispose stops it, the finalizer frees it.
            client.StartHeartbeats(_ => { }, false);
        }
        using (var client = Client(refuse))
        {
            Throws<ChaveiroRefusedException>(() => Authenticated(client));
        }
        ChaveiroSdk.Hwid("prod_1");
    }

    private static void EveryCall(string ok, string refuse)
    {
        for (int i = 0; i < Rounds; i++) Round(ok, refuse);
        // What the finalizer frees (the loop left running) is freed before the leak check at exit.
        GC.Collect();
        GC.WaitForPendingFinalizers();
    }
}
