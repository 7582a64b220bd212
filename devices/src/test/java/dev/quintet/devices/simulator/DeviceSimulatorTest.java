package dev.quintet.devices.simulator;

import static org.assertj.core.api.Assertions.assertThat;

import com.jayway.jsonpath.JsonPath;
import dev.quintet.devices.testing.DevicesTestCase;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** {@code devices simulate}: its command line, and simulated devices reporting, answering commands and echoing writes. */
class DeviceSimulatorTest extends DevicesTestCase {

    @BeforeAll
    static void start() {
        startWith("""
                [{"pin":"V1","name":"temp","type":"double","min":0,"max":50},
                 {"pin":"V2","name":"level","type":"integer","min":0,"max":10}]""");
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
            "simulate                                                  | --url is required",
            "simulate --token T                                        | --url is required",
            "simulate --url http://x --token T                         | must start with mqtt://",
            "simulate --url mqtt://x                                   | exactly one of --token and --tokens-file",
            "simulate --url mqtt://x --token T --count 3               | --count goes with --tokens-file",
            "simulate --url mqtt://x --token T --interval soon         | --interval must be a duration",
            "simulate --url mqtt://x --token T --qos 2                 | --qos must be 0 or 1",
            "simulate --url mqtt://x --token T --datastreams t:float   | type must be one of",
            "simulate --url mqtt://x --token T --datastreams t:boolean:0:1 | only numbers take :min:max",
            "simulate --url mqtt://x --token T --frequency 1s          | unknown option --frequency",
            "simulate --url mqtt://x --token T --topic-root devices    | --topic-root and --device-id go together",
            "simulate --url mqtt://x --tokens-file /nonexistent/tokens | cannot read /nonexistent/tokens",
            "emulate                                                   | unknown command 'emulate'"})
    void refusesABadCommandLineWithUsageAndStatus2(String args, String message) {
        ByteArrayOutputStream err = new ByteArrayOutputStream();

        int status = DeviceSimulator.execute(List.of(args.strip().split("\\s+")), new PrintStream(new ByteArrayOutputStream()),
                new PrintStream(err, true, StandardCharsets.UTF_8));

        assertThat(status).isEqualTo(2);
        assertThat(err.toString(StandardCharsets.UTF_8)).contains(message).contains("usage: java -jar quintet.jar devices simulate");
    }

    @Test
    void refusesACountAboveTheTokensInTheFile() throws Exception {
        Path tokens = Files.writeString(Files.createTempFile("tokens", ".txt"), "a\nb\n");
        assertThat(SimulatorOptions.parse(List.of("--url", "mqtt://x", "--tokens-file", tokens.toString())).devices()).hasSize(2);
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        assertThat(DeviceSimulator.execute(List.of("simulate", "--url=mqtt://x", "--tokens-file=" + tokens, "--count=3"),
                new PrintStream(new ByteArrayOutputStream()), new PrintStream(err, true, StandardCharsets.UTF_8))).isEqualTo(2);
        assertThat(err.toString(StandardCharsets.UTF_8)).contains("--count must be 1..2");
    }

    @Test
    void simulatedDevicesReportAnswerCommandsAndReportBackWrittenValues() throws Exception {
        String[] first = app.device(key, template, "sim-1");
        String[] second = app.device(key, template, "sim-2");
        Path tokens = Files.writeString(Files.createTempFile("tokens", ".txt"), first[1] + "\n" + second[1] + "\n");
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        CountDownLatch stop = new CountDownLatch(1);
        SimulatorOptions options = SimulatorOptions.parse(List.of("--url", "mqtt://127.0.0.1:" + app.mqttPort(),
                "--tokens-file", tokens.toString(), "--count", "2", "--interval", "100ms",
                "--datastreams", "temp:double:0:50,level:integer:0:10"));
        CompletableFuture<Integer> run = CompletableFuture.supplyAsync(() -> DeviceSimulator.simulate(options,
                new PrintStream(out, true, StandardCharsets.UTF_8), System.err, stop));
        try {
            assertThat(eventually(() -> status(first[0]), "online")).isEqualTo("online");
            assertThat(eventually(() -> hasReported(second[0], "V1"), true)).isTrue();

            HttpResponse<String> command = app.call("POST", "/api/v1/devices/" + first[0] + "/commands", key,
                    "{\"method\":\"blink\",\"two_way\":true}");
            assertThat(command.statusCode()).as(command.body()).isEqualTo(201);
            String id = JsonPath.read(command.body(), "$.id");
            assertThat(eventually(() -> commandStatus(first[0], id), "SUCCEEDED")).isEqualTo("SUCCEEDED");

            aWrittenValueComesBackAsAReport(second);
        } finally {
            stop.countDown();
        }
        assertThat(run.get(30, TimeUnit.SECONDS)).isZero();
        assertThat(out.toString(StandardCharsets.UTF_8)).contains("simulating 2 device(s)").contains("commands answered 1");
    }

    /** The simulator reports numbers with two decimals, so a value with three can only be the write coming back. */
    private static void aWrittenValueComesBackAsAReport(String[] device) throws InterruptedException {
        HttpResponse<String> write = app.call("PUT", "/api/v1/devices/" + device[0] + "/values/temp", key, "{\"value\":49.125}");
        assertThat(write.statusCode()).as(write.body()).isEqualTo(200);
        assertThat(eventually(() -> historyContains(device[0], 49.125), true)).isTrue();
    }

    private static boolean historyContains(String device, double value) {
        String body = app.call("GET", "/api/v1/devices/" + device
                + "/values/V1/history?from=2020-01-01T00:00:00Z&to=2030-01-01T00:00:00Z&limit=10000", key, null).body();
        return JsonPath.<List<Number>>read(body, "$.points[*].value").stream().anyMatch(n -> n.doubleValue() == value);
    }

    private static String status(String device) {
        return JsonPath.read(app.call("GET", "/api/v1/devices/" + device, key, null).body(), "$.status");
    }

    private static boolean hasReported(String device, String pin) {
        return app.call("GET", "/api/v1/devices/" + device + "/values/" + pin, key, null).body().contains("\"reported\"");
    }

    private static String commandStatus(String device, String id) {
        return JsonPath.read(app.call("GET", "/api/v1/devices/" + device + "/commands/" + id, key, null).body(), "$.status");
    }

    private static <T> T eventually(Supplier<T> read, T expected) throws InterruptedException {
        long deadline = System.nanoTime() + Duration.ofSeconds(15).toNanos();
        T value = read.get();
        while (!Objects.equals(value, expected) && System.nanoTime() < deadline) {
            Thread.sleep(20);
            value = read.get();
        }
        return value;
    }
}
