// Chaveiro loader SDK: the C# front end, one P/Invoke file over the C library (chaveiro.h):
// chaveiro.dll on Windows, libchaveiro.so on Linux (Mono, .NET). Add this file to the loader's
// project; ship the library beside the executable.
//
// - ChaveiroClient: auth, heartbeats (one, or a loop on the library's thread with a callback and
//   a CancellationToken), the product file downloaded into a byte[] (size and SHA-256 checked
//   against the signed auth answer by the library).
// - Failures are exceptions mirroring the C++ header's: ChaveiroRefusedException (the server's
//   signed refusal: Code and its pt-BR Message), ChaveiroVerificationException (an answer that
//   cannot be trusted), ChaveiroNetworkException, ChaveiroUsageException.
// - Text crosses the boundary as UTF-8 both ways, encoded and decoded here (not by the
//   marshaller, whose default on Windows is the ANSI code page); secrets are wiped from their
//   buffers after each call.
// - Native objects live in SafeHandles: released once, never while a call is using them.
//
// C# 7.2 (Debian's Mono mcs) and .NET Framework 4.6+ / .NET 6+; no unsafe code.
using System;
using System.Collections.Generic;
using System.Globalization;
using System.Runtime.InteropServices;
using System.Text;
using System.Threading;
using System.Threading.Tasks;

namespace Chaveiro
{
    /// <summary>The C library's status codes (chaveiro_status).</summary>
    public enum ChaveiroStatus
    {
        Ok = 0,
        Refused = 1,
        Verification = 2,
        Network = 3,
        NotAuthenticated = 4,
        InvalidArgument = 5,
        NoMemory = 6,
        BufferTooSmall = 7,
        Io = 8,
        Unavailable = 9,
        StillRunning = 10,
        Internal = 11,
    }

    /// <summary>
    /// Any failure of the SDK. <see cref="Code"/> is stable (the refusal code the server signed,
    /// or the SDK's own: BAD_SIGNATURE, NETWORK_ERROR…); <see cref="Exception.Message"/> is the
    /// pt-BR text for the user.
    /// </summary>
    public class ChaveiroException : Exception
    {
        public ChaveiroException(ChaveiroStatus status, string code, string message, string detail,
            int httpStatus, TimeSpan? retryAfter)
            : base(message)
        {
            Status = status;
            Code = code ?? "";
            Detail = detail ?? "";
            HttpStatus = httpStatus;
            RetryAfter = retryAfter;
        }

        public ChaveiroStatus Status { get; }
        public string Code { get; }
        /// <summary>Why, in English, for logs and bug reports (may be empty).</summary>
        public string Detail { get; }
        /// <summary>The answer's HTTP status, 0 when there was none. Informative only.</summary>
        public int HttpStatus { get; }
        /// <summary>A refusal's Retry-After (unsigned: it only ever delays), or null.</summary>
        public TimeSpan? RetryAfter { get; }
    }

    /// <summary>
    /// The product's status a PRODUCT_UPDATING or PRODUCT_UNAVAILABLE refusal signs with it: the
    /// seller is updating the product, or it is down. Show the note; the refusal is final.
    /// </summary>
    public sealed class ProductStatus
    {
        public ProductStatus(string status, string note, bool timeFrozen, DateTimeOffset? since)
        {
            Status = status ?? "";
            Note = note;
            TimeFrozen = timeFrozen;
            Since = since;
        }

        /// <summary>"updating" or "unavailable" (a newer server may add values).</summary>
        public string Status { get; }
        /// <summary>The seller's public note (pt-BR), or null when there is none.</summary>
        public string Note { get; }
        /// <summary>Whether the subscription's time is frozen meanwhile (given back when the product returns).</summary>
        public bool TimeFrozen { get; }
        /// <summary>Since when the product has this status.</summary>
        public DateTimeOffset? Since { get; }
    }

    /// <summary>
    /// The product's current loader, signed with a LOADER_OUTDATED refusal: what
    /// <see cref="ChaveiroClient.SelfUpdateAsync"/> installs.
    /// </summary>
    public sealed class LoaderRelease
    {
        public LoaderRelease(string version, string sha256, long size, string name, string updateToken,
            DateTimeOffset? updateExpiresAt)
        {
            Version = version;
            Sha256 = sha256;
            Size = size;
            Name = name;
            UpdateToken = updateToken;
            UpdateExpiresAt = updateExpiresAt;
        }

        public string Version { get; }
        /// <summary>Lower-case hex SHA-256 the update must match.</summary>
        public string Sha256 { get; }
        public long Size { get; }
        /// <summary>A name, not a path.</summary>
        public string Name { get; }
        /// <summary>The update token (10 minutes); null when the product has no loader file to update to.</summary>
        public string UpdateToken { get; }
        public DateTimeOffset? UpdateExpiresAt { get; }
    }

    /// <summary>What the server did about a reported security event.</summary>
    public enum SecurityAction
    {
        /// <summary>Recorded; the session goes on.</summary>
        Record = 1,
        /// <summary>This machine's sessions were ended.</summary>
        EndSession = 2,
        /// <summary>The HWID was blacklisted for the product (and the session ended).</summary>
        BlacklistHwid = 3,
        /// <summary>The account was banned.</summary>
        BanAccount = 4,
        /// <summary>A value this library does not know: treated as an end of the session.</summary>
        Other = 5,
    }

    /// <summary>A verified refusal: show <c>Message</c> (the server's pt-BR text), act on <c>Code</c>.</summary>
    public sealed class ChaveiroRefusedException : ChaveiroException
    {
        public ChaveiroRefusedException(string code, string message, string detail, int httpStatus,
            TimeSpan? retryAfter, ProductStatus product = null, LoaderRelease loader = null)
            : base(ChaveiroStatus.Refused, code, message, detail, httpStatus, retryAfter)
        {
            Product = product;
            Loader = loader;
        }

        /// <summary>PRODUCT_UPDATING and PRODUCT_UNAVAILABLE: the product's status and the seller's note; null otherwise.</summary>
        public ProductStatus Product { get; }
        /// <summary>LOADER_OUTDATED: the product's current loader and the self-update's token; null otherwise.</summary>
        public LoaderRelease Loader { get; }
    }

    /// <summary>The answer cannot be trusted (forged, replayed, stale, another request, a wrong file). Never retried.</summary>
    public sealed class ChaveiroVerificationException : ChaveiroException
    {
        public ChaveiroVerificationException(string code, string message, string detail, int httpStatus)
            : base(ChaveiroStatus.Verification, code, message, detail, httpStatus, null) { }
    }

    /// <summary>No usable answer: the server could not be reached, or timed out (NETWORK_ERROR, TIMEOUT).</summary>
    public sealed class ChaveiroNetworkException : ChaveiroException
    {
        public ChaveiroNetworkException(string code, string message, string detail, int httpStatus)
            : base(ChaveiroStatus.Network, code, message, detail, httpStatus, null) { }
    }

    /// <summary>A misuse: an invalid argument, a call before auth, no machine identifier…</summary>
    public sealed class ChaveiroUsageException : ChaveiroException
    {
        public ChaveiroUsageException(ChaveiroStatus status, string code, string message, string detail)
            : base(status, code, message, detail, 0, null) { }
    }

