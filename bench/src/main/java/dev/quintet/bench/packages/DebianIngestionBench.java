package dev.quintet.bench.packages;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import dev.quintet.packages.PackagesApplication;
import dev.quintet.packages.ingest.DebianIngestion;
import dev.quintet.packages.ingest.IngestionOutcome;
import dev.quintet.packages.registry.debian.ReleaseFile;
import dev.quintet.platform.AppLauncher;
import java.io.IOException;
import java.io.InputStream;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Duration;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.util.HexFormat;
import java.util.Locale;
import java.util.concurrent.atomic.AtomicInteger;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.jdbc.core.simple.JdbcClient;

/**
 * {@code ./quintet bench packages} (ingestion): ingests a real Debian {@code Packages.xz} ({@code main/binary-amd64}
 * of the suite, stable by default; downloaded once from deb.debian.org into {@code --cache-dir} and checked against
 * the suite's InRelease, or the file given with {@code --index-file}) into a fresh embedded database, through the
 * packages app's own ingestion over loopback HTTP, and prints how long the first ingestion into the empty store took
 * and how long a second ingestion of the same index (the mirror sends it again) took. Goal (issue): Debian main
 * under 60 s.
 */
public final class DebianIngestionBench {

    private static final String ARCHIVE = "https://deb.debian.org/debian";
    private static final String INDEX = "main/binary-amd64/Packages.xz";

    /** The benchmark's settings. */
    record Options(Path indexFile, String suite, Path cacheDir) {

        static final String USAGE = "usage: ./quintet bench packages [--index-file=Packages.xz] [--suite=stable]"
                + " [--cache-dir=bench/target/debian-cache]";

        static Options parse(String[] args) {
            Path indexFile = null;
            String suite = "stable";
            Path cacheDir = Path.of("bench", "target", "debian-cache");
            for (String arg : args) {
                int eq = arg.indexOf('=');
                String name = eq < 0 ? arg : arg.substring(0, eq);
                String value = eq < 0 ? "" : arg.substring(eq + 1);
                switch (name) {
                    case "--index-file" -> indexFile = Path.of(value);
                    case "--suite" -> suite = value;
                    case "--cache-dir" -> cacheDir = Path.of(value);
                    default -> throw new IllegalArgumentException("unknown option '" + arg + "'\n" + USAGE);
                }
            }
            if (!suite.matches("[a-z0-9-]+")) {
                throw new IllegalArgumentException("--suite must be a suite name such as stable or trixie, got '"
                        + suite + "'\n" + USAGE);
            }
            if (indexFile != null && !Files.isRegularFile(indexFile)) {
                throw new IllegalArgumentException("--index-file names no file: " + indexFile + "\n" + USAGE);
            }
            return new Options(indexFile, suite, cacheDir);
        }
    }

    /** The files the loopback mirror serves: an index and a Release text listing it. */
    record Mirror(byte[] release, String releaseName, byte[] index, String indexName) {
    }

    private DebianIngestionBench() {
    }

    public static void run(String[] args) throws Exception {
        Options options = Options.parse(args);
        Mirror mirror = options.indexFile() == null ? cached(options.suite(), options.cacheDir())
                : given(options.suite(), options.indexFile());
        ReleaseFile release = ReleaseFile.parse(new String(mirror.release(), StandardCharsets.UTF_8));
        System.out.printf(Locale.ROOT, "cores: %d; index: %s/%s (%s, %,d bytes, Release dated %s)%n",
                Runtime.getRuntime().availableProcessors(), options.suite(), "main/amd64", mirror.indexName(),
                mirror.index().length, release.date());
        HttpServer server = serve(options.suite(), mirror);
        Path dataDir = Files.createTempDirectory("quintet-bench-packages");
        try (ConfigurableApplicationContext platform = AppLauncher.startPlatform(null,
                "--quintet.data-dir=" + dataDir, "--quintet.database-url=", "--quintet.redis-url=",
                "--logging.level.root=warn", "--quintet.usage-flush-interval=1h")) {
            ConfigurableApplicationContext app = AppLauncher.startApp(platform, PackagesApplication.class, "packages", 0,
                    "--logging.level.quintet.access=warn", "--logging.level.dev.quintet.packages.ingest=warn",
                    "--quintet.packages.upstreams.debian=http://127.0.0.1:" + server.getAddress().getPort(),
                    "--quintet.packages.debian.suites=" + options.suite(),
                    "--quintet.packages.debian.ingest-on-schedule=false", "--quintet.packages.request-timeout=60s");
            DebianIngestion ingestion = app.getBean(DebianIngestion.class);
            JdbcClient jdbc = platform.getBean(JdbcClient.class);
            System.out.println();
            System.out.println("| run | result | packages | skipped | seconds | packages/s |");
            System.out.println("|---|---|---:|---:|---:|---:|");
            row("first ingestion, empty store", ingestion.ingestAll().getFirst());
            row("same index again, store filled", ingestion.ingestAll().getFirst());
            System.out.println();
            System.out.printf(Locale.ROOT, "stored: %,d projects, %,d versions, %,d dependencies%n",
                    count(jdbc, "projects"), count(jdbc, "versions"), count(jdbc, "dependencies"));
            System.out.println("goal: a full Debian main index ingested in under 60 s");
        } finally {
            server.stop(0);
        }
    }

