package dev.quintet.bench.capture;

import dev.quintet.capture.CaptureApplication;
import dev.quintet.capture.browser.ChromiumExecutable;
import dev.quintet.platform.AppLauncher;
import dev.quintet.platform.accounts.Account;
import dev.quintet.platform.accounts.Accounts;
import dev.quintet.platform.keys.ApiKeys;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Stream;
import org.springframework.context.ConfigurableApplicationContext;

/**
 * {@code ./quintet bench capture}: a local article page (HTML, external CSS, a PNG image) served on 127.0.0.1 and
 * rendered through the capture API as a viewport PNG, a full-page PNG and an A4 PDF, each at concurrency 1 and 4,
 * closed loop; in the same run a baseline that starts a fresh {@code chromium --headless --screenshot} process per
 * capture, and the same with the service's own browser build when that is another one. Prints p50/p95 and renders
 * per second, and heap after GC (plus Chromium's memory) before and after {@code --renders} captures. Options:
 * {@code --seconds=20 --warmup=5 --renders=300}.
 */
public final class RenderBench {

    private static final int[] CONCURRENCY = {1, 4};

    private RenderBench() {
    }

    /** One timed run: latencies in nanoseconds, sorted, and the wall time they took. */
    private record Run(long[] nanos, double seconds) {
        double perSecond() {
            return nanos.length / seconds;
        }

        double millis(double p) {
            if (nanos.length == 0) {
                return Double.NaN;
            }
            return nanos[Math.min(nanos.length - 1, (int) Math.ceil(p * nanos.length) - 1)] / 1e6;
        }
    }

    /** One capture, throwing if the answer is not what was asked for. */
    @FunctionalInterface
    private interface Render {
        void once() throws Exception;
    }

    public static void run(String[] args) throws Exception {
        Duration measure = Duration.ofSeconds(20);
        Duration warmup = Duration.ofSeconds(5);
        int renders = 300;
        for (String arg : args) {
            if (arg.startsWith("--seconds=")) {
                measure = Duration.ofSeconds(Long.parseLong(arg.substring("--seconds=".length())));
            } else if (arg.startsWith("--warmup=")) {
                warmup = Duration.ofSeconds(Long.parseLong(arg.substring("--warmup=".length())));
            } else if (arg.startsWith("--renders=")) {
                renders = Integer.parseInt(arg.substring("--renders=".length()));
            } else {
                throw new IllegalArgumentException("unknown option " + arg + "; use --seconds=N --warmup=N --renders=N");
            }
        }
        Path dataDir = Files.createTempDirectory("quintet-bench");
        try (ArticleSite site = new ArticleSite();
             ConfigurableApplicationContext platform = AppLauncher.startPlatform(null,
                     "--quintet.data-dir=" + dataDir, "--quintet.database-url=", "--quintet.redis-url=",
                     "--quintet.quota.free.capture.per-minute=1000000000",
                     "--quintet.quota.free.capture.per-day=1000000000", "--logging.level.root=warn")) {
            int port = AppLauncher.port(AppLauncher.startApp(platform, CaptureApplication.class, "capture", 0,
                    "--quintet.capture.allowed-networks=127.0.0.1/32", "--logging.level.quintet.access=warn"));
            Account account = platform.getBean(Accounts.class).create("bench-" + UUID.randomUUID() + "@example.com",
                    "bench-password-1");
            String key = platform.getBean(ApiKeys.class).create(account.id(), "bench", List.of("capture")).secret();
            String page = URLEncoder.encode(site.articleUrl(), StandardCharsets.UTF_8);
            String base = "http://127.0.0.1:" + port;
            HttpClient client = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
            List<Scenario> scenarios = List.of(
                    new Scenario("API viewport PNG 1280×800", api(client, base + "/v1/screenshot?url=" + page, key, PNG)),
                    new Scenario("API full-page PNG", api(client, base + "/v1/screenshot?full_page=true&url=" + page,
                            key, PNG)),
                    new Scenario("API A4 PDF", api(client, base + "/v1/pdf?format=A4&url=" + page, key, PDF)));

            System.out.println("page: " + site.articleUrl() + "; capture app on port " + port
                    + " (default settings: 2 pages at once, queue 8)");
            for (Scenario s : scenarios) {
                s.render().once();
            }
            closedLoop(scenarios.get(0).render(), 4, warmup);
            Memory before = Memory.now();
            long started = System.nanoTime();
            AtomicInteger next = new AtomicInteger();
            counted(renders, 4, () -> scenarios.get(next.getAndIncrement() % scenarios.size()).render().once());
            double memorySeconds = (System.nanoTime() - started) / 1e9;
            Memory after = Memory.now();

            System.out.println();
            System.out.println("| renderer | concurrency | renders | renders/s | p50 ms | p95 ms |");
            System.out.println("|---|---:|---:|---:|---:|---:|");
            List<Run> viewport = new ArrayList<>();
            for (int concurrency : CONCURRENCY) {
                for (Scenario s : scenarios) {
                    closedLoop(s.render(), concurrency, warmup);
                    Run r = closedLoop(s.render(), concurrency, measure);
                    if (s == scenarios.get(0)) {
                        viewport.add(r);
                    }
                    row(s.name(), concurrency, r);
                }
            }
            Run spaced = spaced(scenarios.get(0).render(), SPACED_RENDERS, SPACED_GAP);
            row("API viewport PNG 1280×800, one capture every " + SPACED_GAP.toMillis() + " ms after the last answer",
                    1, spaced);
            Memory afterTimed = Memory.now();

            Path scratch = Files.createTempDirectory("quintet-bench-chromium");
            Map<String, List<Run>> baselines = new LinkedHashMap<>();
            for (String chromium : baselineBrowsers()) {
                String name = Path.of(chromium).getFileName().toString();
                Render cli = cli(chromium, site.articleUrl(), scratch);
                cli.once();
                List<Run> runs = new ArrayList<>();
                for (int concurrency : CONCURRENCY) {
                    Run r = closedLoop(cli, concurrency, measure);
                    runs.add(r);
                    row("baseline: fresh `" + name + " --headless --screenshot` per capture", concurrency, r);
                }
                baselines.put(name, runs);
            }
            deleteTree(scratch);

            System.out.println();
            baselines.forEach((name, baseline) -> {
                for (int i = 0; i < CONCURRENCY.length; i++) {
                    System.out.printf(Locale.ROOT, "concurrency %d: API viewport PNG = %.1f× the %s baseline's"
                            + " renders/s, p50 %.0f ms vs %.0f ms%n", CONCURRENCY[i], viewport.get(i).perSecond()
                            / baseline.get(i).perSecond(), name, viewport.get(i).millis(0.5), baseline.get(i).millis(0.5));
                }
            });
            System.out.println();
            System.out.println("| memory | heap after GC MiB | Chromium PSS MiB | Chromium processes |");
            System.out.println("|---|---:|---:|---:|");
            memoryRow("after warm-up", before);
            memoryRow("after " + renders + " more renders (viewport, full page, PDF in turn, concurrency 4, "
                    + String.format(Locale.ROOT, "%.0f s", memorySeconds) + ")", after);
            memoryRow("after the timed runs", afterTimed);
        } finally {
            deleteTree(dataDir);
        }
    }