    /// <summary>The product file as the auth answer signed it.</summary>
    public sealed class ProductFileInfo
    {
        internal ProductFileInfo(string name, string sha256, long size, string delivery, bool isProtected)
        {
            Name = name;
            Sha256 = sha256;
            Size = size;
            Delivery = delivery;
            Protected = isProtected;
        }

        /// <summary>This delivery's id (the mark in the copy), or null.</summary>
        public string Delivery { get; }
        /// <summary>The download comes sealed to this run's session key ("entrega protegida").</summary>
        public bool Protected { get; }

        /// <summary>A name, not a path: do not trust it as one.</summary>
        public string Name { get; }
        /// <summary>Lower-case hex SHA-256 the download must match.</summary>
        public string Sha256 { get; }
        public long Size { get; }
    }

    /// <summary>What the server signed on a successful auth.</summary>
    public sealed class AuthResult
    {
        internal AuthResult() { }

        public string Username { get; internal set; }
        public string ProductId { get; internal set; }
        public string ProductName { get; internal set; }
        public string SubscriptionId { get; internal set; }
        /// <summary>When the subscription runs out (null if the server sent none).</summary>
        public DateTimeOffset? SubscriptionExpiresAt { get; internal set; }
        /// <summary>When the session runs out unless a heartbeat renews it.</summary>
        public DateTimeOffset? SessionExpiresAt { get; internal set; }
        public TimeSpan HeartbeatInterval { get; internal set; }
        /// <summary>Null when the product has no file yet (and offline).</summary>
        public ProductFileInfo File { get; internal set; }
        /// <summary>
        /// The server could not be reached and the stored offline licence stood in: no session, no
        /// file. Show the user that the loader runs offline, until <see cref="OfflineExpiresAt"/>.
        /// </summary>
        public bool Offline { get; internal set; }
        /// <summary>Until when the offline licence holds (the one used, or the one just given); null when none.</summary>
        public DateTimeOffset? OfflineExpiresAt { get; internal set; }
    }

    /// <summary>What the server signed on a successful heartbeat.</summary>
    public sealed class HeartbeatResult
    {
        internal HeartbeatResult(DateTimeOffset? sessionExpiresAt, DateTimeOffset? expiresAt, bool offline,
            DateTimeOffset? offlineExpiresAt)
        {
            SessionExpiresAt = sessionExpiresAt;
            ExpiresAt = expiresAt;
            Offline = offline;
            OfflineExpiresAt = offlineExpiresAt;
        }

        /// <summary>An Offline event's result: running on the stored offline licence.</summary>
        public bool Offline { get; }
        /// <summary>Until when the offline licence holds; null when none.</summary>
        public DateTimeOffset? OfflineExpiresAt { get; }

        /// <summary>When the (possibly renewed) session runs out.</summary>
        public DateTimeOffset? SessionExpiresAt { get; }
        /// <summary>When the subscription runs out.</summary>
        public DateTimeOffset? ExpiresAt { get; }
    }

    /// <summary>The verified product file, in memory.</summary>
    public sealed class DownloadedFile
    {
        internal DownloadedFile(byte[] bytes, string name, string sha256, string delivery, bool sealedCopy)
        {
            Bytes = bytes;
            Name = name;
            Sha256 = sha256;
            Delivery = delivery;
            Sealed = sealedCopy;
        }

        /// <summary>This delivery's id, or null.</summary>
        public string Delivery { get; }
        /// <summary>The bytes came sealed to this run and were decrypted in memory.</summary>
        public bool Sealed { get; }

        /// <summary>
        /// The bytes, checked against the signed size and SHA-256. A copy that is yours: the
        /// library does not wipe it (Array.Clear it when done; the garbage collector may have
        /// moved copies of it too).
        /// </summary>
        public byte[] Bytes { get; }
        /// <summary>The name the auth answer signed (a name, not a path).</summary>
        public string Name { get; }
        /// <summary>Lower-case hex SHA-256 of the bytes.</summary>
        public string Sha256 { get; }
    }

    public enum HeartbeatEventType
    {
        /// <summary>A heartbeat succeeded: <see cref="HeartbeatEvent.Result"/> is set.</summary>
        Renewed = 1,
        /// <summary>A transient failure (<see cref="HeartbeatEvent.Error"/>): sent again after <see cref="HeartbeatEvent.NextDelay"/>.</summary>
        Retrying = 2,
        /// <summary>The session is over (<see cref="HeartbeatEvent.Error"/>). The last event of a loop.</summary>
        Ended = 3,
        /// <summary>
        /// No server, and the stored offline licence holds: the product keeps running
        /// (<see cref="HeartbeatEvent.Result"/>: Offline, OfflineExpiresAt). The loop keeps trying the
        /// server; Renewed means online again; it ends with OFFLINE_EXPIRED when the licence lapses.
        /// </summary>
        Offline = 4,
    }

    /// <summary>One event of a heartbeat loop, delivered on the loop's own thread.</summary>
    public sealed class HeartbeatEvent
    {
        internal HeartbeatEvent(HeartbeatLoop loop, HeartbeatEventType type, HeartbeatResult result,
            ChaveiroException error, int attempt, TimeSpan nextDelay)
        {
            Loop = loop;
            Type = type;
            Result = result;
            Error = error;
            Attempt = attempt;
            NextDelay = nextDelay;
        }

        public HeartbeatLoop Loop { get; }
        public HeartbeatEventType Type { get; }
        /// <summary>Set for Renewed and Offline.</summary>
        public HeartbeatResult Result { get; }
        /// <summary>Set for Retrying and Ended.</summary>
        public ChaveiroException Error { get; }
        /// <summary>Failures in a row (1 for the first), for Retrying.</summary>
        public int Attempt { get; }
        public TimeSpan NextDelay { get; }

        /// <summary>Stops the loop that sent this event: no event follows this one.</summary>
        public void StopLoop() { Loop.Stop(); }
    }

    /// <summary>Settings applied when the client is created (the library takes them before any call).</summary>
    public sealed class ChaveiroClientOptions
    {
        /// <summary>Per auth and heartbeat call (library default: 15 s).</summary>
        public TimeSpan? RequestTimeout { get; set; }
        /// <summary>Per download (library default: 5 min).</summary>
        public TimeSpan? DownloadTimeout { get; set; }
        /// <summary>Ceiling of the first retry wait, doubling per failure (default 500 ms).</summary>
        public TimeSpan? RetryBaseDelay { get; set; }
        /// <summary>Largest retry wait (default 30 s; the heartbeat loop also caps it at its interval).</summary>
        public TimeSpan? RetryMaxDelay { get; set; }
        /// <summary>Auth attempts in all (default 3; 1 for none). An auth with a 2FA code is never retried.</summary>
        public int? AuthAttempts { get; set; }
        /// <summary>
        /// Called before each auth retry, on the thread running the auth: the failure, the failures so
        /// far (1 for the first) and the wait before the next attempt. What it throws is dropped.
        /// </summary>
        public Action<ChaveiroException, int, TimeSpan> OnAuthRetry { get; set; }
        /// <summary>
        /// The loader's version as the seller compiled it in ("2.4.0"): each auth then reports it with
        /// the SHA-256 of the loader file (see <see cref="LoaderPath"/>).
        /// </summary>
        public string LoaderVersion { get; set; }
        /// <summary>
        /// The loader file to hash and to replace on a self-update. Default: the running executable,
        /// which under Mono is mono itself; pass the .exe (e.g. Assembly.GetEntryAssembly().Location).
        /// </summary>
        public string LoaderPath { get; set; }
        /// <summary>Where the offline licence is kept: null for the default, "" for none (no offline grace).</summary>
        public string OfflineStorePath { get; set; }
    }