    private static void row(String run, IngestionOutcome o) {
        double seconds = o.took().toNanos() / 1e9;
        System.out.printf(Locale.ROOT, "| %s | %s | %,d | %,d | %.1f | %,.0f |%n", run, o.result(), o.paragraphs(),
                o.skipped(), seconds, o.paragraphs() / seconds);
        if (o.result() == IngestionOutcome.Result.FAILED) {
            throw new IllegalStateException("the ingestion failed: " + o.detail());
        }
    }

    private static long count(JdbcClient jdbc, String table) {
        return jdbc.sql("select count(*) from packages." + table).query(Long.class).single();
    }

    /** The suite's InRelease and Packages.xz from the cache, downloaded first when missing or not matching. */
    private static Mirror cached(String suite, Path cacheDir) throws IOException, InterruptedException {
        Path dir = cacheDir.resolve(suite);
        Files.createDirectories(dir);
        Path inRelease = dir.resolve("InRelease");
        Path index = dir.resolve("Packages.xz");
        if (!Files.isRegularFile(inRelease) || !Files.isRegularFile(index) || !matches(inRelease, index)) {
            System.out.println("downloading " + ARCHIVE + "/dists/" + suite + "/{InRelease," + INDEX + "} into " + dir);
            download(ARCHIVE + "/dists/" + suite + "/InRelease", inRelease);
            download(ARCHIVE + "/dists/" + suite + "/" + INDEX, index);
            if (!matches(inRelease, index)) {
                throw new IllegalStateException("the downloaded " + INDEX + " does not match the SHA256 of InRelease;"
                        + " run again (the archive may have been updated in between)");
            }
        }
        return new Mirror(Files.readAllBytes(inRelease), "InRelease", Files.readAllBytes(index), "Packages.xz");
    }

    /** A given index file with a Release text made for it, dated now. */
    private static Mirror given(String suite, Path file) throws IOException {
        byte[] index = Files.readAllBytes(file);
        String name = file.getFileName().toString().endsWith(".gz") ? "Packages.gz" : "Packages.xz";
        String release = "Suite: " + suite + "\nDate: " + DateTimeFormatter.RFC_1123_DATE_TIME.format(
                ZonedDateTime.now(ZoneOffset.UTC)) + "\nSHA256:\n " + sha256(index) + " " + index.length
                + " main/binary-amd64/" + name + "\n";
        return new Mirror(release.getBytes(StandardCharsets.UTF_8), "Release", index, name);
    }

    private static boolean matches(Path inRelease, Path index) throws IOException {
        ReleaseFile release = ReleaseFile.parse(Files.readString(inRelease));
        byte[] bytes = Files.readAllBytes(index);
        return release.file(INDEX).map(f -> f.size() == bytes.length && f.sha256().equals(sha256(bytes)))
                .orElse(false);
    }

    private static void download(String url, Path target) throws IOException, InterruptedException {
        try (HttpClient client = HttpClient.newBuilder().followRedirects(HttpClient.Redirect.NORMAL)
                .connectTimeout(Duration.ofSeconds(10)).build()) {
            HttpResponse<InputStream> response = client.send(HttpRequest.newBuilder(URI.create(url))
                    .timeout(Duration.ofMinutes(5)).header("User-Agent", "quintet-bench").build(),
                    HttpResponse.BodyHandlers.ofInputStream());
            try (InputStream body = response.body()) {
                if (response.statusCode() != 200) {
                    throw new IOException(url + " answered HTTP " + response.statusCode());
                }
                Path partial = target.resolveSibling(target.getFileName() + ".part");
                Files.copy(body, partial, StandardCopyOption.REPLACE_EXISTING);
                Files.move(partial, target, StandardCopyOption.REPLACE_EXISTING);
            }
        }
    }

    /**
     * A loopback mirror of one suite. The index goes with a new ETag on every request and conditional requests are not
     * honoured, so that each ingestion downloads and reads it whole, as after the archive republished it.
     */
    private static HttpServer serve(String suite, Mirror mirror) throws IOException {
        HttpServer server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        AtomicInteger served = new AtomicInteger();
        server.createContext("/", exchange -> {
            try (exchange) {
                String path = exchange.getRequestURI().getPath();
                if (path.equals("/dists/" + suite + "/" + mirror.releaseName())) {
                    send(exchange, mirror.release(), null);
                } else if (path.equals("/dists/" + suite + "/main/binary-amd64/" + mirror.indexName())) {
                    send(exchange, mirror.index(), "\"" + served.incrementAndGet() + "\"");
                } else {
                    exchange.sendResponseHeaders(404, -1);
                }
            }
        });
        server.start();
        return server;
    }

    private static void send(HttpExchange exchange, byte[] body, String etag) throws IOException {
        if (etag != null) {
            exchange.getResponseHeaders().set("ETag", etag);
        }
        exchange.sendResponseHeaders(200, body.length);
        exchange.getResponseBody().write(body);
    }

    private static String sha256(byte[] bytes) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(bytes));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