    private record Scenario(String name, Render render) {
    }

    private static final int SPACED_RENDERS = 20;
    private static final Duration SPACED_GAP = Duration.ofSeconds(1);

    private static final byte[] PNG = {(byte) 0x89, 'P', 'N', 'G'};
    private static final byte[] PDF = {'%', 'P', 'D', 'F'};

    private static Render api(HttpClient client, String url, String key, byte[] magic) {
        HttpRequest request = HttpRequest.newBuilder(URI.create(url)).header("Authorization", "Bearer " + key)
                .timeout(Duration.ofSeconds(60)).GET().build();
        return () -> {
            HttpResponse<byte[]> response = client.send(request, HttpResponse.BodyHandlers.ofByteArray());
            byte[] body = response.body();
            if (response.statusCode() != 200 || body.length < magic.length
                    || !Arrays.equals(Arrays.copyOf(body, magic.length), magic)) {
                throw new IllegalStateException("GET " + url.replaceAll("api_key=[^&]*", "") + " answered "
                        + response.statusCode() + ": " + new String(body, 0, Math.min(body.length, 300),
                        StandardCharsets.UTF_8));
            }
        };
    }

    /**
     * The browsers the baseline starts: {@code chromium} (or {@code QUINTET_BENCH_CHROMIUM}), and the one the
     * service runs when that is another build (the headless shell), so the warm service is also compared with a
     * fresh process of its own engine.
     */
    private static List<String> baselineBrowsers() {
        String first = System.getenv().getOrDefault("QUINTET_BENCH_CHROMIUM", "chromium");
        List<String> browsers = new ArrayList<>(List.of(first));
        ChromiumExecutable.find(System.getenv("QUINTET_CHROMIUM"), System.getenv("PATH")).map(Path::toString)
                .filter(own -> !Path.of(own).getFileName().equals(Path.of(first).getFileName()))
                .ifPresent(browsers::add);
        return browsers;
    }