    /// <summary>Library-wide functions.</summary>
    public static class ChaveiroSdk
    {
        /// <summary>The loader protocol the library implements.</summary>
        public const int ProtocolVersion = 1;

        /// <summary>"MAJOR.MINOR.PATCH" of the library actually loaded.</summary>
        public static string Version
        {
            get { return Utf8.Read(Native.chaveiro_version()); }
        }

        /// <summary>
        /// Initialises the libraries underneath (libsodium; libcurl on Linux), the SDK's only global
        /// state, until the returned object is disposed. Call it once at the start of Main, before
        /// starting any thread that uses the SDK; dispose it after every client.
        /// </summary>
        public static IDisposable Initialize()
        {
            Errors.Check(Native.chaveiro_global_init(), IntPtr.Zero);
            return new GlobalScope();
        }

        /// <summary>
        /// This machine's HWID for a product: salted SHA-256 hashes of machine identifiers, so no raw
        /// identifier leaves the machine and two products see unrelated ids (chaveiro_hwid).
        /// </summary>
        public static string Hwid(string productId)
        {
            byte[] product = Utf8.Encode(productId, "productId", required: true);
            var buffer = new byte[Native.HwidBufferSize];
            Errors.Check(Native.chaveiro_hwid(product, buffer, (UIntPtr)buffer.Length), IntPtr.Zero);
            return Utf8.ReadBuffer(buffer);
        }

        /// <summary>The keyId of a public key (base64 of the raw 32 bytes): 16 hex characters.</summary>
        public static string KeyId(string publicKeyBase64)
        {
            byte[] key = Utf8.Encode(publicKeyBase64, "publicKeyBase64", required: true);
            var buffer = new byte[Native.KeyIdBufferSize];
            Errors.Check(Native.chaveiro_key_id(key, buffer, (UIntPtr)buffer.Length), IntPtr.Zero);
            return Utf8.ReadBuffer(buffer);
        }

        private sealed class GlobalScope : IDisposable
        {
            private int disposed;

            public void Dispose()
            {
                if (Interlocked.Exchange(ref disposed, 1) == 0) Native.chaveiro_global_cleanup();
            }
        }
    }

    /// <summary>
    /// A loader client for one server and one product. Thread-safe: calls may run concurrently
    /// (each sends its own request). Disposing it stops its heartbeat loops; a call still running
    /// keeps the native client alive until it returns.
    /// </summary>
    public sealed class ChaveiroClient : IDisposable
    {
        private readonly ClientHandle handle;
        private readonly List<HeartbeatLoop> loops = new List<HeartbeatLoop>();
        private bool disposed;

        /// <param name="serverUrl">e.g. "https://painel.exemplo.com".</param>
        /// <param name="productId">The product's id, as the admin shows it.</param>
        /// <param name="trustedKeys">
        /// The pinned public key(s), base64 of the raw 32 bytes (GET /api/loader/public-key): the
        /// current one and, during a rotation, the <c>previous</c> ones.
        /// </param>
        public ChaveiroClient(string serverUrl, string productId, IEnumerable<string> trustedKeys,
            ChaveiroClientOptions options = null)
        {
            if (trustedKeys == null) throw new ArgumentNullException("trustedKeys");
            byte[] url = Utf8.Encode(serverUrl, "serverUrl", required: true);
            byte[] product = Utf8.Encode(productId, "productId", required: true);
            ClientHandle created;
            Errors.Check(Native.chaveiro_client_new(url, product, out created), IntPtr.Zero);
            handle = created;
            try
            {
                int count = 0;
                foreach (string key in trustedKeys)
                {
                    byte[] encoded = Utf8.Encode(key, "trustedKeys", required: true);
                    Errors.Check(Native.chaveiro_client_add_trusted_key(handle, encoded, null), IntPtr.Zero);
                    count++;
                }
                if (count == 0) throw new ArgumentException("Pin at least one public key.", "trustedKeys");
                if (options != null) Configure(options);
            }
            catch
            {
                handle.Dispose();
                throw;
            }
        }

        private void Configure(ChaveiroClientOptions options)
        {
            if (options.RequestTimeout.HasValue || options.DownloadTimeout.HasValue)
            {
                Errors.Check(Native.chaveiro_client_set_timeouts(handle,
                    Milliseconds(options.RequestTimeout, 0), Milliseconds(options.DownloadTimeout, 0)),
                    IntPtr.Zero);
            }
            if (options.RetryBaseDelay.HasValue || options.RetryMaxDelay.HasValue || options.AuthAttempts.HasValue)
            {
                int attempts = options.AuthAttempts ?? 3;
                if (attempts < 1) throw new ArgumentOutOfRangeException("options", "AuthAttempts must be at least 1.");
                Errors.Check(Native.chaveiro_client_set_retry(handle, Milliseconds(options.RetryBaseDelay, 500),
                    Milliseconds(options.RetryMaxDelay, 30000), (uint)attempts), IntPtr.Zero);
            }
            if (options.LoaderVersion != null)
            {
                Errors.Check(Native.chaveiro_client_set_loader_version(handle,
                    Utf8.Encode(options.LoaderVersion, "LoaderVersion")), IntPtr.Zero);
            }
            if (options.LoaderPath != null)
            {
                Errors.Check(Native.chaveiro_client_set_loader_path(handle,
                    Utf8.Encode(options.LoaderPath, "LoaderPath")), IntPtr.Zero);
            }
            if (options.OfflineStorePath != null)
            {
                Errors.Check(Native.chaveiro_client_set_offline_store(handle,
                    Utf8.Encode(options.OfflineStorePath, "OfflineStorePath")), IntPtr.Zero);
            }
            if (options.OnAuthRetry != null)
            {
                handle.RetryHandler = GCHandle.Alloc(options.OnAuthRetry);
                Errors.Check(Native.chaveiro_client_set_retry_callback(handle, Callbacks.Retry,
                    GCHandle.ToIntPtr(handle.RetryHandler)), IntPtr.Zero);
            }
        }

        private static uint Milliseconds(TimeSpan? value, uint fallback)
        {
            if (!value.HasValue) return fallback;
            double ms = value.Value.TotalMilliseconds;
            if (ms < 1 || ms >= uint.MaxValue) throw new ArgumentOutOfRangeException("options", "Durations go from 1 ms to 49 days.");
            return (uint)ms;
        }

        /// <summary>
        /// POST /api/loader/auth with the machine's <paramref name="hwid"/> and one of: a key alone (a
        /// key already redeemed, from a machine already bound); an account (username or e-mail and
        /// password, with <paramref name="totp"/> when it uses 2FA: the authenticator's 6 digits or a
        /// recovery code); or a key with an account (an unused key is first redeemed into it).
        /// Transient failures are retried (AuthAttempts) unless <paramref name="totp"/> is set.
        /// The native call cannot be interrupted: <paramref name="cancellationToken"/> is checked
        /// before it starts, and the call ends within the retry policy and timeouts.
        /// </summary>
        public Task<AuthResult> AuthAsync(string hwid, string key = null, string identifier = null,
            string password = null, string totp = null, CancellationToken cancellationToken = default(CancellationToken))
        {
            // Encoded on the caller's thread, so that a bad argument throws here, not in the task.
            byte[] hwidBytes = Utf8.Encode(hwid, "hwid", required: true);
            byte[] keyBytes = Utf8.Encode(key, "key");
            byte[] identifierBytes = Utf8.Encode(identifier, "identifier");
            byte[] passwordBytes = Utf8.Encode(password, "password");
            byte[] totpBytes = Utf8.Encode(totp, "totp");
            return Run(() =>
            {
                IntPtr raw = IntPtr.Zero;
                IntPtr error;
                try
                {
                    ChaveiroStatus status = Native.chaveiro_auth(handle, hwidBytes, keyBytes, identifierBytes,
                        passwordBytes, totpBytes, out raw, out error);
                    Errors.Check(status, error);
                    return ReadAuth(raw);
                }
                finally
                {
                    Native.chaveiro_auth_result_free(raw);
                    Utf8.Wipe(keyBytes);
                    Utf8.Wipe(passwordBytes);
                    Utf8.Wipe(totpBytes);
                }
            }, cancellationToken, () =>
            {
                Utf8.Wipe(keyBytes);
                Utf8.Wipe(passwordBytes);
                Utf8.Wipe(totpBytes);
            });
        }

        /// <summary>A key alone (already redeemed, from a machine already bound).</summary>
        public Task<AuthResult> AuthKeyAsync(string hwid, string key,
            CancellationToken cancellationToken = default(CancellationToken))
        {
            if (key == null) throw new ArgumentNullException("key");
            return AuthAsync(hwid, key, null, null, null, cancellationToken);
        }

        /// <summary>An account (username or e-mail), with the 2FA code when the account uses it.</summary>
        public Task<AuthResult> AuthAccountAsync(string hwid, string identifier, string password,
            string totp = null, CancellationToken cancellationToken = default(CancellationToken))
        {
            if (identifier == null) throw new ArgumentNullException("identifier");
            if (password == null) throw new ArgumentNullException("password");
            return AuthAsync(hwid, null, identifier, password, totp, cancellationToken);
        }

        /// <summary>One heartbeat; the client keeps the renewed session. Not retried (the loop retries).</summary>
        public Task<HeartbeatResult> HeartbeatAsync(CancellationToken cancellationToken = default(CancellationToken))
        {
            return Run(() =>
            {
                IntPtr raw = IntPtr.Zero;
                IntPtr error;
                try
                {
                    Errors.Check(Native.chaveiro_heartbeat(handle, out raw, out error), error);
                    return ReadHeartbeat(raw);
                }
                finally
                {
                    Native.chaveiro_heartbeat_result_free(raw);
                }
            }, cancellationToken, null);
        }

        /// <summary>
        /// GET /api/loader/download into memory. The bytes are accepted only when their size and
        /// SHA-256 match the signed auth answer (ChaveiroVerificationException FILE_MISMATCH
        /// otherwise). Not retried. The token is checked before the call starts.
        /// </summary>
        public Task<DownloadedFile> DownloadAsync(CancellationToken cancellationToken = default(CancellationToken))
        {
            return Run(() =>
            {
                IntPtr raw = IntPtr.Zero;
                IntPtr error;
                try
                {
                    Errors.Check(Native.chaveiro_download(handle, out raw, out error), error);
                    long size = checked((long)(ulong)Native.chaveiro_file_size(raw));
                    var bytes = new byte[size];
                    if (size > 0) Marshal.Copy(Native.chaveiro_file_data(raw), bytes, 0, bytes.Length);
                    return new DownloadedFile(bytes, Utf8.Read(Native.chaveiro_file_name(raw)),
                        Utf8.Read(Native.chaveiro_file_sha256(raw)), Utf8.Read(Native.chaveiro_file_delivery(raw)),
                        Native.chaveiro_file_was_sealed(raw) == 1);
                }
                finally
                {
                    Native.chaveiro_file_free(raw);
                }
            }, cancellationToken, null);
        }

        /// <summary>
        /// After a LOADER_OUTDATED refusal with an update token (<c>refusal.Loader.UpdateToken</c>):
        /// downloads the product's current loader, checks it against the signed hash and size, swaps it
        /// in for the loader file and, with <paramref name="restart"/>, starts it with the same command
        /// line and exits this process (on success the task never completes). Without
        /// <paramref name="restart"/> it completes after the swap: restart yourself. Under Mono
        /// <paramref name="restart"/> must be false: outside Windows the restart is execv of the
        /// loader file, which cannot run a .exe (start it again with mono yourself). When the
        /// refusal names the loader already running, ChaveiroUsageException (INVALID_ARGUMENT).
        /// </summary>
        public Task SelfUpdateAsync(ChaveiroRefusedException refusal, bool restart = true,
            CancellationToken cancellationToken = default(CancellationToken))
        {
            if (refusal == null) throw new ArgumentNullException("refusal");
            LoaderRelease loader = refusal.Loader;
            if (loader == null || loader.UpdateToken == null)
                throw new ArgumentException("A LOADER_OUTDATED refusal with an update token is required.", "refusal");
            byte[] token = Utf8.Encode(loader.UpdateToken, "refusal");
            byte[] sha = Utf8.Encode(loader.Sha256, "refusal");
            return Run(() =>
            {
                IntPtr error;
                Errors.Check(Native.chaveiro_self_update_to(handle, token, sha, (ulong)loader.Size,
                    restart ? 0u : 1u, out error), error);
                return true;
            }, cancellationToken, null);
        }

        /// <summary>
        /// Reports a signal seen in this process ("debugger", "hooked_api", "self_check_failed") on the
        /// session; what the product's rule did comes back. Anything but Record ends the session here
        /// too: heartbeat loops end with SESSION_ENDED.
        /// </summary>
        public Task<SecurityAction> ReportSecurityEventAsync(string kind, string detail = null,
            CancellationToken cancellationToken = default(CancellationToken))
        {
            byte[] kindBytes = Utf8.Encode(kind, "kind", required: true);
            byte[] detailBytes = Utf8.Encode(detail, "detail");
            return Run(() =>
            {
                int action;
                IntPtr error;
                Errors.Check(Native.chaveiro_report_security_event(handle, kindBytes, detailBytes, out action,
                    out error), error);
                return (SecurityAction)action;
            }, cancellationToken, null);
        }

        /// <summary>
        /// Starts heartbeats on the library's own thread: one at once (<paramref name="immediate"/>)
        /// or after the interval, then every HeartbeatInterval, retrying transient failures while the
        /// session is valid. <paramref name="onEvent"/> runs on that thread, one call at a time; it
        /// may stop the loop (<see cref="HeartbeatEvent.StopLoop"/>). Cancelling
        /// <paramref name="cancellationToken"/> stops the loop (promptly, a call in flight included).
        /// Dispose the loop when done. Requires a successful auth.
        /// </summary>
        public HeartbeatLoop StartHeartbeats(Action<HeartbeatEvent> onEvent, bool immediate = true,
            CancellationToken cancellationToken = default(CancellationToken))
        {
            if (onEvent == null) throw new ArgumentNullException("onEvent");
            cancellationToken.ThrowIfCancellationRequested();
            ThrowIfDisposed();
            var loop = new HeartbeatLoop(onEvent);
            loop.Start(handle, immediate);
            lock (loops)
            {
                loops.RemoveAll(l => l.Completion.IsCompleted);
                loops.Add(loop);
            }
            loop.WatchCancellation(cancellationToken);
            return loop;
        }