    /** A fresh Chromium per capture, as a script shelling out to the CLI would do. */
    private static Render cli(String chromium, String url, Path scratch) {
        boolean root = "root".equals(System.getProperty("user.name"));
        AtomicInteger n = new AtomicInteger();
        return () -> {
            int i = n.incrementAndGet();
            Path png = scratch.resolve("shot-" + i + ".png");
            List<String> command = new ArrayList<>(List.of(chromium, "--headless"));
            if (root) {
                command.add("--no-sandbox");
            }
            command.addAll(List.of("--disable-background-networking", "--user-data-dir=" + scratch.resolve("profile-" + i),
                    "--screenshot=" + png, "--window-size=1280,800", url));
            Process p = new ProcessBuilder(command).redirectErrorStream(true)
                    .redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
            int code = p.waitFor();
            if (code != 0 || !Files.isRegularFile(png) || Files.size(png) == 0) {
                throw new IllegalStateException("chromium exited " + code + " without a screenshot: " + command);
            }
            Files.delete(png);
        };
    }

    /**
     * Captures that arrive at an idle service, as most do outside bursts: one at a time with {@code gap} between an
     * answer and the next request. Renders per second are over the captures' own time, not the gaps.
     */
    private static Run spaced(Render render, int count, Duration gap) throws Exception {
        long[] took = new long[count];
        for (int i = 0; i < count; i++) {
            Thread.sleep(gap);
            long t0 = System.nanoTime();
            render.once();
            took[i] = System.nanoTime() - t0;
        }
        Arrays.sort(took);
        return new Run(took, Arrays.stream(took).sum() / 1e9);
    }

    /** {@code concurrency} callers, each rendering again as soon as its last render is done, for {@code d}. */
    private static Run closedLoop(Render render, int concurrency, Duration d) throws Exception {
        long start = System.nanoTime();
        long deadline = start + d.toNanos();
        List<Future<long[]>> callers = new ArrayList<>();
        try (ExecutorService pool = Executors.newFixedThreadPool(concurrency)) {
            for (int i = 0; i < concurrency; i++) {
                callers.add(pool.submit(() -> {
                    long[] took = new long[256];
                    int n = 0;
                    while (System.nanoTime() < deadline) {
                        long t0 = System.nanoTime();
                        render.once();
                        if (n == took.length) {
                            took = Arrays.copyOf(took, n * 2);
                        }
                        took[n++] = System.nanoTime() - t0;
                    }
                    return Arrays.copyOf(took, n);
                }));
            }
            List<long[]> parts = new ArrayList<>();
            for (Future<long[]> f : callers) {
                parts.add(f.get());
            }
            // the last renders end after the deadline: the wall time is until the last caller stopped
            double seconds = (System.nanoTime() - start) / 1e9;
            long[] all = parts.stream().flatMapToLong(Arrays::stream).sorted().toArray();
            return new Run(all, seconds);
        }
    }

    /** Exactly {@code count} renders shared by {@code concurrency} callers. */
    private static void counted(int count, int concurrency, Render render) throws Exception {
        AtomicInteger left = new AtomicInteger(count);
        List<Future<Void>> callers = new ArrayList<>();
        try (ExecutorService pool = Executors.newFixedThreadPool(concurrency)) {
            for (int i = 0; i < concurrency; i++) {
                callers.add(pool.submit(() -> {
                    while (left.getAndDecrement() > 0) {
                        render.once();
                    }
                    return null;
                }));
            }
            for (Future<Void> f : callers) {
                f.get();
            }
        }
    }

    private static void row(String name, int concurrency, Run r) {
        System.out.printf(Locale.ROOT, "| %s | %d | %d | %.2f | %.0f | %.0f |%n", name, concurrency, r.nanos().length,
                r.perSecond(), r.millis(0.50), r.millis(0.95));
    }

    /** Heap used after a full GC, and the summed PSS of this process's child processes (the shared Chromium). */
    private record Memory(long heapBytes, long chromiumPssKib, int chromiumProcesses) {
        static Memory now() throws InterruptedException {
            for (int i = 0; i < 3; i++) {
                System.gc();
                Thread.sleep(200);
            }
            long heap = ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed();
            long pss = 0;
            int processes = 0;
            for (ProcessHandle child : ProcessHandle.current().descendants().toList()) {
                long kib = pssKib(child.pid());
                if (kib >= 0) {
                    pss += kib;
                    processes++;
                }
            }
            return new Memory(heap, pss, processes);
        }

        private static long pssKib(long pid) {
            try (Stream<String> lines = Files.lines(Path.of("/proc/" + pid + "/smaps_rollup"))) {
                return lines.filter(l -> l.startsWith("Pss:")).findFirst()
                        .map(l -> Long.parseLong(l.replaceAll("\\D", ""))).orElse(-1L);
            } catch (IOException | RuntimeException e) {
                return -1;
            }
        }
    }

    private static void memoryRow(String when, Memory m) {
        System.out.printf(Locale.ROOT, "| %s | %.1f | %.0f | %d |%n", when, m.heapBytes() / 1048576.0,
                m.chromiumPssKib() / 1024.0, m.chromiumProcesses());
    }

    private static void deleteTree(Path root) {
        try (Stream<Path> paths = Files.walk(root)) {
            paths.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        } catch (IOException e) {
            // a temp directory left behind is harmless
        }
    }
}