        /// <summary>
        /// Runs the heartbeat loop until <paramref name="cancellationToken"/> is cancelled (the task
        /// is then cancelled) or the session ends (the task throws the ChaveiroException that ended it).
        /// </summary>
        public async Task RunHeartbeatsAsync(Action<HeartbeatEvent> onEvent,
            CancellationToken cancellationToken = default(CancellationToken))
        {
            using (HeartbeatLoop loop = StartHeartbeats(onEvent, true, cancellationToken))
            {
                await loop.Completion.ConfigureAwait(false);
            }
        }

        /// <summary>Stops every heartbeat loop of this client, then releases the native client.</summary>
        public void Dispose()
        {
            HeartbeatLoop[] running;
            lock (loops)
            {
                if (disposed) return;
                disposed = true;
                running = loops.ToArray();
                loops.Clear();
            }
            foreach (HeartbeatLoop loop in running) loop.Stop();
            handle.Dispose();
        }

        private void ThrowIfDisposed()
        {
            if (disposed) throw new ObjectDisposedException("ChaveiroClient");
        }

        // Blocking native calls run on the thread pool. `abandon` undoes what the call would have
        // cleaned up when the token stops it before it starts.
        private Task<T> Run<T>(Func<T> call, CancellationToken cancellationToken, Action abandon)
        {
            ThrowIfDisposed();
            if (cancellationToken.IsCancellationRequested)
            {
                if (abandon != null) abandon();
                return Task.FromCanceled<T>(cancellationToken);
            }
            return Task.Run(() =>
            {
                if (cancellationToken.IsCancellationRequested)
                {
                    if (abandon != null) abandon();
                    cancellationToken.ThrowIfCancellationRequested();
                }
                return call();
            });
        }

        private static AuthResult ReadAuth(IntPtr raw)
        {
            var result = new AuthResult
            {
                Username = Utf8.Read(Native.chaveiro_auth_result_username(raw)),
                ProductId = Utf8.Read(Native.chaveiro_auth_result_product_id(raw)),
                ProductName = Utf8.Read(Native.chaveiro_auth_result_product_name(raw)),
                SubscriptionId = Utf8.Read(Native.chaveiro_auth_result_subscription_id(raw)),
                SubscriptionExpiresAt = Time.Parse(Utf8.Read(Native.chaveiro_auth_result_subscription_expires_at(raw))),
                SessionExpiresAt = Time.Parse(Utf8.Read(Native.chaveiro_auth_result_session_expires_at(raw))),
                HeartbeatInterval = TimeSpan.FromSeconds(Native.chaveiro_auth_result_heartbeat_seconds(raw)),
            };
            if (Native.chaveiro_auth_result_has_file(raw) != 0)
            {
                result.File = new ProductFileInfo(Utf8.Read(Native.chaveiro_auth_result_file_name(raw)),
                    Utf8.Read(Native.chaveiro_auth_result_file_sha256(raw)),
                    checked((long)Native.chaveiro_auth_result_file_size(raw)),
                    Utf8.Read(Native.chaveiro_auth_result_file_delivery(raw)),
                    Native.chaveiro_auth_result_file_protected(raw) == 1);
            }
            result.Offline = Native.chaveiro_auth_result_offline(raw) == 1;
            result.OfflineExpiresAt = Time.Parse(Utf8.Read(Native.chaveiro_auth_result_offline_expires_at(raw)));
            return result;
        }

        internal static HeartbeatResult ReadHeartbeat(IntPtr raw)
        {
            return new HeartbeatResult(
                Time.Parse(Utf8.Read(Native.chaveiro_heartbeat_result_session_expires_at(raw))),
                Time.Parse(Utf8.Read(Native.chaveiro_heartbeat_result_expires_at(raw))),
                Native.chaveiro_heartbeat_result_offline(raw) == 1,
                Time.Parse(Utf8.Read(Native.chaveiro_heartbeat_result_offline_expires_at(raw))));
        }
    }

    /// <summary>
    /// A running heartbeat loop. <see cref="Completion"/> ends when the loop does: it throws the
    /// ChaveiroException that ended the session (or what the handler threw), is cancelled when the
    /// start's CancellationToken stopped it, and completes when <see cref="Stop"/> or Dispose did.
    /// </summary>
    public sealed class HeartbeatLoop : IDisposable
    {
        // The loop whose handler runs on this thread, if any: a stop or dispose from inside the
        // handler may only ask (the library's thread cannot wait for itself).
        [ThreadStatic] private static HeartbeatLoop delivering;

        private readonly Action<HeartbeatEvent> onEvent;
        private readonly TaskCompletionSource<bool> completion =
            new TaskCompletionSource<bool>(TaskCreationOptions.RunContinuationsAsynchronously);
        private LoopHandle handle;
        private GCHandle self;
        private int selfReleased;
        private int stopAsked;
        private CancellationTokenRegistration cancellation;

        internal HeartbeatLoop(Action<HeartbeatEvent> onEvent)
        {
            this.onEvent = onEvent;
        }

        /// <summary>Ends when the loop is over; never on the loop's thread.</summary>
        public Task Completion
        {
            get { return completion.Task; }
        }

        internal void Start(ClientHandle client, bool immediate)
        {
            // Holds this object for the native thread until its last callback.
            self = GCHandle.Alloc(this);
            IntPtr error;
            ChaveiroStatus status = Native.chaveiro_heartbeat_start(client, immediate ? 1 : 0, Callbacks.Heartbeat,
                GCHandle.ToIntPtr(self), out handle, out error);
            if (status != ChaveiroStatus.Ok)
            {
                ReleaseSelf();
                Errors.Check(status, error);
            }
        }

        internal void WatchCancellation(CancellationToken token)
        {
            if (!token.CanBeCanceled) return;
            cancellation = token.Register(() => StopCore(() => completion.TrySetCanceled(token)));
        }

        /// <summary>
        /// Stops the loop: the wait is interrupted and a call in flight is cancelled; returns once no
        /// handler call runs or will run. From the handler itself it only asks (no event follows).
        /// Idempotent; any thread.
        /// </summary>
        public void Stop()
        {
            StopCore(() => completion.TrySetResult(true));
        }

        // `complete` settles Completion once the loop is over (or, from its own handler, once asked:
        // the loop ends when the handler returns).
        private void StopCore(Action complete)
        {
            LoopHandle loop = handle;
            if (loop == null) return;
            Interlocked.Exchange(ref stopAsked, 1);
            bool added = false;
            try
            {
                loop.DangerousAddRef(ref added);
                Native.chaveiro_heartbeat_stop(loop.DangerousGetHandle());
            }
            catch (ObjectDisposedException)
            {
                // Already released: the loop is over.
            }
            finally
            {
                if (added) loop.DangerousRelease();
            }
            complete();
            if (delivering != this) ReleaseSelf();
        }

        /// <summary>Waits until the loop is over: true, or false after <paramref name="timeout"/>. Not from the handler.</summary>
        public bool Wait(TimeSpan timeout)
        {
            if (delivering == this) throw new InvalidOperationException("Wait cannot run inside the loop's own handler.");
            return Completion.ContinueWith(_ => { }, TaskScheduler.Default).Wait(timeout);
        }

        /// <summary>Stops the loop (as <see cref="Stop"/>) and releases it.</summary>
        public void Dispose()
        {
            if (delivering == this)
            {
                // The library frees a loop only from another thread, once this handler has returned
                // (and a token callback stopping the loop at the same time may be waiting for that).
                Stop();
                ThreadPool.QueueUserWorkItem(_ => Dispose());
                return;
            }
            cancellation.Dispose();
            Stop();
            if (handle != null) handle.Dispose();
        }

        internal void Deliver(IntPtr loop, HeartbeatEventType type, IntPtr result, IntPtr error, uint attempt,
            uint nextDelayMs)
        {
            HeartbeatLoop outer = delivering;
            delivering = this;
            try
            {
                ChaveiroException failure = error == IntPtr.Zero ? null : Errors.From(ChaveiroStatus.Internal, error);
                HeartbeatResult renewed = result == IntPtr.Zero ? null : ChaveiroClient.ReadHeartbeat(result);
                // Once a stop is asked, nothing more is reported: the caller's stop settles Completion.
                if (Volatile.Read(ref stopAsked) == 0)
                {
                    // Settled first: the session's end stays the outcome if the handler stops the loop.
                    if (type == HeartbeatEventType.Ended) completion.TrySetException(failure);
                    onEvent(new HeartbeatEvent(this, type, renewed, failure, (int)attempt,
                        TimeSpan.FromMilliseconds(nextDelayMs)));
                }
            }
            catch (Exception thrown)
            {
                // Nothing may unwind into the library's thread: the handler's exception ends the loop.
                Native.chaveiro_heartbeat_stop(loop);
                Interlocked.Exchange(ref stopAsked, 1);
                completion.TrySetException(thrown);
            }
            finally
            {
                delivering = outer;
            }
            // No callback follows the last event, nor one during which a stop was asked.
            if (type == HeartbeatEventType.Ended || Volatile.Read(ref stopAsked) != 0) ReleaseSelf();
        }

        private void ReleaseSelf()
        {
            if (Interlocked.Exchange(ref selfReleased, 1) == 0 && self.IsAllocated) self.Free();
        }
    }

    // ---------------------------------------------------------------------------------------------
    // Plumbing
    // ---------------------------------------------------------------------------------------------

    internal sealed class ClientHandle : SafeHandle
    {
        internal GCHandle RetryHandler;

        private ClientHandle() : base(IntPtr.Zero, true) { }

        public override bool IsInvalid
        {
            get { return handle == IntPtr.Zero; }
        }

        protected override bool ReleaseHandle()
        {
            Native.chaveiro_client_free(handle);
            if (RetryHandler.IsAllocated) RetryHandler.Free();
            return true;
        }
    }

    internal sealed class LoopHandle : SafeHandle
    {
        private LoopHandle() : base(IntPtr.Zero, true) { }

        public override bool IsInvalid
        {
            get { return handle == IntPtr.Zero; }
        }

        protected override bool ReleaseHandle()
        {
            Native.chaveiro_heartbeat_free(handle);
            return true;
        }
    }

    // Callbacks from the library's threads. The delegates are static: they live as long as the
    // process, so the function pointers the library holds never dangle.
    internal static class Callbacks
    {
        internal static readonly Native.RetryFn Retry = OnRetry;
        internal static readonly Native.HeartbeatFn Heartbeat = OnHeartbeat;

        private static void OnRetry(IntPtr user, IntPtr error, uint attempt, uint nextDelayMs)
        {
            try
            {
                var handler = (Action<ChaveiroException, int, TimeSpan>)GCHandle.FromIntPtr(user).Target;
                handler(Errors.From(ChaveiroStatus.Network, error), (int)attempt,
                    TimeSpan.FromMilliseconds(nextDelayMs));
            }
            catch (Exception)
            {
                // Nothing may unwind into the library.
            }
        }

        private static void OnHeartbeat(IntPtr user, IntPtr loop, int type, IntPtr result, IntPtr error,
            uint attempt, uint nextDelayMs)
        {
            try
            {
                var target = (HeartbeatLoop)GCHandle.FromIntPtr(user).Target;
                target.Deliver(loop, (HeartbeatEventType)type, result, error, attempt, nextDelayMs);
            }
            catch (Exception)
            {
                // Nothing may unwind into the library's thread.
            }
        }
    }

    internal static class Errors
    {
        /// <summary>Throws the exception matching a failed status; frees the native error either way.</summary>
        internal static void Check(ChaveiroStatus status, IntPtr error)
        {
            if (status == ChaveiroStatus.Ok)
            {
                Native.chaveiro_error_free(error);
                return;
            }
            ChaveiroException failure;
            try
            {
                failure = From(status, error);
            }
            finally
            {
                Native.chaveiro_error_free(error);
            }
            if (failure.Status == ChaveiroStatus.NoMemory) throw new OutOfMemoryException(failure.Message);
            throw failure;
        }

        /// <summary>The error as an exception object; frees nothing.</summary>
        /// <summary>The refusal's signed product status, or null when it carries none.</summary>
        private static ProductStatus ProductOf(IntPtr error)
        {
            string status = Utf8.Read(Native.chaveiro_error_product_status(error));
            if (status == null) return null;
            return new ProductStatus(status, Utf8.Read(Native.chaveiro_error_product_note(error)),
                Native.chaveiro_error_product_time_frozen(error) == 1,
                Time.Parse(Utf8.Read(Native.chaveiro_error_product_since(error))));
        }

        /// <summary>A LOADER_OUTDATED refusal's signed loader block, or null.</summary>
        private static LoaderRelease LoaderOf(IntPtr error)
        {
            if (Native.chaveiro_error_has_loader(error) != 1) return null;
            return new LoaderRelease(Utf8.Read(Native.chaveiro_error_loader_version(error)),
                Utf8.Read(Native.chaveiro_error_loader_sha256(error)),
                checked((long)Native.chaveiro_error_loader_size(error)),
                Utf8.Read(Native.chaveiro_error_loader_name(error)),
                Utf8.Read(Native.chaveiro_error_loader_update_token(error)),
                Time.Parse(Utf8.Read(Native.chaveiro_error_loader_update_expires_at(error))));
        }

        internal static ChaveiroException From(ChaveiroStatus status, IntPtr error)
        {
            if (error == IntPtr.Zero)
            {
                // Calls without an error object fail only on their arguments or the machine.
                switch (status)
                {
                    case ChaveiroStatus.InvalidArgument:
                    case ChaveiroStatus.BufferTooSmall:
                        return new ChaveiroUsageException(status, "INVALID_ARGUMENT", "Parâmetro inválido para o loader.",
                            Utf8.Read(Native.chaveiro_status_name(status)));
                    case ChaveiroStatus.Unavailable:
                        return new ChaveiroUsageException(status, "UNAVAILABLE",
                            "Não foi possível identificar este computador.", Utf8.Read(Native.chaveiro_status_name(status)));
                    default:
                        return new ChaveiroUsageException(status, "INTERNAL_ERROR", "Erro interno do loader.",
                            Utf8.Read(Native.chaveiro_status_name(status)));
                }
            }
            ChaveiroStatus kind = Native.chaveiro_error_status(error);
            string code = Utf8.Read(Native.chaveiro_error_code(error));
            string message = Utf8.Read(Native.chaveiro_error_message(error));
            string detail = Utf8.Read(Native.chaveiro_error_detail(error));
            int http = Native.chaveiro_error_http_status(error);
            long retryAfterMs = Native.chaveiro_error_retry_after_ms(error);
            switch (kind)
            {
                case ChaveiroStatus.Refused:
                    return new ChaveiroRefusedException(code, message, detail, http,
                        retryAfterMs >= 0 ? TimeSpan.FromMilliseconds(retryAfterMs) : (TimeSpan?)null,
                        ProductOf(error), LoaderOf(error));
                case ChaveiroStatus.Verification:
                    return new ChaveiroVerificationException(code, message, detail, http);
                case ChaveiroStatus.Network:
                    return new ChaveiroNetworkException(code, message, detail, http);
                default:
                    return new ChaveiroUsageException(kind, code, message, detail);
            }
        }
    }

    internal static class Utf8
    {
        // Strict one way (a lone surrogate is a caller's bug, not something to send as '?'), lenient
        // the other (the library hands out only valid UTF-8; a replacement character is no harm).
        private static readonly UTF8Encoding Strict = new UTF8Encoding(false, true);
        private static readonly UTF8Encoding Lenient = new UTF8Encoding(false, false);

        /// <summary>NUL-terminated UTF-8, or null for a null optional argument.</summary>
        internal static byte[] Encode(string value, string name, bool required = false)
        {
            if (value == null)
            {
                if (required) throw new ArgumentNullException(name);
                return null;
            }
            if (value.IndexOf('\0') >= 0) throw new ArgumentException("Text may not contain NUL characters.", name);
            try
            {
                var bytes = new byte[Strict.GetByteCount(value) + 1];
                Strict.GetBytes(value, 0, value.Length, bytes, 0);
                return bytes;
            }
            catch (EncoderFallbackException e)
            {
                throw new ArgumentException("Text is not valid Unicode (a lone surrogate).", name, e);
            }
        }

        internal static void Wipe(byte[] secret)
        {
            if (secret != null) Array.Clear(secret, 0, secret.Length);
        }

        /// <summary>A NUL-terminated UTF-8 string the library owns, or null.</summary>
        internal static string Read(IntPtr text)
        {
            if (text == IntPtr.Zero) return null;
            int length = 0;
            while (Marshal.ReadByte(text, length) != 0) length++;
            var bytes = new byte[length];
            Marshal.Copy(text, bytes, 0, length);
            return Lenient.GetString(bytes);
        }

        internal static string ReadBuffer(byte[] buffer)
        {
            int length = Array.IndexOf(buffer, (byte)0);
            return Lenient.GetString(buffer, 0, length < 0 ? buffer.Length : length);
        }
    }

    internal static class Time
    {
        internal static DateTimeOffset? Parse(string iso)
        {
            DateTimeOffset value;
            if (iso != null && DateTimeOffset.TryParse(iso, CultureInfo.InvariantCulture,
                    DateTimeStyles.AssumeUniversal | DateTimeStyles.AdjustToUniversal, out value))
            {
                return value;
            }
            return null;
        }
    }

    // Strings go in as NUL-terminated UTF-8 byte[] and come out as IntPtr, converted by Utf8.
    internal static class Native
    {
        private const string Library = "chaveiro"; // chaveiro.dll, libchaveiro.so
        private const CallingConvention Convention = CallingConvention.Cdecl;
        internal const int HwidBufferSize = 129;
        internal const int KeyIdBufferSize = 17;

        [UnmanagedFunctionPointer(CallingConvention.Cdecl)]
        internal delegate void RetryFn(IntPtr user, IntPtr error, uint attempt, uint nextDelayMs);

        [UnmanagedFunctionPointer(CallingConvention.Cdecl)]
        internal delegate void HeartbeatFn(IntPtr user, IntPtr loop, int type, IntPtr result, IntPtr error,
            uint attempt, uint nextDelayMs);

        [DllImport(Library, CallingConvention = Convention)] internal static extern IntPtr chaveiro_version();
        [DllImport(Library, CallingConvention = Convention)] internal static extern IntPtr chaveiro_status_name(ChaveiroStatus status);
        [DllImport(Library, CallingConvention = Convention)] internal static extern ChaveiroStatus chaveiro_global_init();
        [DllImport(Library, CallingConvention = Convention)] internal static extern void chaveiro_global_cleanup();

        [DllImport(Library, CallingConvention = Convention)] internal static extern void chaveiro_error_free(IntPtr error);
        [DllImport(Library, CallingConvention = Convention)] internal static extern ChaveiroStatus chaveiro_error_status(IntPtr error);
        [DllImport(Library, CallingConvention = Convention)] internal static extern IntPtr chaveiro_error_code(IntPtr error);
        [DllImport(Library, CallingConvention = Convention)] internal static extern IntPtr chaveiro_error_message(IntPtr error);
        [DllImport(Library, CallingConvention = Convention)] internal static extern IntPtr chaveiro_error_detail(IntPtr error);
        [DllImport(Library, CallingConvention = Convention)] internal static extern int chaveiro_error_http_status(IntPtr error);
        [DllImport(Library, CallingConvention = Convention)] internal static extern long chaveiro_error_retry_after_ms(IntPtr error);
        [DllImport(Library, CallingConvention = Convention)] internal static extern IntPtr chaveiro_error_product_status(IntPtr error);
        [DllImport(Library, CallingConvention = Convention)] internal static extern IntPtr chaveiro_error_product_note(IntPtr error);
        [DllImport(Library, CallingConvention = Convention)] internal static extern int chaveiro_error_product_time_frozen(IntPtr error);
        [DllImport(Library, CallingConvention = Convention)] internal static extern IntPtr chaveiro_error_product_since(IntPtr error);
        [DllImport(Library, CallingConvention = Convention)] internal static extern int chaveiro_error_has_loader(IntPtr error);
        [DllImport(Library, CallingConvention = Convention)] internal static extern IntPtr chaveiro_error_loader_version(IntPtr error);
        [DllImport(Library, CallingConvention = Convention)] internal static extern IntPtr chaveiro_error_loader_sha256(IntPtr error);
        [DllImport(Library, CallingConvention = Convention)] internal static extern IntPtr chaveiro_error_loader_name(IntPtr error);
        [DllImport(Library, CallingConvention = Convention)] internal static extern ulong chaveiro_error_loader_size(IntPtr error);
        [DllImport(Library, CallingConvention = Convention)] internal static extern IntPtr chaveiro_error_loader_update_token(IntPtr error);
        [DllImport(Library, CallingConvention = Convention)] internal static extern IntPtr chaveiro_error_loader_update_expires_at(IntPtr error);

        [DllImport(Library, CallingConvention = Convention)]
        internal static extern ChaveiroStatus chaveiro_key_id(byte[] publicKeyBase64, [Out] byte[] buffer, UIntPtr bufferSize);
        [DllImport(Library, CallingConvention = Convention)]
        internal static extern ChaveiroStatus chaveiro_hwid(byte[] productId, [Out] byte[] buffer, UIntPtr bufferSize);

        [DllImport(Library, CallingConvention = Convention)]
        internal static extern ChaveiroStatus chaveiro_client_new(byte[] serverUrl, byte[] productId, out ClientHandle client);
        [DllImport(Library, CallingConvention = Convention)] internal static extern void chaveiro_client_free(IntPtr client);
        [DllImport(Library, CallingConvention = Convention)]
        internal static extern ChaveiroStatus chaveiro_client_add_trusted_key(ClientHandle client, byte[] publicKeyBase64, byte[] keyId);
        [DllImport(Library, CallingConvention = Convention)]
        internal static extern ChaveiroStatus chaveiro_client_set_timeouts(ClientHandle client, uint requestMs, uint downloadMs);
        [DllImport(Library, CallingConvention = Convention)]
        internal static extern ChaveiroStatus chaveiro_client_set_retry(ClientHandle client, uint baseDelayMs, uint maxDelayMs,
            uint authAttempts);
        [DllImport(Library, CallingConvention = Convention)]
        internal static extern ChaveiroStatus chaveiro_client_set_retry_callback(ClientHandle client, RetryFn callback, IntPtr user);
        [DllImport(Library, CallingConvention = Convention)]
        internal static extern ChaveiroStatus chaveiro_client_set_loader_version(ClientHandle client, byte[] version);
        [DllImport(Library, CallingConvention = Convention)]
        internal static extern ChaveiroStatus chaveiro_client_set_loader_path(ClientHandle client, byte[] path);
        [DllImport(Library, CallingConvention = Convention)]
        internal static extern ChaveiroStatus chaveiro_client_set_offline_store(ClientHandle client, byte[] path);
        [DllImport(Library, CallingConvention = Convention)]
        internal static extern ChaveiroStatus chaveiro_self_update_to(ClientHandle client, byte[] updateToken, byte[] sha256,
            ulong size, uint flags, out IntPtr error);
        [DllImport(Library, CallingConvention = Convention)]
        internal static extern ChaveiroStatus chaveiro_report_security_event(ClientHandle client, byte[] kind, byte[] detail,
            out int action, out IntPtr error);

        [DllImport(Library, CallingConvention = Convention)]
        internal static extern ChaveiroStatus chaveiro_auth(ClientHandle client, byte[] hwid, byte[] key, byte[] identifier,
            byte[] password, byte[] totp, out IntPtr result, out IntPtr error);
        [DllImport(Library, CallingConvention = Convention)] internal static extern void chaveiro_auth_result_free(IntPtr result);
        [DllImport(Library, CallingConvention = Convention)] internal static extern IntPtr chaveiro_auth_result_username(IntPtr result);
        [DllImport(Library, CallingConvention = Convention)] internal static extern IntPtr chaveiro_auth_result_product_id(IntPtr result);
        [DllImport(Library, CallingConvention = Convention)] internal static extern IntPtr chaveiro_auth_result_product_name(IntPtr result);
        [DllImport(Library, CallingConvention = Convention)] internal static extern IntPtr chaveiro_auth_result_subscription_id(IntPtr result);
        [DllImport(Library, CallingConvention = Convention)] internal static extern IntPtr chaveiro_auth_result_subscription_expires_at(IntPtr result);
        [DllImport(Library, CallingConvention = Convention)] internal static extern IntPtr chaveiro_auth_result_session_expires_at(IntPtr result);
        [DllImport(Library, CallingConvention = Convention)] internal static extern double chaveiro_auth_result_heartbeat_seconds(IntPtr result);
        [DllImport(Library, CallingConvention = Convention)] internal static extern int chaveiro_auth_result_has_file(IntPtr result);
        [DllImport(Library, CallingConvention = Convention)] internal static extern IntPtr chaveiro_auth_result_file_name(IntPtr result);
        [DllImport(Library, CallingConvention = Convention)] internal static extern IntPtr chaveiro_auth_result_file_sha256(IntPtr result);
        [DllImport(Library, CallingConvention = Convention)] internal static extern ulong chaveiro_auth_result_file_size(IntPtr result);
        [DllImport(Library, CallingConvention = Convention)] internal static extern IntPtr chaveiro_auth_result_file_delivery(IntPtr result);
        [DllImport(Library, CallingConvention = Convention)] internal static extern int chaveiro_auth_result_file_protected(IntPtr result);
        [DllImport(Library, CallingConvention = Convention)] internal static extern int chaveiro_auth_result_offline(IntPtr result);
        [DllImport(Library, CallingConvention = Convention)] internal static extern IntPtr chaveiro_auth_result_offline_expires_at(IntPtr result);

        [DllImport(Library, CallingConvention = Convention)]
        internal static extern ChaveiroStatus chaveiro_heartbeat(ClientHandle client, out IntPtr result, out IntPtr error);
        [DllImport(Library, CallingConvention = Convention)] internal static extern void chaveiro_heartbeat_result_free(IntPtr result);
        [DllImport(Library, CallingConvention = Convention)] internal static extern IntPtr chaveiro_heartbeat_result_session_expires_at(IntPtr result);
        [DllImport(Library, CallingConvention = Convention)] internal static extern IntPtr chaveiro_heartbeat_result_expires_at(IntPtr result);
        [DllImport(Library, CallingConvention = Convention)] internal static extern int chaveiro_heartbeat_result_offline(IntPtr result);
        [DllImport(Library, CallingConvention = Convention)] internal static extern IntPtr chaveiro_heartbeat_result_offline_expires_at(IntPtr result);
        [DllImport(Library, CallingConvention = Convention)]
        internal static extern ChaveiroStatus chaveiro_heartbeat_start(ClientHandle client, int immediate, HeartbeatFn callback,
            IntPtr user, out LoopHandle loop, out IntPtr error);
        [DllImport(Library, CallingConvention = Convention)] internal static extern void chaveiro_heartbeat_stop(IntPtr loop);
        [DllImport(Library, CallingConvention = Convention)] internal static extern void chaveiro_heartbeat_free(IntPtr loop);

        [DllImport(Library, CallingConvention = Convention)]
        internal static extern ChaveiroStatus chaveiro_download(ClientHandle client, out IntPtr file, out IntPtr error);
        [DllImport(Library, CallingConvention = Convention)] internal static extern void chaveiro_file_free(IntPtr file);
        [DllImport(Library, CallingConvention = Convention)] internal static extern IntPtr chaveiro_file_data(IntPtr file);
        [DllImport(Library, CallingConvention = Convention)] internal static extern UIntPtr chaveiro_file_size(IntPtr file);
        [DllImport(Library, CallingConvention = Convention)] internal static extern IntPtr chaveiro_file_name(IntPtr file);
        [DllImport(Library, CallingConvention = Convention)] internal static extern IntPtr chaveiro_file_sha256(IntPtr file);
        [DllImport(Library, CallingConvention = Convention)] internal static extern IntPtr chaveiro_file_delivery(IntPtr file);
        [DllImport(Library, CallingConvention = Convention)] internal static extern int chaveiro_file_was_sealed(IntPtr file);
    }
}
